// Touch for both targets. SDL reports fingers (SDL_FINGERDOWN/MOTION/UP, on the web and on native
// touch screens) and, unless told otherwise, also a copy of the first finger as a mouse
// (which == SDL_TOUCH_MOUSEID). Both reaching the canvas would make one tap add two points, so:
//   * SDL's mouse copy is switched off (SDL_HINT_TOUCH_MOUSE_EVENTS = 0, see disable_sdl_touch_mouse)
//     and any that still comes is dropped;
//   * every finger event goes to the canvas, which turns them into gestures (app/canvas/touch_gestures.hpp);
//   * Dear ImGui gets the first finger as its mouse from here, so panels, buttons and sliders work
//     with a finger. The canvas knows the mouse is a finger then and leaves the editing to the gestures.
//
// Dear ImGui 1.86 has no input queue: a press and a release in the same frame would be lost, and a
// widget is only hovered once the mouse has been over it. So a touch is handed over one step a frame
// (as ImGui 1.87's "trickled" input queue does): the finger's position first (hover), then the press,
// the moves, the release, and finally no position at all (a finger leaves no hover behind).
//
// Dear ImGui scrolls only with a wheel or a scrollbar; a finger scrolls by dragging. Over a panel that
// can scroll, the press is held back until the touch shows what it is: a tap hands over press and
// release; a drag that goes sideways first hands over the press where the finger came down, then the
// moves (sliders work); a drag that goes mostly up or down scrolls the panel 1:1 and Dear ImGui never
// sees a press (no button is clicked, no slider jumps); a drag that goes sideways over a window that
// scrolls sideways (the Trace table) scrolls that instead of picking a row. Windows that take drags
// themselves (NoScrollWithMouse: the canvas, the lift view) get the press at once.
//
// On a page that scrolls (a course page), the page is the last scroller: a vertical drag on a panel
// that cannot scroll, or is already at its end that way, scrolls the page (take_page_scroll; the host
// scrolls it), so one finger can always leave the widget. Otherwise panels that cannot scroll get the
// press at once. The canvas decides for itself (touch_gestures.hpp).
#pragma once
#include <SDL.h>

#include <cfloat>
#include <deque>
#include <optional>
#include <vector>

#include "app/canvas/canvas.hpp"
#include "imgui.h"

namespace pl::platform {

// Before SDL_Init: no mouse copies of fingers.
void disable_sdl_touch_mouse();

class TouchInput {
public:
    // True when the event was about touch (a finger, or SDL's mouse copy of one): it must not reach
    // ImGui_ImplSDL2_ProcessEvent. Fingers go to the canvas in window coordinates.
    bool consume(const SDL_Event& event, SDL_Window* window, app::Canvas& canvas);
    // After ImGui_ImplSDL2_NewFrame, before ImGui::NewFrame: the first finger as Dear ImGui's mouse.
    void feed_imgui(ImGuiIO& io);
    // After ImGui::NewFrame (Dear ImGui knows the window under the finger): hold, hand over or withhold
    // the press, and scroll. canvas_owns_touch: the canvas took this touch (Canvas::touch_gesture_running).
    void after_new_frame(bool canvas_owns_touch);
    // Steps of a touch still to hand to Dear ImGui (the caller keeps drawing frames).
    bool busy() const { return !steps_.empty(); }
    app::TouchStatus status() const { return {finger_seen_, mouse_from_finger_, page_scrolls_}; }
    // What a drag handed on to the page since the last call: CSS px the finger moved down, and whether
    // it has left (the page glides on). Reset by the call.
    struct PageScroll { float dy = 0; bool ended = false; };
    PageScroll take_page_scroll() { PageScroll p{page_dy_, page_ended_}; page_dy_ = 0; page_ended_ = false; return p; }

private:
    enum class StepKind { Hover, Press, Move, Release, Leave };
    struct Step { StepKind kind; ImVec2 position; };
    void push_move(ImVec2 position);
    void give_press();

    std::deque<Step> steps_;
    std::vector<SDL_FingerID> fingers_down_;
    std::optional<SDL_FingerID> primary_;  // the finger that is Dear ImGui's mouse
    bool mouse_from_finger_ = false;       // until a real mouse moves
    bool finger_seen_ = false;
    ImVec2 position_{-FLT_MAX, -FLT_MAX};  // what Dear ImGui has now
    bool down_ = false;

    // The press of the first finger: Held (undecided), Given to Dear ImGui, or Withheld (it scrolls).
    enum class Press { None, Held, Given, Withheld };
    Press press_ = Press::None;
    ImVec2 press_position_{}, finger_position_{};
    bool hover_applied_ = false;      // the finger's first position reached Dear ImGui this frame
    bool target_known_ = false;       // scroll_window_ is decided (after that hover)
    unsigned int scroll_window_ = 0;    // ImGuiID of the window a vertical drag scrolls (0: none)
    unsigned int scroll_x_window_ = 0;  // and of the one a sideways drag scrolls
    enum class Axis { Vertical, Sideways, Page };
    Axis scroll_axis_ = Axis::Vertical;  // what a withheld press scrolls
    ImVec2 scroll_last_{};
    bool page_scrolls_ = false;  // asked of the host when the touch began
    // The first finger's y on the screen where it came down, now, and at the last page scroll (a page
    // scroll moves the widget, and so the finger's y on it, under a finger that stands still).
    float press_screen_y_ = 0, finger_screen_y_ = 0, page_last_y_ = 0;
    float page_dy_ = 0;
    bool page_ended_ = false;
};

}  // namespace pl::platform
