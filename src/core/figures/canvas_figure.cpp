// The canvas as a vector figure (figure_svg.hpp): back to front as the screen draws it (app/canvas/canvas.cpp):
// the regions, the grid and axes, hulls and the max-margin line, the margin band, the boundary, w, the
// points, the test points and a legend.
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/figures/canvas_figure.hpp"
#include "core/figures/contour.hpp"
#include "core/figures/figure_svg.hpp"
#include "core/scene/scene.hpp"
#include "core/session/session.hpp"
#include "core/theory/theory.hpp"

namespace pl {

namespace {
using namespace figures;

double coord(const Vec& p, std::size_t i) { return i < p.size() ? p[i] : 0.0; }

// The two half-planes of a line as polygons clipped to the frame (draw_half_planes on the canvas).
void draw_half_planes(SvgWriter& svg, const FigureFrame& f, const Line2D& line, const FigureStyle& s) {
    const double corners[4][2] = {{0, 0}, {f.width, 0}, {f.width, f.height}, {0, f.height}};
    for (int side = 0; side < 2; ++side) {
        auto value = [&](const double* p) {
            const double v = line.a * f.data_x(p[0]) + line.b * f.data_y(p[1]) + line.c;
            return side == 0 ? v : -v;
        };
        std::string d;
        for (int i = 0; i < 4; ++i) {
            const double *p = corners[i], *q = corners[(i + 1) % 4];
            const double fp = value(p), fq = value(q);
            if (fp > 0) d += (d.empty() ? "M" : "L") + num(p[0]) + " " + num(p[1]);
            if ((fp > 0) != (fq > 0)) {
                const double t = fp / (fp - fq);
                d += (d.empty() ? "M" : "L") + num(p[0] + (q[0] - p[0]) * t, 4) + " " + num(p[1] + (q[1] - p[1]) * t, 4);
            }
        }
        if (d.empty()) continue;
        const bool positive = side == 0;
        svg.path(d + "Z", std::string("class=\"region ") + (positive ? "positive" : "negative") + "\" fill=\"" +
                              (positive ? s.positive_fill : s.negative_fill) + "\" fill-opacity=\"" + s.fill_opacity + "\"");
    }
}

// Grid cells for a traced contour: about 3 units each, fewer when f is costly (many support vectors).
void contour_cells(const FigureFrame& f, const DecisionField& field, ContourGrid& grid) {
    const double terms = static_cast<double>(std::max<std::size_t>({1, field.support.size(), field.voted_w.size()}));
    const double budget = 3e7 / terms;  // samples
    double cell = 3.0;
    while ((f.width / cell) * (f.height / cell) > budget && cell < 24) cell *= 1.25;
    grid.min_x = f.min_x(); grid.max_x = f.max_x(); grid.min_y = f.min_y(); grid.max_y = f.max_y();
    grid.cells_x = std::max(8, static_cast<int>(std::ceil(f.width / cell)));
    grid.cells_y = std::max(8, static_cast<int>(std::ceil(f.height / cell)));
}

std::string polyline_path(const FigureFrame& f, const Polyline& line, bool close) {
    std::string d;
    for (std::size_t k = 0; k < line.size(); ++k) d += (k ? "L" : "M") + num(f.x(line[k].x), 3) + " " + num(f.y(line[k].y), 3);
    if (close) d += "Z";
    return d;
}

// Parts of a closed loop inside the rectangle: the true contour, without the closing ring outside it.
std::vector<Polyline> inside_runs(const Polyline& loop, const ContourGrid& g) {
    auto inside = [&](const ContourPoint& p) {
        const double ex = (g.max_x - g.min_x) * 1e-9, ey = (g.max_y - g.min_y) * 1e-9;
        return p.x >= g.min_x - ex && p.x <= g.max_x + ex && p.y >= g.min_y - ey && p.y <= g.max_y + ey;
    };
    std::vector<Polyline> runs;
    const bool closed = loop.size() > 2 && loop.front().x == loop.back().x && loop.front().y == loop.back().y;
    std::size_t start = 0;
    if (closed) {  // start at a vertex outside, so no run is cut in two at the seam
        while (start < loop.size() && inside(loop[start])) ++start;
        if (start == loop.size()) return {loop};
    }
    Polyline run;
    const std::size_t n = closed ? loop.size() - 1 : loop.size();
    for (std::size_t k = 0; k <= n; ++k) {
        const ContourPoint& p = loop[(start + k) % n];
        if (k == n && !closed) break;
        if (inside(p)) run.push_back(p);
        else {
            if (run.size() >= 2) runs.push_back(run);
            run.clear();
        }
    }
    if (run.size() >= 2) runs.push_back(run);
    return runs;
}

// A curved boundary: the f = 0 contour of the exact field, traced once. Its regions are flat fills of
// the loops it closes (even-odd, clipped to the frame), drawn under the grid and axes (in grayscale the
// fills are opaque); the margin contours and the boundary itself go on top.
struct CurvedAnswer {
    DecisionField::Scratch scratch;
    ContourGrid grid;
    std::vector<Polyline> loops;
};
void trace_curved_answer(const FigureFrame& f, const DecisionField& field, CurvedAnswer& out) {
    contour_cells(f, field, out.grid);
    out.grid.closed_regions = true;
    out.loops = trace_contour([&](double x, double y) { return field.eval(Vec{x, y}, out.scratch); }, 0.0, out.grid);
}
void draw_curved_regions(SvgWriter& svg, const FigureFrame& f, const CurvedAnswer& curve, const FigureStyle& s) {
    // The loops enclose f > 0; with the frame's rectangle around them they enclose f <= 0 (even-odd).
    std::string d;
    for (const Polyline& loop : curve.loops) d += polyline_path(f, loop, true);
    const std::string frame_rect = "M-1 -1H" + num(f.width + 1) + "V" + num(f.height + 1) + "H-1Z";
    svg.path(frame_rect + d, "class=\"region negative\" fill-rule=\"evenodd\" fill=\"" + s.negative_fill + "\" fill-opacity=\"" + s.fill_opacity + "\"");
    if (!d.empty())
        svg.path(d, "class=\"region positive\" fill-rule=\"evenodd\" fill=\"" + s.positive_fill + "\" fill-opacity=\"" + s.fill_opacity + "\"");
}
void draw_curved_boundary(SvgWriter& svg, const FigureFrame& f, const DecisionField& field, CurvedAnswer& curve, const FigureStyle& s,
                          bool margin_band) {
    if (margin_band) {  // f = ±1, where the kernel's functional margin is 1 (the canvas's unit contours)
        ContourGrid grid = curve.grid;
        grid.closed_regions = false;
        std::string d;
        for (double level : {-1.0, 1.0})
            for (const Polyline& line : trace_contour([&](double x, double y) { return field.eval(Vec{x, y}, curve.scratch); }, level, grid))
                d += polyline_path(f, line, false);
        if (!d.empty()) svg.path(d, "class=\"margin\" fill=\"none\" stroke=\"" + s.margin + "\" stroke-width=\"1.2\" stroke-dasharray=\"8 6\"");
    }
    std::string d;
    for (const Polyline& loop : curve.loops)
        for (const Polyline& run : inside_runs(loop, curve.grid)) d += polyline_path(f, run, false);
    if (!d.empty())
        svg.path(d, "class=\"boundary\" fill=\"none\" stroke=\"" + s.boundary + "\" stroke-width=\"2.5\" stroke-linejoin=\"round\"");
}

}  // namespace

std::string canvas_svg(const Scene& scene, const FigureOptions& options) {
    const Session& session = *scene.session;
    const WidgetState& state = session.state();
    const PanelState& panels = state.panels;
    const FigureFrame f = figure_frame(state.view, options);
    const FigureStyle s = figure_style(panels, options);
    SvgWriter svg(f.width / kUnitsPerCm, f.height / kUnitsPerCm, f.width, f.height);
    svg.raw("<title>Perceptron Lab: the canvas</title>\n<defs><clipPath id=\"view\"><rect x=\"0\" y=\"0\" width=\"" + num(f.width) +
            "\" height=\"" + num(f.height) + "\"/></clipPath></defs>\n");
    svg.rect(0, 0, f.width, f.height, "class=\"background\" fill=\"" + s.background + "\"");
    svg.open_group("clip-path=\"url(#view)\"");

    // What is shown comes from the scene the canvas draws (core/scene/scene.hpp): the answer (the learner's
    // or the hand unit), "trained", its line, the wrong points and the margins.
    const Learner& learner = session.learner();
    const DecisionField& field = scene.field;
    const bool trained = scene.trained;
    const Line2D line = scene.line.value_or(Line2D{});
    const bool straight = trained && scene.line && (line.a != 0 || line.b != 0);
    LegendEntries legend;
    legend.test_points = !state.held_out.empty();

    // The regions under the grid and axes; a curved answer's contour is traced once, for its fills and its line.
    CurvedAnswer curve;
    if (trained && !straight) trace_curved_answer(f, field, curve);
    if (straight && panels.field) draw_half_planes(svg, f, line, s);
    if (trained && !straight && panels.field) draw_curved_regions(svg, f, curve, s);
    draw_axes(svg, f, s);
    const Dataset& data = state.data;
    if (panels.hulls) {
        for (int label : {+1, -1}) {
            std::vector<Vec> pts;
            for (std::size_t i = 0; i < data.size(); ++i)
                if (data.labels[i] == label) pts.push_back({coord(data.points[i], 0), coord(data.points[i], 1)});
            std::string d;
            const std::vector<std::size_t> hull = convex_hull_2d(pts);
            for (std::size_t k = 0; k < hull.size(); ++k) d += (k ? "L" : "M") + num(f.x(pts[hull[k]][0])) + " " + num(f.y(pts[hull[k]][1]));
            if (hull.size() >= 3) d += "Z";
            const std::string color = label > 0 ? s.positive : s.negative;
            if (hull.size() >= 2)
                svg.path(d, std::string("class=\"hull\" fill=\"") + (label > 0 ? s.positive_fill : s.negative_fill) + "\" fill-opacity=\"" +
                                s.fill_opacity + "\" stroke=\"" + color + "\" stroke-width=\"1.5\"");
        }
    }
    if (panels.max_margin && data.dim <= 2 && state.config.lift == LiftKind::None) {
        const Separator& best = session.theory().best;
        if (best.separable && !best.w.empty()) {
            const double a = best.w[0], b = best.w.size() > 1 ? best.w[1] : 0.0, norm = std::hypot(a, b);
            const std::string dashed = "class=\"max-margin-band\" fill=\"none\" stroke=\"" + s.margin + "\" stroke-width=\"1.2\" stroke-dasharray=\"8 6\"";
            for (int side = -1; side <= 1; side += 2) draw_line(svg, f, a, b, best.b + side * best.margin * norm, dashed);
            draw_line(svg, f, a, b, best.b, "class=\"max-margin\" fill=\"none\" stroke=\"" + s.margin + "\" stroke-width=\"1.8\"");
            for (std::size_t i : best.support)
                if (i < data.size())
                    svg.circle(f.x(coord(data.points[i], 0)), f.y(coord(data.points[i], 1)), kMarkerRadius + 6,
                               "class=\"support\" fill=\"none\" stroke=\"" + s.margin + "\" stroke-width=\"2\"");
            legend.max_margin = true;
        }
    }
    if (trained && !straight) {
        draw_curved_boundary(svg, f, field, curve, s, panels.margin_band && field.kind == DecisionField::Kind::Kernel);
        legend.boundary = true;
        legend.margin = panels.margin_band && field.kind == DecisionField::Kind::Kernel;
    }
    if (straight) {
        if (panels.margin_band) {
            const AnswerMargins& m = scene.facts.margins;
            if (m.input_defined && m.input_geometric > 0) {
                const double norm = std::hypot(line.a, line.b);
                const std::string dashed = "class=\"margin\" fill=\"none\" stroke=\"" + s.margin + "\" stroke-width=\"1.2\" stroke-dasharray=\"8 6\"";
                for (int side = -1; side <= 1; side += 2) draw_line(svg, f, line.a, line.b, line.c + side * m.input_geometric * norm, dashed);
                legend.margin = true;
            }
        }
        draw_line(svg, f, line.a, line.b, line.c, "class=\"boundary\" fill=\"none\" stroke=\"" + s.boundary + "\" stroke-width=\"2.5\"");
        legend.boundary = true;
        if (!scene.hand) {
            // w from the origin towards the +1 side, scaled to fit as on the canvas (the scale is written).
            const double length = std::hypot(line.a, line.b);
            const double room = 0.35 * std::min(f.max_x() - f.min_x(), f.max_y() - f.min_y());
            const double scale = length > room ? room / length : 1.0;
            draw_arrow(svg, f.x(0), f.y(0), f.x(line.a * scale), f.y(line.b * scale), s.weight_arrow, 2.5);
            const std::string label = scale < 1.0 ? "w (\xC3\x97" + num(scale, 2) + ")" : "w";
            svg.text(f.x(line.a * scale) + 6, f.y(line.b * scale) - 8, label,
                     "class=\"weight-label\" font-size=\"" + num(kFontSize) + "\" fill=\"" + s.weight_arrow + "\"");
            legend.weight = true;
        }
    }

    // Points: the mistake rings first, then the markers (a ring never hides a neighbour's marker).
    const std::vector<double>& alphas = learner.alphas();
    auto radius = [&](std::size_t i) {
        return i < alphas.size() && alphas[i] > 0 && !scene.hand ? std::min(16.0, kMarkerRadius + 2.2 * std::sqrt(alphas[i])) : kMarkerRadius;
    };
    // A capped figure draws every k-th point (options.max_points): the same sample for the rings and
    // the markers, training points and test points alike.
    const Dataset& test = state.held_out;
    const std::size_t total = data.size() + test.size(), shown = figure_points_drawn(total, options);
    auto drawn = [&](std::size_t k) { return shown == total || (k * shown) / total != ((k + 1) * shown) / total; };
    const bool rings = trained && options.mistake_rings;
    if (rings)
        for (std::size_t i = 0; i < data.size(); ++i)
            if (drawn(i) && scene.wrong(i))
                svg.circle(f.x(coord(data.points[i], 0)), f.y(coord(data.points[i], 1)), radius(i) + 4,
                           "class=\"mistake\" fill=\"none\" stroke=\"" + s.mistake_ring + "\" stroke-width=\"2\"");
    for (std::size_t i = 0; i < data.size(); ++i)
        if (drawn(i)) draw_marker(svg, f.x(coord(data.points[i], 0)), f.y(coord(data.points[i], 1)), data.labels[i], radius(i), s, false);
    for (std::size_t j = 0; j < test.size(); ++j) {
        if (!drawn(data.size() + j)) continue;
        const double cx = f.x(coord(test.points[j], 0)), cy = f.y(coord(test.points[j], 1));
        if (rings && scene.test_wrong(j))
            svg.circle(cx, cy, kMarkerRadius + 5.5, "class=\"mistake\" fill=\"none\" stroke=\"" + s.mistake_ring + "\" stroke-width=\"2\"");
        draw_marker(svg, cx, cy, test.labels[j], kMarkerRadius + 1.5, s, true);
    }
    svg.close_group();
    draw_legend(svg, f, s, legend);
    return svg.finish();
}

std::size_t figure_points_drawn(std::size_t total, const FigureOptions& options) {
    return options.max_points == 0 ? total : std::min(total, options.max_points);
}

}  // namespace pl
