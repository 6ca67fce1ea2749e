#include "platform/event_pacer.hpp"

#include <algorithm>

namespace pl::platform {

namespace {
bool contains(const std::vector<SDL_Scancode>& keys, SDL_Scancode key) { return std::find(keys.begin(), keys.end(), key) != keys.end(); }
}  // namespace

void EventPacer::begin_frame() {
    pressed_.clear();
    released_.clear();
    SDL_Event event;
    while (SDL_PollEvent(&event)) queue_.push_back(event);
    live_mods_ = SDL_GetModState();
}

bool EventPacer::next(SDL_Event& event) {
    if (!take(event)) {
        SDL_SetModState(live_mods_);  // the events still held are stamped already; new ones get the truth
        return false;
    }
    if (event.type == SDL_KEYDOWN || event.type == SDL_KEYUP) SDL_SetModState(static_cast<SDL_Keymod>(event.key.keysym.mod));
    return true;
}

bool EventPacer::take(SDL_Event& event) {
    if (queue_.empty()) return false;
    const SDL_Event& front = queue_.front();
    const SDL_Scancode key = front.key.keysym.scancode;
    // A release in the frame the key went down, or a new press in the frame it went up: next frame.
    if (front.type == SDL_KEYUP && contains(pressed_, key)) return false;
    if (front.type == SDL_KEYDOWN && !front.key.repeat && contains(released_, key)) return false;
    if (front.type == SDL_KEYDOWN) pressed_.push_back(key);
    if (front.type == SDL_KEYUP) released_.push_back(key);
    event = front;
    queue_.pop_front();
    return true;
}

}  // namespace pl::platform
