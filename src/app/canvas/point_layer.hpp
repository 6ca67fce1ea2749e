// The training points on the canvas, without Dear ImGui's shapes. Up to kSimpleMarkersAbove points:
// the full markers with their mistake rings and support-vector sizes, each a quad of a sprite atlas
// (sprite_atlas.hpp): 1,000 points no longer cost 30,000 triangles a frame. Above: small squares in the
// class colours (test points as outlines) painted on the CPU into one picture of the plot, drawn as one
// texture and made again only when the points, the view, the canvas size or the colours change; Run
// changes none of them, so a frame of Run costs the same with 100,000 points as with 5,000.
#pragma once
#include <cstdint>

#include "app/base/view.hpp"
#include "app/render/marker_raster.hpp"
#include "app/render/sprite_atlas.hpp"
#include "core/scene/scene.hpp"
#include "app/base/theme.hpp"
#include "imgui.h"

namespace pl::app {

// Paints the picture of `model`'s many points (many_points: training squares, then test outlines) over
// `view` at `scale` device pixels per screen unit.
void paint_points(PointPicture& picture, const View& view, float scale, const Scene& model, const Palette& colors);

class PointLayer {
public:
    PointLayer() = default;
    PointLayer(const PointLayer&) = delete;
    PointLayer& operator=(const PointLayer&) = delete;
    ~PointLayer();
    // Adds the points' image to `draw` over the plot of `view`; data_revision: the session's, which
    // moves whenever the points or test points change.
    void draw(ImDrawList* draw, const View& view, const Scene& model, const Palette& colors, std::uint64_t data_revision);
    int repaints() const { return repaints_; }  // how often the picture of many points was made (tests)
    int sprites_painted() const { return sprites_.sprites_painted(); }  // sprites painted into the atlas (tests)

private:
    void draw_sprites(ImDrawList* draw, const View& view, const Scene& model, const Palette& colors, float scale);
    SpriteAtlas sprites_;  // up to kSimpleMarkersAbove points
    PointPicture picture_;  // more
    unsigned int texture_ = 0;
    int texture_width_ = 0, texture_height_ = 0;
    std::uint64_t key_ = 0;
    int repaints_ = 0;
};

}  // namespace pl::app
