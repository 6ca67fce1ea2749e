#include "app/canvas_cursor.hpp"

#include <algorithm>

#include "app/canvas_draw.hpp"
#include "core/describe.hpp"

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

void draw_keyboard_cursor(const Overlay& o, CursorPoint cursor, const std::string& label) {
    const ScreenPoint s = o.view.to_screen(cursor.x, cursor.y);
    const ImVec2 c(s.x, s.y);
    const ImU32 ink = o.colors.text, halo = o.colors.canvas_bg;
    constexpr float kRing = 10.0f, kArm = 16.0f, kGap = 4.0f;
    for (int pass = 0; pass < 2; ++pass) {  // the halo under everything, then the ink
        const ImU32 color = pass == 0 ? halo : ink;
        const float thickness = pass == 0 ? 2.0f + 2 * kHaloPixels : 2.0f;
        o.draw->AddCircle(c, kRing, color, 24, thickness);
        o.draw->AddLine(ImVec2(c.x - kArm, c.y), ImVec2(c.x - kGap, c.y), color, thickness);
        o.draw->AddLine(ImVec2(c.x + kGap, c.y), ImVec2(c.x + kArm, c.y), color, thickness);
        o.draw->AddLine(ImVec2(c.x, c.y - kArm), ImVec2(c.x, c.y - kGap), color, thickness);
        o.draw->AddLine(ImVec2(c.x, c.y + kGap), ImVec2(c.x, c.y + kArm), color, thickness);
    }
    // The label right of and above the cursor, moved to the other side near the canvas's edges.
    const ImVec2 size = ImGui::CalcTextSize(label.c_str());
    const View& v = o.view;
    ImVec2 pos(c.x + kArm + 6, c.y - kArm - size.y);
    if (pos.x + size.x + 6 > v.origin_x() + v.width()) pos.x = c.x - kArm - 6 - size.x;
    if (pos.y - 4 < v.origin_y()) pos.y = c.y + kArm + 4;
    pos.x = std::max(pos.x, v.origin_x() + 6);
    plate_text(o.draw, "cursor", pos, label, o.colors.canvas_bg, ink, std::max(40.0f, v.width() - 12.0f));
}

}  // namespace pl::app
