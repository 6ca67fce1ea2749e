// The 2-D canvas, in three layers (Dear ImGui's custom-canvas pattern: an InvisibleButton takes the
// input, the window's draw list takes the drawing):
//   input     CanvasInput: edits through Session verbs (canvas_input.hpp)
//   field     FieldLayer: the per-pixel decision regions and when to repaint them (field_layer.hpp)
//   overlays  pure drawing from the model snapshot (canvas_overlays.hpp)
// The canvas itself keeps only what lives between frames: the view mapping, the update animation, the
// fade of the online verdict and the keyboard cursor.
#pragma once
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "app/canvas/canvas_input.hpp"
#include "app/canvas/canvas_next_visit.hpp"
#include "app/canvas/keyboard_cursor.hpp"
#include "app/canvas/point_layer.hpp"
#include "app/canvas/touch_gestures.hpp"
#include "app/base/run_state.hpp"
#include "app/base/view.hpp"
#include "app/render/field_layer.hpp"
#include "core/scene/scene.hpp"
#include "core/session/session.hpp"

namespace pl::app {

// What the platform knows about touch (src/platform/touch_input.hpp), handed over every frame.
struct TouchStatus {
    // A finger has touched the widget: finger-sized canvas buttons even where the pointer is fine (a
    // laptop's touch screen). Coarse pointers get 44 px frames from the style anyway (theme.hpp).
    bool finger_seen = false;
    bool mouse_from_finger = false;  // Dear ImGui's mouse is the first finger now, not a real mouse
    // The page around the widget can scroll (asked when the touch began): one finger up or down on a
    // canvas that is not active scrolls it (touch_gestures.hpp).
    bool page_scrolls = false;
};

class Canvas {
public:
    // Lays the canvas out in the rest of the current window, handles its input, then draws the model
    // (brought up to date after the input, so an edit shows in the same frame).
    // Also fits the view to the data when a new data set arrived (Session::fit_pending).
    // `run`: whether Run is on (the field repaints coarse meanwhile) and the lesson's hold (the ring
    // around the point a predict step asks about).
    void draw(Session& session, SceneCache& models, float delta_seconds, const RunState& run);
    bool animating() const {
        return animation_time_ >= 0.0f || field_.settling() || field_.warm_up_pending() || online_fade_running() ||
               input_.touch_tracking() || page_hint_showing();
    }
    // Touch: the platform hands over every finger event (screen coordinates) and the touch status; the
    // next draw turns them into gestures.
    void push_finger(const FingerEvent& event);
    void drop_fingers() { fingers_.clear(); }  // the plane is not shown (Words mode)
    void set_touch_status(const TouchStatus& status) { touch_ = status; }
    const TouchStatus& touch_status() const { return touch_; }
    bool touch_gesture_running() const { return input_.touch_gesture_running(); }  // the canvas took this touch
    CanvasInput::PageScroll take_page_scroll() { return input_.take_page_scroll(); }  // the platform scrolls the page
    // Fit the view to the data now, to the canvas's shape when it was last drawn (else at the next draw):
    // an imported state file is a new data set, although it arrives as a whole state like a link,
    // which keeps its view.
    void fit_view(Session& session);
    // Starts the three-beat figure of an update (not when the person asked for reduced motion).
    void start_update_animation(const Update& update);
    void set_reduced_motion(bool reduced) { reduced_motion_ = reduced; }  // also hides the trail

    // [SECTION] keyboard (app_keyboard.cpp decides when the canvas has the keys)
    // While it has them the canvas shows its focus ring and the cursor, and holds Dear ImGui's keyboard
    // focus (its place in the Tab order).
    void set_keyboard(bool has_keys) { has_keys_ = has_keys; }
    bool has_keyboard() const { return has_keys_; }
    ImGuiID item_id() const { return item_id_; }  // the canvas's InvisibleButton (0 before the first draw)
    CursorPoint cursor() const { return cursor_; }
    void move_cursor(Session& session, int dx, int dy, int lines);  // grid lines; the view follows
    void zoom_at_cursor(Session& session, double factor);           // < 1 zooms in; the cursor stays put
    void add_at_cursor(Session& session, int label);
    // The point under the cursor: within a marker's pick radius, or most of a grid step on a zoomed-out view.
    std::optional<std::size_t> point_at_cursor(const Session& session) const;
    std::optional<std::size_t> selected() const { return input_.selected(); }
    // Test mode: clicks and taps move points between training and test, or add test points.
    void set_test_mode(bool on) { input_.set_test_mode(on); }
    bool test_mode() const { return input_.test_mode(); }
    void select(std::optional<std::size_t> index) { input_.select(index); }
    const View& view() const { return view_; }
    bool field_drawn_by_gpu() const { return field_drawn_by_gpu_; }  // this frame, the shader painted the regions
    FieldLayer& field_layer() { return field_; }
    const PointLayer& point_layer() const { return points_; }

    static constexpr float kAnimationSeconds = 1.6f;      // the three beats of one update
    static constexpr float kOnlineMessageSeconds = 6.0f;  // how long the online verdict stays up

private:
    bool page_hint_showing() const { return ImGui::GetTime() < input_.page_hint_until(); }
    bool online_fade_running() const { return online_age_ >= 0.0f && online_age_ < kOnlineMessageSeconds; }
    // The view fitted to the data on the canvas as it is now, remembered as the shape the fit was for.
    void fit_to(Session& session, const CanvasShape& shape);
    // While the view is still a fit (nobody panned, zoomed, edited or loaded a view since), a canvas that
    // changed size or whose overlays grew gets the fit again, so no point ends up under them. Overlays
    // that shrank keep the view: it does not jump when the keys hint goes.
    void keep_view_fitted(Session& session, const CanvasShape& shape);
    // Where the keyboard cursor does not go: the overlays' strips and the cursor's own reach from them.
    FitInsets cursor_keep_clear() const;

    static constexpr std::size_t kMaxQueuedFingers = 512;  // events kept while the canvas is not drawn

    View view_;
    CanvasInput input_;
    std::vector<FingerEvent> fingers_;
    TouchStatus touch_;
    bool fit_requested_ = false;
    CanvasShape shape_;                      // the canvas and its overlays' insets, last frame
    std::optional<CanvasShape> fitted_for_;  // the shape the view was last fitted to
    FitInsets overlays_;                     // the strips the overlays take, this frame (no point reach)
    FieldLayer field_;
    PointLayer points_;  // many points as one image
    NextVisitRing next_visit_ring_;
    bool field_drawn_by_gpu_ = false;
    std::optional<Update> animated_;
    float animation_time_ = -1.0f;
    std::uint64_t online_serial_seen_ = 0;
    float online_age_ = -1.0f;
    bool reduced_motion_ = false;
    bool has_keys_ = false;
    ImGuiID item_id_ = 0;
    CursorPoint cursor_{std::nan(""), std::nan("")};  // not placed yet: the view's centre when first shown
};

}  // namespace pl::app
