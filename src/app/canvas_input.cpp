#include "app/canvas_input.hpp"

#include <cmath>

namespace pl::app {

namespace {
double coord(const Vec& p, std::size_t i) { return i < p.size() ? p[i] : 0.0; }
}  // namespace

std::optional<std::size_t> CanvasInput::hit_test(const Session& session, const View& view, ImVec2 position) const {
    const auto& points = session.state().data.points;
    std::optional<std::size_t> best;
    float best_distance = kHitRadius * kHitRadius;
    for (std::size_t i = points.size(); i-- > 0;) {  // topmost (last drawn) first
        const ScreenPoint s = view.to_screen(coord(points[i], 0), coord(points[i], 1));
        const float dx = s.x - position.x, dy = s.y - position.y;
        const float d = dx * dx + dy * dy;
        if (d < best_distance) { best_distance = d; best = i; }
    }
    return best;
}

// Zoom around the cursor, keeping the data point under it fixed. The session clamps the span to its
// limits; the centre follows the span that was actually accepted.
void CanvasInput::zoom(Session& session, const View& view, ImVec2 mouse, float wheel) {
    const ViewState before = session.state().view;
    const double mx = view.to_data_x(mouse.x), my = view.to_data_y(mouse.y);
    ViewState v = before;
    v.span = before.span * std::pow(kWheelZoomStep, -static_cast<double>(wheel));
    session.set_view(v);
    const double ratio = session.state().view.span / before.span;
    v = session.state().view;
    v.center_x = mx + (before.center_x - mx) * ratio;
    v.center_y = my + (before.center_y - my) * ratio;
    session.set_view(v);
}

// Online mode: the model predicts the point before it learns the label; the verdict is kept by the
// session (Session::last_online), so every way of adding shows it.
void CanvasInput::add_point(Session& session, const View& view, ImVec2 mouse, int label) {
    const Vec x{view.to_data_x(mouse.x), view.to_data_y(mouse.y)};
    if (session.state().online_mode) session.online_add(x, label);
    else session.add_point(x, label);
}

void CanvasInput::handle(Session& session, const View& view, bool hovered, bool active) {
    ImGuiIO& io = ImGui::GetIO();
    const ImVec2 mouse = io.MousePos;
    hovered_point_ = hovered ? hit_test(session, view, mouse) : std::nullopt;
    const bool readonly = session.state().readonly;

    if (hovered && io.MouseWheel != 0.0f) zoom(session, view, mouse, io.MouseWheel);

    const bool left_pressed = hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left);
    const bool right_pressed = hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Right);
    const bool middle_pressed = hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Middle);

    if (left_pressed) {
        press_pos_ = mouse;
        const auto hit = hovered_point_;
        if (hit && io.KeyCtrl && !readonly) {            // ctrl-click removes
            session.remove_point(*hit);
            selected_.reset();
            press_on_empty_ = false;
        } else if (hit) {                                 // click selects, drag moves
            selected_ = hit;
            dragging_ = readonly ? std::nullopt : hit;
            if (dragging_) session.begin_move(*dragging_);
            press_on_empty_ = false;
        } else {                                          // empty: a tap adds, a drag pans
            press_on_empty_ = true;
            pan_start_ = session.state().view;
        }
    }
    if (middle_pressed) { panning_ = true; press_pos_ = mouse; pan_start_ = session.state().view; }

    if (active && ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        const float dx = mouse.x - press_pos_.x, dy = mouse.y - press_pos_.y;
        const bool moved = dx * dx + dy * dy > kDragThreshold * kDragThreshold;
        if (dragging_ && moved) {
            session.move_point(*dragging_, {view.to_data_x(mouse.x), view.to_data_y(mouse.y)});
        } else if (press_on_empty_ && moved) {
            panning_ = true;
        }
    }
    if (panning_ && (ImGui::IsMouseDown(ImGuiMouseButton_Left) || ImGui::IsMouseDown(ImGuiMouseButton_Middle))) {
        ViewState v = pan_start_;
        v.center_x -= (mouse.x - press_pos_.x) / view.pixels_per_unit();
        v.center_y += (mouse.y - press_pos_.y) / view.pixels_per_unit();
        session.set_view(v);
    }

    if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) || ImGui::IsMouseReleased(ImGuiMouseButton_Middle)) {
        if (dragging_) { session.end_move(); dragging_.reset(); }
        if (press_on_empty_ && !panning_ && hovered && !readonly) {
            const int label = io.KeyShift ? -session.state().active_label : session.state().active_label;
            add_point(session, view, mouse, label);
            selected_.reset();
        }
        press_on_empty_ = false;
        panning_ = false;
    }
    // Right click adds the other class (touch screens use the +1/-1 toggle instead).
    if (right_pressed && !hovered_point_ && !readonly) add_point(session, view, mouse, -session.state().active_label);
    if (selected_ && *selected_ >= session.state().data.size()) selected_.reset();
}

}  // namespace pl::app
