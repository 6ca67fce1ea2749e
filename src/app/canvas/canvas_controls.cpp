#include "app/canvas/canvas_controls.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "app/base/canvas_draw.hpp"

namespace pl::app {

namespace {
ImU32 with_alpha(ImU32 color, float alpha) {
    const auto a = static_cast<ImU32>(std::clamp(alpha, 0.0f, 1.0f) * 255.0f);
    return (color & ~IM_COL32_A_MASK) | (a << IM_COL32_A_SHIFT);
}
constexpr float kMargin = 10.0f;  // from the canvas's edge
constexpr float kGap = 8.0f;      // between the buttons, and to the legend
}  // namespace

bool CanvasControls::covers(ImVec2 p) const {
    return std::any_of(covered.begin(), covered.end(), [&](const ScreenRect& r) { return r.contains(p); });
}

namespace {
struct ControlsMetrics {
    float height, pad, radius, switch_width, fit_width;
    const char* class_text;
};
ControlsMetrics controls_metrics(const CanvasControlsInput& in) {
    ControlsMetrics m{};
    m.height = in.finger_sized ? std::max(kTouchTarget, ImGui::GetFrameHeight()) : ImGui::GetFrameHeight();
    m.pad = ImGui::GetStyle().FramePadding.x;
    m.radius = std::round(m.height * 0.28f);  // the class marker inside the switch
    m.class_text = in.active_label > 0 ? "Adds +1" : "Adds \xE2\x88\x92" "1";
    m.switch_width = in.readonly ? 0.0f : m.pad + 2.0f * m.radius + 6.0f + ImGui::CalcTextSize(m.class_text).x + m.pad;
    m.fit_width = std::max(m.height, ImGui::CalcTextSize("Fit").x + 2.0f * m.pad);
    return m;
}
}  // namespace

CanvasControlsLayout layout_canvas_controls(const View& view, const CanvasControlsInput& in) {
    const ControlsMetrics m = controls_metrics(in);
    const float row_width = m.switch_width + (in.readonly ? 0.0f : kGap) + m.fit_width;
    // A narrow canvas stacks Fit under the switch; the block goes under the legend if it would reach it.
    const bool stacked = !in.readonly && row_width > view.width() - 2.0f * kMargin;
    const float block_width = stacked ? std::max(m.switch_width, m.fit_width) : row_width;

    ImVec2 corner(view.origin_x() + kMargin, view.origin_y() + kMargin);
    const ScreenRect legend = legend_rect(view);
    if (corner.x + block_width + kGap > legend.min.x) corner.y = legend.max.y + kGap;

    CanvasControlsLayout out;
    if (!in.readonly) {
        out.class_switch = {corner, ImVec2(corner.x + m.switch_width, corner.y + m.height)};
        if (stacked) corner.y += m.height + kGap;
        else corner.x += m.switch_width + kGap;
    }
    out.fit = {corner, ImVec2(corner.x + m.fit_width, corner.y + m.height)};
    out.bottom = corner.y + m.height;
    return out;
}

CanvasControls draw_canvas_controls(const View& view, const Palette& colors, const CanvasControlsInput& in) {
    CanvasControls out;
    const ImGuiStyle& style = ImGui::GetStyle();
    const ControlsMetrics m = controls_metrics(in);
    const CanvasControlsLayout layout = layout_canvas_controls(view, in);
    const int label = in.active_label > 0 ? 1 : -1;

    ImDrawList* draw = ImGui::GetWindowDrawList();
    ImGui::PushStyleColor(ImGuiCol_Button, with_alpha(colors.canvas_bg, 0.92f));
    ImGui::PushStyleColor(ImGuiCol_Text, colors.text);
    if (!in.readonly) {
        ImGui::SetCursorScreenPos(layout.class_switch.min);
        ImGui::PushStyleVar(ImGuiStyleVar_ButtonTextAlign, ImVec2(1.0f, 0.5f));  // text right, marker left
        const std::string button = std::string(m.class_text) + "###class-switch";
        out.switch_class = ImGui::Button(button.c_str(), ImVec2(m.switch_width, m.height));
        ImGui::PopStyleVar();
        if (in.tooltips && ImGui::IsItemHovered())
            ImGui::SetTooltip("A click or a tap adds a %s point; press to switch.\n"
                              "The other class: right click, shift-click or a long press.",
                              label > 0 ? "+1" : "\xE2\x88\x92" "1");
        const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
        draw->AddRect(min, max, label > 0 ? colors.positive : colors.negative, style.FrameRounding, 0, 2.0f);
        draw_marker(draw, ImVec2(min.x + m.pad + m.radius, 0.5f * (min.y + max.y)), label, m.radius, colors, false);
        out.covered.push_back({min, max});
    }
    ImGui::SetCursorScreenPos(layout.fit.min);
    out.fit = ImGui::Button("Fit", ImVec2(m.fit_width, m.height));
    if (in.tooltips && ImGui::IsItemHovered()) ImGui::SetTooltip("Fit the view to the data");
    draw->AddRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), colors.axis, style.FrameRounding, 0, 1.0f);
    out.covered.push_back({ImGui::GetItemRectMin(), ImGui::GetItemRectMax()});
    ImGui::PopStyleColor(2);
    out.bottom = layout.bottom;
    return out;
}

}  // namespace pl::app
