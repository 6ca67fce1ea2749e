// The points' markers painted on the CPU into one RGBA picture of the plot (PointLayer uploads it as a
// texture). Dear ImGui drew each marker as 6 to 28 triangles and each mistake ring as 64, every frame;
// a software renderer (SwiftShader: school labs, headless browsers) spends about 0.6 us per triangle,
// so 1,000 points with their rings cost 25-30 ms a frame there. Painted here, a picture is made only when
// what it shows changes, and drawn as 2 triangles. Shapes and sizes are those of draw_marker and
// haloed_circle (canvas_draw.cpp), anti-aliased by pixel coverage.
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

#include "imgui.h"

namespace pl::app {

struct PointPicture {
    int width = 0, height = 0;           // device pixels
    std::vector<std::uint32_t> pixels;   // straight-alpha RGBA in Dear ImGui's ImU32 byte order, row 0 at the top
    void clear(int w, int h);
};

// Shapes in device pixels from the picture's top-left corner (pixel centres at i + 0.5), blended over
// what is there ("over", straight alpha), anti-aliased by the share of each pixel they cover.
// The side, in device pixels, of the smallest even square centred on a shape that reaches `reach` device
// pixels from its centre. An edge's anti-aliasing here reaches half a pixel further, but the first pixel
// centre past the square lies at least that far out, so it has no coverage. SpriteAtlas sizes its
// quads with it.
inline int sprite_side(float reach) { return 2 * static_cast<int>(std::ceil(reach)); }

class MarkerPainter {
public:
    explicit MarkerPainter(PointPicture& picture) : p_(picture) {}
    void disc(float cx, float cy, float radius, ImU32 color);
    void ring(float cx, float cy, float radius, float thickness, ImU32 color);  // centred on the circle
    void box(float x0, float y0, float x1, float y1, ImU32 color);              // exact coverage
    void square_pixels(float cx, float cy, float half, ImU32 color, bool outline);  // unblended, no AA

    // How far marker() and haloed_ring() paint from the centre, in screen units (times s for pixels).
    static float marker_reach(int label, float radius) { return label > 0 ? radius + 1.2f : 0.9f * radius + 1.2f; }
    static float ring_reach(float radius, float thickness);
    // draw_marker (not hovered) at scale s: a disc with a plus for +1, a square with a minus for -1.
    void marker(float cx, float cy, int label, float radius, float s, ImU32 positive, ImU32 negative, ImU32 edge, ImU32 glyph);
    // haloed_circle: a ring of `thickness` over a wider ring of the halo colour.
    void haloed_ring(float cx, float cy, float radius, float thickness, float s, ImU32 color, ImU32 halo);

private:
    void blend(int x, int y, ImU32 color, float coverage);
    PointPicture& p_;
};

}  // namespace pl::app
