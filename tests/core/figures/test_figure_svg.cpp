// The vector figures read back (core/figures/figure_svg.hpp): a small XML reader parses the SVG; the
// point shapes and their classes must be the state's, the boundary must lie on f = 0 (for a line:
// w.x + b = 0 at its end points; for an RBF kernel: every vertex of the traced contour, checked against
// DecisionField::eval within a pixel), the axis labels are text, and print / grayscale change the colours.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/scene/scene.hpp"
#include "core/facts/shown_answer.hpp"
#include "core/figures/figure_svg.hpp"
#include "core/session/session.hpp"
#include "svg_reader.hpp"

using namespace pl;
using namespace svg_test;

namespace {

// The figure's user units back to data coordinates: the view's centre at the middle, its span across
// the shorter side (the canvas's own mapping, app/base/view.hpp).
struct Mapping {
    double width = 0, height = 0, ppu = 1;
    ViewState view;
    double data_x(double x) const { return view.center_x + (x - width / 2) / ppu; }
    double data_y(double y) const { return view.center_y - (y - height / 2) / ppu; }
};
Mapping mapping(const Element& root, const ViewState& view) {
    Mapping m;
    double x0, y0;
    REQUIRE(std::sscanf(root.attr("viewBox").c_str(), "%lf %lf %lf %lf", &x0, &y0, &m.width, &m.height) == 4);
    m.view = view;
    m.ppu = std::min(m.width, m.height) / view.span;
    return m;
}

// The vertices of path data made of M and L commands (absolute), in order.
std::vector<std::pair<double, double>> path_vertices(const std::string& d) {
    std::vector<std::pair<double, double>> out;
    std::size_t i = 0;
    while (i < d.size()) {
        if (d[i] == 'M' || d[i] == 'L') {
            ++i;
            char* end = nullptr;
            const double x = std::strtod(d.c_str() + i, &end);
            const double y = std::strtod(end, &end);
            out.emplace_back(x, y);
            i = static_cast<std::size_t>(end - d.c_str());
        } else ++i;
    }
    return out;
}

std::size_t expected_positive(const Dataset& data) {
    return static_cast<std::size_t>(std::count(data.labels.begin(), data.labels.end(), 1));
}
std::size_t with_both(const std::vector<const Element*>& groups, const std::string& cls) {
    std::size_t n = 0;
    for (const Element* g : groups) n += (" " + g->attr("class") + " ").find(" " + cls + " ") != std::string::npos ? 1 : 0;
    return n;
}

WidgetState lecture4_converged() {
    Session session;
    session.train_until_converged();
    return session.state();
}

}  // namespace

TEST_CASE("figure svg: the canvas parses and has the state's points with their classes") {
    Session session(lecture4_converged());
    session.add_test_point({0.5, -2.0}, -1);
    const std::string svg = canvas_svg(make_scene(session));
    bool ok = false;
    const Element root = parse_svg(svg, ok);
    REQUIRE(ok);
    CHECK(root.name == "svg");
    const Dataset& data = session.state().data;
    const auto points = with_class(root, "g", "point");
    CHECK(points.size() == data.size());
    CHECK(with_both(points, "positive") == expected_positive(data));
    CHECK(with_both(points, "negative") == data.size() - expected_positive(data));
    // Each class has its shape: a circle for +1, a square for −1 (as on the canvas).
    for (const Element* p : points) {
        const bool positive = (" " + p->attr("class") + " ").find(" positive ") != std::string::npos;
        CHECK(all(*p, positive ? "circle" : "rect").size() == 1);
    }
    // In the order of the data: the n-th marker is at the n-th point.
    const Mapping m = mapping(root, session.state().view);
    for (std::size_t i = 0; i < points.size(); ++i) {
        const Element* shape = points[i];
        const auto circles = all(*shape, "circle");
        const auto rects = all(*shape, "rect");
        double cx, cy;
        if (!circles.empty()) { cx = std::stod(circles[0]->attr("cx")); cy = std::stod(circles[0]->attr("cy")); }
        else { cx = std::stod(rects[0]->attr("x")) + std::stod(rects[0]->attr("width")) / 2; cy = std::stod(rects[0]->attr("y")) + std::stod(rects[0]->attr("height")) / 2; }
        CHECK(m.data_x(cx) == doctest::Approx(data.points[i][0]).epsilon(1e-3));
        CHECK(m.data_y(cy) == doctest::Approx(data.points[i][1]).epsilon(1e-3));
        CHECK(((" " + points[i]->attr("class") + " ").find(data.labels[i] > 0 ? " positive " : " negative ") != std::string::npos));
    }
    const auto tests = with_class(root, "g", "test-point");
    REQUIRE(tests.size() == 1);
    CHECK(with_both(tests, "negative") == 1);  // the test point's class, drawn hollow
    CHECK(all(*tests[0], "rect").size() == 1);
}

