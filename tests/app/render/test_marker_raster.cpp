// The markers the canvas draws without Dear ImGui's shapes (marker_raster.hpp): anti-aliased by exact
// pixel coverage, blended "over" in straight alpha, and the small squares of many points covering
// the pixels whose centres they contain, as Dear ImGui fills a rectangle.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cmath>

#include "app/render/marker_raster.hpp"

using namespace pl::app;

namespace {
constexpr ImU32 kRed = IM_COL32(200, 0, 0, 255);
constexpr ImU32 kBlue = IM_COL32(0, 0, 200, 255);
int alpha(const PointPicture& p, int x, int y) { return static_cast<int>((p.pixels[static_cast<std::size_t>(y * p.width + x)] >> IM_COL32_A_SHIFT) & 0xFF); }
int red(const PointPicture& p, int x, int y) { return static_cast<int>((p.pixels[static_cast<std::size_t>(y * p.width + x)] >> IM_COL32_R_SHIFT) & 0xFF); }
int blue(const PointPicture& p, int x, int y) { return static_cast<int>((p.pixels[static_cast<std::size_t>(y * p.width + x)] >> IM_COL32_B_SHIFT) & 0xFF); }
}  // namespace

TEST_CASE("a box covers each pixel by the share of it inside, exactly") {
    PointPicture p;
    p.clear(8, 8);
    MarkerPainter paint(p);
    paint.box(2.0f, 2.0f, 4.5f, 3.0f, kRed);  // pixels 2 and 3 whole, pixel 4 half, one row
    CHECK(alpha(p, 2, 2) == 255);
    CHECK(alpha(p, 3, 2) == 255);
    CHECK(alpha(p, 4, 2) == 128);  // 0.5 * 255 rounded
    CHECK(red(p, 4, 2) == 200);    // straight alpha: the colour stays, the coverage is in alpha
    CHECK(alpha(p, 5, 2) == 0);
    CHECK(alpha(p, 2, 3) == 0);
}

TEST_CASE("a disc is solid inside, clear outside, partial on its rim") {
    PointPicture p;
    p.clear(21, 21);
    MarkerPainter paint(p);
    paint.disc(10.5f, 10.5f, 6.0f, kBlue);  // centre of pixel (10, 10)
    CHECK(alpha(p, 10, 10) == 255);
    CHECK(alpha(p, 14, 10) == 255);  // 4 px from the centre
    CHECK(alpha(p, 18, 10) == 0);    // 8 px away
    // Pixel (16, 10): its centre is 6 px away, on the rim: half covered.
    CHECK(alpha(p, 16, 10) == 128);
}

TEST_CASE("blending over: a colour over another at half coverage mixes them, alpha stays opaque") {
    PointPicture p;
    p.clear(4, 1);
    MarkerPainter paint(p);
    paint.box(0, 0, 4, 1, kBlue);
    paint.box(0, 0, 1.5f, 1, kRed);  // pixel 0 whole, pixel 1 half
    CHECK(red(p, 0, 0) == 200);
    CHECK(blue(p, 0, 0) == 0);
    CHECK(red(p, 1, 0) == 100);
    CHECK(blue(p, 1, 0) == 100);
    CHECK(alpha(p, 1, 0) == 255);
}

TEST_CASE("many points' squares: the pixels whose centres lie inside, outlines one pixel thick") {
    PointPicture p;
    p.clear(12, 12);
    MarkerPainter paint(p);
    // Half size 2 around (5, 5): centres 3.5 .. 6.5 are inside [3, 7): pixels 3..6, a 4 x 4 square.
    paint.square_pixels(5.0f, 5.0f, 2.0f, kRed, false);
    int filled = 0;
    for (int y = 0; y < 12; ++y)
        for (int x = 0; x < 12; ++x) filled += alpha(p, x, y) == 255;
    CHECK(filled == 16);
    CHECK(alpha(p, 3, 3) == 255);
    CHECK(alpha(p, 6, 6) == 255);
    CHECK(alpha(p, 7, 6) == 0);
    PointPicture q;
    q.clear(12, 12);
    MarkerPainter outline(q);
    outline.square_pixels(5.5f, 5.5f, 2.5f, kBlue, true);  // pixels 3..7: a 5 x 5 ring, its middle 3 x 3 clear
    int ring = 0;
    for (int y = 0; y < 12; ++y)
        for (int x = 0; x < 12; ++x) ring += alpha(q, x, y) == 255;
    CHECK(ring == 25 - 9);
    CHECK(alpha(q, 5, 5) == 0);
    CHECK(alpha(q, 3, 5) == 255);
}

