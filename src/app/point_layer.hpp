// The training points as one picture, painted on the CPU (marker_raster.hpp) and drawn as one texture
// under the per-frame overlays. Up to kSimpleMarkersAbove points: the full markers with their mistake
// rings and support-vector sizes. Above: small squares in the class colours (test points as outlines)
// for training and test points. The picture is made again only when what it shows changes (points,
// view, canvas size, colours; for full markers also which points are wrong and the alphas), so a frame
// of Run costs the same with 100,000 points as with 5,000, and 1,000 points do not cost 30,000
// triangles a frame.
#pragma once
#include <cstdint>

#include "app/frame_model.hpp"
#include "app/marker_raster.hpp"
#include "app/theme.hpp"
#include "app/view.hpp"
#include "imgui.h"

namespace pl::app {

// Paints the picture of `model`'s points over `view` at `scale` device pixels per screen unit.
void paint_points(PointPicture& picture, const View& view, float scale, const FrameModel& model, const Palette& colors);

class PointLayer {
public:
    PointLayer() = default;
    PointLayer(const PointLayer&) = delete;
    PointLayer& operator=(const PointLayer&) = delete;
    ~PointLayer();
    // Adds the points' image to `draw` over the plot of `view`; data_revision: the session's, which
    // moves whenever the points or test points change.
    void draw(ImDrawList* draw, const View& view, const FrameModel& model, const Palette& colors, std::uint64_t data_revision);
    int repaints() const { return repaints_; }  // how often the picture was made (tests, benchmarks)

private:
    PointPicture picture_;
    unsigned int texture_ = 0;
    int texture_width_ = 0, texture_height_ = 0;
    std::uint64_t key_ = 0;
    int repaints_ = 0;
};

}  // namespace pl::app
