// Everything drawn over the decision field, as pure functions of the model snapshot: the tinted half
// planes, the boundary and w, the margin band, hulls and the max-margin separator, the trail, the
// points with their rings, the update animation, the status line and the legend. No state changes here.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

#include "app/base/canvas_draw.hpp"  // kMarkerRadius
#include "app/base/view.hpp"
#include "core/scene/scene.hpp"
#include "app/base/theme.hpp"
#include "imgui.h"

namespace pl::app {

struct Overlay {
    ImDrawList* draw;
    const View& view;
    const Palette& colors;
};

// A rectangle on screen (Dear ImGui's ImRect is internal).
struct ScreenRect {
    ImVec2 min, max;
    bool contains(ImVec2 p) const { return p.x >= min.x && p.x < max.x && p.y >= min.y && p.y < max.y; }
};

// Above this many points (training and test) markers are small squares without rings, drawn as one
// image by the PointLayer (point_layer.hpp), so drawing stays cheap.
inline constexpr std::size_t kSimpleMarkersAbove = 3000;
inline bool many_points(const WidgetState& state) { return state.data.size() + state.held_out.size() > kSimpleMarkersAbove; }
// A training point's marker radius: the kernel perceptron's support points grow with their alpha.
float marker_radius(const Scene& model, std::size_t i);
// Where a data point is on screen (1-D data sit on the x axis), and whether c lies on the plot or
// within `margin` of it (a marker there still shows).
ImVec2 point_on_screen(const View& view, const Vec& p);
bool near_plot(const View& view, ImVec2 c, float margin);
// The w arrow (and the animation) is scaled down to at most this share of the visible data box.
inline constexpr double kArrowMaxShareOfView = 0.35;

// Text on a rounded plate, so it stays legible over points and regions. `role` names it for the test
// build's probe. The text wraps to `max_width` (a narrow canvas on a phone); `anchor_bottom` keeps its
// last line at pos.y (the status line grows upwards). Returns the plate's top.
float plate_text(ImDrawList* draw, const char* role, ImVec2 pos, const std::string& text, ImU32 plate, ImU32 ink,
                 float max_width, bool anchor_bottom = false);
// Where plate_text puts the plate, without drawing it.
ScreenRect plate_rect(ImVec2 pos, const std::string& text, float max_width, bool anchor_bottom = false);

void draw_half_planes(const Overlay& o, const Line2D& line);
// halo: over a rim of canvas_bg (canvas_draw.hpp), for lines that must stand out on any tint.
void draw_hyperplane(const Overlay& o, const Line2D& line, ImU32 color, float thickness, bool dashed, bool halo = false);
void draw_margin_band(const Overlay& o, const Line2D& line, double margin_distance, ImU32 color);
void draw_weight_arrow(const Overlay& o, const Line2D& line);
void draw_theory_overlays(const Overlay& o, const Scene& model);  // hulls, max-margin separator
void draw_trail(const Overlay& o, const Scene& model);            // earlier hyperplanes, fading
void draw_points(const Overlay& o, const Scene& model, std::optional<std::size_t> hovered,
                 std::optional<std::size_t> selected);
// The test (held-out) points, hollow, with a ring where the answer gets them wrong (y f <= 0; in hand
// mode the unit's rule). The test build's probe lists each as a "test-point" text ("+1" or "−1", and
// " wrong") at its marker, for the first kProbedTestPoints.
inline constexpr std::size_t kProbedTestPoints = 200;
void draw_test_points(const Overlay& o, const Scene& model, std::optional<std::size_t> hovered);
// The lecture figure of one update at time t in [0, 1]: w_old; then y*eta*x at its tip; then w_new.
void draw_update_animation(const Overlay& o, const Scene& model, const Update& update, float t);
// The status line; above it, when not empty, `field_notice` (the regions came from the CPU, and why),
// and above that `keys_hint` (the canvas has the keyboard). The online verdict goes at the top left, from
// `online_top` down (below the canvas's buttons). Plates are opaque canvas_bg: their text keeps its contrast.
void draw_status(const Overlay& o, const Scene& model, bool show_online_message, const std::string& field_notice,
                 const std::string& keys_hint, float online_top);
// The texts at the canvas's bottom edge, as draw_status places them: each one's plate (empty when the
// text is), and the top of the highest, for what must stay clear of them (canvas_insets.hpp).
struct StatusPlates {
    ScreenRect status{}, field_notice{}, keys_hint{};
    float top = 0;
};
StatusPlates layout_status(const View& view, const std::string& status, const std::string& field_notice, const std::string& keys_hint);
// The online verdict's plate as draw_status places it (`online_top` as handed to draw_status).
ScreenRect layout_online(const View& view, const std::string& verdict, float online_top);
// What the canvas says at its bottom while it has the keyboard.
inline constexpr const char* kCanvasKeysHint =
    "Arrows move \xC2\xB7 Enter or + adds +1 \xC2\xB7 \xE2\x88\x92 adds \xE2\x88\x92" "1 \xC2\xB7 ? all keys \xC2\xB7 Esc leaves";
// After one finger scrolled the page past an inactive canvas (touch_gestures.hpp): how to work the canvas.
inline constexpr const char* kPageScrollHint = "One finger scrolls the page. Tap the plane to work on it, or use two fingers.";
void draw_page_scroll_hint(const Overlay& o);
void draw_legend(const Overlay& o, const Scene& model);
ScreenRect legend_rect(const View& view);  // where draw_legend draws (its plate), for what must avoid it

}  // namespace pl::app
