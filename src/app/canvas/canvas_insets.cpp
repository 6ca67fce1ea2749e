#include "app/canvas/canvas_insets.hpp"

#include <algorithm>

namespace pl::app {

namespace {
// A verdict as long as they come (online_sentence in describe.cpp): a mistake with a three-digit score.
constexpr const char* kTypicalOnlineVerdict = "Model predicted \xE2\x88\x92" "1 (score \xE2\x88\x92" "0.123); true label +1: mistake, w updated";
}  // namespace

OverlayBands overlay_bands(const View& view, const CanvasControlsInput& controls, bool legend, const OverlayTexts& texts) {
    OverlayBands bands;
    const float controls_bottom = layout_canvas_controls(view, controls).bottom;
    float top_edge = controls_bottom;
    if (legend) top_edge = std::max(top_edge, legend_rect(view).max.y);
    if (texts.online) {
        // From just below the buttons, as canvas.cpp hands draw_status its online_top.
        const float online_top = controls_bottom + 8.0f;
        top_edge = std::max({top_edge, layout_online(view, *texts.online, online_top).max.y,
                             layout_online(view, kTypicalOnlineVerdict, online_top).max.y});
    }
    bands.top = std::max(0.0f, top_edge - view.origin_y());
    const StatusPlates plates = layout_status(view, texts.status, texts.field_notice, texts.keys_hint);
    bands.bottom = std::max(0.0f, view.origin_y() + view.height() - plates.top);
    return bands;
}

CanvasShape fit_shape(const View& view, const OverlayBands& bands) {
    CanvasShape shape;
    shape.width = view.width();
    shape.height = view.height();
    shape.insets.top = bands.top + kPointReach;
    shape.insets.bottom = bands.bottom + kPointReach;
    // The sides have no overlay, but a marker at the edge would be cut in half.
    shape.insets.left = shape.insets.right = kPointReach;
    return shape;
}

}  // namespace pl::app
