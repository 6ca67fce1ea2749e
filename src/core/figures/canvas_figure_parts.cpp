#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "core/figures/canvas_figure.hpp"

namespace pl::figures {

namespace {
// A tick value with the decimals of the step, the same for every tick of an axis (0.5, 1.0, 1.5 as the
// canvas writes them, never "1" beside "0.5").
std::string fmt_tick(double value, double step) {
    if (std::fabs(value) < step * 1e-6) value = 0.0;
    const int decimals = step >= 1.0 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
    char out[48];
    std::snprintf(out, sizeof out, "%.*f", decimals, value);
    std::string text = out;
    if (text.find_first_not_of("-0.") == std::string::npos) text = "0";
    if (!text.empty() && text[0] == '-') text = "\xE2\x88\x92" + text.substr(1);  // U+2212, as the widget writes it
    return text;
}
// The width of a label in DejaVu Sans, estimated: about 0.6 em a character (code points, not bytes).
double text_width(const std::string& text) {
    std::size_t chars = 0;
    for (unsigned char c : text) chars += (c & 0xC0) != 0x80 ? 1 : 0;
    return 0.6 * kFontSize * static_cast<double>(chars);
}
// Text from `ascent` above its baseline to `descent` below it, in ems.
constexpr double kAscent = 0.8, kDescent = 0.25, kEdge = 1.0;
std::string text_style(const std::string& color, const char* anchor = "start") {
    return "font-size=\"" + num(kFontSize) + "\" fill=\"" + color + "\" text-anchor=\"" + anchor + "\"";
}
}  // namespace

FigureStyle figure_style(const PanelState& panels, const FigureOptions& options) {
    FigureStyle s;
    const bool dark = panels.dark && !options.print && !options.grayscale;
    if (dark) {
        s = {rgb(24, 26, 30), rgb(240, 130, 50), rgb(86, 180, 233), rgb(240, 130, 50), rgb(86, 180, 233), "0.18",
             rgb(245, 245, 245), rgb(20, 20, 20), rgb(255, 255, 255), rgb(200, 200, 200), rgb(200, 200, 200),
             rgb(230, 230, 230), rgb(240, 240, 240), rgb(0, 200, 150), rgb(170, 170, 170), rgb(255, 90, 90), false};
    } else {
        s = {rgb(252, 252, 250), rgb(213, 94, 0), rgb(0, 114, 178), rgb(213, 94, 0), rgb(0, 114, 178), "0.16",
             rgb(45, 45, 45), rgb(255, 255, 255), rgb(0, 0, 0), rgb(60, 60, 60), rgb(60, 60, 60),
             rgb(20, 20, 20), rgb(20, 20, 20), rgb(0, 122, 88), rgb(95, 95, 95), rgb(196, 0, 0), false};
        if (options.print) s.background = rgb(255, 255, 255);
    }
    if (options.grayscale) {
        // The classes by their shapes only; the two regions in two greys.
        s.positive = s.negative = rgb(60, 60, 60);
        s.positive_fill = rgb(200, 200, 200);
        s.negative_fill = rgb(240, 240, 240);
        s.fill_opacity = "1";
        s.weight_arrow = rgb(0, 0, 0);
        s.mistake_ring = rgb(0, 0, 0);
        s.background = rgb(255, 255, 255);
        s.grayscale = true;
    }
    return s;
}

double FigureFrame::tick_step() const {
    const double raw = kTickUnits / pixels_per_unit;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * power >= raw) return m * power;
    return 10.0 * power;
}

FigureFrame figure_frame(const ViewState& view, const FigureOptions& options) {
    FigureFrame frame;
    const double width_cm = options.width_cm > 0 ? options.width_cm : 12.0;
    const double height_cm = options.height_cm > 0 ? options.height_cm : width_cm;  // the view is square without a screen
    // Whole hundredths of a unit, as the view box is written: the figure's edges are exactly its numbers.
    frame.width = std::round(width_cm * kUnitsPerCm * 100) / 100;
    frame.height = std::round(height_cm * kUnitsPerCm * 100) / 100;
    frame.view = view;
    frame.pixels_per_unit = std::max(1.0, std::min(frame.width, frame.height)) / std::max(1e-9, view.span);
    return frame;
}

