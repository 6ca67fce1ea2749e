// The keyboard cursor of the canvas: a point in data coordinates that the arrow keys move from one
// minor grid line to the next (View::minor_step, the lines the canvas draws), ten lines at a time
// with Shift. It always sits on a grid crossing inside the visible area; a step past the edge pans
// the view along with it. Plain math on View and ViewState (no ImGui), unit-tested in
// tests/app/canvas/test_keyboard_cursor.cpp.
#pragma once
#include "app/base/view.hpp"
#include "core/session/view_fit.hpp"
#include "core/state/widget_state.hpp"

namespace pl::app {

struct CursorPoint {
    double x = 0, y = 0;
};

struct CursorMove {
    CursorPoint cursor;
    ViewState view;  // the view after the move (unchanged unless the cursor left the visible area)
    bool view_changed = false;
};

// `value` on the nearest multiple of `step` (step > 0).
double snap_to_grid(double value, double step);

// `keep_clear`: pixels along the canvas's edges where the cursor does not go, because the canvas draws
// its buttons and texts there (canvas_insets.hpp); the rest is the cursor's area.

// The grid crossing inside the cursor's area nearest to `p` (the view's centre when the canvas has
// not been seen by the cursor yet): where the cursor appears, and where it goes after a zoom or pan.
CursorPoint cursor_inside(const View& view, CursorPoint p, const FitInsets& keep_clear = {});

// `dx`, `dy` in {-1, 0, 1} (screen directions: +dy is up), `lines` grid lines at a time. `view` is the
// canvas as drawn from `state`. A step past the cursor's area pans the view.
CursorMove move_cursor(const View& view, const ViewState& state, CursorPoint from, int dx, int dy, int lines,
                       const FitInsets& keep_clear = {});

// The view zoomed by `factor` (< 1 zooms in) so that `anchor` stays where it is on the screen.
ViewState zoom_view_at(const ViewState& state, CursorPoint anchor, double factor);

}  // namespace pl::app