TEST_CASE("figure svg: a linear boundary is the exact line w.x + b = 0 clipped to the view") {
    const Session session(lecture4_converged());
    bool ok = false;
    const Element root = parse_svg(canvas_svg(make_scene(session)), ok);
    REQUIRE(ok);
    const auto boundary = with_class(root, "path", "boundary");
    REQUIRE(boundary.size() == 1);
    const auto ends = path_vertices(boundary[0]->attr("d"));
    REQUIRE(ends.size() == 2);
    const DecisionField field = which_answer(session.state(), session.learner()).field;
    const Mapping m = mapping(root, session.state().view);
    const double scale = std::hypot(field.w[0], field.w[1]) / m.ppu;  // |f| per figure unit off the line
    for (const auto& [x, y] : ends) {
        CHECK(std::fabs(field.eval(Vec{m.data_x(x), m.data_y(y)})) < 1e-3 * scale);
        // On the edge of the figure: the line is clipped to the view, not cut short inside it.
        const bool on_edge = std::fabs(x) < 1e-3 || std::fabs(y) < 1e-3 || std::fabs(x - m.width) < 1e-3 || std::fabs(y - m.height) < 1e-3;
        CHECK(on_edge);
    }
    CHECK(with_class(root, "g", "weight").size() == 1);  // w as an arrow
}

TEST_CASE("figure svg: an RBF kernel's boundary is the traced f = 0 contour within a pixel") {
    Session session;
    session.load_preset(Preset::Xor, GeneratorParams{});
    TrainConfig config = session.state().config;
    config.algorithm = Algorithm::Kernel;
    config.kernel.type = KernelType::Rbf;
    config.kernel.gamma = 1.0;
    session.set_config(config);
    REQUIRE(session.train_until_converged());
    bool ok = false;
    const Element root = parse_svg(canvas_svg(make_scene(session)), ok);
    REQUIRE(ok);
    const auto boundary = with_class(root, "path", "boundary");
    REQUIRE(boundary.size() == 1);
    const auto vertices = path_vertices(boundary[0]->attr("d"));
    CHECK(vertices.size() >= 40);
    const DecisionField field = which_answer(session.state(), session.learner()).field;
    const Mapping m = mapping(root, session.state().view);
    double field_scale = 0;  // the largest |f| over the figure: what "tiny" is measured against
    for (int j = 0; j <= 20; ++j)
        for (int i = 0; i <= 20; ++i) field_scale = std::max(field_scale, std::fabs(field.eval(Vec{m.data_x(m.width * i / 20), m.data_y(m.height * j / 20)})));
    REQUIRE(field_scale > 0);
    const double pixel = 1.0 / m.ppu;  // one figure unit in data coordinates
    std::size_t checked = 0;
    for (std::size_t k = 0; k < vertices.size(); k += 3) {
        const double x = m.data_x(vertices[k].first), y = m.data_y(vertices[k].second);
        const double f0 = field.eval(Vec{x, y});
        CHECK(std::fabs(f0) < 1e-3 * field_scale);
        // A sign change within one pixel along the gradient: the vertex is on the boundary, not near it.
        const double h = pixel * 1e-3;
        const double gx = (field.eval(Vec{x + h, y}) - field.eval(Vec{x - h, y})) / (2 * h);
        const double gy = (field.eval(Vec{x, y + h}) - field.eval(Vec{x, y - h})) / (2 * h);
        const double g = std::hypot(gx, gy);
        REQUIRE(g > 0);
        const double ahead = field.eval(Vec{x + gx / g * pixel, y + gy / g * pixel});
        const double behind = field.eval(Vec{x - gx / g * pixel, y - gy / g * pixel});
        CHECK(ahead > 0);
        CHECK(behind < 0);
        ++checked;
    }
    CHECK(checked >= 10);
    CHECK(with_class(root, "path", "region").size() >= 1);  // the regions as flat fills under the contour
}

