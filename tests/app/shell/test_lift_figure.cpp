// The lift view's vector figure (core/figures/lift_svg.hpp) against the view's own camera: every point
// of the data is a marker of its class, at the place the lift view's CameraProjection (glm) puts its
// lifted coordinates, recomputed here from apply_lift and the view's padded data box.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "../../core/figures/svg_reader.hpp"
#include "app/lift/lift_camera.hpp"
#include "core/scene/scene.hpp"
#include "core/figures/lift_svg.hpp"
#include "core/learn/lift.hpp"
#include "core/session/session.hpp"

using namespace pl;
using namespace svg_test;

namespace {

struct Marker { double x, y; int label; };

// The centre of each <g class="point ..."> marker: its circle (+1) or square (−1).
std::vector<Marker> markers(const Element& root) {
    std::vector<Marker> out;
    for (const Element* g : all(root, "g")) {
        const std::string cls = " " + g->attr("class") + " ";
        if (cls.find(" point ") == std::string::npos) continue;
        const bool positive = cls.find(" positive ") != std::string::npos;
        for (const Element& c : g->children) {
            if (positive && c.name == "circle") out.push_back({std::stod(c.attr("cx")), std::stod(c.attr("cy")), 1});
            if (!positive && c.name == "rect")
                out.push_back({std::stod(c.attr("x")) + std::stod(c.attr("width")) / 2, std::stod(c.attr("y")) + std::stod(c.attr("height")) / 2, -1});
        }
    }
    return out;
}

WidgetState circles_with_radial_lift() {
    Session session;
    GeneratorParams params;
    params.n = 40;
    params.seed = 3;
    session.load_preset(Preset::Circles, params);
    TrainConfig config = session.state().config;
    config.lift = LiftKind::Radial;
    config.algorithm = Algorithm::Perceptron;
    session.set_config(config);
    session.train_until_converged();
    return session.state();
}

}  // namespace

TEST_CASE("lift figure: the starting camera is the lift view's") {
    const LiftCamera figure;
    const pl::app::OrbitCamera view;
    CHECK(figure.yaw == doctest::Approx(view.yaw).epsilon(1e-6));
    CHECK(figure.pitch == doctest::Approx(view.pitch).epsilon(1e-6));
    CHECK(figure.zoom == doctest::Approx(view.zoom));
}

TEST_CASE("lift figure: every point is a marker of its class where the view's camera projects it") {
    const Session session(circles_with_radial_lift());
    pl::app::OrbitCamera orbit;  // a turned, zoomed camera, as after a drag and a wheel notch
    orbit.orbit(-60.0f, 25.0f);
    orbit.zoom_by(1.5f);
    std::string error;
    FigureOptions options;
    options.width_cm = 14;
    const std::string svg = lift_svg(make_scene(session), options, LiftCamera{orbit.yaw, orbit.pitch, orbit.zoom}, error);
    REQUIRE(error.empty());
    bool ok = false;
    const Element root = parse_svg(svg, ok);
    REQUIRE(ok);
    double x0, y0, width, height;
    REQUIRE(std::sscanf(root.attr("viewBox").c_str(), "%lf %lf %lf %lf", &x0, &y0, &width, &height) == 4);

    const Dataset& data = session.state().data;
    const std::vector<Marker> drawn = markers(root);
    REQUIRE(drawn.size() == data.size());
    CHECK(std::count_if(drawn.begin(), drawn.end(), [](const Marker& m) { return m.label > 0; }) ==
          std::count(data.labels.begin(), data.labels.end(), 1));

    // The view's world coordinates: (x₁, x₂, x₁² + x₂²) mapped into [-1, 1]^3 by the data's extent, padded 8 %.
    std::vector<std::array<double, 3>> lifted;
    std::array<double, 3> low{1e300, 1e300, 1e300}, high{-1e300, -1e300, -1e300};
    for (const Vec& p : data.points) {
        const Vec phi = apply_lift(LiftKind::Radial, p);
        lifted.push_back({p[0], p[1], phi.back()});
        for (int a = 0; a < 3; ++a) low[a] = std::min(low[a], lifted.back()[a]), high[a] = std::max(high[a], lifted.back()[a]);
    }
    const pl::app::CameraProjection camera(orbit, {0.0f, 0.0f, static_cast<float>(width), static_cast<float>(height)});
    std::vector<bool> used(drawn.size(), false);
    for (std::size_t i = 0; i < data.size(); ++i) {
        float box[3];
        for (int a = 0; a < 3; ++a) box[a] = static_cast<float>((lifted[i][a] - (low[a] + high[a]) / 2) / ((high[a] - low[a]) / 2 * 1.08));
        const pl::app::Projected expected = camera.project({box[0], box[1], box[2]});
        bool found = false;
        for (std::size_t k = 0; k < drawn.size() && !found; ++k)
            if (!used[k] && drawn[k].label == data.labels[i] && std::hypot(drawn[k].x - expected.x, drawn[k].y - expected.y) <= 0.5)
                used[k] = found = true;
        INFO("point " << i << " expected at " << expected.x << ", " << expected.y);
        CHECK(found);
    }
    // The separating plane is drawn (the radial lift separates the circles), and the axes are named.
    CHECK(with_class(root, "path", "plane").size() == 1);
    std::string labels;
    for (const Element* t : with_class(root, "text", "axis-label")) labels += t->text + "|";
    CHECK(labels == "x\xE2\x82\x81|x\xE2\x82\x82|x\xE2\x82\x81\xC2\xB2+x\xE2\x82\x82\xC2\xB2|");
}

TEST_CASE("lift figure: a lift the view does not draw is refused with a reason") {
    Session session;
    std::string error;
    CHECK(lift_svg(make_scene(session), FigureOptions{}, LiftCamera{}, error).empty());
    CHECK(error.find("radial") != std::string::npos);
}
