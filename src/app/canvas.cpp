#include "app/canvas.hpp"

#include "app/canvas_draw.hpp"
#include "app/canvas_overlays.hpp"
#include "app/theme.hpp"

namespace pl::app {

void Canvas::start_update_animation(const Update& update) {
    if (!update.mistake || update.w_before.size() < 2) return;
    animated_ = update;
    animation_time_ = 0.0f;
}

void Canvas::draw(Session& session, ModelCache& models, float dt, bool training_running) {
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 size = ImGui::GetContentRegionAvail();
    if (size.x < 4 || size.y < 4) return;
    view_.fit(session.state().view, origin.x, origin.y, size.x, size.y);
    ImGui::InvisibleButton("##canvas", size,
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
    input_.handle(session, view_, ImGui::IsItemHovered(), ImGui::IsItemActive());
    view_.fit(session.state().view, origin.x, origin.y, size.x, size.y);  // a zoom or pan just now
    const FrameModel& model = models.update(session);

    if (animation_time_ >= 0.0f) {
        animation_time_ += dt;
        if (animation_time_ > kAnimationSeconds) { animation_time_ = -1.0f; animated_.reset(); }
    }
    if (model.online_serial != online_serial_seen_) { online_serial_seen_ = model.online_serial; online_age_ = 0.0f; }
    else if (online_age_ >= 0.0f) online_age_ += dt;

    const PanelState& panels = model.state().panels;
    const Palette& colors = palette(panels.dark);
    ImDrawList* draw = ImGui::GetWindowDrawList();
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
        if (!animated_) draw_weight_arrow(o, *model.line);  // the animation draws w itself
    }
    draw_points(o, model, input_.hovered_point(), input_.selected());
    if (field_drawn_by_gpu_) draw_legend(o, model);
    if (animated_) draw_update_animation(o, model, *animated_, animation_time_ / kAnimationSeconds);
    draw_status(o, model, online_fade_running(), field_drawn_by_gpu_ ? field_.notice() : std::string());
    draw->PopClipRect();
}

}  // namespace pl::app
