#include "app/base/theme.hpp"

#include <cmath>

namespace pl::app {

namespace {
constexpr ImU32 rgba(int r, int g, int b, int a = 255) { return IM_COL32(r, g, b, a); }

// The palettes, field by field. The numbers in the comments are the contrast against canvas_bg
// that tests/app/base/test_theme_contrast.cpp checks (text 4.5:1, graphics 3:1).
Palette make_light() {
    Palette p{};
    p.positive = rgba(213, 94, 0);        // vermillion (Okabe-Ito), 3.8:1
    p.negative = rgba(0, 114, 178);       // blue (Okabe-Ito), 5.1:1
    p.positive_fill = rgba(213, 94, 0, 40);
    p.negative_fill = rgba(0, 114, 178, 40);
    p.marker_edge = rgba(45, 45, 45);     // dark rim: markers stand out from their own class's tint
    p.marker_glyph = rgba(255, 255, 255);
    p.grid = rgba(0, 0, 0, 22);           // decoration: the axes and their ticks carry the scale
    p.axis = rgba(0, 0, 0, 165);
    p.tick_text = rgba(60, 60, 60);
    p.text = rgba(20, 20, 20);
    p.boundary = rgba(20, 20, 20);
    p.weight_arrow = rgba(0, 122, 88);    // bluish green, dark enough for its "w" label
    p.margin = rgba(95, 95, 95);
    p.highlight = rgba(158, 110, 0);      // dark gold: the Okabe-Ito yellow vanishes on white
    p.mistake_ring = rgba(196, 0, 0);
    p.trail = rgba(80, 80, 80);
    p.focus = rgba(11, 87, 208);
    p.verdict_plate = rgba(240, 228, 66);
    p.verdict_text = rgba(20, 20, 20);
    p.good_text = rgba(0, 110, 55);
    p.bad_text = rgba(170, 55, 0);
    p.notice_bg = rgba(255, 244, 214);
    p.notice_text = rgba(74, 54, 0);
    p.plot_growth = rgba(0, 140, 100);
    p.plot_norm = rgba(213, 94, 0);
    p.plot_bound = rgba(110, 110, 110);
    p.canvas_bg = rgba(252, 252, 250);
    p.clear[0] = 0.94f; p.clear[1] = 0.94f; p.clear[2] = 0.93f;
    return p;
}

Palette make_dark() {
    Palette p{};
    p.positive = rgba(240, 130, 50);      // orange / sky blue (Okabe-Ito, brighter on dark)
    p.negative = rgba(86, 180, 233);
    p.positive_fill = rgba(240, 130, 50, 45);
    p.negative_fill = rgba(86, 180, 233, 45);
    p.marker_edge = rgba(245, 245, 245);
    p.marker_glyph = rgba(20, 20, 20);    // dark on the bright fills (white would be 2.6:1)
    p.grid = rgba(255, 255, 255, 22);
    p.axis = rgba(255, 255, 255, 150);
    p.tick_text = rgba(200, 200, 200);
    p.text = rgba(235, 235, 235);
    p.boundary = rgba(240, 240, 240);
    p.weight_arrow = rgba(0, 200, 150);
    p.margin = rgba(170, 170, 170);
    p.highlight = rgba(240, 228, 66);
    p.mistake_ring = rgba(255, 95, 95);
    p.trail = rgba(190, 190, 190);
    p.focus = rgba(255, 210, 60);
    p.verdict_plate = rgba(240, 228, 66);
    p.verdict_text = rgba(20, 20, 20);
    p.good_text = rgba(90, 210, 140);
    p.bad_text = rgba(255, 150, 90);
    p.notice_bg = rgba(255, 244, 214);
    p.notice_text = rgba(74, 54, 0);
    p.plot_growth = rgba(0, 200, 150);
    p.plot_norm = rgba(240, 130, 50);
    p.plot_bound = rgba(170, 170, 170);
    p.canvas_bg = rgba(24, 26, 30);
    p.clear[0] = 0.09f; p.clear[1] = 0.10f; p.clear[2] = 0.11f;
    return p;
}

// High contrast: pure white or black ground, black or white ink, deeper (or brighter) class colours.
Palette make_high_contrast_light() {
    Palette p = make_light();
    p.positive = rgba(180, 60, 0);
    p.negative = rgba(0, 70, 165);
    p.positive_fill = rgba(180, 60, 0, 55);
    p.negative_fill = rgba(0, 70, 165, 55);
    p.marker_edge = rgba(0, 0, 0);
    p.grid = rgba(0, 0, 0, 45);
    p.axis = rgba(0, 0, 0);
    p.tick_text = p.text = p.boundary = rgba(0, 0, 0);
    p.weight_arrow = rgba(0, 100, 60);
    p.margin = rgba(50, 50, 50);
    p.highlight = rgba(120, 80, 0);
    p.mistake_ring = rgba(180, 0, 0);
    p.trail = rgba(40, 40, 40);
    p.focus = rgba(0, 0, 190);
    p.verdict_text = rgba(0, 0, 0);
    p.good_text = rgba(0, 95, 45);
    p.bad_text = rgba(160, 40, 0);
    p.notice_text = rgba(0, 0, 0);
    p.plot_growth = rgba(0, 100, 60);
    p.plot_norm = rgba(180, 60, 0);
    p.plot_bound = rgba(60, 60, 60);
    p.canvas_bg = rgba(255, 255, 255);
    p.clear[0] = p.clear[1] = p.clear[2] = 1.0f;
    return p;
}

Palette make_high_contrast_dark() {
    Palette p = make_dark();
    p.positive = rgba(255, 160, 70);
    p.negative = rgba(110, 200, 255);
    p.positive_fill = rgba(255, 160, 70, 55);
    p.negative_fill = rgba(110, 200, 255, 55);
    p.marker_edge = rgba(255, 255, 255);
    p.marker_glyph = rgba(0, 0, 0);
    p.grid = rgba(255, 255, 255, 45);
    p.axis = rgba(255, 255, 255);
    p.tick_text = p.text = p.boundary = rgba(255, 255, 255);
    p.weight_arrow = rgba(60, 230, 170);
    p.margin = rgba(210, 210, 210);
    p.highlight = rgba(255, 230, 0);
    p.mistake_ring = rgba(255, 110, 110);
    p.trail = rgba(220, 220, 220);
    p.focus = rgba(255, 230, 0);
    p.verdict_text = rgba(0, 0, 0);
    p.good_text = rgba(120, 240, 160);
    p.bad_text = rgba(255, 170, 110);
    p.notice_bg = rgba(0, 0, 0);
    p.notice_text = rgba(255, 230, 0);
    p.plot_growth = rgba(60, 230, 170);
    p.plot_norm = rgba(255, 160, 70);
    p.plot_bound = rgba(210, 210, 210);
    p.canvas_bg = rgba(0, 0, 0);
    p.clear[0] = p.clear[1] = p.clear[2] = 0.0f;
    return p;
}

const Palette kLight = make_light();
const Palette kDark = make_dark();
const Palette kHighContrastLight = make_high_contrast_light();
const Palette kHighContrastDark = make_high_contrast_dark();
Theme g_active = Theme::Light;

// [SECTION] Dear ImGui's colours per theme
// Frames get a 1 px border in every theme (a box or a field is seen by its outline, not by a fill that
// barely differs from the panel), and each colour below that carries text or a control's state is chosen
// for the contrast test.
void set_light(ImGuiStyle& s) {
    ImGui::StyleColorsLight(&s);
    ImVec4* c = s.Colors;
    c[ImGuiCol_TextDisabled] = ImVec4(0.36f, 0.36f, 0.36f, 1.0f);
    c[ImGuiCol_Border] = ImVec4(0.45f, 0.45f, 0.45f, 1.0f);
    c[ImGuiCol_CheckMark] = ImVec4(0.05f, 0.33f, 0.72f, 1.0f);
    c[ImGuiCol_SliderGrab] = ImVec4(0.10f, 0.38f, 0.78f, 1.0f);
    c[ImGuiCol_SliderGrabActive] = ImVec4(0.05f, 0.28f, 0.62f, 1.0f);
    c[ImGuiCol_NavHighlight] = ImVec4(0.05f, 0.33f, 0.72f, 1.0f);
    c[ImGuiCol_Tab] = c[ImGuiCol_TabUnfocused] = ImVec4(0.55f, 0.57f, 0.60f, 1.0f);
    c[ImGuiCol_TabActive] = c[ImGuiCol_TabUnfocusedActive] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
    c[ImGuiCol_ScrollbarGrab] = ImVec4(0.55f, 0.55f, 0.55f, 1.0f);
    c[ImGuiCol_PlotHistogram] = ImVec4(0.66f, 0.42f, 0.0f, 1.0f);  // amber: the stock yellow vanishes on white
}

void set_dark(ImGuiStyle& s) {
    ImGui::StyleColorsDark(&s);
    ImVec4* c = s.Colors;
    c[ImGuiCol_TextDisabled] = ImVec4(0.68f, 0.68f, 0.68f, 1.0f);
    c[ImGuiCol_Border] = ImVec4(0.55f, 0.55f, 0.60f, 1.0f);
    c[ImGuiCol_CheckMark] = c[ImGuiCol_SliderGrab] = c[ImGuiCol_NavHighlight] = ImVec4(0.45f, 0.70f, 1.0f, 1.0f);
    c[ImGuiCol_SliderGrabActive] = ImVec4(0.60f, 0.80f, 1.0f, 1.0f);
    // The stock hovered and pressed blues are too bright for white text.
    c[ImGuiCol_ButtonHovered] = c[ImGuiCol_HeaderHovered] = c[ImGuiCol_TabHovered] = ImVec4(0.16f, 0.42f, 0.78f, 1.0f);
    c[ImGuiCol_ButtonActive] = c[ImGuiCol_HeaderActive] = ImVec4(0.10f, 0.33f, 0.66f, 1.0f);
    c[ImGuiCol_Tab] = c[ImGuiCol_TabUnfocused] = ImVec4(0.14f, 0.16f, 0.20f, 1.0f);
    c[ImGuiCol_TabActive] = c[ImGuiCol_TabUnfocusedActive] = ImVec4(0.33f, 0.45f, 0.62f, 1.0f);
    c[ImGuiCol_ScrollbarGrab] = ImVec4(0.45f, 0.45f, 0.45f, 1.0f);
}

// High contrast: black on white (or white on black), black (white) borders, and hovered or pressed
// states as light (dark) blues that keep the ink readable.
void set_high_contrast(ImGuiStyle& s, bool dark) {
    const float ink = dark ? 1.0f : 0.0f, ground = dark ? 0.0f : 1.0f;
    const ImVec4 ink_color(ink, ink, ink, 1.0f), ground_color(ground, ground, ground, 1.0f);
    const ImVec4 hovered = dark ? ImVec4(0.10f, 0.22f, 0.45f, 1.0f) : ImVec4(0.78f, 0.85f, 1.0f, 1.0f);
    const ImVec4 pressed = dark ? ImVec4(0.15f, 0.30f, 0.60f, 1.0f) : ImVec4(0.65f, 0.76f, 1.0f, 1.0f);
    const ImVec4 raised = dark ? ImVec4(0.15f, 0.15f, 0.15f, 1.0f) : ImVec4(0.90f, 0.90f, 0.90f, 1.0f);
    ImVec4* c = s.Colors;
    c[ImGuiCol_Text] = c[ImGuiCol_Border] = c[ImGuiCol_Separator] = c[ImGuiCol_CheckMark] = c[ImGuiCol_SliderGrab] =
        c[ImGuiCol_PlotLines] = c[ImGuiCol_TableBorderStrong] = ink_color;
    c[ImGuiCol_PlotHistogram] = dark ? ImVec4(1.0f, 0.8f, 0.0f, 1.0f) : ImVec4(0.55f, 0.35f, 0.0f, 1.0f);
    c[ImGuiCol_TextDisabled] = dark ? ImVec4(0.80f, 0.80f, 0.80f, 1.0f) : ImVec4(0.25f, 0.25f, 0.25f, 1.0f);
    c[ImGuiCol_WindowBg] = c[ImGuiCol_PopupBg] = c[ImGuiCol_FrameBg] = c[ImGuiCol_MenuBarBg] = c[ImGuiCol_TitleBg] =
        c[ImGuiCol_TitleBgActive] = c[ImGuiCol_ScrollbarBg] = ground_color;
    c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
    c[ImGuiCol_Button] = c[ImGuiCol_Header] = c[ImGuiCol_TableHeaderBg] = raised;
    c[ImGuiCol_FrameBgHovered] = c[ImGuiCol_ButtonHovered] = c[ImGuiCol_HeaderHovered] = c[ImGuiCol_TabHovered] = hovered;
    c[ImGuiCol_FrameBgActive] = c[ImGuiCol_ButtonActive] = c[ImGuiCol_HeaderActive] = c[ImGuiCol_TextSelectedBg] = pressed;
    c[ImGuiCol_SliderGrabActive] = dark ? ImVec4(1.0f, 0.9f, 0.0f, 1.0f) : ImVec4(0.0f, 0.0f, 0.6f, 1.0f);
    c[ImGuiCol_NavHighlight] = dark ? ImVec4(1.0f, 0.9f, 0.0f, 1.0f) : ImVec4(0.0f, 0.0f, 0.75f, 1.0f);
    c[ImGuiCol_Tab] = c[ImGuiCol_TabUnfocused] = dark ? ImVec4(0.45f, 0.45f, 0.45f, 1.0f) : ImVec4(0.55f, 0.55f, 0.55f, 1.0f);
    c[ImGuiCol_TabActive] = c[ImGuiCol_TabUnfocusedActive] = ground_color;
    c[ImGuiCol_ScrollbarGrab] = c[ImGuiCol_ScrollbarGrabHovered] = c[ImGuiCol_ScrollbarGrabActive] =
        dark ? ImVec4(0.75f, 0.75f, 0.75f, 1.0f) : ImVec4(0.25f, 0.25f, 0.25f, 1.0f);
}
}  // namespace

const char* theme_name(Theme theme) {
    switch (theme) {
        case Theme::Light: return "light";
        case Theme::Dark: return "dark";
        case Theme::HighContrastLight: return "high-contrast light";
        case Theme::HighContrastDark: return "high-contrast dark";
    }
    return "";
}

const Palette& palette(Theme theme) {
    switch (theme) {
        case Theme::Light: return kLight;
        case Theme::Dark: return kDark;
        case Theme::HighContrastLight: return kHighContrastLight;
        case Theme::HighContrastDark: return kHighContrastDark;
    }
    return kLight;
}

void set_active_theme(Theme theme) { g_active = theme; }
Theme active_theme() { return g_active; }

ImGuiStyle imgui_style(Theme theme, bool touch, float font_size) {
    ImGuiStyle style;
    switch (theme) {
        case Theme::Light: set_light(style); break;
        case Theme::Dark: set_dark(style); break;
        case Theme::HighContrastLight: set_light(style); set_high_contrast(style, false); break;
        case Theme::HighContrastDark: set_dark(style); set_high_contrast(style, true); break;
    }
    style.WindowRounding = 4.0f;
    style.FrameRounding = 3.0f;
    style.GrabRounding = 3.0f;
    style.WindowBorderSize = 0.0f;
    style.FrameBorderSize = 1.0f;
    style.FramePadding = ImVec2(6, 4);
    style.ItemSpacing = ImVec2(8, 5);
    if (touch) {
        // A finger needs targets of at least 44 CSS px: frames (buttons, combos, sliders, tabs) are
        // the text plus padding to 44 px, and a little more room between them.
        style.FramePadding = ImVec2(10, std::fmax(4.0f, std::ceil((kTouchTarget - font_size) * 0.5f)));
        style.ItemSpacing = ImVec2(10, 8);
        style.GrabMinSize = 28.0f;
        style.ScrollbarSize = 22.0f;
    }
    return style;
}

void apply_imgui_style(Theme theme, bool touch) { ImGui::GetStyle() = imgui_style(theme, touch, ImGui::GetFontSize()); }

}  // namespace pl::app
