#include "app/theme.hpp"

#include <cmath>

namespace pl::app {

namespace {
constexpr ImU32 rgba(int r, int g, int b, int a = 255) { return IM_COL32(r, g, b, a); }

const Palette kLight{
    rgba(213, 94, 0), rgba(0, 114, 178),          // vermillion / blue (Okabe-Ito)
    rgba(213, 94, 0, 40), rgba(0, 114, 178, 40),
    rgba(0, 0, 0, 22), rgba(0, 0, 0, 150), rgba(60, 60, 60), rgba(20, 20, 20),
    rgba(20, 20, 20), rgba(0, 158, 115), rgba(120, 120, 120, 200), rgba(90, 90, 90, 200),
    rgba(240, 228, 66), rgba(204, 0, 0), rgba(80, 80, 80),
    rgba(252, 252, 250),
    {0.94f, 0.94f, 0.93f}};

const Palette kDark{
    rgba(240, 130, 50), rgba(86, 180, 233),       // orange / sky blue (Okabe-Ito, brighter on dark)
    rgba(240, 130, 50, 45), rgba(86, 180, 233, 45),
    rgba(255, 255, 255, 22), rgba(255, 255, 255, 150), rgba(200, 200, 200), rgba(235, 235, 235),
    rgba(240, 240, 240), rgba(0, 200, 150), rgba(180, 180, 180, 200), rgba(170, 170, 170, 200),
    rgba(240, 228, 66), rgba(255, 80, 80), rgba(190, 190, 190),
    rgba(24, 26, 30),
    {0.09f, 0.10f, 0.11f}};
}  // namespace

const Palette& palette(bool dark) { return dark ? kDark : kLight; }

void apply_imgui_style(bool dark, bool touch) {
    ImGuiStyle style;
    if (dark) ImGui::StyleColorsDark(&style);
    else ImGui::StyleColorsLight(&style);
    style.WindowRounding = 4.0f;
    style.FrameRounding = 3.0f;
    style.GrabRounding = 3.0f;
    style.WindowBorderSize = 0.0f;
    style.FramePadding = ImVec2(6, 4);
    style.ItemSpacing = ImVec2(8, 5);
    if (touch) {
        // A finger needs targets of at least 44 CSS px: frames (buttons, combos, sliders, tabs) are
        // 16 px text + 2 x 14 px padding, and a little more room between them.
        style.FramePadding = ImVec2(10, std::ceil((kTouchTarget - ImGui::GetFontSize()) * 0.5f));
        style.ItemSpacing = ImVec2(10, 8);
        style.GrabMinSize = 28.0f;
        style.ScrollbarSize = 22.0f;
    }
    ImGui::GetStyle() = style;
}

}  // namespace pl::app