void draw_axes(SvgWriter& svg, const FigureFrame& f, const FigureStyle& style) {
    const double step = f.tick_step(), minor = step / 5;
    std::string grid;
    for (int pass = 0; pass < 2; ++pass) {
        const double s = pass == 0 ? minor : step;
        if (s * f.pixels_per_unit < 6.0) continue;
        for (double x = std::ceil(f.min_x() / s) * s; x <= f.max_x(); x += s) grid += "M" + num(f.x(x)) + " 0V" + num(f.height);
        for (double y = std::ceil(f.min_y() / s) * s; y <= f.max_y(); y += s) grid += "M0 " + num(f.y(y)) + "H" + num(f.width);
        svg.path(grid, "class=\"grid\" fill=\"none\" stroke=\"" + style.grid + "\" stroke-opacity=\"" + (pass == 0 ? "0.05" : "0.1") +
                           "\" stroke-width=\"1\"");
        grid.clear();
    }
    // Axes through the origin, or along the nearest edge when it is off the figure (as on the canvas).
    const double ox = f.x(0), oy = f.y(0);
    const double axis_y = std::clamp(oy, 0.0, f.height), axis_x = std::clamp(ox, 0.0, f.width);
    const std::string axis = "stroke=\"" + style.axis + "\" stroke-width=\"1.5\"";
    svg.open_group("class=\"axes\"");
    if (oy >= 0 && oy <= f.height) svg.line(0, axis_y, f.width, axis_y, axis);
    if (ox >= 0 && ox <= f.width) svg.line(axis_x, 0, axis_x, f.height, axis);
    // A label that would cross the figure's border is left out (its tick stays): a cut "−1.5" misleads.
    std::string ticks;
    for (double x = std::ceil(f.min_x() / step) * step; x <= f.max_x(); x += step) {
        if (std::fabs(x) < step * 1e-6) continue;
        ticks += "M" + num(f.x(x)) + " " + num(axis_y - 4) + "V" + num(axis_y + 4);
        const std::string label = fmt_tick(x, step);
        const double half = text_width(label) / 2;
        const double ty = axis_y + 5 + kFontSize > f.height - kDescent * kFontSize ? axis_y - 6 : axis_y + 5 + kFontSize;
        if (f.x(x) - half < kEdge || f.x(x) + half > f.width - kEdge || ty - kAscent * kFontSize < kEdge) continue;
        svg.text(f.x(x), ty, label, "class=\"tick\" " + text_style(style.tick_text, "middle"));
    }
    for (double y = std::ceil(f.min_y() / step) * step; y <= f.max_y(); y += step) {
        if (std::fabs(y) < step * 1e-6) continue;
        ticks += "M" + num(axis_x - 4) + " " + num(f.y(y)) + "H" + num(axis_x + 4);
        const std::string label = fmt_tick(y, step);
        const double w = text_width(label), ty = f.y(y) + kFontSize * 0.35;
        const bool right = axis_x - 6 - w < kEdge;
        const double left = right ? axis_x + 6 : axis_x - 6 - w;
        if (left < kEdge || left + w > f.width - kEdge || ty - kAscent * kFontSize < kEdge || ty + kDescent * kFontSize > f.height - kEdge) continue;
        svg.text(right ? axis_x + 6 : axis_x - 6, ty, label, "class=\"tick\" " + text_style(style.tick_text, right ? "start" : "end"));
    }
    svg.path(ticks, "fill=\"none\" " + axis);
    if (ox >= 0 && ox <= f.width && oy >= 0 && oy <= f.height) {
        svg.circle(ox, oy, 4, "fill=\"none\" " + axis);
        svg.text(ox + 5, oy + 3 + kFontSize, "0", "class=\"tick\" " + text_style(style.tick_text));
    }
    svg.text(f.width - 6, axis_y - 6, "x\xE2\x82\x81", "class=\"axis-label\" " + text_style(style.tick_text, "end"));
    svg.text(axis_x + 6, 4 + kFontSize, "x\xE2\x82\x82", "class=\"axis-label\" " + text_style(style.tick_text));
    svg.close_group();
}

