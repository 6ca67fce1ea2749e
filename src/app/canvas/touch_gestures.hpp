// Turns fingers on the canvas into gestures: a tap, a long press, a one-finger drag, a two-finger
// pinch (which also pans when the fingers move together). Plain logic with no ImGui and no SDL, so it
// is unit-tested (tests/app/canvas/test_touch_gestures.cpp); the platform layer hands the fingers over
// (src/platform/touch_input.hpp) and CanvasInput turns the gestures into Session verbs.
//
// Rules that keep one touch from doing two things:
//   * a finger that wanders more than kTouchSlop is a drag, never a tap or a long press;
//   * a long press is reported once, after kLongPressSeconds, and then the release is not a tap;
//   * a second finger ends any drag and turns the touch into a pinch; after a pinch nothing else
//     happens until every finger has left the screen (no tap, no drag from the last finger);
//   * a touch that starts off the canvas (on a panel, a button drawn over the canvas, a popup) is
//     ignored until every finger has left.
//
// On a page that scrolls (a course page with the widget in it), one finger that goes mostly up or down
// scrolls the page rather than the canvas, as embedded maps do, until the canvas is *active*: a tap, a
// long press, two fingers, or a sideways drag on it make it active; a touch that starts off the canvas
// makes it inactive again. Two fingers always work the canvas. Where the page cannot scroll (the
// full-page widget) the canvas is always active.
#pragma once
#include <cstdint>
#include <limits>
#include <vector>

namespace pl::app {

// One finger event in the canvas's screen coordinates (Dear ImGui's, i.e. CSS px on the web).
struct FingerEvent {
    enum class Kind { Down, Move, Up };
    Kind kind = Kind::Down;
    std::int64_t id = 0;  // stays the same from Down to Up
    float x = 0, y = 0;
    // Where the finger is on the screen, up and down (web: in the browser's viewport). Unlike y it does
    // not change when the page scrolls the canvas under a finger that stands still, so a page scroll is
    // measured with it. The platform leaves it NaN where the two cannot differ: then y counts.
    float screen_y = std::numeric_limits<float>::quiet_NaN();
};

struct Gesture {
    enum class Kind {
        Press,       // a first finger touched the canvas at (x, y)
        Tap,         // it left again without wandering, before a long press: (x, y) where it touched
        LongPress,   // it stayed kLongPressSeconds without wandering: (x, y) where it touched
        DragBegin,   // it wandered past the slop: from (start_x, start_y), now at (x, y)
        DragMove,    // the drag goes on: now at (x, y), started at (start_x, start_y)
        DragEnd,     // the drag ended (finger up, or a second finger came): at (x, y)
        PinchBegin,  // two fingers: midpoint (start_x, start_y), distance start_distance
        Pinch,       // now at midpoint (x, y) and distance `distance`; start values as in PinchBegin
        PinchEnd,    // a finger of the pinch left
        PageScroll,  // one finger scrolls the page: at (x, y), it moved page_dy down on the screen since the last one
        PageScrollEnd  // that finger left (or a second one came)
    };
    Kind kind = Kind::Press;
    float x = 0, y = 0;
    float start_x = 0, start_y = 0;
    float distance = 0, start_distance = 0;
    float page_dy = 0;  // PageScroll
};

class TouchGestures {
public:
    static constexpr double kLongPressSeconds = 0.5;
    static constexpr float kTouchSlop = 10.0f;  // px a finger may wander and still tap or long-press

    // `on_canvas`: whether a finger that comes down here may start or join a canvas gesture (the caller
    // knows what covers the canvas). `now` in seconds, from any steady clock. Gestures are appended.
    void feed(const FingerEvent& event, bool on_canvas, double now, std::vector<Gesture>& out);
    // Once a frame: timers (the long press).
    void update(double now, std::vector<Gesture>& out);
    // Whether the page around the widget can scroll (the platform asks the page when a touch starts).
    void set_page_scrolls(bool scrolls) { page_scrolls_ = scrolls; }
    bool active() const { return active_ || !page_scrolls_; }
    // A finger is down: the caller keeps drawing frames so the long press can fire.
    bool tracking() const { return !down_.empty(); }
    // The fingers down form a canvas gesture (not a touch that started elsewhere and is ignored).
    bool gesture_running() const { return phase_ == Phase::OneFinger || phase_ == Phase::TwoFingers; }

private:
    enum class Phase { Idle, OneFinger, TwoFingers, Ignoring };
    struct Finger { std::int64_t id; float x, y, screen_y; };

    Finger* find(std::int64_t id);
    void finish_one_finger(std::vector<Gesture>& out);
    void begin_drag(const Finger& f, std::vector<Gesture>& out);
    void scroll_page(const Finger& f, std::vector<Gesture>& out);
    Gesture pinch_gesture(Gesture::Kind kind) const;
    Gesture drag_gesture(Gesture::Kind kind, float x, float y) const;

    Phase phase_ = Phase::Idle;
    std::vector<Finger> down_;  // every finger now on the screen, in the order they came
    // One finger
    std::int64_t first_ = 0;
    float start_x_ = 0, start_y_ = 0, start_screen_y_ = 0;
    double pressed_at_ = 0;
    bool dragging_ = false, long_pressed_ = false;
    bool scrolling_page_ = false;  // this finger's drag scrolls the page (dragging_ is false then)
    float page_last_y_ = 0;  // the finger's screen y at the last PageScroll
    bool page_scrolls_ = false, active_ = false;
    // Two fingers
    std::int64_t second_ = 0;
    float pinch_start_x_ = 0, pinch_start_y_ = 0, pinch_start_distance_ = 0;
};

}  // namespace pl::app