TEST_CASE("a marker: + is a disc with an edge and a plus, - a square with an edge and a minus") {
    PointPicture p;
    p.clear(40, 20);
    MarkerPainter paint(p);
    const ImU32 edge = IM_COL32(0, 0, 0, 255), glyph = IM_COL32(255, 255, 255, 255);
    paint.marker(10.0f, 10.0f, +1, 7.0f, 1.0f, kRed, kBlue, edge, glyph);
    paint.marker(30.0f, 10.0f, -1, 7.0f, 1.0f, kRed, kBlue, edge, glyph);
    // The plus's middle: each bar (1.6 px wide, on a pixel edge) covers 0.8 of the pixel, both together
    // 1 - 0.2 * 0.2 = 0.96: 0.96 * 255 + 0.04 * 200 = 252.8.
    CHECK(red(p, 9, 9) == 253);
    CHECK(red(p, 14, 6) == 200);    // the disc's body is the + colour (off the bars)
    CHECK(red(p, 10, 1) == 0);      // the rim at radius 8.2: the edge colour
    CHECK(alpha(p, 10, 1) > 0);
    CHECK(blue(p, 26, 6) == 200);   // the square's body is the - colour (off the bar)
    CHECK(alpha(p, 30, 0) == 0);    // outside the square: 0.9 * 7 + 1.2 = 7.5 from the centre
    CHECK(alpha(p, 30, 3) == 255);  // its edge
}

TEST_CASE("a sprite's square holds all of its marker or ring, and a smaller one would not") {
    const ImU32 edge = IM_COL32(0, 0, 0, 255), glyph = IM_COL32(255, 255, 255, 255), halo = IM_COL32(255, 255, 255, 255);
    int cases = 0, tight = 0;
    for (float scale : {1.0f, 1.25f, 1.5f, 1.75f, 2.0f, 2.625f, 3.0f}) {
        for (float radius : {7.0f, 7.0f + 2.2f, 11.0f, 16.0f, 20.0f}) {
            for (int kind = 0; kind < 3; ++kind) {  // ring, +1 marker, -1 marker (sprite_atlas.cpp)
                const float reach = kind == 0 ? MarkerPainter::ring_reach(radius, 2.0f) : MarkerPainter::marker_reach(kind == 1 ? 1 : -1, radius);
                const int side = sprite_side(reach * scale);
                PointPicture p;
                p.clear(side + 20, side + 20);  // the square with 10 pixels around it
                MarkerPainter paint(p);
                const float c = 10.0f + 0.5f * static_cast<float>(side);  // the square's centre, as the atlas places it
                if (kind == 0) paint.haloed_ring(c, c, radius, 2.0f, scale, kRed, halo);
                else paint.marker(c, c, kind == 1 ? +1 : -1, radius, scale, kRed, kBlue, edge, glyph);
                int outside = 0, inside = 0, rim = 0;  // rim: the square's outermost pixels
                for (int y = 0; y < p.height; ++y)
                    for (int x = 0; x < p.width; ++x) {
                        const bool in = x >= 10 && y >= 10 && x < 10 + side && y < 10 + side;
                        const bool inner = x >= 11 && y >= 11 && x < 9 + side && y < 9 + side;
                        if (alpha(p, x, y) == 0) continue;
                        ++(in ? inside : outside);
                        if (in && !inner) ++rim;
                    }
                CAPTURE(scale);
                CAPTURE(radius);
                CAPTURE(kind);
                CHECK(outside == 0);
                CHECK(inside > 0);
                ++cases;
                if (rim > 0) ++tight;
            }
        }
    }
    CHECK(tight == cases);  // a square 2 pixels smaller would cut every one of them
}