void draw_marker(SvgWriter& svg, double cx, double cy, int label, double r, const FigureStyle& s, bool test_point) {
    const bool positive = label > 0;
    const std::string cls = std::string(test_point ? "test-point " : "point ") + (positive ? "positive" : "negative");
    svg.open_group("class=\"" + cls + "\"");
    const std::string color = positive ? s.positive : s.negative;
    const std::string glyph = test_point ? color : s.marker_glyph;
    const double bar = test_point ? 2.2 : 1.6;
    const std::string glyph_style = "stroke=\"" + glyph + "\" stroke-width=\"" + num(bar) + "\"";
    if (test_point) {
        // Open: the background inside, the class colour as a thick outline and as the sign.
        const std::string body = "fill=\"" + s.background + "\" stroke=\"" + color + "\" stroke-width=\"2.6\"";
        if (positive) svg.circle(cx, cy, r - 1.3, body);
        else svg.rect(cx - r * 0.9 + 1.3, cy - r * 0.9 + 1.3, r * 1.8 - 2.6, r * 1.8 - 2.6, body);
    } else {
        const std::string body = "fill=\"" + color + "\" stroke=\"" + s.marker_edge + "\" stroke-width=\"1.2\"";
        if (positive) svg.circle(cx, cy, r + 0.6, body);
        else svg.rect(cx - r * 0.9 - 0.6, cy - r * 0.9 - 0.6, r * 1.8 + 1.2, r * 1.8 + 1.2, body);
    }
    const double arm = positive ? r * 0.55 : r * 0.54;
    std::string d = "M" + num(cx - arm) + " " + num(cy) + "H" + num(cx + arm);
    if (positive) d += "M" + num(cx) + " " + num(cy - arm) + "V" + num(cy + arm);
    svg.path(d, glyph_style);
    svg.close_group();
}

bool clip_line(const FigureFrame& f, double a, double b, double c, double& x0, double& y0, double& x1, double& y1) {
    // Intersections of a x + b y + c = 0 with the four edges of the visible data rectangle.
    const double lo_x = f.min_x(), hi_x = f.max_x(), lo_y = f.min_y(), hi_y = f.max_y();
    std::vector<std::pair<double, double>> hits;
    if (std::fabs(b) > 1e-300)
        for (double x : {lo_x, hi_x}) {
            const double y = -(a * x + c) / b;
            if (y >= lo_y && y <= hi_y) hits.emplace_back(x, y);
        }
    if (std::fabs(a) > 1e-300)
        for (double y : {lo_y, hi_y}) {
            const double x = -(b * y + c) / a;
            if (x >= lo_x && x <= hi_x) hits.emplace_back(x, y);
        }
    if (hits.size() < 2) return false;
    std::size_t far = 1;  // the hit farthest from the first (a corner can be hit twice)
    for (std::size_t k = 1; k < hits.size(); ++k)
        if (std::hypot(hits[k].first - hits[0].first, hits[k].second - hits[0].second) >
            std::hypot(hits[far].first - hits[0].first, hits[far].second - hits[0].second))
            far = k;
    x0 = hits[0].first; y0 = hits[0].second; x1 = hits[far].first; y1 = hits[far].second;
    return std::hypot(x1 - x0, y1 - y0) > 0;
}

void draw_line(SvgWriter& svg, const FigureFrame& f, double a, double b, double c, const std::string& style) {
    double x0, y0, x1, y1;
    if (!clip_line(f, a, b, c, x0, y0, x1, y1)) return;
    // Written with full precision: the end points lie on the line, not on a rounded copy of it.
    svg.path("M" + num(f.x(x0), 4) + " " + num(f.y(y0), 4) + "L" + num(f.x(x1), 4) + " " + num(f.y(y1), 4), style);
}

