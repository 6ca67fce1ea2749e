// The markers and mistake rings of up to kSimpleMarkersAbove points as sprites: each kind of marker
// (class, radius) and ring is painted once on the CPU (marker_raster.hpp) into one atlas texture, and
// every point is then one textured quad of it (2 triangles) in Dear ImGui's draw list. Dear ImGui's
// own shapes cost 6 to 28 triangles a marker and 64 a ring, every frame; a software renderer
// (SwiftShader: school labs, headless browsers) spends about 0.6 us a triangle, so 1,000 points with
// their rings cost 25-30 ms a frame there.
#pragma once
#include <cstdint>
#include <map>

#include "app/render/marker_raster.hpp"
#include "app/base/theme.hpp"
#include "imgui.h"

namespace pl::app {

class SpriteAtlas {
public:
    SpriteAtlas() = default;
    SpriteAtlas(const SpriteAtlas&) = delete;
    SpriteAtlas& operator=(const SpriteAtlas&) = delete;
    ~SpriteAtlas();

    // Call once a frame before the add_* calls: a new scale or palette paints the sprites again.
    void begin(float scale, const Palette& colors);
    // draw_marker (not hovered) and the mistake ring of haloed_circle, centred at `centre` (screen units).
    void add_marker(ImDrawList* draw, ImVec2 centre, int label, float radius);
    void add_ring(ImDrawList* draw, ImVec2 centre, float radius);
    // Uploads sprites painted this frame (before Dear ImGui renders).
    void end();
    int sprites_painted() const { return painted_; }  // tests: sprites are painted once, not per point

private:
    struct Sprite {
        ImVec2 uv0, uv1;
        float half = 0;  // screen units from the centre to the sprite's edge
    };
    const Sprite* sprite(int kind, float radius);
    void add(ImDrawList* draw, ImVec2 centre, const Sprite* s);

    PointPicture atlas_;
    std::map<std::uint64_t, Sprite> sprites_;
    int cursor_x_ = 0, cursor_y_ = 0, row_height_ = 0;
    float scale_ = 0;
    Palette colors_{};
    std::uint64_t style_key_ = 0;
    bool dirty_ = false;
    unsigned int texture_ = 0;
    int painted_ = 0;
};

}  // namespace pl::app
