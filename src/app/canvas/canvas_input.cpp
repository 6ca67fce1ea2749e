#include "app/canvas/canvas_input.hpp"

#include <cmath>

namespace pl::app {

namespace {
double coord(const Vec& p, std::size_t i) { return i < p.size() ? p[i] : 0.0; }

// The view moved so that the content follows a pointer from `from` to `to` (screen px).
ViewState panned(const ViewState& start, const View& view, ImVec2 from, ImVec2 to) {
    ViewState v = start;
    v.center_x -= (to.x - from.x) / view.pixels_per_unit();
    v.center_y += (to.y - from.y) / view.pixels_per_unit();
    return v;
}

// The point of `points` nearest `position` within `radius` px; `distance` gets its squared distance.
std::optional<std::size_t> nearest(const std::vector<Vec>& points, const View& view, ImVec2 position, float radius,
                                   float* distance = nullptr) {
    std::optional<std::size_t> best;
    float best_distance = radius * radius;
    for (std::size_t i = points.size(); i-- > 0;) {  // topmost (last drawn) first
        const ScreenPoint s = view.to_screen(coord(points[i], 0), coord(points[i], 1));
        const float dx = s.x - position.x, dy = s.y - position.y;
        const float d = dx * dx + dy * dy;
        if (d < best_distance) { best_distance = d; best = i; }
    }
    if (distance) *distance = best_distance;
    return best;
}
}  // namespace

std::optional<std::size_t> CanvasInput::hit_test(const Session& session, const View& view, ImVec2 position, float radius) const {
    return nearest(session.state().data.points, view, position, radius);
}

std::optional<std::size_t> CanvasInput::hit_test_held_out(const Session& session, const View& view, ImVec2 position,
                                                          float radius) const {
    return nearest(session.state().held_out.points, view, position, radius);
}

bool CanvasInput::toggle_role(Session& session, const View& view, ImVec2 at, float radius) {
    float training_distance = 0, test_distance = 0;
    const auto training = nearest(session.state().data.points, view, at, radius, &training_distance);
    const auto test = nearest(session.state().held_out.points, view, at, radius, &test_distance);
    selected_.reset();
    if (test && (!training || test_distance <= training_distance)) return session.move_to_training(*test);
    if (training) return session.move_to_test(*training);
    return false;
}

HandGrip CanvasInput::grip(const Session& session, const View& view, ImVec2 at, float radius) const {
    if (!session.state().hand.on || session.state().readonly) return HandGrip::None;
    return grip_at(hand_handles(view, session.state()), at, radius);
}

// Zoom around the cursor, keeping the data point under it fixed. The session clamps the span to its
// limits; the centre follows the span that was actually accepted.
void CanvasInput::zoom(Session& session, const View& view, ImVec2 mouse, float wheel) {
    const ViewState before = session.state().view;
    const double mx = view.to_data_x(mouse.x), my = view.to_data_y(mouse.y);
    ViewState v = before;
    v.span = before.span * std::pow(kWheelZoomStep, -static_cast<double>(wheel));
    session.set_view(v);
    const double ratio = session.state().view.span / before.span;
    v = session.state().view;
    v.center_x = mx + (before.center_x - mx) * ratio;
    v.center_y = my + (before.center_y - my) * ratio;
    session.set_view(v);
}

// Online mode: the model predicts the point before it learns the label; the verdict is kept by the
// session (Session::last_online), so every way of adding shows it.
void CanvasInput::add_point_at(Session& session, const Vec& x, int label) {
    if (session.state().online_mode) session.online_add(x, label);
    else session.add_point(x, label);
}

void CanvasInput::add_point(Session& session, const View& view, ImVec2 mouse, int label) {
    add_point_at(session, {view.to_data_x(mouse.x), view.to_data_y(mouse.y)}, label);
}

void CanvasInput::handle(Session& session, const View& view, bool hovered, bool active) {
    ImGuiIO& io = ImGui::GetIO();
    const ImVec2 mouse = io.MousePos;
    hovered_point_ = hovered ? hit_test(session, view, mouse) : std::nullopt;
    hovered_test_ = hovered && test_mode_ ? hit_test_held_out(session, view, mouse) : std::nullopt;
    const bool readonly = session.state().readonly;

    if (hovered && io.MouseWheel != 0.0f) zoom(session, view, mouse, io.MouseWheel);

    const bool left_pressed = hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left);
    const bool right_pressed = hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Right);
    const bool middle_pressed = hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Middle);

    if (left_pressed) {
        press_pos_ = mouse;
        const auto hit = hovered_point_;
        hand_grip_ = grip(session, view, mouse, kHitRadius + 2.0f);
        if (hand_grip_ != HandGrip::None) {               // hand mode: w's tip or the threshold
            session.begin_hand_drag();
            press_on_empty_ = false;
        } else if (test_mode_ && !readonly && (hit || hovered_test_)) {  // test mode: training <-> test
            toggle_role(session, view, mouse, kHitRadius);
            press_on_empty_ = false;
        } else if (hit && io.KeyCtrl && !readonly) {     // ctrl-click removes
            session.remove_point(*hit);
            selected_.reset();
            press_on_empty_ = false;
        } else if (hit) {                                 // click selects, drag moves
            selected_ = hit;
            dragging_ = readonly ? std::nullopt : hit;
            if (dragging_) session.begin_move(*dragging_);
            press_on_empty_ = false;
        } else {                                          // empty: a tap adds, a drag pans
            press_on_empty_ = true;
            pan_start_ = session.state().view;
        }
    }
    if (middle_pressed) { panning_ = true; press_pos_ = mouse; pan_start_ = session.state().view; }

    if (active && ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        const float dx = mouse.x - press_pos_.x, dy = mouse.y - press_pos_.y;
        const bool moved = dx * dx + dy * dy > kDragThreshold * kDragThreshold;
        if (hand_grip_ != HandGrip::None && moved) {
            session.drag_hand_unit(dragged_unit(view, session.state(), hand_grip_, mouse));
        } else if (dragging_ && moved) {
            session.move_point(*dragging_, {view.to_data_x(mouse.x), view.to_data_y(mouse.y)});
        } else if (press_on_empty_ && moved) {
            panning_ = true;
        }
    }
    if (panning_ && (ImGui::IsMouseDown(ImGuiMouseButton_Left) || ImGui::IsMouseDown(ImGuiMouseButton_Middle)))
        session.set_view(panned(pan_start_, view, press_pos_, mouse));

    if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) || ImGui::IsMouseReleased(ImGuiMouseButton_Middle)) {
        if (dragging_) { session.end_move(); dragging_.reset(); }
        if (hand_grip_ != HandGrip::None) { session.end_hand_drag(); hand_grip_ = HandGrip::None; }
        if (press_on_empty_ && !panning_ && hovered && !readonly) {
            const int label = io.KeyShift ? -session.state().active_label : session.state().active_label;
            if (test_mode_) session.add_test_point({view.to_data_x(mouse.x), view.to_data_y(mouse.y)}, label);
            else add_point(session, view, mouse, label);
            selected_.reset();
        }
        press_on_empty_ = false;
        panning_ = false;
    }
    // Right click adds the other class (touch screens use the +1/-1 toggle instead).
    if (right_pressed && !hovered_point_ && !hovered_test_ && !readonly) {
        if (test_mode_) session.add_test_point({view.to_data_x(mouse.x), view.to_data_y(mouse.y)}, -session.state().active_label);
        else add_point(session, view, mouse, -session.state().active_label);
    }
    if (selected_ && *selected_ >= session.state().data.size()) selected_.reset();
}

