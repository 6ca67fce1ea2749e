// The keyboard cursor's pure rules (keyboard_cursor.hpp): it steps along the canvas's minor grid lines,
// ten at a time with Shift, never drifts off the grid, pans the view when it walks past the edge, and a
// zoom keeps the point under it in place. Grid steps are computed by hand from View's tick rule.
#include <doctest/doctest.h>

#include <cmath>

#include "app/canvas/keyboard_cursor.hpp"

namespace pl::app {
namespace {
// A 700 x 700 px canvas showing span 7 around (cx, cy): 100 px per unit, so ticks every 1 (the first
// nice step of at least 56 px) and minor grid lines every 0.2.
View canvas_at(double cx, double cy, double span = 7.0) {
    View v;
    v.fit(ViewState{cx, cy, span}, 0, 0, 700, 700);
    return v;
}
}  // namespace

TEST_CASE("the grid: minor lines every fifth of a tick step, snapping rounds to the nearest line") {
    const View v = canvas_at(0, 0);
    CHECK(v.tick_step() == doctest::Approx(1.0));
    CHECK(v.minor_step() == doctest::Approx(0.2));
    CHECK(canvas_at(0, 0, 70).minor_step() == doctest::Approx(2.0));   // 10 px per unit: ticks every 10
    CHECK(snap_to_grid(0.31, 0.2) == doctest::Approx(0.4));
    CHECK(snap_to_grid(-0.29, 0.2) == doctest::Approx(-0.2));
    CHECK(snap_to_grid(-0.05, 0.2) == 0.0);
    CHECK_FALSE(std::signbit(snap_to_grid(-0.05, 0.2)));  // "0", never "-0" in the cursor's label
}

TEST_CASE("the cursor appears on the grid crossing nearest the view's centre") {
    const CursorPoint c = cursor_inside(canvas_at(0.35, -0.75), {std::nan(""), std::nan("")});
    CHECK(c.x == doctest::Approx(0.4));   // 0.35 / 0.2 = 1.75: line 2
    CHECK(c.y == doctest::Approx(-0.8));  // -3.75: line -4
    // A cursor left outside the view (after a pan) comes back to the nearest line inside: x <= 3.4.
    const CursorPoint back = cursor_inside(canvas_at(0, 0), {10.0, 0.0});
    CHECK(back.x == doctest::Approx(3.4));
    CHECK(back.y == 0.0);
}

TEST_CASE("arrow keys: one grid line, ten with Shift, up is +y, many steps land exactly on the grid") {
    const View v = canvas_at(0, 0);
    const ViewState state{0, 0, 7};
    CursorMove m = move_cursor(v, state, {0, 0}, +1, 0, 1);
    CHECK(m.cursor.x == doctest::Approx(0.2));
    CHECK(m.cursor.y == 0.0);
    CHECK_FALSE(m.view_changed);
    m = move_cursor(v, state, {0, 0}, 0, +1, 10);
    CHECK(m.cursor.y == doctest::Approx(2.0));
    m = move_cursor(v, state, {0, 0}, -1, -1, 1);
    CHECK(m.cursor.x == doctest::Approx(-0.2));
    CHECK(m.cursor.y == doctest::Approx(-0.2));
    CursorPoint c{0, 0};
    for (int i = 0; i < 15; ++i) c = move_cursor(v, state, c, +1, 0, 1).cursor;
    CHECK(c.x == 3.0);  // counted in lines: 15 x 0.2 is exactly 3 (adding 0.2 fifteen times is not)
}

TEST_CASE("past the edge of the view the view follows the cursor by the overshoot") {
    const View v = canvas_at(0, 0);  // x from -3.5 to 3.5: the last line inside is 3.4
    const CursorMove right = move_cursor(v, ViewState{0, 0, 7}, {3.4, 0}, +1, 0, 1);
    CHECK(right.cursor.x == doctest::Approx(3.6));
    CHECK(right.view_changed);
    CHECK(right.view.center_x == doctest::Approx(0.2));
    CHECK(right.view.center_y == 0.0);
    CHECK(right.view.span == 7.0);
    const CursorMove down = move_cursor(v, ViewState{0, 0, 7}, {0, -3.4}, 0, -1, 10);  // ten lines: 2 units
    CHECK(down.cursor.y == doctest::Approx(-5.4));
    CHECK(down.view.center_y == doctest::Approx(-2.0));
}

TEST_CASE("zooming at the cursor keeps the point under it where it was on the screen") {
    const ViewState before{0, 0, 7};
    const ViewState after = zoom_view_at(before, {1.0, 1.0}, 0.5);
    CHECK(after.span == doctest::Approx(3.5));
    CHECK(after.center_x == doctest::Approx(0.5));
    CHECK(after.center_y == doctest::Approx(0.5));
    View a, b;
    a.fit(before, 0, 0, 700, 700);
    b.fit(after, 0, 0, 700, 700);
    CHECK(a.to_screen(1, 1).x == doctest::Approx(b.to_screen(1, 1).x));
    CHECK(a.to_screen(1, 1).y == doctest::Approx(b.to_screen(1, 1).y));
    CHECK(b.minor_step() == doctest::Approx(0.1));  // 200 px per unit: ticks every 0.5
}

}  // namespace pl::app
