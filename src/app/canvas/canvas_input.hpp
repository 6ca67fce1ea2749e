// Every mouse and touch edit of the canvas. Mouse: a click adds a point (shift or right click: the
// other class), a drag moves a point or pans, ctrl-click removes, the wheel zooms around the cursor.
// Test mode (set_test_mode): a click, tap or long press on a point moves it between training and test;
// on empty canvas a click or tap adds a test point of the active class, a right click, shift-click or
// long press one of the other class. Hand mode (state().hand.on): a drag of w's tip or of the threshold's
// diamond sets w or k (canvas_hand.hpp); the handles come before the points under them.
// Touch (the gestures of touch_gestures.hpp): a tap adds a point of the active class (on a point: selects
// it), a long press adds the other class, a drag moves the point it starts on or pans, two fingers
// zoom around their midpoint and pan. On a page that scrolls, one finger up or down on a canvas that is
// not active scrolls the page instead (touch_gestures.hpp): the platform takes that scroll
// (take_page_scroll) and the canvas shows a hint for a moment. Edits go only through Session verbs;
// nothing is drawn here (the overlays show the hover and the selection).
#pragma once
#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

#include "app/canvas/canvas_hand.hpp"
#include "app/canvas/touch_gestures.hpp"
#include "app/base/view.hpp"
#include "core/session/session.hpp"
#include "imgui.h"

namespace pl::app {

class CanvasInput {
public:
    // The canvas's InvisibleButton state this frame; `view` maps the canvas as it was laid out.
    void handle(Session& session, const View& view, bool hovered, bool active);
    // The fingers that arrived since the last frame; `on_canvas(x, y)` says whether a finger coming
    // down there touches the canvas (not a button over it, a popup or another panel). `now` in seconds.
    void handle_touch(Session& session, const View& view, const std::vector<FingerEvent>& fingers,
                      const std::function<bool(float, float)>& on_canvas, bool page_scrolls, double now);
    // The page scroll one finger asked for since the last call (CSS px the finger moved down), and
    // whether that finger has left (the page may glide on).
    struct PageScroll { float dy = 0; bool ended = false; };
    PageScroll take_page_scroll() { PageScroll p = page_scroll_; page_scroll_ = {}; return p; }
    // Until when (seconds, ImGui's clock) the canvas says how to work it with a finger on a page that scrolls.
    double page_hint_until() const { return page_hint_until_; }
    static constexpr double kPageHintSeconds = 3.0;
    bool touch_tracking() const { return touch_.tracking(); }  // a finger is down (keep drawing frames)
    bool touch_gesture_running() const { return touch_.gesture_running(); }
    void clear_hover() { hovered_point_.reset(); }

    std::optional<std::size_t> selected() const { return selected_; }
    void select(std::optional<std::size_t> index) { selected_ = index; }
    std::optional<std::size_t> hovered_point() const { return hovered_point_; }
    std::optional<std::size_t> hovered_test_point() const { return hovered_test_; }  // test mode only
    void set_test_mode(bool on) { test_mode_ = on; }
    bool test_mode() const { return test_mode_; }
    HandGrip hand_grip() const { return hand_grip_ != HandGrip::None ? hand_grip_ : touch_grip_; }  // being dragged
    // The point under a screen position, within `radius` pixels (nearest first).
    std::optional<std::size_t> hit_test(const Session& session, const View& view, ImVec2 position,
                                        float radius = kHitRadius) const;
    std::optional<std::size_t> hit_test_held_out(const Session& session, const View& view, ImVec2 position,
                                                 float radius = kHitRadius) const;

    // Adds a point the way every input does: in online mode the model predicts it first.
    static void add_point_at(Session& session, const Vec& x, int label);

    static constexpr float kHitRadius = 10.0f;     // pixels around a marker that pick it
    static constexpr float kTouchHitRadius = 22.0f;  // a fingertip: a 44 px target around the marker
    static constexpr float kMinPinchDistance = 8.0f;  // px between two fingers below which only the pan counts
    static constexpr float kDragThreshold = 4.0f;  // pixels before a press becomes a drag (taps stay clicks)
    static constexpr double kWheelZoomStep = 1.15;  // span factor per wheel notch

private:
    void zoom(Session& session, const View& view, ImVec2 mouse, float wheel);
    void add_point(Session& session, const View& view, ImVec2 mouse, int label);
    void apply(Session& session, const View& view, const Gesture& gesture);
    void pinch(Session& session, const View& view, const Gesture& gesture);
    // Test mode: moves the point nearer to `at` (training or test) to the other list; false if none.
    bool toggle_role(Session& session, const View& view, ImVec2 at, float radius);
    HandGrip grip(const Session& session, const View& view, ImVec2 at, float radius) const;

    bool test_mode_ = false;
    std::optional<std::size_t> hovered_test_;
    HandGrip hand_grip_ = HandGrip::None;   // the mouse drags a hand handle
    HandGrip touch_grip_ = HandGrip::None;  // a finger came down on (and may drag) a hand handle

    std::optional<std::size_t> selected_, hovered_point_;
    std::optional<std::size_t> dragging_;  // point being moved
    bool panning_ = false;
    bool press_on_empty_ = false;
    ImVec2 press_pos_{};
    ViewState pan_start_{};

    // Touch: the gesture rules, and what the current touch is doing.
    TouchGestures touch_;
    std::optional<std::size_t> touch_hit_;   // the point the first finger came down on
    std::optional<std::size_t> touch_drag_;  // the point a finger is moving
    ImVec2 touch_grab_{};                    // the point's screen offset from the finger (kept while moving)
    bool touch_panning_ = false;
    bool touch_added_ = false;               // a long press added a point: the rest of this touch does nothing
    ViewState touch_view_start_{};           // the view when the pan or the pinch began
    PageScroll page_scroll_;
    double page_hint_until_ = -1.0;
    double touch_now_ = 0.0;
};

}  // namespace pl::app
