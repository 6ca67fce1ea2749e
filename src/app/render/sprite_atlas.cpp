#include "app/render/sprite_atlas.hpp"

#include <algorithm>
#include <cmath>

#include "app/base/canvas_draw.hpp"
#include "app/render/frame_damage.hpp"
#include "app/render/gl.hpp"
#include "app/render/gl_texture.hpp"

namespace pl::app {

namespace {
constexpr int kRingKind = 0, kPositiveKind = 1, kNegativeKind = 2;
constexpr float kRingThickness = 2.0f;
constexpr int kAtlasSide = 512;  // device pixels per unit of scale
}  // namespace

SpriteAtlas::~SpriteAtlas() {
    if (texture_) glDeleteTextures(1, &texture_);
}

void SpriteAtlas::begin(float scale, const Palette& colors) {
    std::uint64_t key = static_cast<std::uint64_t>(std::lround(scale * 1000.0f));
    for (ImU32 c : {colors.positive, colors.negative, colors.marker_edge, colors.marker_glyph, colors.mistake_ring, colors.canvas_bg})
        key = (key ^ c) * 1099511628211ull;
    if (key == style_key_ && !atlas_.pixels.empty()) return;
    style_key_ = key;
    scale_ = scale;
    colors_ = colors;
    const int side = kAtlasSide * std::max(1, static_cast<int>(std::ceil(scale)));
    atlas_.clear(side, side);
    sprites_.clear();
    cursor_x_ = cursor_y_ = row_height_ = 0;
    dirty_ = true;
    // The usual sprites at once: a sprite that first appears later (the rings, when Run starts) makes
    // the atlas upload again, which costs a software renderer a visible pause.
    for (int kind : {kPositiveKind, kNegativeKind}) sprite(kind, kMarkerRadius);
    sprite(kRingKind, kMarkerRadius + 4.0f);
}

// kind and radius (1/16 screen unit steps) name a sprite; the kernel perceptron's support points take
// a few dozen radii at most (7 + 2.2 sqrt(alpha), alpha a whole count, up to 16).
const SpriteAtlas::Sprite* SpriteAtlas::sprite(int kind, float radius) {
    const auto steps = static_cast<std::uint64_t>(std::lround(radius * 16.0f));
    const std::uint64_t key = steps * 4 + static_cast<std::uint64_t>(kind);
    if (const auto found = sprites_.find(key); found != sprites_.end()) return &found->second;
    // The smallest square holding the shape: every texel of the quad is blended, so a loose square costs
    // fill for nothing.
    const float reach = kind == kRingKind ? MarkerPainter::ring_reach(radius, kRingThickness)
                                          : MarkerPainter::marker_reach(kind == kPositiveKind ? 1 : -1, radius);  // screen units
    const int size = sprite_side(reach * scale_);
    if (cursor_x_ + size > atlas_.width) {  // next shelf
        cursor_x_ = 0;
        cursor_y_ += row_height_;
        row_height_ = 0;
    }
    if (cursor_y_ + size > atlas_.height) {  // full (never with the radii above): start again
        atlas_.clear(atlas_.width, atlas_.height);
        sprites_.clear();
        cursor_x_ = cursor_y_ = row_height_ = 0;
    }
    MarkerPainter paint(atlas_);
    const float cx = static_cast<float>(cursor_x_) + 0.5f * static_cast<float>(size);
    const float cy = static_cast<float>(cursor_y_) + 0.5f * static_cast<float>(size);
    if (kind == kRingKind) paint.haloed_ring(cx, cy, radius, kRingThickness, scale_, colors_.mistake_ring, colors_.canvas_bg);
    else paint.marker(cx, cy, kind == kPositiveKind ? 1 : -1, radius, scale_, colors_.positive, colors_.negative, colors_.marker_edge, colors_.marker_glyph);
    const auto w = static_cast<float>(atlas_.width), h = static_cast<float>(atlas_.height);
    Sprite s;
    s.uv0 = ImVec2(static_cast<float>(cursor_x_) / w, static_cast<float>(cursor_y_) / h);
    s.uv1 = ImVec2(static_cast<float>(cursor_x_ + size) / w, static_cast<float>(cursor_y_ + size) / h);
    s.half = 0.5f * static_cast<float>(size) / scale_;
    cursor_x_ += size;
    row_height_ = std::max(row_height_, size);
    dirty_ = true;
    ++painted_;
    return &sprites_.emplace(key, s).first->second;
}

void SpriteAtlas::add(ImDrawList* draw, ImVec2 centre, const Sprite* s) {
    if (!texture_) texture_ = make_nearest_texture();
    const auto id = reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture_));
    draw->AddImage(id, ImVec2(centre.x - s->half, centre.y - s->half), ImVec2(centre.x + s->half, centre.y + s->half), s->uv0, s->uv1);
}

void SpriteAtlas::add_marker(ImDrawList* draw, ImVec2 centre, int label, float radius) {
    add(draw, centre, sprite(label > 0 ? kPositiveKind : kNegativeKind, radius));
}

void SpriteAtlas::add_ring(ImDrawList* draw, ImVec2 centre, float radius) { add(draw, centre, sprite(kRingKind, radius)); }

void SpriteAtlas::end() {
    if (!dirty_ || !texture_) return;
    glBindTexture(GL_TEXTURE_2D, texture_);  // sprites are drawn one texel per device pixel
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, atlas_.width, atlas_.height, 0, GL_RGBA, GL_UNSIGNED_BYTE, atlas_.pixels.data());
    note_texture_written(texture_);
    dirty_ = false;
}

}  // namespace pl::app
