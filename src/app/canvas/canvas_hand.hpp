// Hand mode on the canvas (core/learn/threshold_unit.hpp): w is drawn from the origin at its true length and
// its tip is a handle (drag it to set w); the threshold's handle is a diamond where the line w.x = k
// comes nearest the origin, at distance k/|w| (drag it along w to set k). Both snap to kHandStep.
// Drawing is pure; the input code (canvas_input.cpp) asks grip_at and dragged_unit.
#pragma once
#include "app/base/view.hpp"
#include "core/learn/threshold_unit.hpp"
#include "imgui.h"

namespace pl {
struct Scene;  // core/scene/scene.hpp
}  // namespace pl

namespace pl::app {

struct Overlay;     // canvas_overlays.hpp (not included: the input code needs only the handles)

enum class HandGrip { None, Weight, Threshold };

struct HandHandles {
    ImVec2 origin, tip;       // w from the origin to its tip, on screen
    bool has_foot = false;    // false when w = 0 (no line)
    ImVec2 foot;              // the threshold's handle
};
HandHandles hand_handles(const View& view, const WidgetState& state);
// The handle within `radius` pixels of p (w's tip first), or None.
HandGrip grip_at(const HandHandles& handles, ImVec2 p, float radius);
// The unit after `grip` was dragged to the screen position p (snapped).
HandUnit dragged_unit(const View& view, const WidgetState& state, HandGrip grip, ImVec2 p);

inline constexpr float kHandleRadius = 9.0f;  // drawn size of w's tip handle (the diamond is the same)
// The arrow, the two handles with "w = (…)" and "k = …" beside them, and the distance k/|w| from the
// origin to the line (dashed). The test build's probe names the handles "hand-w" and "hand-k".
void draw_hand_unit(const Overlay& o, const Scene& model, HandGrip active);

}  // namespace pl::app
