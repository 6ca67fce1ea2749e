// The widget: owns the session (data + learner + undo), lays out the panels and the canvas each
// frame, runs training in time slices, and tells the platform layer whether anything needs
// redrawing. No platform calls here.
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "app/canvas/canvas.hpp"
#include "app/lesson/lesson_author.hpp"
#include "app/lift/lift_scenes.hpp"
#include "app/shell/fonts.hpp"
#include "core/scene/scene.hpp"
#include "app/base/keyboard.hpp"
#include "app/base/layout.hpp"
#include "app/base/run_state.hpp"
#include "app/base/text_field_focus.hpp"
#include "app/base/theme.hpp"
#include "app/words/words_view.hpp"
#include "core/lesson/lesson_run.hpp"
#include "core/session/session.hpp"

namespace pl::app {

struct PanelContext;

struct AppOptions {
    std::string initial_link;  // URL fragment (or full link) to load at start; empty: default scene
    std::string lesson;        // a built-in lesson's id, or a lesson's JSON text, to open at start
    std::size_t lesson_step = 0;
    bool reduced_motion = false;  // no update animation, no trail (native --reduced-motion)
};

class App {
public:
    explicit App(const AppOptions& options);
    ~App();

    // Frame protocol (platform/main.cpp): needs_frame() -> before_new_frame() -> [ImGui::NewFrame]
    // -> frame() -> [ImGui's draw data rendered; the decision field is drawn from it, by a callback in
    // the canvas's draw list (app/render/field_layer.cpp)] -> after_frame().
    bool needs_frame() const;
    void before_new_frame(float device_pixel_ratio);  // font atlas changes must happen outside a frame
    void prepare_input();  // after the backends' NewFrame, right before ImGui::NewFrame (app_keyboard.cpp)
    void request_redraw(int frames = 3);
    void frame(int framebuffer_width, int framebuffer_height);
    void after_frame();
    std::array<float, 3> background_color() const;
    // The host says the pointer is a finger (CSS pointer: coarse): larger targets.
    void set_touch_ui(bool touch) { if (touch != touch_ui_) { touch_ui_ = touch; request_redraw(); } }
    bool touch_ui() const { return touch_ui_; }
    // The system's preferences (web: prefers-reduced-motion, prefers-contrast: more or forced colours).
    void set_system_preferences(bool reduced_motion, bool more_contrast);
    bool reduced_motion() const { return option_reduced_motion_ || system_reduced_motion_; }
    // Light or dark, high contrast when the switch or the system asks for it.
    Theme theme() const;

    // The keyboard (keyboard.hpp). The host says how the page's focus came or went; a host that can
    // move the page's focus sets on_keyboard_exit (else Tab wraps around inside the widget).
    void keyboard_entry(KeyboardEntry entry);
    std::function<void(KeyboardExit)> on_keyboard_exit;
    const KeyboardState& keyboard() const { return keyboard_; }

    // For the JS handle and the native --state flag.
    Session& session() { return session_; }
    LessonRun& lesson() { return lesson_; }
    LessonDraft& lesson_draft() { return draft_; }
    const Session& session() const { return session_; }
    RunState& run() { return run_; }
    Canvas& canvas() { return canvas_; }
    const Canvas& canvas() const { return canvas_; }
    const LiftPanel& lift_panel() const { return lift_panel_; }  // the lift view's camera, for its figure
    WordsView& words_view() { return words_view_; }
    const Scene& model() { return models_.update(session_); }
    const LayoutPlan& layout() const { return layout_; }  // what the last frame showed
    std::uint64_t revision() const { return session_.revision(); }
    std::size_t frames_drawn() const { return frames_drawn_; }
    // After every change of the state (web: the JS 'change' event), and of the open lesson's answer or
    // verdict, which the state does not hold but the accessible mirror must show and say.
    std::function<void()> on_change;
    std::function<void(HostRequest)> on_request;  // set by the host; absent: the Share buttons hide
    // A text field opened by a finger starts or stops being edited, or moves (text_field_focus.hpp): the
    // web host opens the phone's on-screen keyboard for it. A plain pointer: setting it at start runs no
    // code the first frame would otherwise not need (src/platform/split/keep_functions.txt).
    void (*on_text_field)(const TextFieldFocus&) = nullptr;
    const TextFieldFocus& text_field() const { return text_field_; }

private:
    // app_layout.cpp: the regions of plan_layout().
    PanelContext panel_context();
    void draw_column(const char* id, float width, const std::vector<Section>& sections, bool theory_column);
    void draw_controls_strip(float width);
    void draw_canvas_area(ImVec2 size, float dt);
    void draw_tabs();
    // app_keyboard.cpp
    void handle_keys();
    void canvas_keys();
    void shortcuts();
    void request_tab(int direction, bool from_edge);
    void finish_tabbing();
    void close_keys_help();
    void release_keyboard(KeyboardExit how);
    void advance_training(double seconds);
    double training_budget_ = 0.010;  // seconds of each frame Run may train (app.cpp)
    double frame_interval_average_ = 1.0 / 30.0;  // seconds, over the last few frames of Run
    void notify_if_changed();
    void follow_text_field();

    Session session_;
    LessonRun lesson_;
    LessonDraft draft_;
    SceneCache models_;
    LayoutPlan layout_;
    Canvas canvas_;
    LiftPanel lift_panel_;
    WordsView words_view_;
    RunState run_;
    Fonts fonts_;
    int redraw_frames_ = 3;
    std::uint64_t notified_revision_ = 0;
    std::string notified_lesson_;  // the lesson card's answer and verdict at the last on_change
    std::size_t frames_drawn_ = 0;
    KeyboardState keyboard_;
    TextFieldFocus text_field_;  // the field a finger is typing into (inactive: none)
    bool option_reduced_motion_ = false, system_reduced_motion_ = false, system_more_contrast_ = false;
    Theme style_theme_ = Theme::Light;
    float style_font_size_ = 0;
    bool style_touch_ = false;
    bool touch_ui_ = false;
    bool style_ready_ = false;
    double last_time_ = -1.0;
};

}  // namespace pl::app
