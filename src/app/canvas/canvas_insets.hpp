// What the canvas's own overlays take along its edges: the buttons, the legend and the online verdict at the top, the status
// line, the field notice and the keys hint at the bottom. Read from the same layout functions that draw
// them (layout_canvas_controls, legend_rect, layout_online, layout_status), so the fitted view (view_fit.hpp) and the
// keyboard cursor keep clear of exactly what is drawn. The bands span the canvas's width: the overlays
// sit in its corners and along its bottom, and a point between two of them would still be crowded.
#pragma once
#include <optional>
#include <string>

#include "app/canvas/canvas_controls.hpp"
#include "app/canvas/canvas_overlays.hpp"
#include "app/base/view.hpp"
#include "core/session/view_fit.hpp"

namespace pl::app {

// The largest reach of a point's drawing from its centre: a support point's marker (marker_radius) and
// the rings around a point (hover, next to visit, selection) stay within it.
inline constexpr float kPointReach = 16.0f;

struct OverlayTexts {
    std::string status, field_notice, keys_hint;  // empty: not shown
    // Online mode: the verdict of the last visit, under the buttons at the top left (what it says now,
    // "" before the first visit). Reserved while online mode is on, not only while a verdict shows, and
    // at least as tall as a typical verdict: the view does not jump each time one appears.
    std::optional<std::string> online;
};

// Pixels from the canvas's top edge to the lowest top overlay, and from its bottom edge to the highest
// bottom one. `legend` says whether the legend is (or will be, once trained) drawn.
struct OverlayBands {
    float top = 0, bottom = 0;
};
OverlayBands overlay_bands(const View& view, const CanvasControlsInput& controls, bool legend, const OverlayTexts& texts);

// The canvas as the fit sees it: its size, and the bands widened by a point's reach, so no marker
// touches an overlay.
CanvasShape fit_shape(const View& view, const OverlayBands& bands);

}  // namespace pl::app
