#include "app/canvas/canvas_cursor.hpp"

#include <algorithm>

#include "app/base/canvas_draw.hpp"
#include "core/facts/describe.hpp"

namespace pl::app {

std::string cursor_label(CursorPoint cursor, const Dataset& data, std::optional<std::size_t> point) {
    std::string text = "(" + display_number(cursor.x) + ", " + display_number(cursor.y) + ")";
    if (point && *point < data.size())
        text += " \xC2\xB7 point " + std::to_string(*point + 1) + ", " + label_text(data.labels[*point]);
    return text;
}

void draw_keyboard_focus_ring(const Overlay& o) {
    const View& v = o.view;
    // 3 px of focus colour from 5 to 8 px inside the canvas's edge (clear of the page's own ring around
    // the widget, web/embed.css), then 2 px of canvas_bg that keep it apart from the regions.
    constexpr float kInset = 5.0f, kWidth = 3.0f, kRim = 2.0f;
    const auto ring = [&](float inset, float width, ImU32 color) {
        const float middle = inset + width * 0.5f;
        o.draw->AddRect(ImVec2(v.origin_x() + middle, v.origin_y() + middle),
                        ImVec2(v.origin_x() + v.width() - middle, v.origin_y() + v.height() - middle), color, 0.0f, 0, width);
    };
    ring(kInset + kWidth, kRim, o.colors.canvas_bg);
    ring(kInset, kWidth, o.colors.focus);
}

void draw_keyboard_cursor(const Overlay& o, CursorPoint cursor, const std::string& label, const FitInsets& overlays) {
    const ScreenPoint s = o.view.to_screen(cursor.x, cursor.y);
    const ImVec2 c(s.x, s.y);
    const ImU32 ink = o.colors.text, halo = o.colors.canvas_bg;
    constexpr float kRing = 10.0f, kArm = 16.0f, kGap = 4.0f, kApart = 6.0f;  // kApart: label to arm, label to edge
    static_assert(kArm + kHaloPixels <= kCursorReach, "the cursor's drawing stays within its reach");
    for (int pass = 0; pass < 2; ++pass) {  // the halo under everything, then the ink
        const ImU32 color = pass == 0 ? halo : ink;
        const float thickness = pass == 0 ? 2.0f + 2 * kHaloPixels : 2.0f;
        o.draw->AddCircle(c, kRing, color, 24, thickness);
        o.draw->AddLine(ImVec2(c.x - kArm, c.y), ImVec2(c.x - kGap, c.y), color, thickness);
        o.draw->AddLine(ImVec2(c.x + kGap, c.y), ImVec2(c.x + kArm, c.y), color, thickness);
        o.draw->AddLine(ImVec2(c.x, c.y - kArm), ImVec2(c.x, c.y - kGap), color, thickness);
        o.draw->AddLine(ImVec2(c.x, c.y + kGap), ImVec2(c.x, c.y + kArm), color, thickness);
    }
    // The free area: the canvas less the strips of its buttons and texts.
    const View& v = o.view;
    const float left = v.origin_x() + static_cast<float>(overlays.left) + kApart;
    const float right = v.origin_x() + v.width() - static_cast<float>(overlays.right) - kApart;
    const float top = v.origin_y() + static_cast<float>(overlays.top);
    const float bottom = v.origin_y() + v.height() - static_cast<float>(overlays.bottom);
    const float wrap = std::max(40.0f, v.width() - 12.0f);
    const ImVec2 size = ImGui::CalcTextSize(label.c_str(), nullptr, false, wrap);
    // Right of and above the cursor; left of it near the right edge; below it near the top strip, unless
    // below reaches the bottom strip too (a canvas too low for both): then where it overlaps least.
    ImVec2 pos(c.x + kArm + kApart, c.y - kArm - size.y);
    if (plate_rect(pos, label, wrap).max.x > right) pos.x = c.x - kArm - kApart - size.x;
    pos.x = std::max(pos.x, left);
    if (plate_rect(pos, label, wrap).min.y < top) {
        const ImVec2 below(pos.x, c.y + kArm + kGap);
        if (plate_rect(below, label, wrap).max.y <= bottom) pos = below;
        else pos.y = std::min(top + (pos.y - plate_rect(pos, label, wrap).min.y), below.y);
    }
    plate_text(o.draw, "cursor", pos, label, o.colors.canvas_bg, ink, wrap);
}

}  // namespace pl::app
