// The lift view as a vector figure (lift_svg.hpp), drawn back to front as app/lift/lift_view.cpp draws
// it: the floor grid and the box, the axes, the points behind the plane, the translucent plane with w,
// the points in front, then the labels, the plane's equation and a legend.
#include "core/figures/lift_svg.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

#include "core/facts/describe.hpp"
#include "core/figures/canvas_figure.hpp"
#include "core/figures/lift_geometry.hpp"
#include "core/learn/lift.hpp"
#include "core/scene/scene.hpp"

namespace pl {

namespace {
using namespace figures;
using P3 = Point3d;

constexpr double kNear = LiftCamera::kNear, kFar = LiftCamera::kFar;

// glm::lookAt(eye, 0, up = z) then glm::perspective and glm::project onto the figure (y down).
struct Projection {
    P3 eye{}, side{}, up{}, forward{};
    double sx = 1, sy = 1, width = 1, height = 1;
    Projection(const LiftCamera& c, double w, double h) : width(std::max(1.0, w)), height(std::max(1.0, h)) {
        eye = c.eye();
        forward = unit3({-eye[0], -eye[1], -eye[2]});
        side = unit3(cross3(forward, {0, 0, 1}));
        up = cross3(side, forward);
        const double aspect = width / height;
        const double fovy = LiftCamera::vertical_fov(aspect);
        sy = 1 / std::tan(fovy * 0.5);
        sx = sy / aspect;
    }
    // x, y on the figure and the window depth in [0, 1] (larger: farther), as glm::project gives it.
    std::array<double, 3> operator()(const P3& p) const {
        const P3 rel{p[0] - eye[0], p[1] - eye[1], p[2] - eye[2]};
        const double xc = dot3(side, rel), yc = dot3(up, rel), zc = -dot3(forward, rel), w = -zc;
        const double ndc_z = (-(kFar + kNear) / (kFar - kNear) * zc - 2 * kFar * kNear / (kFar - kNear)) / w;
        return {(xc * sx / w + 1) * 0.5 * width, height - (yc * sy / w + 1) * 0.5 * height, ndc_z * 0.5 + 0.5};
    }
};

// Why the figure has no plane, in its own words (the view on screen says more: it can point at a control).
const char* no_plane_text(LiftPlane::None none) {
    switch (none) {
        case LiftPlane::None::Kernel: return "A kernel learner keeps mistake counts \xCE\xB1, not a weight vector: no plane to draw.";
        case LiftPlane::None::Voted: return "The voted perceptron answers with a vote of many planes, not one.";
        case LiftPlane::None::ZeroWeights: return "w is still zero: no plane yet.";
        default: return nullptr;
    }
}

std::string short_number(double v) { return display_number(std::fabs(v) < 1e-12 ? 0.0 : v, 3); }
void append_term(std::string& out, double coefficient, const std::string& name) {
    if (coefficient == 0.0) return;
    if (!out.empty()) out += coefficient < 0 ? " \xE2\x88\x92 " : " + ";
    else if (coefficient < 0) out += "\xE2\x88\x92";
    out += short_number(std::fabs(coefficient));
    if (!name.empty()) out += " " + name;
}

std::string text_style(const std::string& color, const char* anchor = "start") {
    return "font-size=\"" + num(kFontSize) + "\" fill=\"" + color + "\" text-anchor=\"" + anchor + "\"";
}

}  // namespace

std::string lift_svg(const Scene& scene, const FigureOptions& options, const LiftCamera& camera, std::string& error,
                     LiftFigureGeometry* geometry) {
    error.clear();
    const WidgetState& state = scene.state();
    const LiftKind lift = state.config.lift;
    if (lift != LiftKind::Product && lift != LiftKind::Radial) {
        error = "the lift view draws the x\xE2\x82\x81x\xE2\x82\x82 and the radial lift only; choose one of them (Feature map) first";
        return {};
    }
    const Dataset& data = state.data;
    if (data.dim < 1 || data.dim > 2) {
        error = "the lift view draws 1-D or 2-D data only";
        return {};
    }
    // The figure's size: the width asked for, 4:3 unless a height is given.
    const double width_cm = options.width_cm > 0 ? options.width_cm : 12.0;
    const double height_cm = options.height_cm > 0 ? options.height_cm : width_cm * 0.75;
    const double width = std::round(width_cm * kUnitsPerCm * 100) / 100, height = std::round(height_cm * kUnitsPerCm * 100) / 100;
    const FigureStyle s = figure_style(state.panels, options);
    const Projection project(camera, width, height);
    auto at = [&](const P3& p) { return project(p); };

    const LiftBox box = lift_box(data, lift);
    const P3 zero{std::clamp(box.to_box(0, 0.0), -1.0, 1.0), std::clamp(box.to_box(1, 0.0), -1.0, 1.0), std::clamp(box.to_box(2, 0.0), -1.0, 1.0)};
    LiftFigureGeometry local;
    LiftFigureGeometry& g = geometry ? *geometry : local;
    g = {width, height, {}};
    for (std::size_t i = 0; i < data.size(); ++i) {
        const P3 c = lifted_point(lift, data.points[i]);
        LiftFigurePoint p;
        p.index = i;
        p.label = data.labels[i] > 0 ? 1 : -1;
        for (int a = 0; a < 3; ++a) p.box[a] = box.to_box(a, c[a]);
        const auto q = at({p.box[0], p.box[1], p.box[2]});
        p.x = q[0]; p.y = q[1]; p.depth = q[2];
        g.points.push_back(p);
    }

    SvgWriter svg(width_cm, height_cm, width, height);
    svg.raw("<title>Perceptron Lab: the lift view</title>\n<defs><clipPath id=\"view\"><rect x=\"0\" y=\"0\" width=\"" + num(width) +
            "\" height=\"" + num(height) + "\"/></clipPath></defs>\n");
    svg.rect(0, 0, width, height, "class=\"background\" fill=\"" + s.background + "\"");
    svg.open_group("clip-path=\"url(#view)\"");
    auto segment = [&](const P3& a, const P3& b) {
        const auto p = at(a), q = at(b);
        return "M" + num(p[0]) + " " + num(p[1]) + "L" + num(q[0]) + " " + num(q[1]);
    };
    std::string grid, edges;
    for (int k = 0; k <= 4; ++k) {
        const double t = -1 + 0.5 * k;
        grid += segment({t, -1, zero[2]}, {t, 1, zero[2]}) + segment({-1, t, zero[2]}, {1, t, zero[2]});
    }
    for (int axis = 0; axis < 3; ++axis)
        for (double a1 : {-1.0, 1.0})
            for (double a2 : {-1.0, 1.0}) {
                P3 a{}, b{};
                a[axis] = -1; b[axis] = 1;
                a[(axis + 1) % 3] = b[(axis + 1) % 3] = a1;
                a[(axis + 2) % 3] = b[(axis + 2) % 3] = a2;
                edges += segment(a, b);
            }
    svg.path(grid, "class=\"grid\" fill=\"none\" stroke=\"" + s.grid + "\" stroke-opacity=\"0.18\" stroke-width=\"1\"");
    svg.path(edges, "class=\"box\" fill=\"none\" stroke=\"" + s.grid + "\" stroke-opacity=\"0.16\" stroke-width=\"1\"");
    const P3 axis_ends[3] = {{1.15, zero[1], zero[2]}, {zero[0], 1.15, zero[2]}, {zero[0], zero[1], 1.15}};
    const P3 axis_starts[3] = {{-1, zero[1], zero[2]}, {zero[0], -1, zero[2]}, {zero[0], zero[1], -1}};
    svg.open_group("class=\"axes\"");
    for (int a = 0; a < 3; ++a) {
        const auto p = at(axis_starts[a]), q = at(axis_ends[a]);
        draw_arrow(svg, p[0], p[1], q[0], q[1], s.axis, 1.5);
    }
    svg.close_group();

    // The plane, and the painter's order: points behind it first, far before near in each group.
    const bool trained = scene.trained;  // as the canvas has it (core/scene/scene.hpp)
    const LiftPlane plane = lift_plane(scene.field, data.dim, lift, box);
    const P3 normal = plane.normal;
    const double offset = plane.offset;
    const char* why_not = plane.valid ? nullptr : no_plane_text(plane.none);
    const std::vector<P3> polygon = plane.valid ? clip_plane_to_cube(normal, offset) : std::vector<P3>{};
    if (plane.valid && polygon.empty()) why_not = "The learned plane lies outside the data box.";
    const double eye_side = dot3(normal, project.eye) + offset;
    auto behind = [&](const LiftFigurePoint& p) { return !polygon.empty() && (dot3(normal, {p.box[0], p.box[1], p.box[2]}) + offset) * eye_side < 0; };
    std::vector<std::size_t> order(g.points.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const bool ba = behind(g.points[a]), bb = behind(g.points[b]);
        if (ba != bb) return ba;
        return g.points[a].depth > g.points[b].depth;
    });
    const double radius = g.points.size() <= 40 ? kMarkerRadius : g.points.size() <= 300 ? 5.5 : 4.0;
    const bool stems = g.points.size() <= 800;
    auto draw_point = [&](const LiftFigurePoint& p) {
        if (stems) {
            const auto floor = at({p.box[0], p.box[1], zero[2]});
            svg.line(floor[0], floor[1], p.x, p.y, "class=\"stem\" stroke=\"" + s.tick_text + "\" stroke-opacity=\"0.3\" stroke-width=\"1\"");
        }
        draw_marker(svg, p.x, p.y, p.label, radius, s, false);
        if (plane.valid && trained && scene.wrong(p.index))
            svg.circle(p.x, p.y, radius + 3.5, "class=\"mistake\" fill=\"none\" stroke=\"" + s.mistake_ring + "\" stroke-width=\"1.8\"");
    };
    std::size_t next = 0;
    while (next < order.size() && behind(g.points[order[next]])) draw_point(g.points[order[next++]]);
    if (!polygon.empty()) {
        std::string d;
        P3 centre{};
        for (const P3& v : polygon) {
            const auto q = at(v);
            d += (d.empty() ? "M" : "L") + num(q[0], 3) + " " + num(q[1], 3);
            for (int a = 0; a < 3; ++a) centre[a] += v[a] / static_cast<double>(polygon.size());
        }
        svg.path(d + "Z", "class=\"plane\" fill=\"" + s.weight_arrow + "\" fill-opacity=\"0.24\" stroke=\"" + s.weight_arrow + "\" stroke-width=\"2\" stroke-linejoin=\"round\"");
        // w, the plane's normal towards the +1 side, from the middle of the plane.
        const double k = 0.55 / std::sqrt(dot3(normal, normal));
        const auto tail = at(centre), head = at({centre[0] + normal[0] * k, centre[1] + normal[1] * k, centre[2] + normal[2] * k});
        draw_arrow(svg, tail[0], tail[1], head[0], head[1], s.weight_arrow, 2.5);
        svg.text(head[0] + 5, head[1] - 5, "w", "class=\"weight-label\" " + text_style(s.weight_arrow));
    }
    while (next < order.size()) draw_point(g.points[order[next++]]);

