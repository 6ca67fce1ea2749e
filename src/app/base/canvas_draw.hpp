// Drawing helpers for the 2-D canvas: grid, axes with ticks in data units, class markers.
// Pure drawing into an ImDrawList; no state is changed here.
#pragma once
#include "app/base/view.hpp"
#include "app/base/theme.hpp"
#include "imgui.h"

namespace pl::app {

void draw_grid_and_axes(ImDrawList* draw, const View& view, const Palette& colors);
// +1: disc with a plus; -1: square with a minus (shape tells the classes apart without colour).
void draw_marker(ImDrawList* draw, ImVec2 center, int label, float radius, const Palette& colors, bool hovered);
// A test (held-out) point: the same shape and colour as draw_marker, but hollow (an outline with the
// plus or minus inside), so "not trained on" reads at a glance, in colour or not.
void draw_hollow_marker(ImDrawList* draw, ImVec2 center, int label, float radius, const Palette& colors, bool hovered);
// An arrow from `from` to `to`; the head is at most `max_head` pixels long and 40 % of the arrow.
// halo != 0: drawn first around it, kHaloPixels wider on each side (see below).
void draw_arrow(ImDrawList* draw, ImVec2 from, ImVec2 to, ImU32 color, float thickness, float max_head = 12.0f, ImU32 halo = 0);
// A dashed segment: `dash` pixels drawn, `gap` pixels left out, from a towards b.
void draw_dashed_line(ImDrawList* draw, ImVec2 a, ImVec2 b, ImU32 color, float thickness, float dash = 6.0f, float gap = 6.0f,
                      ImU32 halo = 0);
// Halos: thin lines, rings and texts that cross the decision regions are drawn over a rim of the
// canvas background, so they keep their contrast on any tint (theme.hpp: the contrast tests assume it).
// A point marker's radius at 100 % text size (the sprites, the overlays and the lift view draw it).
inline constexpr float kMarkerRadius = 7.0f;
inline constexpr float kHaloPixels = 1.5f;
void haloed_text(ImDrawList* draw, ImVec2 pos, ImU32 color, ImU32 halo, const char* text);
void haloed_circle(ImDrawList* draw, ImVec2 center, float radius, ImU32 color, float thickness, ImU32 halo, int segments = 24);
// Clip the infinite line a*x + b*y + c = 0 to the visible rectangle; false when it misses it.
bool clip_line_to_view(const View& view, double a, double b, double c, ImVec2& p0, ImVec2& p1);

}  // namespace pl::app
