// What the canvas shows while it has the keyboard: a focus ring along its edge and the cursor the arrow
// keys move (a ring with a cross, on a halo so it shows on any region), labelled with its coordinates
// and the point under it. The label is also the test probe's "cursor" text. Pure drawing.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

#include "app/canvas/canvas_overlays.hpp"
#include "app/canvas/keyboard_cursor.hpp"
#include "core/learn/dataset.hpp"

namespace pl::app {

// "(0.4, −1.2)", and "(1, 2) · point 1, +1" when the cursor is on a point (numbered from 1).
std::string cursor_label(CursorPoint cursor, const Dataset& data, std::optional<std::size_t> point);
void draw_keyboard_focus_ring(const Overlay& o);
// The cursor's drawing reaches this far from its centre (its arms, on their halo).
inline constexpr float kCursorReach = 18.0f;
// `overlays`: the strips along the canvas's edges its buttons and texts take (canvas_insets.hpp). The
// label goes right of and above the cursor, flipped left or below where it would leave the canvas or
// reach into them.
void draw_keyboard_cursor(const Overlay& o, CursorPoint cursor, const std::string& label, const FitInsets& overlays);

}  // namespace pl::app
