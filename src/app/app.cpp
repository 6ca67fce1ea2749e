// [SECTION] includes
#include "app/app.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "app/load_state.hpp"
#include "app/panels.hpp"
#include "app/theme.hpp"
#include "imgui.h"

namespace pl::app {

namespace {
double now_seconds() {
    using clock = std::chrono::steady_clock;
    return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}
// Training may use this much of each frame; the rest is the UI's (the tab never freezes).
constexpr double kTrainingBudgetSeconds = 0.010;
}  // namespace

// [SECTION] life cycle
App::App(const AppOptions& options) {
    if (!options.initial_link.empty()) load_into(*this, options.initial_link);
    if (!options.lesson.empty()) open_lesson_into(*this, options.lesson, options.lesson_step, true);
}

App::~App() = default;

bool App::needs_frame() const { return redraw_frames_ > 0 || run_.running || canvas_.animating(); }
void App::request_redraw(int frames) { redraw_frames_ = std::max(redraw_frames_, frames); }

void App::after_frame() {
    ++frames_drawn_;
    if (redraw_frames_ > 0) --redraw_frames_;
    notify_if_changed();
}

void App::notify_if_changed() {
    if (session_.revision() == notified_revision_) return;
    notified_revision_ = session_.revision();
    request_redraw();
    if (on_change) on_change();
}

std::array<float, 3> App::background_color() const {
    const Palette& colors = palette(session_.state().panels.dark);
    return {colors.clear[0], colors.clear[1], colors.clear[2]};
}

void App::before_new_frame(float device_pixel_ratio) {
    if (fonts_.rebuild_if_needed(device_pixel_ratio)) request_redraw();
}

void App::render_gl(int, int) {}

// [SECTION] training in time slices
// Slow speeds step one visit at a time (each update animated); fast speeds run as many visits as fit
// in the frame's training budget, so the UI stays responsive whatever the data size or kernel.
void App::advance_training(double seconds) {
    if (!run_.running) return;
    const Learner& learner = session_.learner();
    if (learner.converged() || learner.capped() || learner.diverged() || session_.state().data.empty() || session_.state().hand.on) {
        run_.running = false;
        request_redraw();
        return;
    }
    const bool unlimited = run_.speed >= RunState::kMaxSpeed;
    if (!unlimited) {
        run_.carry += seconds * run_.speed;
        const auto due = static_cast<std::size_t>(std::min(run_.carry, 1e6));
        run_.carry -= static_cast<double>(due);
        if (due == 0) return;
        if (run_.speed <= 30.0f) {
            for (std::size_t i = 0; i < due; ++i) {
                const Update u = session_.step();
                if (u.mistake && run_.speed <= 4.0f) canvas_.start_update_animation(u);
            }
            return;
        }
        const double start = now_seconds();
        std::size_t done = 0;
        while (done < due && now_seconds() - start < kTrainingBudgetSeconds) {
            const std::size_t chunk = std::min<std::size_t>(due - done, 256);
            const std::size_t ran = session_.run_visits(chunk);
            done += chunk;
            if (ran < chunk) break;
        }
        return;
    }
    const double start = now_seconds();
    std::size_t chunk = 64;
    while (now_seconds() - start < kTrainingBudgetSeconds) {
        const std::size_t ran = session_.run_visits(chunk);
        if (ran < chunk) break;
        chunk = std::min<std::size_t>(chunk * 2, 1 << 16);
    }
}

// [SECTION] keyboard shortcuts (only while no text field has focus)
// Dear ImGui 1.86 has named keys only for a few letters, so letters come from the typed characters.
void App::handle_shortcuts() {
    ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput) return;
    const bool ctrl = io.KeyCtrl || io.KeySuper;
    if (ctrl && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z), false)) {
        if (io.KeyShift) session_.redo();
        else session_.undo();
        return;
    }
    if (ctrl && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Y), false)) { session_.redo(); return; }
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Delete), false) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Backspace), false)) {
        if (canvas_.selected()) { session_.remove_point(*canvas_.selected()); canvas_.select(std::nullopt); }
    }
    if (ctrl) return;
    for (ImWchar c : io.InputQueueCharacters) {
        switch (c) {
            case ' ': run_.running = !run_.running; run_.carry = 0; break;
            case 's': case 'S': { run_.running = false; const Update u = session_.step(); canvas_.start_update_animation(u); break; }
            case 'n': case 'N': { run_.running = false; const Update u = session_.next_mistake(); canvas_.start_update_animation(u); break; }
            case 'e': case 'E': run_.running = false; session_.epoch(); break;
            case 'r': case 'R': run_.running = false; session_.reset_training(); break;
            case 'f': case 'F': if (canvas_.selected()) session_.flip_label(*canvas_.selected()); break;
            case 't': case 'T': if (canvas_.selected()) { session_.move_to_test(*canvas_.selected()); canvas_.select(std::nullopt); } break;
            default: break;
        }
    }
}

// [SECTION] frame layout (plan_layout decides, this follows)
void App::frame(int /*framebuffer_width*/, int /*framebuffer_height*/) {
    ImGuiIO& io = ImGui::GetIO();
    const double t = now_seconds();
    const float dt = last_time_ < 0 ? 0.016f : static_cast<float>(std::min(0.25, t - last_time_));
    last_time_ = t;
    if (!style_ready_ || style_dark_ != session_.state().panels.dark || style_touch_ != touch_ui_) {
        apply_imgui_style(session_.state().panels.dark, touch_ui_);
        style_dark_ = session_.state().panels.dark;
        style_touch_ = touch_ui_;
        style_ready_ = true;
    }
    // A loaded link or state may name another lesson position: follow it.
    if (const std::string error = lesson_.follow_state(session_); !error.empty()) session_.set_notice(error);
    handle_shortcuts();
    advance_training(dt);

    LayoutInput input;
    input.width = io.DisplaySize.x;
    input.height = io.DisplaySize.y;
    input.font_size = ImGui::GetFontSize();
    input.panels = session_.state().panels;
    input.kernel_learner = session_.state().config.algorithm == Algorithm::Kernel;
    input.host_can_share = static_cast<bool>(on_request);
    input.lesson_open = lesson_.is_open();
    layout_ = plan_layout(input);

    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
    ImGui::Begin("##root", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::PopStyleVar(2);
    switch (layout_.form) {
        case LayoutForm::Columns:
            if (layout_.controls_column) draw_column("##controls", layout_.controls_width, layout_.controls_sections, false);
            else draw_controls_strip(layout_.controls_width);
            ImGui::SameLine();
            draw_canvas_area(ImVec2(layout_.theory_column ? -layout_.theory_width : 0.0f, 0.0f), dt);
            if (layout_.theory_column) {
                ImGui::SameLine();
                draw_column("##theory", 0.0f, layout_.theory_sections, true);
            }
            break;
        case LayoutForm::Stacked:
            draw_canvas_area(ImVec2(0.0f, std::floor(io.DisplaySize.y * layout_.canvas_share)), dt);
            if (!layout_.tabs.empty()) draw_tabs();
            break;
        case LayoutForm::Side:
            draw_canvas_area(ImVec2(std::floor(io.DisplaySize.x * layout_.canvas_share), 0.0f), dt);
            if (!layout_.tabs.empty()) {
                ImGui::SameLine();
                draw_tabs();
            }
            break;
    }
    ImGui::End();
}

}  // namespace pl::app
