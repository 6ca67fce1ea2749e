#include "app/base/canvas_draw.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace pl::app {

namespace {
// Prints a tick value without trailing zeros or "-0".
void format_tick(char* out, std::size_t size, double value, double step) {
    if (std::fabs(value) < step * 1e-6) value = 0.0;
    const int decimals = step >= 1.0 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
    std::snprintf(out, size, "%.*f", decimals, value);
}
}  // namespace

void draw_grid_and_axes(ImDrawList* draw, const View& view, const Palette& colors) {
    const float left = view.origin_x(), top = view.origin_y();
    const float right = left + view.width(), bottom = top + view.height();
    const double step = view.tick_step();
    const double minor = view.minor_step();

    // Minor and major grid lines: rectangles one pixel wide on whole pixels, crisp and a third of the
    // pixels of an anti-aliased line (a software renderer blends each of them, every frame of Run).
    for (int pass = 0; pass < 2; ++pass) {
        const double s = pass == 0 ? minor : step;
        if (s * view.pixels_per_unit() < 6.0) continue;
        const ImU32 color = pass == 0 ? (colors.grid & 0x7FFFFFFF) : colors.grid;
        for (double x = std::ceil(view.min_x() / s) * s; x <= view.max_x(); x += s) {
            const float sx = std::floor(view.to_screen(x, 0).x);
            draw->AddRectFilled(ImVec2(sx, top), ImVec2(sx + 1.0f, bottom), color);
        }
        for (double y = std::ceil(view.min_y() / s) * s; y <= view.max_y(); y += s) {
            const float sy = std::floor(view.to_screen(0, y).y);
            draw->AddRectFilled(ImVec2(left, sy), ImVec2(right, sy + 1.0f), color);
        }
    }

    // Axes through the origin, or pinned to the nearest edge when the origin is off-screen, so the
    // tick labels always stay readable.
    const ScreenPoint origin = view.to_screen(0, 0);
    const float axis_y = std::fmin(std::fmax(origin.y, top), bottom);
    const float axis_x = std::fmin(std::fmax(origin.x, left), right);
    const bool x_axis_real = origin.y >= top && origin.y <= bottom;
    const bool y_axis_real = origin.x >= left && origin.x <= right;
    if (x_axis_real) draw->AddLine(ImVec2(left, axis_y), ImVec2(right, axis_y), colors.axis, 1.5f);
    if (y_axis_real) draw->AddLine(ImVec2(axis_x, top), ImVec2(axis_x, bottom), colors.axis, 1.5f);

    char label[32];
    const float font = ImGui::GetFontSize();
    for (double x = std::ceil(view.min_x() / step) * step; x <= view.max_x(); x += step) {
        if (std::fabs(x) < step * 1e-6) continue;
        const float sx = view.to_screen(x, 0).x;
        draw->AddLine(ImVec2(sx, axis_y - 4), ImVec2(sx, axis_y + 4), colors.axis);
        format_tick(label, sizeof label, x, step);
        const ImVec2 size = ImGui::CalcTextSize(label);
        const float ty = axis_y + 5 + font > bottom ? axis_y - 5 - size.y : axis_y + 5;
        haloed_text(draw, ImVec2(sx - size.x * 0.5f, ty), colors.tick_text, colors.canvas_bg, label);
    }
    for (double y = std::ceil(view.min_y() / step) * step; y <= view.max_y(); y += step) {
        if (std::fabs(y) < step * 1e-6) continue;
        const float sy = view.to_screen(0, y).y;
        draw->AddLine(ImVec2(axis_x - 4, sy), ImVec2(axis_x + 4, sy), colors.axis);
        format_tick(label, sizeof label, y, step);
        const ImVec2 size = ImGui::CalcTextSize(label);
        const float tx = axis_x - 6 - size.x < left ? axis_x + 6 : axis_x - 6 - size.x;
        haloed_text(draw, ImVec2(tx, sy - size.y * 0.5f), colors.tick_text, colors.canvas_bg, label);
    }
    // The origin is part of the story (bias absorption, lines through the origin): mark it.
    if (x_axis_real && y_axis_real) {
        draw->AddCircle(ImVec2(origin.x, origin.y), 4.0f, colors.axis, 16, 1.5f);
        haloed_text(draw, ImVec2(origin.x + 5, origin.y + 3), colors.tick_text, colors.canvas_bg, "0");
    }
    haloed_text(draw, ImVec2(right - ImGui::CalcTextSize("x\xE2\x82\x81").x - 6, axis_y - font - 4), colors.tick_text, colors.canvas_bg, "x\xE2\x82\x81");
    haloed_text(draw, ImVec2(axis_x + 6, top + 4), colors.tick_text, colors.canvas_bg, "x\xE2\x82\x82");
}

