#include "app/canvas/canvas_insets.hpp"

#include <algorithm>

namespace pl::app {

OverlayBands overlay_bands(const View& view, const CanvasControlsInput& controls, bool legend, const OverlayTexts& texts) {
    OverlayBands bands;
    float top_edge = layout_canvas_controls(view, controls).bottom;
    if (legend) top_edge = std::max(top_edge, legend_rect(view).max.y);
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
