#include "platform/touch_input.hpp"

#include <algorithm>
#include <cmath>

#include "app/canvas/touch_gestures.hpp"
#include "imgui_internal.h"  // the hovered window and its scrolling
#include "platform/host.hpp"

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
    if (e.type == SDL_FINGERDOWN && fingers_down_.empty()) page_scrolls_ = page_can_scroll();
    // On a page that scrolls, where the finger is on the screen (the canvas may have moved under it).
    if (page_scrolls_) finger.screen_y = finger_screen_y(static_cast<long long>(id));
    if (std::isnan(finger.screen_y)) finger.screen_y = at.y;

    if (e.type == SDL_FINGERDOWN) {
        finger.kind = app::FingerEvent::Kind::Down;
        if (fingers_down_.empty()) {  // the first finger of a touch is Dear ImGui's mouse
            primary_ = id;
            mouse_from_finger_ = true;
            steps_.push_back({StepKind::Hover, at});
            press_ = Press::Held;  // after_new_frame decides once Dear ImGui knows what is under it
            press_position_ = finger_position_ = at;
            target_known_ = false;
            scroll_window_ = scroll_x_window_ = 0;
            press_screen_y_ = finger_screen_y_ = finger.screen_y;
        }
        if (known == fingers_down_.end()) fingers_down_.push_back(id);
    } else if (e.type == SDL_FINGERMOTION) {
        finger.kind = app::FingerEvent::Kind::Move;
        if (primary_ == id) {
            finger_position_ = at;
            finger_screen_y_ = finger.screen_y;
            push_move(at);
        }
    } else {
        finger.kind = app::FingerEvent::Kind::Up;
        if (primary_ == id) {
            // Still undecided: a tap gives its press and release; a finger that left far from where it
            // landed swiped (a busy page delivers a quick swipe as a start and an end) and presses nothing.
            const float dx = at.x - press_position_.x, dy = at.y - press_position_.y;
            const float slop = app::TouchGestures::kTouchSlop;
            if (press_ == Press::Held && dx * dx + dy * dy <= slop * slop) give_press();
            if (press_ == Press::Given) steps_.push_back({StepKind::Release, at});
            if (press_ == Press::Withheld && scroll_axis_ == Axis::Page) {  // the last stretch, then the page glides on
                page_dy_ += finger.screen_y - page_last_y_;
                page_ended_ = true;
            }
            steps_.push_back({StepKind::Leave, at});
            press_ = Press::None;
            primary_.reset();
        }
        if (known != fingers_down_.end()) fingers_down_.erase(known);
    }
    canvas.push_finger(finger);
    return true;
}

// The press where the finger came down, then back to where it is now.
void TouchInput::give_press() {
    steps_.push_back({StepKind::Press, press_position_});
    if (finger_position_.x != press_position_.x || finger_position_.y != press_position_.y) push_move(finger_position_);
    press_ = Press::Given;
}

void TouchInput::feed_imgui(ImGuiIO& io) {
    if (!mouse_from_finger_) return;
    // One change of the button (or of hover) per frame; moves in between are taken along.
    while (!steps_.empty()) {
        const Step step = steps_.front();
        steps_.pop_front();
        position_ = step.position;
        switch (step.kind) {
        case StepKind::Hover: down_ = false; hover_applied_ = true; break;
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

namespace {
// The window a drag along one axis would scroll, by Dear ImGui's wheel rules: the hovered one, or the
// nearest parent that can scroll that way (0: none).
unsigned int scroll_target(ImGuiWindow* window, bool vertical) {
    if (!window || (window->Flags & ImGuiWindowFlags_NoScrollWithMouse)) return 0;
    const auto room = [&](ImGuiWindow* w) { return vertical ? w->ScrollMax.y : w->ScrollMax.x; };
    while ((window->Flags & ImGuiWindowFlags_ChildWindow) && room(window) <= 0.0f && window->ParentWindow)
        window = window->ParentWindow;
    return room(window) > 0.0f ? window->ID : 0;
}

// Whether `window` can scroll further the way a finger moving by `delta` pushes it.
bool can_scroll(unsigned int id, bool vertical, float delta) {
    ImGuiWindow* w = id ? ImGui::FindWindowByID(id) : nullptr;
    if (!w) return false;
    const float at = vertical ? w->Scroll.y : w->Scroll.x, max = vertical ? w->ScrollMax.y : w->ScrollMax.x;
    return delta < 0 ? at < max - 0.5f : at > 0.5f;
}
}  // namespace

void TouchInput::after_new_frame(bool canvas_owns_touch) {
    if (!mouse_from_finger_) return;
    if (hover_applied_) {  // what a drag from here would scroll
        hover_applied_ = false;
        if (press_ == Press::Held && !target_known_) {
            target_known_ = true;
            scroll_window_ = scroll_target(GImGui->HoveredWindow, true);
            scroll_x_window_ = scroll_target(GImGui->HoveredWindow, false);
        }
    }
    if (press_ == Press::Held && target_known_) {
        const float dx = finger_position_.x - press_position_.x, dy = finger_position_.y - press_position_.y;
        const float slop = app::TouchGestures::kTouchSlop;
        if (canvas_owns_touch || (scroll_window_ == 0 && scroll_x_window_ == 0 && !page_scrolls_)) {
            give_press();  // nothing to scroll here: the press goes through at once
        } else if (dx * dx + dy * dy > slop * slop) {
            // The drag latches onto one scroller for its whole length, as a browser's does: the panel
            // under it if that can move the finger's way, else the page, else (sideways) the press.
            scroll_last_ = press_position_;
            page_last_y_ = press_screen_y_;
            if (std::fabs(dy) > std::fabs(dx)) {
                press_ = Press::Withheld;
                scroll_axis_ = Axis::Vertical;
                if (!can_scroll(scroll_window_, true, dy) && page_scrolls_) scroll_axis_ = Axis::Page;
            } else if (can_scroll(scroll_x_window_, false, dx)) {
                press_ = Press::Withheld;
                scroll_axis_ = Axis::Sideways;
            } else {
                give_press();
            }
        }
    }
    if (press_ == Press::Withheld) {
        const float dx = finger_position_.x - scroll_last_.x, dy = finger_position_.y - scroll_last_.y;
        if (scroll_axis_ == Axis::Page) {
            page_dy_ += finger_screen_y_ - page_last_y_;
            page_last_y_ = finger_screen_y_;
        } else if (scroll_axis_ == Axis::Vertical) {
            if (ImGuiWindow* window = ImGui::FindWindowByID(scroll_window_)) ImGui::SetScrollY(window, window->Scroll.y - dy);
        } else if (ImGuiWindow* window = ImGui::FindWindowByID(scroll_x_window_)) {
            ImGui::SetScrollX(window, window->Scroll.x - dx);
        }
        scroll_last_ = finger_position_;
    }
}

}  // namespace pl::platform