// The outline is a slightly larger filled shape underneath (not a stroke): a stroked, anti-aliased
// outline costs several times the triangles, which matters with thousands of points on a software
// renderer. The plus/minus bars are filled rectangles for the same reason.
void draw_marker(ImDrawList* draw, ImVec2 c, int label, float r, const Palette& colors, bool hovered) {
    const ImU32 color = label > 0 ? colors.positive : colors.negative;
    const ImU32 glyph = colors.marker_glyph;
    const ImU32 edge = hovered ? colors.focus : colors.marker_edge;
    const float outline = hovered ? 2.5f : 1.2f;
    const float bar = 0.8f;  // half thickness of the plus/minus bars
    if (label > 0) {
        const int segments = r > 9.0f ? 20 : 14;
        draw->AddCircleFilled(c, r + outline, edge, segments);
        draw->AddCircleFilled(c, r, color, segments);
        const float arm = r * 0.55f;
        draw->AddRectFilled(ImVec2(c.x - arm, c.y - bar), ImVec2(c.x + arm, c.y + bar), glyph);
        draw->AddRectFilled(ImVec2(c.x - bar, c.y - arm), ImVec2(c.x + bar, c.y + arm), glyph);
    } else {
        const float h = r * 0.9f;
        draw->AddRectFilled(ImVec2(c.x - h - outline, c.y - h - outline), ImVec2(c.x + h + outline, c.y + h + outline), edge);
        draw->AddRectFilled(ImVec2(c.x - h, c.y - h), ImVec2(c.x + h, c.y + h), color);
        draw->AddRectFilled(ImVec2(c.x - h * 0.6f, c.y - bar), ImVec2(c.x + h * 0.6f, c.y + bar), glyph);
    }
}

void draw_hollow_marker(ImDrawList* draw, ImVec2 c, int label, float r, const Palette& colors, bool hovered) {
    // An open marker: the canvas colour inside (so it stands out on either region's tint), the class colour
    // as a thick outline and as the plus or minus.
    const ImU32 color = label > 0 ? colors.positive : colors.negative;
    const ImU32 edge = hovered ? colors.text : color;
    const float stroke = hovered ? 3.2f : 2.6f;
    const float bar = 1.1f;  // half thickness of the plus/minus bars
    if (label > 0) {
        const int segments = r > 9.0f ? 24 : 18;
        draw->AddCircleFilled(c, r, colors.canvas_bg, segments);
        draw->AddCircle(c, r - stroke * 0.5f, edge, segments, stroke);
        const float arm = r * 0.5f;
        draw->AddRectFilled(ImVec2(c.x - arm, c.y - bar), ImVec2(c.x + arm, c.y + bar), color);
        draw->AddRectFilled(ImVec2(c.x - bar, c.y - arm), ImVec2(c.x + bar, c.y + arm), color);
    } else {
        const float h = r * 0.9f;
        draw->AddRectFilled(ImVec2(c.x - h, c.y - h), ImVec2(c.x + h, c.y + h), colors.canvas_bg);
        const float in = stroke * 0.5f;
        draw->AddRect(ImVec2(c.x - h + in, c.y - h + in), ImVec2(c.x + h - in, c.y + h - in), edge, 0.0f, 0, stroke);
        draw->AddRectFilled(ImVec2(c.x - h * 0.5f, c.y - bar), ImVec2(c.x + h * 0.5f, c.y + bar), color);
    }
}

