#include "app/canvas/keyboard_cursor.hpp"

#include <cmath>

namespace pl::app {

namespace {
// The first and last grid lines of step `step` inside [low, high] (an empty range gives the middle line).
void grid_range(double low, double high, double step, double& first, double& last) {
    first = std::ceil(low / step - 1e-9) * step;
    last = std::floor(high / step + 1e-9) * step;
    if (first > last) first = last = snap_to_grid(0.5 * (low + high), step);
}

// The cursor's area in data coordinates: the visible area less `keep_clear` (an area narrower than
// nothing shrinks to its middle line).
struct Area {
    double min_x, max_x, min_y, max_y;
};
Area cursor_area(const View& v, const FitInsets& keep_clear) {
    const auto inset = [](double value) { return std::isfinite(value) && value > 0.0 ? static_cast<float>(value) : 0.0f; };
    const float left = v.origin_x() + inset(keep_clear.left), right = v.origin_x() + v.width() - inset(keep_clear.right);
    const float top = v.origin_y() + inset(keep_clear.top), bottom = v.origin_y() + v.height() - inset(keep_clear.bottom);
    Area a{v.to_data_x(left), v.to_data_x(right), v.to_data_y(bottom), v.to_data_y(top)};
    if (a.min_x > a.max_x) a.min_x = a.max_x = 0.5 * (a.min_x + a.max_x);
    if (a.min_y > a.max_y) a.min_y = a.max_y = 0.5 * (a.min_y + a.max_y);
    return a;
}
}  // namespace

double snap_to_grid(double value, double step) {
    if (!(step > 0) || !std::isfinite(value)) return value;
    const double snapped = std::round(value / step) * step;
    return snapped == 0.0 ? 0.0 : snapped;  // never "-0"
}

CursorPoint cursor_inside(const View& view, CursorPoint p, const FitInsets& keep_clear) {
    const double step = view.minor_step();
    const Area area = cursor_area(view, keep_clear);
    if (!std::isfinite(p.x) || !std::isfinite(p.y)) {
        p.x = 0.5 * (view.min_x() + view.max_x());
        p.y = 0.5 * (view.min_y() + view.max_y());
    }
    double x0, x1, y0, y1;
    grid_range(area.min_x, area.max_x, step, x0, x1);
    grid_range(area.min_y, area.max_y, step, y0, y1);
    return {std::fmin(std::fmax(snap_to_grid(p.x, step), x0), x1), std::fmin(std::fmax(snap_to_grid(p.y, step), y0), y1)};
}

CursorMove move_cursor(const View& view, const ViewState& state, CursorPoint from, int dx, int dy, int lines,
                       const FitInsets& keep_clear) {
    const double step = view.minor_step();
    const Area area = cursor_area(view, keep_clear);
    const CursorPoint start = cursor_inside(view, from, keep_clear);
    // Count in whole grid lines, so many steps never drift off the grid.
    CursorMove out;
    out.cursor.x = snap_to_grid((std::round(start.x / step) + dx * lines) * step, step);
    out.cursor.y = snap_to_grid((std::round(start.y / step) + dy * lines) * step, step);
    out.view = state;
    double x0, x1, y0, y1;
    grid_range(area.min_x, area.max_x, step, x0, x1);
    grid_range(area.min_y, area.max_y, step, y0, y1);
    // Past the last line inside the area: the view follows by the overshoot.
    const double shift_x = out.cursor.x > x1 ? out.cursor.x - x1 : out.cursor.x < x0 ? out.cursor.x - x0 : 0.0;
    const double shift_y = out.cursor.y > y1 ? out.cursor.y - y1 : out.cursor.y < y0 ? out.cursor.y - y0 : 0.0;
    if (shift_x != 0.0 || shift_y != 0.0) {
        out.view.center_x += shift_x;
        out.view.center_y += shift_y;
        out.view_changed = true;
    }
    return out;
}

ViewState zoom_view_at(const ViewState& state, CursorPoint anchor, double factor) {
    ViewState v = state;
    v.span = state.span * factor;
    v.center_x = anchor.x + (state.center_x - anchor.x) * factor;
    v.center_y = anchor.y + (state.center_y - anchor.y) * factor;
    return v;
}

}  // namespace pl::app
