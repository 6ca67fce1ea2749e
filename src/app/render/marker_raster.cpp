#include "app/render/marker_raster.hpp"

#include <algorithm>
#include <cmath>

#include "app/base/canvas_draw.hpp"

namespace pl::app {

namespace {
float channel(ImU32 c, int shift) { return static_cast<float>((c >> shift) & 0xFFu) / 255.0f; }
std::uint32_t byte(float v) { return static_cast<std::uint32_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); }
// Share of the pixel span [i, i + 1) inside [lo, hi).
float overlap(int i, float lo, float hi) {
    return std::max(0.0f, std::min(hi, static_cast<float>(i + 1)) - std::max(lo, static_cast<float>(i)));
}
}  // namespace

void PointPicture::clear(int w, int h) {
    width = std::max(1, w);
    height = std::max(1, h);
    pixels.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), 0u);
}

void MarkerPainter::blend(int x, int y, ImU32 color, float coverage) {
    if (x < 0 || y < 0 || x >= p_.width || y >= p_.height || coverage <= 0.0f) return;
    std::uint32_t& dst = p_.pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(p_.width) + static_cast<std::size_t>(x)];
    const float sa = channel(color, IM_COL32_A_SHIFT) * std::min(coverage, 1.0f);
    const float da = channel(dst, IM_COL32_A_SHIFT);
    const float out_a = sa + da * (1.0f - sa);
    if (out_a <= 0.0f) return;
    std::uint32_t out = byte(out_a) << IM_COL32_A_SHIFT;
    for (int shift : {IM_COL32_R_SHIFT, IM_COL32_G_SHIFT, IM_COL32_B_SHIFT}) {
        const float v = (channel(color, shift) * sa + channel(dst, shift) * da * (1.0f - sa)) / out_a;
        out |= byte(v) << shift;
    }
    dst = out;
}

void MarkerPainter::disc(float cx, float cy, float radius, ImU32 color) {
    const int x0 = static_cast<int>(std::floor(cx - radius - 1)), x1 = static_cast<int>(std::ceil(cx + radius + 1));
    const int y0 = static_cast<int>(std::floor(cy - radius - 1)), y1 = static_cast<int>(std::ceil(cy + radius + 1));
    for (int y = std::max(0, y0); y < std::min(p_.height, y1); ++y)
        for (int x = std::max(0, x0); x < std::min(p_.width, x1); ++x) {
            const float d = std::hypot(static_cast<float>(x) + 0.5f - cx, static_cast<float>(y) + 0.5f - cy);
            blend(x, y, color, radius + 0.5f - d);
        }
}

void MarkerPainter::ring(float cx, float cy, float radius, float thickness, ImU32 color) {
    const float outer = radius + 0.5f * thickness;
    const int x0 = static_cast<int>(std::floor(cx - outer - 1)), x1 = static_cast<int>(std::ceil(cx + outer + 1));
    const int y0 = static_cast<int>(std::floor(cy - outer - 1)), y1 = static_cast<int>(std::ceil(cy + outer + 1));
    for (int y = std::max(0, y0); y < std::min(p_.height, y1); ++y)
        for (int x = std::max(0, x0); x < std::min(p_.width, x1); ++x) {
            const float d = std::hypot(static_cast<float>(x) + 0.5f - cx, static_cast<float>(y) + 0.5f - cy);
            blend(x, y, color, 0.5f * thickness + 0.5f - std::fabs(d - radius));
        }
}

void MarkerPainter::box(float x0, float y0, float x1, float y1, ImU32 color) {
    for (int y = std::max(0, static_cast<int>(std::floor(y0))); y < std::min(p_.height, static_cast<int>(std::ceil(y1))); ++y) {
        const float cover_y = overlap(y, y0, y1);
        for (int x = std::max(0, static_cast<int>(std::floor(x0))); x < std::min(p_.width, static_cast<int>(std::ceil(x1))); ++x)
            blend(x, y, color, cover_y * overlap(x, x0, x1));
    }
}

// The pixels whose centres lie in the square (as Dear ImGui fills a rectangle without anti-aliasing):
// many points' small squares stay crisp and cost one store a pixel.
void MarkerPainter::square_pixels(float cx, float cy, float half, ImU32 color, bool outline) {
    const auto first = [](float lo) { return static_cast<int>(std::ceil(lo - 0.5f)); };
    const int x0 = std::max(0, first(cx - half)), x1 = std::min(p_.width, first(cx + half));
    const int y0 = std::max(0, first(cy - half)), y1 = std::min(p_.height, first(cy + half));
    for (int y = y0; y < y1; ++y) {
        std::uint32_t* line = p_.pixels.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(p_.width);
        const bool edge_row = y == y0 || y == y1 - 1;
        for (int x = x0; x < x1; ++x)
            if (!outline || edge_row || x == x0 || x == x1 - 1) line[x] = color;
    }
}

void MarkerPainter::marker(float cx, float cy, int label, float radius, float s, ImU32 positive, ImU32 negative, ImU32 edge,
                           ImU32 glyph) {
    const float r = radius * s, outline = 1.2f * s, bar = 0.8f * s;
    if (label > 0) {
        disc(cx, cy, r + outline, edge);
        disc(cx, cy, r, positive);
        const float arm = r * 0.55f;
        box(cx - arm, cy - bar, cx + arm, cy + bar, glyph);
        box(cx - bar, cy - arm, cx + bar, cy + arm, glyph);
    } else {
        const float h = r * 0.9f;
        box(cx - h - outline, cy - h - outline, cx + h + outline, cy + h + outline, edge);
        box(cx - h, cy - h, cx + h, cy + h, negative);
        box(cx - h * 0.6f, cy - bar, cx + h * 0.6f, cy + bar, glyph);
    }
}

float MarkerPainter::ring_reach(float radius, float thickness) { return radius + 0.5f * thickness + kHaloPixels; }

void MarkerPainter::haloed_ring(float cx, float cy, float radius, float thickness, float s, ImU32 color, ImU32 halo) {
    ring(cx, cy, radius * s, (thickness + 2.0f * kHaloPixels) * s, halo);
    ring(cx, cy, radius * s, thickness * s, color);
}

}  // namespace pl::app