// [SECTION] touch
void CanvasInput::handle_touch(Session& session, const View& view, const std::vector<FingerEvent>& fingers,
                               const std::function<bool(float, float)>& on_canvas, bool page_scrolls, double now) {
    touch_now_ = now;
    touch_.set_page_scrolls(page_scrolls);  // asked of the page when this touch began
    std::vector<Gesture> gestures;
    for (const FingerEvent& f : fingers)
        touch_.feed(f, f.kind == FingerEvent::Kind::Down && on_canvas(f.x, f.y), now, gestures);
    touch_.update(now, gestures);
    for (const Gesture& g : gestures) apply(session, view, g);
    if (selected_ && *selected_ >= session.state().data.size()) selected_.reset();
}

void CanvasInput::apply(Session& session, const View& view, const Gesture& g) {
    const bool readonly = session.state().readonly;
    const int active = session.state().active_label;
    const ImVec2 at(g.x, g.y), start(g.start_x, g.start_y);
    switch (g.kind) {
    case Gesture::Kind::Press:
        touch_grip_ = grip(session, view, at, kTouchHitRadius);
        touch_hit_ = hit_test(session, view, at, kTouchHitRadius);
        touch_drag_.reset();
        touch_panning_ = touch_added_ = false;
        break;
    case Gesture::Kind::Tap:  // on a point: select it (as a click does); elsewhere: add the active class
        if (touch_grip_ != HandGrip::None) { touch_grip_ = HandGrip::None; break; }
        if (test_mode_ && !readonly) {
            if (!toggle_role(session, view, at, kTouchHitRadius)) session.add_test_point({view.to_data_x(at.x), view.to_data_y(at.y)}, active);
        } else if (touch_hit_) selected_ = touch_hit_;
        else if (!readonly) { add_point(session, view, at, active); selected_.reset(); }
        break;
    case Gesture::Kind::LongPress:  // the finger's "right click": the other class
        if (touch_grip_ != HandGrip::None) break;
        if (test_mode_ && !readonly) {  // test mode: a slow tap on a point moves it too; on empty canvas, the other class
            if (!toggle_role(session, view, at, kTouchHitRadius)) session.add_test_point({view.to_data_x(at.x), view.to_data_y(at.y)}, -active);
            touch_added_ = true;
        } else if (touch_hit_) selected_ = touch_hit_;
        else if (!readonly) { add_point(session, view, at, -active); selected_.reset(); touch_added_ = true; }
        break;
    case Gesture::Kind::DragBegin:
        if (touch_added_) break;
        if (touch_grip_ != HandGrip::None) {
            const HandHandles handles = hand_handles(view, session.state());
            const ImVec2 handle = touch_grip_ == HandGrip::Weight ? handles.tip : handles.foot;
            touch_grab_ = ImVec2(handle.x - start.x, handle.y - start.y);
            session.begin_hand_drag();
        } else if (touch_hit_ && !readonly && *touch_hit_ < session.state().data.size()) {
            selected_ = touch_drag_ = touch_hit_;
            const Vec& p = session.state().data.points[*touch_drag_];
            const ScreenPoint s = view.to_screen(coord(p, 0), coord(p, 1));
            touch_grab_ = ImVec2(s.x - start.x, s.y - start.y);
            session.begin_move(*touch_drag_);
        } else {
            touch_panning_ = true;
            touch_view_start_ = session.state().view;
        }
        [[fallthrough]];
    case Gesture::Kind::DragMove:
        if (touch_grip_ != HandGrip::None)
            session.drag_hand_unit(dragged_unit(view, session.state(), touch_grip_, ImVec2(at.x + touch_grab_.x, at.y + touch_grab_.y)));
        else if (touch_drag_)
            session.move_point(*touch_drag_, {view.to_data_x(at.x + touch_grab_.x), view.to_data_y(at.y + touch_grab_.y)});
        else if (touch_panning_)
            session.set_view(panned(touch_view_start_, view, start, at));
        break;
    case Gesture::Kind::DragEnd:
        if (touch_grip_ != HandGrip::None) session.end_hand_drag();
        touch_grip_ = HandGrip::None;
        if (touch_drag_) session.end_move();
        touch_drag_.reset();
        touch_panning_ = false;
        break;
    case Gesture::Kind::PinchBegin:
        touch_view_start_ = session.state().view;
        break;
    case Gesture::Kind::Pinch:
        pinch(session, view, g);
        break;
    case Gesture::Kind::PinchEnd:
        break;
    case Gesture::Kind::PageScroll:
        page_scroll_.dy += g.page_dy;
        page_hint_until_ = touch_now_ + kPageHintSeconds;
        break;
    case Gesture::Kind::PageScrollEnd:
        page_scroll_.ended = true;
        page_hint_until_ = touch_now_ + kPageHintSeconds;
        break;
    }
}

// Two fingers: the span scales by how far apart they are now against when they came down, and the data
// point that was under their first midpoint stays under their midpoint (so moving both pans).
void CanvasInput::pinch(Session& session, const View& view, const Gesture& g) {
    View at_start;
    at_start.fit(touch_view_start_, view.origin_x(), view.origin_y(), view.width(), view.height());
    const double anchor_x = at_start.to_data_x(g.start_x), anchor_y = at_start.to_data_y(g.start_y);
    ViewState v = touch_view_start_;
    if (g.start_distance >= kMinPinchDistance && g.distance >= kMinPinchDistance)
        v.span = touch_view_start_.span * static_cast<double>(g.start_distance) / static_cast<double>(g.distance);
    session.set_view(v);  // clamps the span to its limits; the centre follows the accepted span
    v.span = session.state().view.span;
    View scaled;  // the accepted span centred on 0: the midpoint's offset from the centre in data units
    scaled.fit(ViewState{0.0, 0.0, v.span}, view.origin_x(), view.origin_y(), view.width(), view.height());
    v.center_x = anchor_x - scaled.to_data_x(g.x);
    v.center_y = anchor_y - scaled.to_data_y(g.y);
    session.set_view(v);
}

}  // namespace pl::app
