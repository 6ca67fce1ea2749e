// [SECTION] includes
#include "app/shell/app.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>
#include <utility>

#include "app/panels/panels.hpp"
#include "app/shell/load_state.hpp"
#include "app/base/theme.hpp"
#include "app/canvas/training_verbs.hpp"
#include "imgui.h"

namespace pl::app {

namespace {
double now_seconds() {
    using clock = std::chrono::steady_clock;
    return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}
// Training may use up to this much of each frame; the rest is the UI's (the tab never freezes). When
// frames come slower than kTargetFrameSeconds (a software renderer, a big canvas), the share shrinks
// until they do not, down to kMinTrainingBudgetSeconds: at full speed a student still sees 30 frames
// a second, and training takes what the frame rate leaves (1 ms of a frame still trains about 10,000
// visits of a 2-D perceptron). A late frame (a display refresh missed) shrinks it by a fifth; frames
// that average just 30 a second (two refreshes of a 60 Hz display each, the occasional one late) shrink
// it slowly, so the rate settles above 30 rather than on it; it grows again only while frames come with
// time to spare (their average interval under kGrowFrameSeconds: a single quick frame right after a
// late one is the display catching up, not spare time). Growing after every frame that kept up made it
// creep back until one frame in twelve missed a refresh, which settled at 29 frames a second on a
// software renderer with two cores, where training and drawing share the processor (bench/big_data.mjs).
constexpr double kTrainingBudgetSeconds = 0.010;
constexpr double kMinTrainingBudgetSeconds = 0.001;
constexpr double kTargetFrameSeconds = 1.0 / 30.0;
constexpr double kLateFrameSeconds = kTargetFrameSeconds + 0.002;  // a refresh missed, not jitter
constexpr double kSteadyFrameSeconds = 1.0 / 31.0;
constexpr double kGrowFrameSeconds = 0.025;
// And the kernel learner's feature-space solve (R, gamma*, bound) this much, until it is done.
constexpr std::chrono::milliseconds kTheoryBudget{6};
}  // namespace

// [SECTION] life cycle
App::App(const AppOptions& options) : option_reduced_motion_(options.reduced_motion) {
    if (!options.initial_link.empty()) load_into(*this, options.initial_link);
    if (!options.lesson.empty()) open_lesson_into(*this, options.lesson, options.lesson_step, true);
}

App::~App() = default;

bool App::needs_frame() const {
    return redraw_frames_ > 0 || run_.running || canvas_.animating() || session_.theory_pending();
}
void App::request_redraw(int frames) { redraw_frames_ = std::max(redraw_frames_, frames); }

void App::after_frame() {
    ++frames_drawn_;
    if (redraw_frames_ > 0) --redraw_frames_;
    notify_if_changed();
}

namespace {
// What the lesson card shows that the state does not hold: the chosen answer, the last verdict and
// whether the lesson is finished (a Check or Finish on the canvas changes no state, and the mirror and
// the host must still hear of it).
std::string lesson_card_signature(const LessonRun& run) {
    if (!run.is_open()) return "";
    const LessonRun::Verdict& v = run.verdict();
    return std::to_string(run.step()) + "|" + (run.chosen() ? std::to_string(*run.chosen()) : "-") + "|" +
           std::to_string(run.answer().selected) + "|" + describe_answer(run.current(), run.answer()) + "|" +
           (v.checked ? (v.passed ? "passed|" : "not yet|") + v.message : "") + (run.finished() ? "|finished" : "");
}
}  // namespace

void App::notify_if_changed() {
    std::string lesson_now = lesson_card_signature(lesson_);
    if (session_.revision() == notified_revision_ && lesson_now == notified_lesson_) return;
    notified_revision_ = session_.revision();
    notified_lesson_ = std::move(lesson_now);
    request_redraw();
    if (on_change) on_change();
}

// The edited text field, told to the host when a finger opened it (text_field_focus.hpp).
void App::follow_text_field() {
    const TextFieldFocus now = edited_text_field(canvas_.touch_status().mouse_from_finger, text_field_);
    const bool tell = now != text_field_ && (now.active || text_field_.active);
    text_field_ = now;
    if (tell && on_text_field) on_text_field(text_field_);
}

// The root window has no background of its own (a full-screen rectangle is a whole layer of pixels
// for a software renderer to blend each frame): the clear colour is what it would have painted,
// its WindowBg over the palette's clear colour.
std::array<float, 3> App::background_color() const {
    const Palette& colors = palette(theme());
    const ImVec4 bg = style_ready_ ? ImGui::GetStyle().Colors[ImGuiCol_WindowBg] : ImVec4(0, 0, 0, 0);
    std::array<float, 3> out{};
    const float c[3] = {bg.x, bg.y, bg.z};
    for (int i = 0; i < 3; ++i) out[i] = c[i] * bg.w + colors.clear[i] * (1.0f - bg.w);
    return out;
}

Theme App::theme() const {
    const PanelState& p = session_.state().panels;
    return theme_for(p.dark, p.high_contrast || system_more_contrast_);
}

void App::set_system_preferences(bool reduced_motion, bool more_contrast) {
    if (reduced_motion == system_reduced_motion_ && more_contrast == system_more_contrast_) return;
    system_reduced_motion_ = reduced_motion;
    system_more_contrast_ = more_contrast;
    request_redraw();
}

void App::before_new_frame(float device_pixel_ratio) {
    const float text_scale = static_cast<float>(session_.state().panels.text_size) / 100.0f;
    if (fonts_.rebuild_if_needed(device_pixel_ratio, text_scale)) request_redraw();
}

// [SECTION] training in time slices
// Slow speeds step one visit at a time (each update animated); fast speeds run as many visits as fit
// in the frame's training budget, so the UI stays responsive whatever the data size or kernel.
void App::advance_training(double seconds) {
    if (!run_.running) return;
    if (refuse_run_while_held(session_, run_)) { request_redraw(); return; }  // a predict step: training_verbs.hpp
    // The frame interval (seconds) says whether the last frames kept up: adjust the share gently.
    frame_interval_average_ += 0.2 * (seconds - frame_interval_average_);
    if (seconds > kLateFrameSeconds) training_budget_ *= 0.8;
    else if (frame_interval_average_ > kSteadyFrameSeconds) training_budget_ *= 0.97;
    else if (frame_interval_average_ < kGrowFrameSeconds) training_budget_ *= 1.02;
    training_budget_ = std::clamp(training_budget_, kMinTrainingBudgetSeconds, kTrainingBudgetSeconds);
    if (session_.shown_data().stopped() || session_.state().hand.on) {  // hand mode does not train
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
            // (no update animation with reduced motion: canvas_.set_reduced_motion)
            for (std::size_t i = 0; i < due; ++i) run_one_visit(session_, canvas_, run_.speed <= 4.0f);
            return;
        }
        const double start = now_seconds();
        std::size_t done = 0;
        while (done < due && now_seconds() - start < training_budget_) {
            const std::size_t chunk = std::min<std::size_t>(due - done, 256);
            const std::size_t ran = session_.shown_data().run_visits(chunk);
            done += chunk;
            if (ran < chunk) break;
        }
        return;
    }
    // Chunks sized from the time a visit took so far: a kernel perceptron's mistake costs a kernel column
    // (20,000 kernel values at 20,000 points), so doubling chunks could overshoot the budget many times.
    const double start = now_seconds();
    std::size_t chunk = 16;
    for (;;) {
        const double chunk_start = now_seconds();
        const std::size_t ran = session_.shown_data().run_visits(chunk);
        const double now = now_seconds();
        if (ran < chunk || now - start >= training_budget_) break;
        const double per_visit = std::max(1e-9, (now - chunk_start) / static_cast<double>(chunk));
        const double fits = 0.8 * (training_budget_ - (now - start)) / per_visit;
        // At most twice the last chunk: a run of cheap visits (no mistakes) says little about the next.
        chunk = static_cast<std::size_t>(std::clamp(fits, 1.0, static_cast<double>(std::min<std::size_t>(2 * chunk, 1 << 16))));
    }
}

