// The pieces of the canvas figure (canvas_figure*.cpp), shared by its files: the colours of a figure
// and the data <-> figure mapping, the same equal-aspect mapping as the screen's view (app/base/view.hpp).
#pragma once
#include <string>

#include "core/figures/figure_svg.hpp"
#include "core/figures/svg_writer.hpp"
#include "core/learn/vec.hpp"
#include "core/state/widget_state.hpp"

namespace pl::figures {

// 96 user units per inch: a figure 12 cm wide is 454 units, about the canvas's size in CSS pixels.
inline constexpr double kUnitsPerCm = 96.0 / 2.54;
inline constexpr double kMarkerRadius = 7.0;   // the canvas's markers (app/canvas/canvas_overlays.hpp)
inline constexpr double kTickUnits = 56.0;     // labelled ticks at least this far apart (View::kTickPixels)
inline constexpr double kFontSize = 12.0;

// The widget's light and dark palettes (app/base/theme.cpp), as SVG colours; fills carry an opacity.
struct FigureStyle {
    std::string background, positive, negative, positive_fill, negative_fill, fill_opacity;
    std::string marker_edge, marker_glyph, grid, axis, tick_text, text, boundary, weight_arrow, margin, mistake_ring;
    bool grayscale = false;
};
FigureStyle figure_style(const PanelState& panels, const FigureOptions& options);

struct FigureFrame {
    double width = 0, height = 0;  // user units
    ViewState view;
    double pixels_per_unit = 1;
    double x(double data_x) const { return width * 0.5 + (data_x - view.center_x) * pixels_per_unit; }
    double y(double data_y) const { return height * 0.5 - (data_y - view.center_y) * pixels_per_unit; }
    double data_x(double fx) const { return view.center_x + (fx - width * 0.5) / pixels_per_unit; }
    double data_y(double fy) const { return view.center_y - (fy - height * 0.5) / pixels_per_unit; }
    double min_x() const { return data_x(0); }
    double max_x() const { return data_x(width); }
    double min_y() const { return data_y(height); }
    double max_y() const { return data_y(0); }
    double tick_step() const;  // 1, 2 or 5 times a power of ten, ticks at least kTickUnits apart
};
FigureFrame figure_frame(const ViewState& view, const FigureOptions& options);

// The grid, the axes with their ticks and labels x₁, x₂ (canvas_figure_parts.cpp).
void draw_axes(SvgWriter& svg, const FigureFrame& frame, const FigureStyle& style);
// A training point's marker (circle with a plus for +1, square with a minus for −1), or a test point's
// hollow one; each is a <g class="point positive|negative"> or <g class="test-point ...">.
void draw_marker(SvgWriter& svg, double cx, double cy, int label, double radius, const FigureStyle& style, bool test_point);
// The line a x + b y + c = 0 clipped to the frame, as its two end points; false when it misses it.
bool clip_line(const FigureFrame& frame, double a, double b, double c, double& x0, double& y0, double& x1, double& y1);
void draw_line(SvgWriter& svg, const FigureFrame& frame, double a, double b, double c, const std::string& style);
void draw_arrow(SvgWriter& svg, double x0, double y0, double x1, double y1, const std::string& color, double thickness);
struct LegendEntries { bool boundary = false, weight = false, margin = false, max_margin = false, test_points = false, plane = false; };
void draw_legend(SvgWriter& svg, const FigureFrame& frame, const FigureStyle& style, const LegendEntries& entries);

}  // namespace pl::figures
