#include "app/canvas.hpp"

#include <cmath>

#include "app/canvas_controls.hpp"
#include "app/canvas_draw.hpp"
#include "app/canvas_hand.hpp"
#include "app/canvas_overlays.hpp"
#include "app/theme.hpp"

namespace pl::app {

void Canvas::start_update_animation(const Update& update) {
    if (!update.mistake || update.w_before.size() < 2) return;
    animated_ = update;
    animation_time_ = 0.0f;
}

void Canvas::fit_view(Session& session) {
    const bool drawn = view_.width() > 1.0f && view_.height() > 1.0f;
    if (drawn) session.fit_view_to_data(static_cast<double>(view_.width()) / static_cast<double>(view_.height()));
    else fit_requested_ = true;
}

void Canvas::push_finger(const FingerEvent& event) {
    if (fingers_.size() >= kMaxQueuedFingers) fingers_.erase(fingers_.begin());
    fingers_.push_back(event);
}

void Canvas::draw(Session& session, ModelCache& models, float dt, bool training_running) {
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 size = ImGui::GetContentRegionAvail();
    if (size.x < 4 || size.y < 4) { fingers_.clear(); return; }
    // A new data set (a preset, a generated set, an import) is shown whole; a loaded link keeps its view.
    // The session fits it at once once it knows the canvas's shape; a data set that came earlier waits here.
    session.set_screen_aspect(static_cast<double>(size.x) / static_cast<double>(size.y));
    if (session.fit_pending() || fit_requested_) {
        fit_requested_ = false;
        session.fit_view_to_data(static_cast<double>(size.x) / static_cast<double>(size.y));
    }
    view_.fit(session.state().view, origin.x, origin.y, size.x, size.y);
    const PanelState& panels = session.state().panels;
    const Palette& colors = palette(panels.dark);
    ImDrawList* draw = ImGui::GetWindowDrawList();

    // The buttons on the canvas go first, so they own the hover over their rectangles; their channel is
    // drawn over the canvas's.
    ImDrawListSplitter layers;
    layers.Split(draw, 2);
    layers.SetCurrentChannel(draw, 1);
    CanvasControlsInput controls_input;
    controls_input.active_label = session.state().active_label;
    controls_input.readonly = session.state().readonly;
    controls_input.finger_sized = touch_.finger_seen;
    controls_input.tooltips = !touch_.mouse_from_finger;
    const CanvasControls controls = draw_canvas_controls(view_, colors, controls_input);
    if (controls.switch_class) session.set_active_label(-session.state().active_label);
    if (controls.fit) session.fit_view_to_data(static_cast<double>(size.x) / static_cast<double>(size.y));
    layers.SetCurrentChannel(draw, 0);

    ImGui::SetCursorScreenPos(origin);
    ImGui::InvisibleButton("##canvas", size,
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
    // A finger's emulated mouse must not edit a second time: touch goes through the gestures only.
    if (touch_.mouse_from_finger) input_.clear_hover();
    else input_.handle(session, view_, ImGui::IsItemHovered(), ImGui::IsItemActive());
    const bool hovered_for_touch = ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem);
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const auto on_canvas = [&](float x, float y) {
        if (x < origin.x || y < origin.y || x >= origin.x + size.x || y >= origin.y + size.y) return false;
        if (controls.covers(ImVec2(x, y))) return false;
        // The first finger is Dear ImGui's mouse this frame: ImGui knows whether a popup or a window
        // lies over the canvas there. Other fingers: the rectangle decides.
        if (std::fabs(mouse.x - x) < 1.0f && std::fabs(mouse.y - y) < 1.0f) return hovered_for_touch;
        return true;
    };
    view_.fit(session.state().view, origin.x, origin.y, size.x, size.y);  // a fit just now
    input_.handle_touch(session, view_, fingers_, on_canvas, ImGui::GetTime());
    fingers_.clear();
    view_.fit(session.state().view, origin.x, origin.y, size.x, size.y);  // a zoom or pan just now
    const FrameModel& model = models.update(session);

    if (animation_time_ >= 0.0f) {
        animation_time_ += dt;
        if (animation_time_ > kAnimationSeconds) { animation_time_ = -1.0f; animated_.reset(); }
    }
    if (model.online_serial != online_serial_seen_) { online_serial_seen_ = model.online_serial; online_age_ = 0.0f; }
    else if (online_age_ >= 0.0f) online_age_ += dt;

    const Overlay o{draw, view_, colors};
    draw->PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);

    // Field layer: the regions per pixel, or (no GPU path) the two half planes of a line.
    field_drawn_by_gpu_ = model.trained && panels.field && field_.draw(draw, view_, model, colors, training_running);
    if (!field_drawn_by_gpu_) draw->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), colors.canvas_bg);
    if (model.line && model.trained && !field_drawn_by_gpu_ && panels.field) draw_half_planes(o, *model.line);

    // Overlays, back to front.
    draw_grid_and_axes(draw, view_, colors);
    draw_theory_overlays(o, model);
    draw_trail(o, model);
    if (model.line && model.trained) {
        const AnswerMargins& m = model.facts.margins;
        if (panels.margin_band && m.input_defined && m.input_geometric > 0)
            draw_margin_band(o, *model.line, m.input_geometric, colors.margin);
        draw_hyperplane(o, *model.line, colors.boundary, 2.5f, false);
        if (!animated_ && !model.hand) draw_weight_arrow(o, *model.line);  // the animation draws w itself
    }
    draw_points(o, model, input_.hovered_point(), input_.selected());
    draw_test_points(o, model, input_.hovered_test_point());
    if (model.hand) draw_hand_unit(o, model, input_.hand_grip());  // over the points: its handles come first
    if (field_drawn_by_gpu_) draw_legend(o, model);
    if (animated_) draw_update_animation(o, model, *animated_, animation_time_ / kAnimationSeconds);
    draw_status(o, model, online_fade_running(), field_drawn_by_gpu_ ? field_.notice() : std::string(), controls.bottom + 8.0f);
    draw->PopClipRect();
    layers.Merge(draw);
}

}  // namespace pl::app
