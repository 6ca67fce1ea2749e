// Every mouse and touch edit of the canvas: a click adds a point (shift or right click: the other class),
// a drag moves a point or pans, ctrl-click removes, the wheel zooms around the cursor. Edits go only
// through Session verbs; nothing is drawn here (the overlays show the hover and the selection).
#pragma once
#include <cstddef>
#include <optional>

#include "app/view.hpp"
#include "core/session.hpp"
#include "imgui.h"

namespace pl::app {

class CanvasInput {
public:
    // The canvas's InvisibleButton state this frame; `view` maps the canvas as it was laid out.
    void handle(Session& session, const View& view, bool hovered, bool active);

    std::optional<std::size_t> selected() const { return selected_; }
    void select(std::optional<std::size_t> index) { selected_ = index; }
    std::optional<std::size_t> hovered_point() const { return hovered_point_; }
    // The point under a screen position, within the hit radius (nearest first).
    std::optional<std::size_t> hit_test(const Session& session, const View& view, ImVec2 position) const;

    static constexpr float kHitRadius = 10.0f;     // pixels around a marker that pick it
    static constexpr float kDragThreshold = 4.0f;  // pixels before a press becomes a drag (taps stay clicks)
    static constexpr double kWheelZoomStep = 1.15;  // span factor per wheel notch

private:
    void zoom(Session& session, const View& view, ImVec2 mouse, float wheel);
    void add_point(Session& session, const View& view, ImVec2 mouse, int label);

    std::optional<std::size_t> selected_, hovered_point_;
    std::optional<std::size_t> dragging_;  // point being moved
    bool panning_ = false;
    bool press_on_empty_ = false;
    ImVec2 press_pos_{};
    ViewState pan_start_{};
};

}  // namespace pl::app
