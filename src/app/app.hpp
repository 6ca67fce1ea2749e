// The widget: owns the session (data + learner + undo), lays out the panels and the canvas each
// frame, and tells the platform layer whether anything needs redrawing. No platform calls here.
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "app/fonts.hpp"
#include "app/view.hpp"
#include "core/widget_state.hpp"

namespace pl::app {

struct AppOptions {
    std::string initial_link;  // URL fragment (or full link) to load at start; empty: default scene
};

class App {
public:
    explicit App(const AppOptions& options);
    ~App();

    // Frame protocol (platform/main.cpp): needs_frame() -> before_new_frame() -> [ImGui::NewFrame]
    // -> frame() -> render_gl() -> after_frame().
    bool needs_frame() const;
    void before_new_frame(float device_pixel_ratio);  // font atlas changes must happen outside a frame
    void request_redraw(int frames = 3);
    void frame(int framebuffer_width, int framebuffer_height);
    void render_gl(int framebuffer_width, int framebuffer_height);
    void after_frame();
    std::array<float, 3> background_color() const;

    // The JS handle / tests (platform/web_host.cpp) and the native --state flag.
    const WidgetState& state() const { return state_; }
    std::uint64_t revision() const { return revision_; }
    std::size_t frames_drawn() const { return frames_drawn_; }
    // Called after every change of the state (the web host turns it into the JS 'change' event).
    std::function<void()> on_change;

private:
    void draw_controls();
    void draw_canvas();
    void handle_canvas_input(bool hovered);
    void changed();

    WidgetState state_;
    View view_;
    Fonts fonts_;
    int redraw_frames_ = 3;
    std::uint64_t revision_ = 1;
    std::size_t frames_drawn_ = 0;
    float style_scale_ = 0.0f;
    bool style_dark_ = false;
};

}  // namespace pl::app