// [SECTION] frame layout (plan_layout decides, this follows)
void App::frame(int /*framebuffer_width*/, int /*framebuffer_height*/) {
    ImGuiIO& io = ImGui::GetIO();
    const double t = now_seconds();
    const float dt = last_time_ < 0 ? 0.016f : static_cast<float>(std::min(0.25, t - last_time_));
    // An idle widget draws no frames: the time since the last one is the student's time at the step
    // (LessonRun::add_time caps one slice, so a tab left alone does not count as work).
    lesson_.add_time(last_time_ < 0 ? 0.0 : t - last_time_);
    last_time_ = t;
    const Theme theme_now = theme();
    set_active_theme(theme_now);
    if (!style_ready_ || style_theme_ != theme_now || style_touch_ != touch_ui_ || style_font_size_ != ImGui::GetFontSize()) {
        apply_imgui_style(theme_now, touch_ui_);
        style_theme_ = theme_now;
        style_touch_ = touch_ui_;
        style_font_size_ = ImGui::GetFontSize();
        style_ready_ = true;
    }
    fonts_.apply_sampling();
    canvas_.set_reduced_motion(reduced_motion());
    // A loaded link or state may name another lesson position: follow it.
    if (const std::string error = lesson_.follow_state(session_); !error.empty()) session_.set_notice(error);
    run_.training_held = lesson_.training_blocked();  // before the keys and the buttons ask for a visit
    handle_keys();
    canvas_.set_keyboard(keyboard_.canvas_has_keys);
    advance_training(dt);
    session_.advance_theory(kTheoryBudget);

    LayoutInput input;
    input.width = io.DisplaySize.x;
    input.height = io.DisplaySize.y;
    input.font_size = ImGui::GetFontSize();
    input.text_scale = static_cast<float>(session_.state().panels.text_size) / 100.0f;
    input.panels = session_.state().panels;
    // Words mode has neither a kernel nor a lift: their sections and the lift view stay away.
    const bool words = session_.state().mode == DataMode::Words;
    input.panels.lift_view = input.panels.lift_view && !words;
    input.kernel_learner = session_.state().config.algorithm == Algorithm::Kernel && !words;
    input.host_can_share = static_cast<bool>(on_request);
    input.lesson_open = lesson_.is_open();
    layout_ = plan_layout(input);

    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
    ImGui::Begin("##root", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoBackground);
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
    finish_tabbing();
    if (io.WantTextInput || text_field_.active) follow_text_field();  // (io: a field asked for text last frame)
    const bool help_was_open = keyboard_.help_open;
    draw_keys_help(keyboard_.help_open);
    if (help_was_open && !keyboard_.help_open) close_keys_help();  // its Close button
}

}  // namespace pl::app