void draw_arrow(ImDrawList* draw, ImVec2 from, ImVec2 to, ImU32 color, float thickness, float max_head, ImU32 halo) {
    const float dx = to.x - from.x, dy = to.y - from.y;
    const float length = std::sqrt(dx * dx + dy * dy);
    if (length < 1.0f) return;
    const float ux = dx / length, uy = dy / length;
    const float head = std::min(max_head, length * 0.4f);
    const ImVec2 base(to.x - ux * head, to.y - uy * head);
    const ImVec2 left(base.x - uy * head * 0.45f, base.y + ux * head * 0.45f), right(base.x + uy * head * 0.45f, base.y - ux * head * 0.45f);
    if (halo) {
        const float h = kHaloPixels * 1.6f;  // the triangle's rim: its corners move out further than its edges
        draw->AddLine(ImVec2(from.x - ux * kHaloPixels, from.y - uy * kHaloPixels), base, halo, thickness + 2 * kHaloPixels);
        draw->AddTriangleFilled(ImVec2(to.x + ux * h, to.y + uy * h), ImVec2(left.x - ux * h - uy * h, left.y - uy * h + ux * h),
                                ImVec2(right.x - ux * h + uy * h, right.y - uy * h - ux * h), halo);
    }
    draw->AddLine(from, base, color, thickness);  // up to the head only: a thick line must not poke out
    draw->AddTriangleFilled(to, left, right, color);
}

void draw_dashed_line(ImDrawList* draw, ImVec2 a, ImVec2 b, ImU32 color, float thickness, float dash, float gap, ImU32 halo) {
    const float dx = b.x - a.x, dy = b.y - a.y;
    const float length = std::sqrt(dx * dx + dy * dy);
    if (length < 1.0f) return;
    for (int pass = halo ? 0 : 1; pass < 2; ++pass) {
        const ImU32 c = pass == 0 ? halo : color;
        const float w = pass == 0 ? thickness + 2 * kHaloPixels : thickness;
        for (float t = 0.0f; t < length; t += dash + gap) {
            const float t1 = std::min(length, t + dash);
            draw->AddLine(ImVec2(a.x + dx * t / length, a.y + dy * t / length), ImVec2(a.x + dx * t1 / length, a.y + dy * t1 / length), c, w);
        }
    }
}

void haloed_text(ImDrawList* draw, ImVec2 pos, ImU32 color, ImU32 halo, const char* text) {
    for (float dy = -1.0f; dy <= 1.0f; dy += 1.0f)
        for (float dx = -1.0f; dx <= 1.0f; dx += 1.0f)
            if (dx != 0.0f || dy != 0.0f) draw->AddText(ImVec2(pos.x + dx, pos.y + dy), halo, text);
    draw->AddText(pos, color, text);
}

void haloed_circle(ImDrawList* draw, ImVec2 center, float radius, ImU32 color, float thickness, ImU32 halo, int segments) {
    draw->AddCircle(center, radius, halo, segments, thickness + 2 * kHaloPixels);
    draw->AddCircle(center, radius, color, segments, thickness);
}

bool clip_line_to_view(const View& view, double a, double b, double c, ImVec2& p0, ImVec2& p1) {
    if (!std::isfinite(a) || !std::isfinite(b) || !std::isfinite(c) || (a == 0 && b == 0)) return false;
    const double x0 = view.min_x(), x1 = view.max_x(), y0 = view.min_y(), y1 = view.max_y();
    std::vector<std::pair<double, double>> hits;
    if (b != 0) {
        for (double x : {x0, x1}) {
            const double y = -(a * x + c) / b;
            if (y >= y0 && y <= y1) hits.emplace_back(x, y);
        }
    }
    if (a != 0) {
        for (double y : {y0, y1}) {
            const double x = -(b * y + c) / a;
            if (x >= x0 && x <= x1) hits.emplace_back(x, y);
        }
    }
    if (hits.size() < 2) return false;
    const ScreenPoint s0 = view.to_screen(hits[0].first, hits[0].second);
    // Pick the hit farthest from the first one (corners can produce duplicates).
    std::size_t best = 1;
    double best_distance = -1;
    for (std::size_t i = 1; i < hits.size(); ++i) {
        const double d = std::hypot(hits[i].first - hits[0].first, hits[i].second - hits[0].second);
        if (d > best_distance) { best_distance = d; best = i; }
    }
    const ScreenPoint s1 = view.to_screen(hits[best].first, hits[best].second);
    p0 = ImVec2(s0.x, s0.y);
    p1 = ImVec2(s1.x, s1.y);
    return best_distance > 0;
}

}  // namespace pl::app
