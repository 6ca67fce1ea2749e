// Colours and marker shapes, in four themes: light, dark, and a high-contrast variant of each (the
// high-contrast switch of the Show section, or the system's "more contrast" preference). Class
// colours are from the Okabe-Ito palette (safe for the common forms of colour blindness), and the two
// classes also differ by shape: +1 is a disc with a plus, -1 a square with a minus, so the picture
// survives greyscale printing and projectors.
//
// Every theme keeps text at 4.5:1 or more against what it is drawn on and graphics (markers, lines,
// rings, the parts of controls) at 3:1 or more (WCAG 2.1 AA, 1.4.3 and 1.4.11); tests/app/
// test_theme_contrast.cpp checks each pair from these tables. Canvas texts and thin lines that cross
// the decision regions are drawn with a halo of canvas_bg (canvas_draw.hpp), so what they must stand
// out from is canvas_bg.
#pragma once
#include "imgui.h"

namespace pl::app {

struct Palette {
    ImU32 positive, negative;             // class colours (+1 orange, -1 blue): markers, hull edges, field tints
    ImU32 positive_fill, negative_fill;   // translucent half-plane and hull tints
    ImU32 marker_edge;                    // ring around every marker: it stands out from the field it sits on
    ImU32 marker_glyph;                   // the plus / minus inside a marker, against the class colour
    ImU32 grid, axis, tick_text, text;
    ImU32 boundary, weight_arrow, margin, highlight, mistake_ring, trail;
    ImU32 focus;                          // ring around the canvas while it has the keys (and the cursor)
    ImU32 verdict_plate, verdict_text;    // the online-mode verdict
    ImU32 good_text, bad_text;            // a passed / a failed check in the panels (lesson, author)
    ImU32 notice_bg, notice_text;         // the message line of the controls
    ImU32 plot_growth, plot_norm, plot_bound;  // the proof plots: w·w*, ‖w‖², and the two bounds (dashed)
    ImU32 canvas_bg;
    float clear[3];                       // behind every window
};

enum class Theme { Light, Dark, HighContrastLight, HighContrastDark };
inline constexpr Theme kThemes[] = {Theme::Light, Theme::Dark, Theme::HighContrastLight, Theme::HighContrastDark};
const char* theme_name(Theme theme);  // "light", "dark", "high-contrast light", "high-contrast dark"
inline Theme theme_for(bool dark, bool high_contrast) {
    if (high_contrast) return dark ? Theme::HighContrastDark : Theme::HighContrastLight;
    return dark ? Theme::Dark : Theme::Light;
}

const Palette& palette(Theme theme);
// The theme the views draw with this frame, like Dear ImGui's own current style: the app sets it
// before drawing (from the dark and high-contrast switches and the system's preference).
void set_active_theme(Theme theme);
Theme active_theme();
inline const Palette& active_palette() { return palette(active_theme()); }

// Dear ImGui's style for a theme. touch: a coarse pointer (phones, tablets): every frame at least
// kTouchTarget CSS px tall for text of `font_size`. Needs no ImGui context.
ImGuiStyle imgui_style(Theme theme, bool touch, float font_size);
// imgui_style() made current; call it inside a frame (it reads the font size).
void apply_imgui_style(Theme theme, bool touch);
inline constexpr float kTouchTarget = 44.0f;

}  // namespace pl::app