TEST_CASE("figure svg: the axis labels and tick values are text in the UI font") {
    const Session session(lecture4_converged());
    bool ok = false;
    const Element root = parse_svg(canvas_svg(make_scene(session)), ok);
    REQUIRE(ok);
    CHECK(root.attr("font-family").find("DejaVu Sans") == 0);
    std::vector<std::string> texts;
    for (const Element* t : all(root, "text")) texts.push_back(t->text);
    auto has = [&](const std::string& s) { return std::find(texts.begin(), texts.end(), s) != texts.end(); };
    CHECK(has("x\xE2\x82\x81"));
    CHECK(has("x\xE2\x82\x82"));
    CHECK(has("1"));
    CHECK(has("\xE2\x88\x92" "1"));  // a negative tick with U+2212
    CHECK(root.attr("width").find("cm") != std::string::npos);
}

TEST_CASE("figure svg: every tick label lies inside the figure, with one number of decimals per axis") {
    // Views whose edges fall on or near labelled ticks (the RBF figure's "−1.5" was cut at the border).
    const double views[][3] = {{0, 0, 3.0}, {0, 0, 3.3}, {0.25, -0.4, 4.7}, {0, 0, 7}, {1.5, 1.5, 3}, {-3, 0, 6}, {0, 0, 0.9}};
    for (const auto& v : views) {
        WidgetState state = lecture4_converged();
        state.view = {v[0], v[1], v[2]};
        const Session session(state);
        for (double width_cm : {6.0, 12.0}) {
            FigureOptions options;
            options.width_cm = width_cm;
            bool ok = false;
            const Element root = parse_svg(canvas_svg(make_scene(session), options), ok);
            REQUIRE(ok);
            double x0, y0, width, height;
            REQUIRE(std::sscanf(root.attr("viewBox").c_str(), "%lf %lf %lf %lf", &x0, &y0, &width, &height) == 4);
            std::map<std::string, std::vector<int>> decimals;  // by anchor: middle = the x₁ axis, start/end = x₂
            for (const Element* t : with_class(root, "text", "tick")) {
                if (t->text == "0") continue;  // the origin's label
                std::size_t chars = 0;  // code points: "−" is one character
                for (unsigned char c : t->text) chars += (c & 0xC0) != 0x80 ? 1 : 0;
                const double size = std::stod(t->attr("font-size")), w = 0.6 * size * static_cast<double>(chars);
                const double x = std::stod(t->attr("x")), y = std::stod(t->attr("y"));
                const std::string anchor = t->attr("text-anchor");
                const double left = anchor == "middle" ? x - w / 2 : anchor == "end" ? x - w : x;
                INFO("view " << v[0] << ", " << v[1] << " span " << v[2] << " at " << width_cm << " cm: tick " << t->text << " at " << x << ", " << y);
                CHECK(left >= 0);
                CHECK(left + w <= width);
                CHECK(y - 0.8 * size >= 0);
                CHECK(y + 0.25 * size <= height);
                const std::size_t dot = t->text.find('.');
                decimals[anchor == "middle" ? "x1" : "x2"].push_back(dot == std::string::npos ? 0 : static_cast<int>(t->text.size() - dot - 1));
            }
            for (const auto& [axis, counts] : decimals) {
                INFO("view span " << v[2] << " axis " << axis);
                CHECK(std::adjacent_find(counts.begin(), counts.end(), std::not_equal_to<int>()) == counts.end());
            }
        }
    }
}

