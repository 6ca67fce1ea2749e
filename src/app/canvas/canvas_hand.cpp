#include "app/canvas/canvas_hand.hpp"

#include <cmath>
#include <string>

#include "app/base/canvas_draw.hpp"
#include "app/canvas/canvas_overlays.hpp"
#include "core/scene/scene.hpp"
#include "app/base/probe.hpp"
#include "core/facts/describe.hpp"

namespace pl::app {

namespace {
ImVec2 on_screen(const View& view, const Vec& p) {
    const ScreenPoint s = view.to_screen(p[0], p.size() > 1 ? p[1] : 0.0);
    return ImVec2(s.x, s.y);
}
float distance_squared(ImVec2 a, ImVec2 b) { return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y); }

// Where a handle's label goes: right of the handle, or left of it when it would leave the canvas.
ImVec2 label_place(const View& view, ImVec2 handle, float gap, float dy, const std::string& text) {
    const float width = ImGui::CalcTextSize(text.c_str()).x;
    const float right = view.origin_x() + view.width() - 4.0f;
    const float x = handle.x + gap + width <= right ? handle.x + gap : handle.x - gap - width;
    const float top = view.origin_y() + 2.0f, bottom = view.origin_y() + view.height() - ImGui::GetFontSize() - 2.0f;
    return ImVec2(x, std::fmax(top, std::fmin(bottom, handle.y + dy)));
}
}  // namespace

HandHandles hand_handles(const View& view, const WidgetState& state) {
    HandHandles h;
    const int dim = state.data.dim;
    h.origin = on_screen(view, Vec{0.0, 0.0});
    h.tip = on_screen(view, weight_tip(state.hand, dim));
    Vec foot;
    h.has_foot = threshold_foot(state.hand, dim, foot);
    if (h.has_foot) h.foot = on_screen(view, foot);
    return h;
}

HandGrip grip_at(const HandHandles& handles, ImVec2 p, float radius) {
    const float r2 = radius * radius;
    if (distance_squared(handles.tip, p) <= r2) return HandGrip::Weight;
    if (handles.has_foot && distance_squared(handles.foot, p) <= r2) return HandGrip::Threshold;
    return HandGrip::None;
}

HandUnit dragged_unit(const View& view, const WidgetState& state, HandGrip grip, ImVec2 p) {
    const Vec at{view.to_data_x(p.x), view.to_data_y(p.y)};
    if (grip == HandGrip::Weight) return with_weight_tip(state.hand, at, state.data.dim);
    if (grip == HandGrip::Threshold) return with_threshold_through(state.hand, at, state.data.dim);
    return state.hand;
}

void draw_hand_unit(const Overlay& o, const Scene& model, HandGrip active) {
    const WidgetState& state = model.state();
    const HandHandles h = hand_handles(o.view, state);
    const Palette& colors = o.colors;
    const HandUnit& unit = state.hand;
    const bool one_d = state.data.dim < 2;

    // The threshold's place: the line is k/|w| from the origin along w (dashed), its handle a diamond.
    if (h.has_foot) {
        draw_dashed_line(o.draw, h.origin, h.foot, colors.boundary, 1.2f, 4.0f, 4.0f);
        const float d = kHandleRadius + (active == HandGrip::Threshold ? 2.0f : 0.0f);
        const ImVec2 f = h.foot;
        const ImVec2 diamond[4] = {ImVec2(f.x, f.y - d), ImVec2(f.x + d, f.y), ImVec2(f.x, f.y + d), ImVec2(f.x - d, f.y)};
        o.draw->AddConvexPolyFilled(diamond, 4, colors.canvas_bg);
        o.draw->AddPolyline(diamond, 4, colors.boundary, ImDrawFlags_Closed, 2.5f);
        const std::string k_text = "k = " + display_number(unit.k, 4);
        o.draw->AddText(label_place(o.view, f, d + 4.0f, 2.0f, k_text), colors.text, k_text.c_str());
        PL_PROBE_TEXT("hand-k", k_text, ImVec2(f.x - d, f.y - d), ImVec2(f.x + d, f.y + d));
    }
    // w from the origin at its true length (no scaling: the tip is where the drag puts it).
    draw_arrow(o.draw, h.origin, h.tip, colors.weight_arrow, 3.0f, 14.0f);
    const float r = kHandleRadius + (active == HandGrip::Weight ? 2.0f : 0.0f);
    o.draw->AddCircle(h.tip, r, colors.weight_arrow, 24, 2.5f);
    const std::string w_text = one_d ? "w = " + display_number(unit.w1, 4)
                                     : "w = (" + display_number(unit.w1, 4) + ", " + display_number(unit.w2, 4) + ")";
    o.draw->AddText(label_place(o.view, h.tip, r + 4.0f, -ImGui::GetFontSize() - 2.0f, w_text), colors.weight_arrow, w_text.c_str());
    PL_PROBE_TEXT("hand-w", w_text, ImVec2(h.tip.x - r, h.tip.y - r), ImVec2(h.tip.x + r, h.tip.y + r));
}

}  // namespace pl::app
