// The line-model canvas as TikZ (core/figures/canvas_tikz.hpp), read back as text: one \node per point
// at its coordinates with its class's shape, the boundary's two end points on w.x + b = 0 and inside
// the view, the margin band when it is on, and a clear refusal for a kernel.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "core/scene/scene.hpp"
#include "core/facts/shown_answer.hpp"
#include "core/figures/canvas_tikz.hpp"
#include "core/session/session.hpp"

using namespace pl;

namespace {

std::vector<std::string> lines_starting(const std::string& text, const std::string& start) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (line.compare(0, start.size(), start) == 0) out.push_back(line);
    return out;
}

// The "(x,y)" pairs of a line, in order.
std::vector<std::pair<double, double>> pairs(const std::string& line) {
    std::vector<std::pair<double, double>> out;
    for (std::size_t i = line.find('('); i != std::string::npos; i = line.find('(', i + 1)) {
        double x, y;
        if (std::sscanf(line.c_str() + i, "(%lf,%lf)", &x, &y) == 2) out.emplace_back(x, y);
    }
    return out;
}

WidgetState lecture4_trained() {
    Session session;
    session.train_until_converged();
    WidgetState state = session.state();
    state.panels.margin_band = true;
    return state;
}

}  // namespace

TEST_CASE("canvas tikz: one node per point at its coordinates, with its class's shape") {
    const Session session(lecture4_trained());
    std::string error;
    const std::string tex = canvas_tikz(make_scene(session), FigureOptions{}, error);
    REQUIRE(error.empty());
    CHECK(lines_starting(tex, "\\documentclass[tikz,border=2mm]{standalone}").size() == 1);
    CHECK(tex.find("\\begin{tikzpicture}") != std::string::npos);
    CHECK(tex.find("\\end{document}") != std::string::npos);
    const Dataset& data = session.state().data;
    const auto nodes = lines_starting(tex, "\\node[");
    REQUIRE(nodes.size() == data.size());
    for (std::size_t i = 0; i < data.size(); ++i) {
        INFO(nodes[i]);
        CHECK(nodes[i].compare(0, 10, data.labels[i] > 0 ? "\\node[pos]" : "\\node[neg]") == 0);
        const auto at = pairs(nodes[i]);
        REQUIRE(at.size() == 1);
        CHECK(at[0].first == doctest::Approx(data.points[i][0]).epsilon(1e-9));
        CHECK(at[0].second == doctest::Approx(data.points[i][1]).epsilon(1e-9));
    }
}

TEST_CASE("canvas tikz: the boundary's end points lie on w.x + b = 0 inside the view, the band beside it") {
    const Session session(lecture4_trained());
    std::string error;
    const std::string tex = canvas_tikz(make_scene(session), FigureOptions{}, error);
    REQUIRE(error.empty());
    const auto boundary = lines_starting(tex, "\\draw[boundary]");
    REQUIRE(boundary.size() == 1);
    const auto ends = pairs(boundary[0]);
    REQUIRE(ends.size() == 2);
    const DecisionField field = which_answer(session.state(), session.learner()).field;
    const ViewState& view = session.state().view;
    for (const auto& [x, y] : ends) {
        CHECK(std::fabs(field.eval(Vec{x, y})) < 1e-5 * std::hypot(field.w[0], field.w[1]));
        CHECK(std::fabs(x - view.center_x) <= view.span / 2 + 1e-6);
        CHECK(std::fabs(y - view.center_y) <= view.span / 2 + 1e-6);
    }
    CHECK(std::hypot(ends[1].first - ends[0].first, ends[1].second - ends[0].second) > view.span * 0.5);
    CHECK(lines_starting(tex, "\\draw[margin]").size() == 2);
    CHECK(lines_starting(tex, "\\draw[weight]").size() == 1);
    CHECK(tex.find("{$x_1$}") != std::string::npos);
    CHECK(tex.find("{$-1$}") != std::string::npos);  // a tick label
}

TEST_CASE("canvas tikz: a kernel is refused, its boundary is not a line") {
    Session session;
    TrainConfig config = session.state().config;
    config.algorithm = Algorithm::Kernel;
    config.kernel.type = KernelType::Rbf;
    session.set_config(config);
    std::string error;
    CHECK(canvas_tikz(make_scene(session), FigureOptions{}, error).empty());
    CHECK(error.find("not a line") != std::string::npos);
}
