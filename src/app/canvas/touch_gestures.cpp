#include "app/canvas/touch_gestures.hpp"

#include <algorithm>
#include <cmath>

namespace pl::app {

namespace {
float distance(float ax, float ay, float bx, float by) { return std::hypot(ax - bx, ay - by); }
}  // namespace

TouchGestures::Finger* TouchGestures::find(std::int64_t id) {
    for (Finger& f : down_)
        if (f.id == id) return &f;
    return nullptr;
}

// A one-finger drag gesture at (x, y), carrying where the finger landed.
Gesture TouchGestures::drag_gesture(Gesture::Kind kind, float x, float y) const {
    Gesture g;
    g.kind = kind;
    g.start_x = start_x_;
    g.start_y = start_y_;
    g.x = x;
    g.y = y;
    return g;
}

Gesture TouchGestures::pinch_gesture(Gesture::Kind kind) const {
    Gesture g;
    g.kind = kind;
    g.start_x = pinch_start_x_;
    g.start_y = pinch_start_y_;
    g.start_distance = pinch_start_distance_;
    const Finger* a = nullptr;
    const Finger* b = nullptr;
    for (const Finger& f : down_) {
        if (f.id == first_) a = &f;
        if (f.id == second_) b = &f;
    }
    if (a && b) {
        g.x = 0.5f * (a->x + b->x);
        g.y = 0.5f * (a->y + b->y);
        g.distance = distance(a->x, a->y, b->x, b->y);
    } else {
        g.x = pinch_start_x_;
        g.y = pinch_start_y_;
        g.distance = pinch_start_distance_;
    }
    return g;
}

// The finger has wandered past the slop: a drag of the canvas, or (inactive canvas, page that scrolls,
// mostly up or down) a scroll of the page.
void TouchGestures::begin_drag(const Finger& f, std::vector<Gesture>& out) {
    if (!active() && std::fabs(f.screen_y - start_screen_y_) >= std::fabs(f.x - start_x_)) {
        scrolling_page_ = true;
        page_last_y_ = start_screen_y_;
        scroll_page(f, out);
        return;
    }
    dragging_ = true;
    active_ = true;
    out.push_back(drag_gesture(Gesture::Kind::DragBegin, f.x, f.y));
}

void TouchGestures::scroll_page(const Finger& f, std::vector<Gesture>& out) {
    Gesture g;
    g.kind = Gesture::Kind::PageScroll;
    g.start_x = start_x_;
    g.start_y = start_y_;
    g.x = f.x;
    g.y = f.y;
    g.page_dy = f.screen_y - page_last_y_;
    page_last_y_ = f.screen_y;
    out.push_back(g);
}

// The first finger leaves or a second one comes: a drag in progress ends where the finger is.
void TouchGestures::finish_one_finger(std::vector<Gesture>& out) {
    if (scrolling_page_) {
        const Finger* f = find(first_);
        Gesture g;
        g.kind = Gesture::Kind::PageScrollEnd;
        g.x = f ? f->x : start_x_;
        g.y = f ? f->y : start_y_;
        out.push_back(g);
        scrolling_page_ = false;
        return;
    }
    if (!dragging_) return;
    const Finger* f = find(first_);
    out.push_back(drag_gesture(Gesture::Kind::DragEnd, f ? f->x : start_x_, f ? f->y : start_y_));
    dragging_ = false;
}

void TouchGestures::feed(const FingerEvent& event, bool on_canvas, double now, std::vector<Gesture>& out) {
    FingerEvent e = event;
    if (std::isnan(e.screen_y)) e.screen_y = e.y;
    switch (e.kind) {
    case FingerEvent::Kind::Down: {
        if (Finger* known = find(e.id)) {  // a lost Up: the platform reuses the id; keep the newest position
            known->x = e.x;
            known->y = e.y;
            known->screen_y = e.screen_y;
            return;
        }
        down_.push_back({e.id, e.x, e.y, e.screen_y});
        if (phase_ == Phase::Idle) {
            if (!on_canvas && down_.size() == 1) active_ = false;  // a touch elsewhere: one finger scrolls the page again
            if (!on_canvas || down_.size() != 1) { phase_ = Phase::Ignoring; return; }
            phase_ = Phase::OneFinger;
            first_ = e.id;
            start_x_ = e.x;
            start_y_ = e.y;
            start_screen_y_ = e.screen_y;
            pressed_at_ = now;
            dragging_ = long_pressed_ = scrolling_page_ = false;
            Gesture g;
            g.kind = Gesture::Kind::Press;
            g.x = g.start_x = e.x;
            g.y = g.start_y = e.y;
            out.push_back(g);
        } else if (phase_ == Phase::OneFinger && on_canvas) {
            finish_one_finger(out);
            phase_ = Phase::TwoFingers;
            active_ = true;
            second_ = e.id;
            const Finger* a = find(first_);
            pinch_start_x_ = 0.5f * (a->x + e.x);
            pinch_start_y_ = 0.5f * (a->y + e.y);
            pinch_start_distance_ = distance(a->x, a->y, e.x, e.y);
            out.push_back(pinch_gesture(Gesture::Kind::PinchBegin));
        }
        // A third finger, or a second one off the canvas: tracked, otherwise ignored.
        return;
    }
    case FingerEvent::Kind::Move: {
        Finger* f = find(e.id);
        if (!f) return;
        f->x = e.x;
        f->y = e.y;
        f->screen_y = e.screen_y;
        if (phase_ == Phase::OneFinger && e.id == first_) {
            if (scrolling_page_) {
                scroll_page(*f, out);
            } else if (!dragging_ && distance(e.x, e.y, start_x_, start_y_) > kTouchSlop) {
                begin_drag(*f, out);
            } else if (dragging_) {
                out.push_back(drag_gesture(Gesture::Kind::DragMove, e.x, e.y));
            }
        } else if (phase_ == Phase::TwoFingers && (e.id == first_ || e.id == second_)) {
            out.push_back(pinch_gesture(Gesture::Kind::Pinch));
        }
        return;
    }
    case FingerEvent::Kind::Up: {
        Finger* f = find(e.id);
        if (!f) return;
        f->x = e.x;
        f->y = e.y;
        f->screen_y = e.screen_y;
        if (phase_ == Phase::OneFinger && e.id == first_) {
            // A finger that left far from where it landed dragged, even when no move arrived in between
            // (a busy page can deliver a quick swipe as just a start and an end).
            if (scrolling_page_) {
                scroll_page(*f, out);
            } else if (!dragging_ && !long_pressed_ && distance(e.x, e.y, start_x_, start_y_) > kTouchSlop) {
                begin_drag(*f, out);
                if (dragging_) out.push_back(drag_gesture(Gesture::Kind::DragMove, e.x, e.y));
            }
            if (dragging_ || scrolling_page_) {
                finish_one_finger(out);
            } else if (!long_pressed_) {
                active_ = true;
                Gesture g;
                g.kind = Gesture::Kind::Tap;
                g.x = g.start_x = start_x_;
                g.y = g.start_y = start_y_;
                out.push_back(g);
            }
            phase_ = Phase::Ignoring;  // fingers that were ignored may still be down
        } else if (phase_ == Phase::TwoFingers && (e.id == first_ || e.id == second_)) {
            out.push_back(pinch_gesture(Gesture::Kind::PinchEnd));
            phase_ = Phase::Ignoring;
        }
        down_.erase(std::remove_if(down_.begin(), down_.end(), [&](const Finger& d) { return d.id == e.id; }), down_.end());
        if (down_.empty()) phase_ = Phase::Idle;
        return;
    }
    }
}

void TouchGestures::update(double now, std::vector<Gesture>& out) {
    if (phase_ != Phase::OneFinger || dragging_ || scrolling_page_ || long_pressed_ || now - pressed_at_ < kLongPressSeconds)
        return;
    long_pressed_ = true;
    active_ = true;
    Gesture g;
    g.kind = Gesture::Kind::LongPress;
    g.x = g.start_x = start_x_;
    g.y = g.start_y = start_y_;
    out.push_back(g);
}

}  // namespace pl::app
