// Dear ImGui 1.86 reads a key as "down in this frame" (it has no queue of key events, 1.87 added one):
// a key pressed and released between two frames, a quick tap or a test's keyboard.press(), would never be
// seen, and two quick taps would look like one long press. The pacer hands SDL's events out one frame at a
// time: it stops before the release of a key that went down in this frame and before the press of a key
// that went up in it, so every tap is down for at least one frame and up again before the next.
#pragma once
#include <SDL.h>

#include <deque>
#include <vector>

namespace pl::platform {

class EventPacer {
public:
    // At the start of a frame: takes what SDL has queued since the last one.
    void begin_frame();
    // The next event of this frame; false when the frame's events are done (the rest wait for the next).
    bool next(SDL_Event& event);
    bool pending() const { return !queue_.empty(); }  // events held back for the next frame

private:
    std::deque<SDL_Event> queue_;
    std::vector<SDL_Scancode> pressed_, released_;  // keys that went down, or up, in this frame
};

}  // namespace pl::platform
