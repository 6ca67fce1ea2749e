// Dear ImGui 1.86 reads a key as "down in this frame" (it has no queue of key events, 1.87 added one):
// a key pressed and released between two frames, a quick tap or a test's keyboard.press(), would never be
// seen, and two quick taps would look like one long press. The pacer hands SDL's events out one frame at a
// time: it stops before the release of a key that went down in this frame and before the press of a key
// that went up in it, so every tap is down for at least one frame and up again before the next.
//
// Modifiers: Dear ImGui 1.86 reads a key event's Ctrl/Shift/Alt from SDL's current modifier state, and
// SDL stamps each new event with that state when it arrives. The pacer sets the state to each key event's
// own stamp while it hands the event out (a quick Shift+arrow handed out over two frames keeps its Shift)
// and, once the frame's events are done, puts back the live state of the keyboard. Left at the last
// handed-out event's, a held-back Ctrl+End would leave Ctrl "down" in SDL after the real Ctrl had gone
// up, and every key arriving before the next frame would be stamped with Ctrl: five Backspaces typed
// right after it deleted whole words in a loaded browser test.
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
    // A key event comes with SDL's modifier state set to the one it was made with; the false at the end
    // puts back the live state.
    bool next(SDL_Event& event);
    bool pending() const { return !queue_.empty(); }  // events held back for the next frame

private:
    bool take(SDL_Event& event);  // the next event this frame may have, without touching the modifiers

    std::deque<SDL_Event> queue_;
    std::vector<SDL_Scancode> pressed_, released_;  // keys that went down, or up, in this frame
    SDL_Keymod live_mods_ = KMOD_NONE;  // SDL's modifier state once it has taken every event so far
};

}  // namespace pl::platform