    // Labels on top: the axes' names at their tips, each axis's data extent at its ends.
    const std::string z_name = lift == LiftKind::Product ? "x\xE2\x82\x81x\xE2\x82\x82" : "x\xE2\x82\x81\xC2\xB2+x\xE2\x82\x82\xC2\xB2";
    const std::string names[3] = {"x\xE2\x82\x81", "x\xE2\x82\x82", z_name};
    for (int a = 0; a < 3; ++a) {
        const auto q = at(axis_ends[a]);
        svg.text(q[0] + (a == 2 ? 0 : 4), q[1] - 6, names[a], "class=\"axis-label\" " + text_style(s.text, a == 2 ? "middle" : "start"));
    }
    for (int a = 0; a < 3 && !data.empty(); ++a) {
        std::vector<double> ends{box.low[a]};
        if (box.high[a] != box.low[a]) ends.push_back(box.high[a]);
        for (double v : ends) {
            P3 p = zero;
            p[a] = box.to_box(a, v);
            const auto q = at(p);
            svg.circle(q[0], q[1], 2, "fill=\"" + s.tick_text + "\"");
            svg.text(q[0] + 4, q[1] + kFontSize, short_number(v), "class=\"tick\" " + text_style(s.tick_text));
        }
    }
    svg.close_group();

    // The plane's equation (or why there is none) at the bottom left, the legend at the top right.
    std::string note;
    if (data.empty()) note = "No points yet.";
    else if (!polygon.empty()) {
        const DecisionField& field = scene.field;
        const auto d = static_cast<std::size_t>(data.dim);
        append_term(note, field.w[0], "x\xE2\x82\x81");
        if (d == 2) append_term(note, field.w[1], "x\xE2\x82\x82");
        append_term(note, field.w[d], lift == LiftKind::Product ? z_name : "(" + z_name + ")");
        append_term(note, field.b + (field.bias == BiasMode::Absorbed ? field.w[d + 1] : 0.0), "");
        note = "plane: " + note + " = 0";
    } else if (why_not) note = why_not;
    if (!note.empty()) svg.text(8, height - 8, note, "class=\"plane-equation\" " + text_style(s.text));
    FigureFrame frame;
    frame.width = width;
    frame.height = height;
    LegendEntries legend;
    legend.plane = !polygon.empty();
    legend.weight = !polygon.empty();
    draw_legend(svg, frame, s, legend);
    return svg.finish();
}

}  // namespace pl