void draw_arrow(SvgWriter& svg, double x0, double y0, double x1, double y1, const std::string& color, double thickness) {
    const double dx = x1 - x0, dy = y1 - y0, length = std::hypot(dx, dy);
    if (length < 1) return;
    const double ux = dx / length, uy = dy / length, head = std::min(12.0, length * 0.4);
    const double bx = x1 - ux * head, by = y1 - uy * head;
    svg.open_group("class=\"weight\"");
    svg.line(x0, y0, bx, by, "stroke=\"" + color + "\" stroke-width=\"" + num(thickness) + "\"");
    svg.path("M" + num(x1) + " " + num(y1) + "L" + num(bx - uy * head * 0.45) + " " + num(by + ux * head * 0.45) + "L" +
                 num(bx + uy * head * 0.45) + " " + num(by - ux * head * 0.45) + "Z",
             "fill=\"" + color + "\"");
    svg.close_group();
}

void draw_legend(SvgWriter& svg, const FigureFrame& f, const FigureStyle& s, const LegendEntries& e) {
    struct Row { const char* kind; const char* text; };
    std::vector<Row> rows = {{"positive", "class +1"}, {"negative", "class \xE2\x88\x92" "1"}};
    if (e.test_points) rows.push_back({"test", "test point"});
    if (e.boundary) rows.push_back({"boundary", "f(x) = 0"});
    if (e.plane) rows.push_back({"plane", "separating plane"});
    if (e.margin) rows.push_back({"margin", "margin band"});
    if (e.max_margin) rows.push_back({"max-margin", "max-margin line"});
    if (e.weight) rows.push_back({"weight", "w"});
    std::size_t longest = 0;  // in characters: about 0.6 em each in DejaVu Sans
    for (const Row& r : rows) longest = std::max(longest, std::string(r.text).size());
    const double row = kFontSize + 6, width = 40 + 0.62 * kFontSize * static_cast<double>(longest), height = static_cast<double>(rows.size()) * row + 8;
    const double x = f.width - width - 8, y = 8;
    svg.open_group("class=\"legend\"");
    svg.rect(x, y, width, height, "rx=\"4\" fill=\"" + s.background + "\" fill-opacity=\"0.9\" stroke=\"" + s.grid + "\" stroke-opacity=\"0.25\"");
    for (std::size_t k = 0; k < rows.size(); ++k) {
        const double cy = y + 4 + row * (static_cast<double>(k) + 0.5), cx = x + 16;
        const std::string kind = rows[k].kind;
        svg.open_group("class=\"legend-key\"");
        if (kind == "positive" || kind == "negative") {
            // Drawn as shapes, not as "point" groups: the points of the figure are only the data's.
            const bool pos = kind == "positive";
            const std::string body = "fill=\"" + (pos ? s.positive : s.negative) + "\" stroke=\"" + s.marker_edge + "\" stroke-width=\"1\"";
            if (pos) svg.circle(cx, cy, 5, body);
            else svg.rect(cx - 4.5, cy - 4.5, 9, 9, body);
            svg.path("M" + num(cx - 3) + " " + num(cy) + "H" + num(cx + 3) + (pos ? "M" + num(cx) + " " + num(cy - 3) + "V" + num(cy + 3) : ""),
                     "stroke=\"" + s.marker_glyph + "\" stroke-width=\"1.2\"");
        } else if (kind == "test") {
            svg.circle(cx, cy, 4.5, "fill=\"" + s.background + "\" stroke=\"" + s.text + "\" stroke-width=\"2\"");
        } else if (kind == "plane") {
            svg.rect(cx - 10, cy - 5, 20, 10, "fill=\"" + s.weight_arrow + "\" fill-opacity=\"0.24\" stroke=\"" + s.weight_arrow + "\" stroke-width=\"1.5\"");
        } else {
            const std::string color = kind == "boundary" ? s.boundary : kind == "weight" ? s.weight_arrow : s.margin;
            const std::string dash = kind == "margin" ? " stroke-dasharray=\"4 3\"" : "";
            svg.line(cx - 10, cy, cx + 10, cy, "stroke=\"" + color + "\" stroke-width=\"2\"" + dash);
        }
        svg.close_group();
        svg.text(cx + 16, cy + kFontSize * 0.35, rows[k].text, text_style(s.text));
    }
    svg.close_group();
}

}  // namespace pl::figures
