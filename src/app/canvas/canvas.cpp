#include "app/canvas/canvas.hpp"

#include <algorithm>
#include <cmath>

#include "app/canvas/canvas_controls.hpp"
#include "app/canvas/canvas_cursor.hpp"
#include "app/base/canvas_draw.hpp"
#include "app/canvas/canvas_hand.hpp"
#include "app/canvas/canvas_insets.hpp"
#include "app/canvas/canvas_overlays.hpp"
#include "app/canvas/canvas_svm.hpp"
#include "app/canvas/canvas_update_gain.hpp"
#include "app/base/theme.hpp"
#include "imgui_internal.h"

namespace pl::app {

void Canvas::start_update_animation(const Update& update) {
    if (reduced_motion_ || !update.mistake || update.w_before.size() < 2) return;
    animated_ = update;
    animation_time_ = 0.0f;
}

void Canvas::fit_view(Session& session) {
    const bool drawn = view_.width() > 1.0f && view_.height() > 1.0f;
    if (drawn) fit_to(session, shape_);
    else fit_requested_ = true;
}

void Canvas::fit_to(Session& session, const CanvasShape& shape) {
    session.fit_view_to_data(shape);
    fitted_for_ = shape;
}

void Canvas::keep_view_fitted(Session& session, const CanvasShape& shape) {
    if (shape == shape_) return;
    const CanvasShape before = shape_;
    shape_ = shape;
    const Dataset& data = session.state().data;
    const ViewState& view = session.state().view;
    const auto fitted_to = [&](const CanvasShape& s) {
        const ViewState fit = pl::fit_view(data, s);
        return fit.center_x == view.center_x && fit.center_y == view.center_y && fit.span == view.span;
    };
    // Fitted here (Fit, a data set that came before the first frame), or by the session to the shape it
    // was told last frame (a preset or an import since).
    std::optional<CanvasShape> fitted;
    if (fitted_for_ && fitted_to(*fitted_for_)) fitted = fitted_for_;
    else if (fitted_to(before)) fitted = before;
    fitted_for_ = fitted;
    if (!fitted) return;
    const FitInsets &now = shape.insets, &then = fitted->insets;
    const bool resized = shape.width != fitted->width || shape.height != fitted->height;
    const bool grew = now.left > then.left || now.top > then.top || now.right > then.right || now.bottom > then.bottom;
    if (resized || grew) fit_to(session, shape);
}

// [SECTION] keyboard cursor
FitInsets Canvas::cursor_keep_clear() const {
    // The sides have no overlay, but the focus ring runs along them: the cursor stays whole beside it.
    return {kCursorReach, overlays_.top + kCursorReach, kCursorReach, overlays_.bottom + kCursorReach};
}

void Canvas::move_cursor(Session& session, int dx, int dy, int lines) {
    const CursorMove move = pl::app::move_cursor(view_, session.state().view, cursor_, dx, dy, lines, cursor_keep_clear());
    if (move.view_changed) {
        session.set_view(move.view);
        view_.fit(session.state().view, view_.origin_x(), view_.origin_y(), view_.width(), view_.height());
    }
    cursor_ = cursor_inside(view_, move.cursor, cursor_keep_clear());  // the session may have refused part of the pan
}

void Canvas::zoom_at_cursor(Session& session, double factor) {
    cursor_ = cursor_inside(view_, cursor_, cursor_keep_clear());
    const ViewState before = session.state().view;
    session.set_view(zoom_view_at(before, cursor_, factor));
    // The session keeps the span within its limits: zoom by what it accepted, about the same point.
    session.set_view(zoom_view_at(before, cursor_, session.state().view.span / before.span));
    view_.fit(session.state().view, view_.origin_x(), view_.origin_y(), view_.width(), view_.height());
}

void Canvas::add_at_cursor(Session& session, int label) {
    cursor_ = cursor_inside(view_, cursor_, cursor_keep_clear());
    CanvasInput::add_point_at(session, {cursor_.x, cursor_.y}, label);
}

std::optional<std::size_t> Canvas::point_at_cursor(const Session& session) const {
    if (!std::isfinite(cursor_.x)) return std::nullopt;
    const ScreenPoint s = view_.to_screen(cursor_.x, cursor_.y);
    const float grid_pixels = static_cast<float>(view_.minor_step() * view_.pixels_per_unit());
    return input_.hit_test(session, view_, ImVec2(s.x, s.y), std::max(CanvasInput::kHitRadius, 0.75f * grid_pixels));
}

void Canvas::push_finger(const FingerEvent& event) {
    if (fingers_.size() >= kMaxQueuedFingers) fingers_.erase(fingers_.begin());
    fingers_.push_back(event);
}

void Canvas::draw(Session& session, SceneCache& models, float dt, const RunState& run) {
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 size = ImGui::GetContentRegionAvail();
    if (size.x < 4 || size.y < 4) { fingers_.clear(); return; }
    view_.fit(session.state().view, origin.x, origin.y, size.x, size.y);
    const PanelState& panels = session.state().panels;
    CanvasControlsInput controls_input;
    controls_input.active_label = session.state().active_label;
    controls_input.readonly = session.state().readonly;
    controls_input.finger_sized = touch_.finger_seen;
    controls_input.tooltips = !touch_.mouse_from_finger;
    // What the overlays take along the edges: the buttons, the legend (reserved while the regions are
    // on: it comes with the first training), and the texts at the bottom as they were last drawn.
    OverlayTexts texts;
    texts.status = models.current().status;
    texts.field_notice = field_drawn_by_gpu_ ? field_.notice() : std::string();
    if (has_keys_) texts.keys_hint = kCanvasKeysHint;
    if (session.state().online_mode) texts.online = models.current().online_message;
    const OverlayBands bands = overlay_bands(view_, controls_input, panels.field, texts);
    overlays_ = FitInsets{0.0, bands.top, 0.0, bands.bottom};
    const CanvasShape shape = fit_shape(view_, bands);
    // A new data set (a preset, a generated set, an import) is shown whole; a loaded link keeps its view.
    // The session fits it at once once it knows the canvas's shape; a data set that came earlier waits here.
    keep_view_fitted(session, shape);
    session.set_screen_shape(shape);
    if (session.fit_pending() || fit_requested_) {
        fit_requested_ = false;
        fit_to(session, shape);
    }
    view_.fit(session.state().view, origin.x, origin.y, size.x, size.y);
    const Palette& colors = active_palette();
    ImDrawList* draw = ImGui::GetWindowDrawList();

    // The buttons on the canvas go first, so they own the hover over their rectangles; their channel is
    // drawn over the canvas's.
    ImDrawListSplitter layers;
    layers.Split(draw, 2);
    layers.SetCurrentChannel(draw, 1);
    const CanvasControls controls = draw_canvas_controls(view_, colors, controls_input);
    if (controls.switch_class) session.set_active_label(-session.state().active_label);
    if (controls.fit) fit_to(session, shape);
    layers.SetCurrentChannel(draw, 0);

    ImGui::SetCursorScreenPos(origin);
    ImGui::InvisibleButton("##canvas", size,
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
    // The canvas is one stop of the Tab order; while it has the keys it holds Dear ImGui's focus, so
    // the next Tab continues from here.
    item_id_ = ImGui::GetItemID();
    if (has_keys_ && GImGui->NavId != item_id_) ImGui::SetFocusID(item_id_, ImGui::GetCurrentWindow());
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
    input_.handle_touch(session, view_, fingers_, on_canvas, touch_.page_scrolls, ImGui::GetTime());
    fingers_.clear();
    view_.fit(session.state().view, origin.x, origin.y, size.x, size.y);  // a zoom or pan just now
    const Scene& model = models.update(session);
    std::optional<std::size_t> cursor_point;
    if (has_keys_) {
        cursor_ = cursor_inside(view_, cursor_, cursor_keep_clear());  // a zoom, a pan or a resize may have moved the view
        cursor_point = point_at_cursor(session);
    }

    if (animation_time_ >= 0.0f) {
        animation_time_ += dt;
        if (animation_time_ > kAnimationSeconds) { animation_time_ = -1.0f; animated_.reset(); }
    }
    if (model.online_serial != online_serial_seen_) { online_serial_seen_ = model.online_serial; online_age_ = 0.0f; }
    else if (online_age_ >= 0.0f) online_age_ += dt;

    const Overlay o{draw, view_, colors};
    draw->PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);

    // Field layer: the regions per pixel, or (no GPU path) the two half planes of a line.
    field_.warm_up(draw, view_, model.field);
    field_drawn_by_gpu_ = model.trained && panels.field && field_.draw(draw, view_, model, colors, run.running);
    if (!field_drawn_by_gpu_) draw->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), colors.canvas_bg);
    if (model.line && model.trained && !field_drawn_by_gpu_ && panels.field) draw_half_planes(o, *model.line);

    // Overlays, back to front.
    draw_grid_and_axes(draw, view_, colors);
    draw_theory_overlays(o, model);
    draw_svm_overlay(o, model);  // the SVM section's line, band and support vectors (canvas_svm.hpp)
    if (!reduced_motion_) draw_trail(o, model);
    if (model.line && model.trained) {
        const AnswerMargins& m = model.facts.margins;
        if (panels.margin_band && m.input_defined && m.input_geometric > 0)
            draw_margin_band(o, *model.line, m.input_geometric, colors.margin);
        draw_hyperplane(o, *model.line, colors.boundary, 2.5f, false);
        if (!animated_ && !model.hand) draw_weight_arrow(o, *model.line);  // the animation draws w itself
    }
    points_.draw(draw, view_, model, colors, session.data_revision());
    draw_points(o, model, cursor_point ? cursor_point : input_.hovered_point(), input_.selected());
    draw_test_points(o, model, input_.hovered_test_point());
    next_visit_ring_.draw(o, session, run.training_held);  // a lesson's predict step: the point it asks about
    if (model.hand) draw_hand_unit(o, model, input_.hand_grip());  // over the points: its handles come first
    if (field_drawn_by_gpu_) draw_legend(o, model);
    if (animated_) draw_update_animation(o, model, *animated_, animation_time_ / kAnimationSeconds);
    draw_update_gain(o, model);  // the visited point's y·f before and after, animated or not
    const std::string keys_hint = has_keys_ ? kCanvasKeysHint : "";
    draw_status(o, model, online_fade_running(), field_drawn_by_gpu_ ? field_.notice() : std::string(), keys_hint, controls.bottom + 8.0f);
    if (page_hint_showing()) draw_page_scroll_hint(o);
    if (has_keys_) {
        draw_keyboard_focus_ring(o);
        draw_keyboard_cursor(o, cursor_, cursor_label(cursor_, session.state().data, cursor_point), overlays_);
    }
    draw->PopClipRect();
    layers.Merge(draw);
}

}  // namespace pl::app
