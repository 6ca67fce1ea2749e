#include "core/figures/canvas_tikz.hpp"

#include <algorithm>
#include <cmath>

#include "core/figures/canvas_figure.hpp"
#include "core/scene/scene.hpp"
#include "core/session/session.hpp"

namespace pl {

namespace {
using namespace figures;

std::string n6(double v) { return num(v, 6); }
std::string at(double x, double y) { return "(" + n6(x) + "," + n6(y) + ")"; }
// A tick value in math mode, with as many decimals as the step has: $-1.5$, $0.5$, $1.0$.
std::string tick_label(double value, double step) {
    const int decimals = step >= 1.0 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
    char out[48];
    std::snprintf(out, sizeof out, "%.*f", decimals, std::fabs(value) < step * 1e-6 ? 0.0 : value);
    return std::string("$") + out + "$";
}
// "#rrggbb" as TikZ's RGB triple.
std::string rgb_triple(const std::string& hex) {
    const auto channel = [&](int k) { return std::to_string(std::stoi(hex.substr(1 + 2 * k, 2), nullptr, 16)); };
    return channel(0) + "," + channel(1) + "," + channel(2);
}
}  // namespace

std::string canvas_tikz(const Scene& scene, const FigureOptions& options, std::string& error) {
    error.clear();
    const WidgetState& state = scene.state();
    const DecisionField& field = scene.field;  // the answer on screen: the learner's, or the hand unit
    if (field.kind != DecisionField::Kind::Linear || (field.lift != LiftKind::None && field.lift != LiftKind::Constant)) {
        error = field.kind == DecisionField::Kind::Kernel ? "a kernel's boundary is a curve, not a line: save the figure as SVG (or PDF) instead"
              : field.kind == DecisionField::Kind::Voted  ? "the voted perceptron's boundary is a vote of lines, not one line: save the figure as SVG instead"
                                                          : "with a feature map the boundary on the canvas is a curve, not a line: save the figure as SVG instead";
        return {};
    }
    if (state.data.dim > 2) {
        error = "the canvas shows two coordinates of these data; TikZ is made for 1-D and 2-D data only";
        return {};
    }
    FigureOptions light = options;
    light.print = true;
    const FigureStyle s = figure_style(state.panels, light);
    const FigureFrame f = figure_frame(state.view, options);
    const double unit_cm = (f.width / kUnitsPerCm) / (f.width / f.pixels_per_unit);  // cm per data unit
    const double x0 = f.min_x(), x1 = f.max_x(), y0 = f.min_y(), y1 = f.max_y();

    std::string t;
    t += "% Perceptron Lab: the canvas as TikZ (pdflatex this file; the coordinates are the data's).\n";
    t += "\\documentclass[tikz,border=2mm]{standalone}\n\\begin{document}\n";
    for (const auto& [name, hex] : {std::pair<const char*, std::string>{"plpos", s.positive}, {"plneg", s.negative}, {"plposfill", s.positive_fill},
                                    {"plnegfill", s.negative_fill}, {"plboundary", s.boundary}, {"plweight", s.weight_arrow}, {"plmargin", s.margin},
                                    {"plaxis", s.axis}})
        t += "\\definecolor{" + std::string(name) + "}{RGB}{" + rgb_triple(hex) + "}\n";
    t += "\\begin{tikzpicture}[x=" + num(unit_cm, 5) + "cm, y=" + num(unit_cm, 5) + "cm,\n";
    t += "  pos/.style={circle, draw=black, fill=plpos, text=white, inner sep=0pt, minimum size=3mm, font=\\scriptsize\\bfseries},\n";
    t += "  neg/.style={rectangle, draw=black, fill=plneg, text=white, inner sep=0pt, minimum size=2.7mm, font=\\scriptsize\\bfseries},\n";
    t += "  boundary/.style={plboundary, line width=1.2pt}, margin/.style={plmargin, dashed, line width=0.6pt},\n";
    t += "  weight/.style={plweight, line width=1.2pt, -stealth}, tick/.style={plaxis, font=\\footnotesize}]\n";

    // The view, the grid and the axes (along the nearest edge when the origin is off the view).
    const double step = f.tick_step();
    const double ax = std::clamp(0.0, x0, x1), ay = std::clamp(0.0, y0, y1);
    const std::size_t under_grid = t.size();  // the regions go here, under the grid (opaque in grayscale)
    std::string fills;
    t += "\\draw[gray!25, very thin, step=" + n6(step) + "] " + at(x0, y0) + " grid " + at(x1, y1) + ";\n";
    t += "\\draw[plaxis, -stealth] " + at(x0, ay) + " -- " + at(x1, ay) + " node[below left, font=\\small] {$x_1$};\n";
    t += "\\draw[plaxis, -stealth] " + at(ax, y0) + " -- " + at(ax, y1) + " node[below left, font=\\small] {$x_2$};\n";
    for (double x = std::ceil(x0 / step) * step; x <= x1 - step * 0.25; x += step)
        if (std::fabs(x) > step * 1e-6)
            t += "\\draw[plaxis] " + at(x, ay) + " -- ++(0,-3pt) node[tick, below] {" + tick_label(x, step) + "};\n";
    for (double y = std::ceil(y0 / step) * step; y <= y1 - step * 0.25; y += step)
        if (std::fabs(y) > step * 1e-6)
            t += "\\draw[plaxis] " + at(ax, y) + " -- ++(-3pt,0) node[tick, left] {" + tick_label(y, step) + "};\n";

    t += "\\begin{scope}\n\\clip " + at(x0, y0) + " rectangle " + at(x1, y1) + ";\n";
    // The line and "trained" as the canvas has them (core/scene/scene.hpp).
    const Line2D boundary = scene.line.value_or(Line2D{});
    const double a = boundary.a, b = boundary.b, c = boundary.c;
    double lx0, ly0, lx1, ly1;
    const bool line = scene.trained && scene.line && (a != 0 || b != 0) && clip_line(f, a, b, c, lx0, ly0, lx1, ly1);
    if (line) {
        if (state.panels.field) {  // each side as a light fill: the view's corners on it, and the line's ends
            const double corners[4][2] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
            for (int side = 1; side >= -1; side -= 2) {
                std::string polygon;
                for (int k = 0; k < 4; ++k) {
                    const double *p = corners[k], *q = corners[(k + 1) % 4];
                    const double fp = side * (a * p[0] + b * p[1] + c), fq = side * (a * q[0] + b * q[1] + c);
                    if (fp > 0) polygon += at(p[0], p[1]) + " -- ";
                    if ((fp > 0) != (fq > 0)) {
                        const double u = fp / (fp - fq);
                        polygon += at(p[0] + (q[0] - p[0]) * u, p[1] + (q[1] - p[1]) * u) + " -- ";
                    }
                }
                if (!polygon.empty())
                    fills += std::string("\\fill[") + (side > 0 ? "plposfill" : "plnegfill") + ", opacity=" + s.fill_opacity + "] " + polygon + "cycle;\n";
            }
        }
        if (state.panels.margin_band) {
            const AnswerMargins& margins = scene.facts.margins;
            if (margins.input_defined && margins.input_geometric > 0) {
                const double shift = margins.input_geometric * std::hypot(a, b);
                double mx0, my0, mx1, my1;
                for (int side = -1; side <= 1; side += 2)
                    if (clip_line(f, a, b, c + side * shift, mx0, my0, mx1, my1)) t += "\\draw[margin] " + at(mx0, my0) + " -- " + at(mx1, my1) + ";\n";
            }
        }
        t += "\\draw[boundary] " + at(lx0, ly0) + " -- " + at(lx1, ly1) + ";\n";
        if (!scene.hand) {  // w from the origin, scaled to fit as on the canvas (the scale is written)
            const double length = std::hypot(a, b), room = 0.35 * std::min(x1 - x0, y1 - y0);
            const double scale = length > room ? room / length : 1.0;
            t += "\\draw[weight] (0,0) -- " + at(a * scale, b * scale) + " node[above right, plweight] {$w" +
                 (scale < 1.0 ? "\\,(\\times " + num(scale, 2) + ")" : std::string()) + "$};\n";
        }
    }
    t += "% the points, in the data's order: +1 as circles, -1 as squares\n";
    const Dataset& data = state.data;
    for (std::size_t i = 0; i < data.size(); ++i) {
        const Vec& p = data.points[i];
        const bool positive = data.labels[i] > 0;
        t += std::string("\\node[") + (positive ? "pos" : "neg") + "] at " + at(p.empty() ? 0.0 : p[0], p.size() > 1 ? p[1] : 0.0) + " {$" +
             (positive ? "+" : "-") + "$};\n";
    }
    t += "\\end{scope}\n\\end{tikzpicture}\n\\end{document}\n";
    if (!fills.empty()) t.insert(under_grid, "\\begin{scope}\n\\clip " + at(x0, y0) + " rectangle " + at(x1, y1) + ";\n" + fills + "\\end{scope}\n");
    return t;
}

}  // namespace pl
