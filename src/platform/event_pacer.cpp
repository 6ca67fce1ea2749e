#include "platform/event_pacer.hpp"

#include <algorithm>

namespace pl::platform {

void EventPacer::begin_frame() {
    pressed_.clear();
    SDL_Event event;
    while (SDL_PollEvent(&event)) queue_.push_back(event);
}

bool EventPacer::next(SDL_Event& event) {
    if (queue_.empty()) return false;
    const SDL_Event& front = queue_.front();
    if (front.type == SDL_KEYUP && std::find(pressed_.begin(), pressed_.end(), front.key.keysym.scancode) != pressed_.end())
        return false;  // released in the frame it went down: the release waits for the next frame
    if (front.type == SDL_KEYDOWN) pressed_.push_back(front.key.keysym.scancode);
    event = front;
    queue_.pop_front();
    return true;
}

}  // namespace pl::platform
