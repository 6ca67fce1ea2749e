// [SECTION] includes
#include "app/app.hpp"

#include <algorithm>
#include <cmath>

#include "app/canvas_draw.hpp"
#include "app/theme.hpp"
#include "imgui.h"

namespace pl::app {

// [SECTION] life cycle
App::App(const AppOptions& /*options*/) {
    state_.data.dim = 2;
}

App::~App() = default;

bool App::needs_frame() const { return redraw_frames_ > 0; }
void App::request_redraw(int frames) { redraw_frames_ = std::max(redraw_frames_, frames); }
void App::after_frame() {
    ++frames_drawn_;
    if (redraw_frames_ > 0) --redraw_frames_;
}
void App::changed() {
    ++revision_;
    request_redraw();
    if (on_change) on_change();
}

std::array<float, 3> App::background_color() const {
    const Palette& colors = palette(state_.panels.dark);
    return {colors.clear[0], colors.clear[1], colors.clear[2]};
}

void App::render_gl(int, int) {}

// [SECTION] frame layout: controls on the left, the canvas fills the rest
void App::before_new_frame(float device_pixel_ratio) {
    if (fonts_.rebuild_if_needed(device_pixel_ratio)) request_redraw();
}

void App::frame(int /*framebuffer_width*/, int /*framebuffer_height*/) {
    ImGuiIO& io = ImGui::GetIO();
    const float scale = 1.0f;
    if (scale != style_scale_ || style_dark_ != state_.panels.dark) {
        apply_imgui_style(state_.panels.dark, scale);
        style_scale_ = scale;
        style_dark_ = state_.panels.dark;
    }

    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::Begin("##root", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::PopStyleVar();
    if (state_.panels.controls) {
        const float width = std::min(320.0f, io.DisplaySize.x * 0.42f);
        ImGui::BeginChild("##controls", ImVec2(width, 0), true);
        draw_controls();
        ImGui::EndChild();
        ImGui::SameLine(0, 0);
    }
    draw_canvas();
    ImGui::End();
}

// [SECTION] controls
void App::draw_controls() {
    ImGui::TextUnformatted("Perceptron Lab");
    ImGui::Separator();
    ImGui::TextUnformatted("Click adds a point of class:");
    if (ImGui::RadioButton("+1", state_.active_label > 0)) { state_.active_label = +1; changed(); }
    ImGui::SameLine();
    if (ImGui::RadioButton("\xE2\x88\x92" "1", state_.active_label < 0)) { state_.active_label = -1; changed(); }
    ImGui::Text("N = %zu points", state_.data.size());
    if (ImGui::Button("Clear all")) {
        state_.data.points.clear();
        state_.data.labels.clear();
        changed();
    }
    ImGui::Separator();
    ImGui::TextUnformatted("\xCE\xB3 = 0.25, \xE2\x80\x96w\xE2\x80\x96 = 1");
}

// [SECTION] canvas
void App::draw_canvas() {
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 size = ImGui::GetContentRegionAvail();
    if (size.x < 2 || size.y < 2) return;
    view_.fit(state_.view, origin.x, origin.y, size.x, size.y);
    ImGui::InvisibleButton("##canvas", size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
    const bool hovered = ImGui::IsItemHovered();

    ImDrawList* draw = ImGui::GetWindowDrawList();
    const Palette& colors = palette(state_.panels.dark);
    draw->PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);
    draw->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), colors.canvas_bg);
    draw_grid_and_axes(draw, view_, colors);
    for (std::size_t i = 0; i < state_.data.size(); ++i) {
        const Vec& p = state_.data.points[i];
        const ScreenPoint s = view_.to_screen(p[0], p.size() > 1 ? p[1] : 0.0);
        draw_marker(draw, ImVec2(s.x, s.y), state_.data.labels[i], 7.0f, colors, false);
    }
    draw->PopClipRect();
    handle_canvas_input(hovered);
}

void App::handle_canvas_input(bool hovered) {
    if (!hovered) return;
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const bool left = ImGui::IsMouseClicked(ImGuiMouseButton_Left);
    const bool right = ImGui::IsMouseClicked(ImGuiMouseButton_Right);
    if (left || right) {
        int label = state_.active_label;
        if (right || ImGui::GetIO().KeyShift) label = -label;
        state_.data.add({view_.to_data_x(mouse.x), view_.to_data_y(mouse.y)}, label);
        changed();
    }
}

}  // namespace pl::app
