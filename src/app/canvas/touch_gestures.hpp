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
#pragma once
#include <cstdint>
#include <vector>

namespace pl::app {

// One finger event in the canvas's screen coordinates (Dear ImGui's, i.e. CSS px on the web).
struct FingerEvent {
    enum class Kind { Down, Move, Up };
    Kind kind = Kind::Down;
    std::int64_t id = 0;  // stays the same from Down to Up
    float x = 0, y = 0;
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
        PinchEnd     // a finger of the pinch left
    };
    Kind kind = Kind::Press;
    float x = 0, y = 0;
    float start_x = 0, start_y = 0;
    float distance = 0, start_distance = 0;
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
    // A finger is down: the caller keeps drawing frames so the long press can fire.
    bool tracking() const { return !down_.empty(); }
    // The fingers down form a canvas gesture (not a touch that started elsewhere and is ignored).
    bool gesture_running() const { return phase_ == Phase::OneFinger || phase_ == Phase::TwoFingers; }

private:
    enum class Phase { Idle, OneFinger, TwoFingers, Ignoring };
    struct Finger { std::int64_t id; float x, y; };

    Finger* find(std::int64_t id);
    void finish_one_finger(std::vector<Gesture>& out);
    Gesture pinch_gesture(Gesture::Kind kind) const;
    Gesture drag_gesture(Gesture::Kind kind, float x, float y) const;

    Phase phase_ = Phase::Idle;
    std::vector<Finger> down_;  // every finger now on the screen, in the order they came
    // One finger
    std::int64_t first_ = 0;
    float start_x_ = 0, start_y_ = 0;
    double pressed_at_ = 0;
    bool dragging_ = false, long_pressed_ = false;
    // Two fingers
    std::int64_t second_ = 0;
    float pinch_start_x_ = 0, pinch_start_y_ = 0, pinch_start_distance_ = 0;
};

}  // namespace pl::app
