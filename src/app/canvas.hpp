// The 2-D canvas: the points, the hyperplane and w, margins, hulls, the update animation, and every
// mouse/touch edit (click adds, drag moves or pans, wheel zooms). An InvisibleButton takes the input
// and the window's draw list takes the drawing (Dear ImGui's custom-canvas pattern).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/field_renderer.hpp"
#include "app/view.hpp"
#include "core/session.hpp"
#include "imgui.h"

namespace pl::app {

struct Palette;

// The hyperplane a*x1 + b*x2 + c = 0 of a linear field on raw 2-D (or 1-D) input.
struct Line2D { double a = 0, b = 0, c = 0; };
std::optional<Line2D> linear_boundary(const DecisionField& field);

class Canvas {
public:
    // Draws the canvas into the rest of the current window and handles its input.
    void draw(Session& session, float delta_seconds);
    bool animating() const { return animation_time_ >= 0.0f || !field_complete_; }
    void start_update_animation(const Update& update);
    std::optional<std::size_t> selected() const { return selected_; }
    void select(std::optional<std::size_t> index) { selected_ = index; }
    const View& view() const { return view_; }
    // Screen rectangle of the canvas in logical pixels (for the GPU decision field underneath).
    ImVec2 origin() const { return ImVec2(view_.origin_x(), view_.origin_y()); }
    ImVec2 size() const { return ImVec2(view_.width(), view_.height()); }
    bool field_drawn_by_gpu = false;  // this frame, the shader painted the regions
    bool training_running = false;    // set by the app: throttles expensive field re-renders
    FieldRenderer& field_renderer() { return field_renderer_; }
    FieldView current_field_view() const;  // the canvas in device pixels, as the shader sees it
    float field_scale() const { return field_scale_; }
    std::string last_online_message;  // "predicted +1, truth -1: mistake" (online mode)
    std::optional<Session::OnlineResult> last_online;
    float online_message_age = 0.0f;

private:
    void handle_input(Session& session, bool hovered, bool active);
    std::optional<std::size_t> hit_test(const Session& session, ImVec2 mouse) const;
    void draw_half_planes(ImDrawList* draw, const Line2D& line, const Palette& colors) const;
    void draw_hyperplane(ImDrawList* draw, const Line2D& line, ImU32 color, float thickness, bool dashed) const;
    void draw_weight_arrow(ImDrawList* draw, const Line2D& line, const Palette& colors) const;
    void draw_margin_band(ImDrawList* draw, const Line2D& line, double margin_distance, ImU32 color) const;
    void draw_theory_overlays(ImDrawList* draw, const Session& session, const Palette& colors) const;
    void draw_points(ImDrawList* draw, const Session& session, const Palette& colors);
    void draw_animation(ImDrawList* draw, const Session& session, const Palette& colors) const;
    void draw_status(ImDrawList* draw, const Session& session, const Palette& colors) const;
    void refresh_model_cache(const Session& session, const DecisionField& field);
    bool draw_field(ImDrawList* draw, const Session& session, const DecisionField& field, const Palette& colors);
    void draw_legend(ImDrawList* draw, const Palette& colors) const;

    View view_;
    std::optional<std::size_t> selected_, hovered_point_;
    std::optional<std::size_t> dragging_;   // point being moved
    bool panning_ = false;
    bool press_on_empty_ = false;
    ImVec2 press_pos_{};
    ViewState pan_start_{};
    // Update animation (lecture figure): w_old, +/- x, w_new, then the new line.
    std::optional<Update> animated_;
    float animation_time_ = -1.0f;
    // Cached per (model, points): which points the current answer gets wrong, and the |f| scale.
    std::vector<signed char> wrong_;
    std::uint64_t model_key_ = ~0ull;
    // GPU decision field, re-rendered only when its inputs change (see field_renderer.hpp).
    FieldRenderer field_renderer_;
    std::uint64_t field_key_ = 0;
    double field_rendered_at_ = -1.0;
    bool field_complete_ = true;  // false while a progressive repaint is under way
    float field_scale_ = 1.0f;
};

}  // namespace pl::app
