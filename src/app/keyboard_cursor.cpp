#include "app/keyboard_cursor.hpp"

#include <cmath>

namespace pl::app {

namespace {
// The first and last grid lines of step `step` inside [low, high] (an empty range gives the middle line).
void grid_range(double low, double high, double step, double& first, double& last) {
    first = std::ceil(low / step - 1e-9) * step;
    last = std::floor(high / step + 1e-9) * step;
    if (first > last) first = last = snap_to_grid(0.5 * (low + high), step);
}
}  // namespace

double snap_to_grid(double value, double step) {
    if (!(step > 0) || !std::isfinite(value)) return value;
    const double snapped = std::round(value / step) * step;
    return snapped == 0.0 ? 0.0 : snapped;  // never "-0"
}

CursorPoint cursor_inside(const View& view, CursorPoint p) {
    const double step = view.minor_step();
    if (!std::isfinite(p.x) || !std::isfinite(p.y)) {
        p.x = 0.5 * (view.min_x() + view.max_x());
        p.y = 0.5 * (view.min_y() + view.max_y());
    }
    double x0, x1, y0, y1;
    grid_range(view.min_x(), view.max_x(), step, x0, x1);
    grid_range(view.min_y(), view.max_y(), step, y0, y1);
    return {std::fmin(std::fmax(snap_to_grid(p.x, step), x0), x1), std::fmin(std::fmax(snap_to_grid(p.y, step), y0), y1)};
}

CursorMove move_cursor(const View& view, const ViewState& state, CursorPoint from, int dx, int dy, int lines) {
    const double step = view.minor_step();
    const CursorPoint start = cursor_inside(view, from);
    // Count in whole grid lines, so many steps never drift off the grid.
    CursorMove out;
    out.cursor.x = snap_to_grid((std::round(start.x / step) + dx * lines) * step, step);
    out.cursor.y = snap_to_grid((std::round(start.y / step) + dy * lines) * step, step);
    out.view = state;
    double x0, x1, y0, y1;
    grid_range(view.min_x(), view.max_x(), step, x0, x1);
    grid_range(view.min_y(), view.max_y(), step, y0, y1);
    // Past the last line inside the view: the view follows by the overshoot.
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
