// Touch for both targets. SDL reports fingers (SDL_FINGERDOWN/MOTION/UP, on the web and on native
// touch screens) and, unless told otherwise, also a copy of the first finger as a mouse
// (which == SDL_TOUCH_MOUSEID). Both reaching the canvas would make one tap add two points, so:
//   * SDL's mouse copy is switched off (SDL_HINT_TOUCH_MOUSE_EVENTS = 0, see disable_sdl_touch_mouse)
//     and any that still comes is dropped;
//   * every finger event goes to the canvas, which turns them into gestures (app/touch_gestures.hpp);
//   * Dear ImGui gets the first finger as its mouse from here, so panels, buttons and sliders work
//     with a finger. The canvas knows the mouse is a finger then and leaves the editing to the gestures.
//
// Dear ImGui 1.86 has no input queue: a press and a release in the same frame would be lost, and a
// widget is only hovered once the mouse has been over it. So a touch is handed over one step a frame
// (as ImGui 1.87's "trickled" input queue does): the finger's position first (hover), then the press,
// the moves, the release, and finally no position at all (a finger leaves no hover behind).
#pragma once
#include <SDL.h>

#include <cfloat>
#include <deque>
#include <optional>
#include <vector>

#include "app/canvas.hpp"
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
    // Steps of a touch still to hand to Dear ImGui (the caller keeps drawing frames).
    bool busy() const { return !steps_.empty(); }
    app::TouchStatus status() const { return {finger_seen_, mouse_from_finger_}; }

private:
    enum class StepKind { Hover, Press, Move, Release, Leave };
    struct Step { StepKind kind; ImVec2 position; };
    void push_move(ImVec2 position);

    std::deque<Step> steps_;
    std::vector<SDL_FingerID> fingers_down_;
    std::optional<SDL_FingerID> primary_;  // the finger that is Dear ImGui's mouse
    bool mouse_from_finger_ = false;       // until a real mouse moves
    bool finger_seen_ = false;
    ImVec2 position_{-FLT_MAX, -FLT_MAX};
    bool down_ = false;
};

}  // namespace pl::platform