TEST_CASE("figure svg: a kernel in grayscale keeps two region greys, the contour and the axes apart") {
    Session session;
    GeneratorParams params;
    params.n = 60;
    session.load_preset(Preset::Circles, params);
    TrainConfig config = session.state().config;
    config.algorithm = Algorithm::Kernel;
    config.kernel.type = KernelType::Rbf;
    session.set_config(config);
    REQUIRE(session.train_until_converged());
    FigureOptions grey;
    grey.grayscale = true;
    grey.print = true;
    bool ok = false;
    const Element root = parse_svg(canvas_svg(make_scene(session), grey), ok);
    REQUIRE(ok);
    auto level = [](const std::string& hex) {  // a grey's level 0..255; -1 for a colour
        const int r = std::stoi(hex.substr(1, 2), nullptr, 16), g = std::stoi(hex.substr(3, 2), nullptr, 16), b = std::stoi(hex.substr(5, 2), nullptr, 16);
        return r == g && g == b ? r : -1;
    };
    const auto positive = with_class(root, "path", "region positive"), negative = with_class(root, "path", "region negative");
    const auto boundary = with_class(root, "path", "boundary");
    REQUIRE(positive.size() == 1);
    REQUIRE(negative.size() == 1);
    REQUIRE(boundary.size() == 1);
    const int p = level(positive[0]->attr("fill")), n = level(negative[0]->attr("fill")), line = level(boundary[0]->attr("stroke"));
    CHECK(p >= 0);
    CHECK(n >= 0);
    CHECK(line >= 0);
    CHECK(std::abs(p - n) >= 30);            // the two sides apart on paper
    CHECK(std::min(p, n) - line >= 120);     // the contour far darker than either side
    // The opaque fills lie under the grid and the axes: in document order the regions come first.
    std::vector<std::string> order;
    std::function<void(const Element&)> walk = [&](const Element& e) {
        const std::string cls = e.attr("class");
        if (cls == "region negative" || cls == "axes" || cls == "boundary") order.push_back(cls);
        for (const Element& c : e.children) walk(c);
    };
    walk(root);
    CHECK(order == std::vector<std::string>{"region negative", "axes", "boundary"});
}

TEST_CASE("figure svg: print and grayscale change the colours") {
    WidgetState state = lecture4_converged();
    state.panels.dark = true;
    const Session session(state);
    bool ok = false;
    auto fill_of = [&](const Element& root, const std::string& cls, const std::string& shape) {
        const auto groups = with_class(root, "g", cls);
        REQUIRE(!groups.empty());
        return all(*groups[0], shape)[0]->attr("fill");
    };
    auto background = [&](const Element& root) { return with_class(root, "rect", "background")[0]->attr("fill"); };
    const Element screen = parse_svg(canvas_svg(make_scene(session)), ok);
    REQUIRE(ok);
    FigureOptions print;
    print.print = true;
    const Element paper = parse_svg(canvas_svg(make_scene(session), print), ok);
    REQUIRE(ok);
    FigureOptions grey;
    grey.grayscale = true;
    const Element greyscale = parse_svg(canvas_svg(make_scene(session), grey), ok);
    REQUIRE(ok);
    CHECK(background(screen) != background(paper));  // the dark theme on screen, white on paper
    CHECK(background(paper) == "#ffffff");
    CHECK(fill_of(screen, "positive", "circle") != fill_of(screen, "negative", "rect"));
    CHECK(fill_of(greyscale, "positive", "circle") == fill_of(greyscale, "negative", "rect"));  // shapes only
    auto is_grey = [](const std::string& c) { return c.size() == 7 && c.substr(1, 2) == c.substr(3, 2) && c.substr(3, 2) == c.substr(5, 2); };
    for (const std::string name : {"path", "rect", "circle", "line", "text"})
        for (const Element* e : all(greyscale, name))
            for (const char* key : {"fill", "stroke"}) {
                const std::string c = e->attr(key);
                if (!c.empty() && c[0] == '#') CHECK_MESSAGE(is_grey(c), name << " " << key << " " << c);
            }
    FigureOptions wide;
    wide.width_cm = 20;
    CHECK(parse_svg(canvas_svg(make_scene(session), wide), ok).attr("width") == "20cm");
}
