#include "platform/touch_input.hpp"

#include <algorithm>

namespace pl::platform {

namespace {
bool is_mouse_copy_of_finger(const SDL_Event& e) {
    switch (e.type) {
    case SDL_MOUSEMOTION: return e.motion.which == SDL_TOUCH_MOUSEID;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP: return e.button.which == SDL_TOUCH_MOUSEID;
    case SDL_MOUSEWHEEL: return e.wheel.which == SDL_TOUCH_MOUSEID;
    default: return false;
    }
}

bool is_real_mouse(const SDL_Event& e) {
    return e.type == SDL_MOUSEMOTION || e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP || e.type == SDL_MOUSEWHEEL;
}
}  // namespace

void disable_sdl_touch_mouse() { SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0"); }

void TouchInput::push_move(ImVec2 position) {
    if (!steps_.empty() && steps_.back().kind == StepKind::Move) steps_.back().position = position;
    else steps_.push_back({StepKind::Move, position});
}

bool TouchInput::consume(const SDL_Event& e, SDL_Window* window, app::Canvas& canvas) {
    if (is_mouse_copy_of_finger(e)) return true;
    if (is_real_mouse(e)) {
        if (fingers_down_.empty()) {  // a mouse took over: Dear ImGui reads it from SDL again
            mouse_from_finger_ = false;
            steps_.clear();
        }
        return false;
    }
    if (e.type != SDL_FINGERDOWN && e.type != SDL_FINGERMOTION && e.type != SDL_FINGERUP) return false;
    if (e.tfinger.touchId == SDL_MOUSE_TOUCHID) return true;  // SDL's finger copy of the mouse (off by default)

    finger_seen_ = true;
    int width = 0, height = 0;
    SDL_GetWindowSize(window, &width, &height);
    const ImVec2 at(e.tfinger.x * static_cast<float>(width), e.tfinger.y * static_cast<float>(height));
    const SDL_FingerID id = e.tfinger.fingerId;
    const auto known = std::find(fingers_down_.begin(), fingers_down_.end(), id);
    app::FingerEvent finger;
    finger.id = static_cast<std::int64_t>(id);
    finger.x = at.x;
    finger.y = at.y;

    if (e.type == SDL_FINGERDOWN) {
        finger.kind = app::FingerEvent::Kind::Down;
        if (fingers_down_.empty()) {  // the first finger of a touch is Dear ImGui's mouse
            primary_ = id;
            mouse_from_finger_ = true;
            steps_.push_back({StepKind::Hover, at});
            steps_.push_back({StepKind::Press, at});
        }
        if (known == fingers_down_.end()) fingers_down_.push_back(id);
    } else if (e.type == SDL_FINGERMOTION) {
        finger.kind = app::FingerEvent::Kind::Move;
        if (primary_ == id) push_move(at);
    } else {
        finger.kind = app::FingerEvent::Kind::Up;
        if (primary_ == id) {
            steps_.push_back({StepKind::Release, at});
            steps_.push_back({StepKind::Leave, at});
            primary_.reset();
        }
        if (known != fingers_down_.end()) fingers_down_.erase(known);
    }
    canvas.push_finger(finger);
    return true;
}

void TouchInput::feed_imgui(ImGuiIO& io) {
    if (!mouse_from_finger_) return;
    // One change of the button (or of hover) per frame; moves in between are taken along.
    while (!steps_.empty()) {
        const Step step = steps_.front();
        steps_.pop_front();
        position_ = step.position;
        switch (step.kind) {
        case StepKind::Hover: down_ = false; break;
        case StepKind::Press: down_ = true; break;
        case StepKind::Move: break;
        case StepKind::Release: down_ = false; break;
        case StepKind::Leave: down_ = false; position_ = ImVec2(-FLT_MAX, -FLT_MAX); break;
        }
        if (step.kind != StepKind::Move) break;
    }
    io.MousePos = position_;
    io.MouseDown[0] = down_;
}

}  // namespace pl::platform
