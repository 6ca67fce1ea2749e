// WCAG 2.1 AA contrast of every theme, computed from the theme's own colour tables (theme.cpp) and
// Dear ImGui's style for it: text at least 4.5:1 against what it is drawn on (1.4.3), graphics and the
// parts of controls at least 3:1 (1.4.11). Each pair below is one place where the widget draws one
// colour on another; translucent colours are blended over what lies under them first.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <string>

#include "app/base/contrast.hpp"
#include "app/base/theme.hpp"

namespace pl::app {
namespace {

Rgba from_vec(const ImVec4& v) { return {v.x, v.y, v.z, v.w}; }
Rgba opaque(ImU32 color, const Rgba& under) { return over(from_u32(color), under); }

// The decision field's colour at strength t of a class colour (shaders/decision_field.frag:
// mix(background, tint, 0.18 + 0.42 * sqrt(|f| / scale)), so from 0.18 next to the line to 0.60).
constexpr double kFieldNearLine = 0.18, kFieldStrongest = 0.60;

struct Checker {
    Theme theme;
    int failures = 0;
    void need(const std::string& what, const Rgba& ink, const Rgba& ground, double minimum) {
        const double ratio = contrast_ratio(ink, ground);
        const std::string theme_text = theme_name(theme);
        CAPTURE(theme_text);
        CAPTURE(what);
        CAPTURE(ratio);
        CHECK(ratio >= minimum);
        if (ratio < minimum) ++failures;
    }
};

}  // namespace

TEST_CASE("the contrast formula: black on white is 21:1, equal colours 1:1, a known pair") {
    CHECK(contrast_ratio({0, 0, 0, 1}, {1, 1, 1, 1}) == doctest::Approx(21.0));
    CHECK(contrast_ratio({0.5, 0.2, 0.9, 1}, {0.5, 0.2, 0.9, 1}) == doctest::Approx(1.0));
    // #767676 on white is the classic smallest grey that passes 4.5:1 (4.54:1).
    CHECK(contrast_ratio(from_u32(IM_COL32(0x76, 0x76, 0x76, 255)), {1, 1, 1, 1}) == doctest::Approx(4.54).epsilon(0.01));
    // Half-transparent black over white is mid grey (#808080, 3.95:1 against white).
    const Rgba half = over({0, 0, 0, 0.5}, {1, 1, 1, 1});
    CHECK(half.r == doctest::Approx(0.5));
    CHECK(contrast_ratio(half, {1, 1, 1, 1}) == doctest::Approx(3.95).epsilon(0.01));
}

TEST_CASE("canvas colours: text 4.5:1, markers, lines and rings 3:1, in every theme") {
    for (Theme theme : kThemes) {
        const Palette& p = palette(theme);
        Checker check{theme};
        const Rgba bg = from_u32(p.canvas_bg);
        const Rgba positive = from_u32(p.positive), negative = from_u32(p.negative);
        // Texts on the canvas sit on plates or halos of canvas_bg (canvas_draw.hpp: haloed_text).
        for (auto [what, color] : {std::pair{"status text", p.text}, {"tick labels", p.tick_text}, {"w label", p.weight_arrow},
                                   {"'w old' label", p.trail}, {"lift view warning text", p.mistake_ring}})
            check.need(what, opaque(color, bg), bg, kTextContrast);
        check.need("online verdict", from_u32(p.verdict_text), from_u32(p.verdict_plate), kTextContrast);
        // Graphics against the empty canvas.
        for (auto [what, color] : {std::pair{"+1 marker", p.positive}, {"-1 marker", p.negative}, {"axes", p.axis},
                                   {"boundary", p.boundary}, {"w arrow", p.weight_arrow}, {"margin lines", p.margin},
                                   {"next-visit ring", p.highlight}, {"mistake ring", p.mistake_ring},
                                   {"keyboard focus ring", p.focus}, {"keyboard cursor", p.text}, {"marker rim", p.marker_edge}})
            check.need(what, opaque(color, bg), bg, kGraphicsContrast);
        // Markers lie on the decision field: their rim stands out from both classes' tints at any strength.
        for (double strength : {kFieldNearLine, kFieldStrongest}) {
            check.need("marker rim on the +1 region", from_u32(p.marker_edge), mix(bg, positive, strength), kGraphicsContrast);
            check.need("marker rim on the -1 region", from_u32(p.marker_edge), mix(bg, negative, strength), kGraphicsContrast);
        }
        // The boundary runs where the field is faintest (f = 0), between the two tints.
        check.need("boundary on the +1 side", from_u32(p.boundary), mix(bg, positive, kFieldNearLine), kGraphicsContrast);
        check.need("boundary on the -1 side", from_u32(p.boundary), mix(bg, negative, kFieldNearLine), kGraphicsContrast);
        // The plus and the minus inside a marker.
        check.need("plus on a +1 marker", from_u32(p.marker_glyph), positive, kGraphicsContrast);
        check.need("minus on a -1 marker", from_u32(p.marker_glyph), negative, kGraphicsContrast);
        CHECK(check.failures == 0);
    }
}

TEST_CASE("panel colours (Dear ImGui's style and ours): text 4.5:1 on every background, controls 3:1") {
    for (Theme theme : kThemes) {
        for (bool touch : {false, true}) {
            const Palette& p = palette(theme);
            const ImGuiStyle style = imgui_style(theme, touch, 15.0f);
            const ImVec4* c = style.Colors;
            Checker check{theme};
            const Rgba clear{p.clear[0], p.clear[1], p.clear[2], 1.0};
            const Rgba window = over(from_vec(c[ImGuiCol_WindowBg]), clear);
            const Rgba text = from_vec(c[ImGuiCol_Text]);
            const auto on_window = [&](ImGuiCol col) { return over(from_vec(c[col]), window); };
            // Every background ImGui draws text on (buttons, headers, tabs, fields, in every state).
            for (ImGuiCol ground : {ImGuiCol_ChildBg, ImGuiCol_PopupBg, ImGuiCol_FrameBg, ImGuiCol_FrameBgHovered,
                                    ImGuiCol_FrameBgActive, ImGuiCol_Button, ImGuiCol_ButtonHovered, ImGuiCol_ButtonActive,
                                    ImGuiCol_Header, ImGuiCol_HeaderHovered, ImGuiCol_HeaderActive, ImGuiCol_Tab,
                                    ImGuiCol_TabHovered, ImGuiCol_TabActive, ImGuiCol_TableHeaderBg, ImGuiCol_TextSelectedBg})
                check.need(std::string("text on ") + ImGui::GetStyleColorName(ground), text, on_window(ground), kTextContrast);
            check.need("text on the window", text, window, kTextContrast);
            check.need("secondary text (TextDisabled)", from_vec(c[ImGuiCol_TextDisabled]), window, kTextContrast);
            check.need("a passed check", opaque(p.good_text, window), window, kTextContrast);
            check.need("a failed check", opaque(p.bad_text, window), window, kTextContrast);
            check.need("the message line", from_u32(p.notice_text), from_u32(p.notice_bg), kTextContrast);
            // The parts of controls and their states.
            check.need("frame outline", on_window(ImGuiCol_Border), window, kGraphicsContrast);
            check.need("check mark", on_window(ImGuiCol_CheckMark), on_window(ImGuiCol_FrameBg), kGraphicsContrast);
            check.need("slider grab", on_window(ImGuiCol_SliderGrab), on_window(ImGuiCol_FrameBg), kGraphicsContrast);
            check.need("keyboard focus (NavHighlight)", on_window(ImGuiCol_NavHighlight), window, kGraphicsContrast);
            check.need("keyboard focus on a section header (widgets.hpp focus_ring_on_last_item)", on_window(ImGuiCol_NavHighlight),
                       on_window(ImGuiCol_Header), kGraphicsContrast);
            check.need("the open tab against the others", on_window(ImGuiCol_TabActive), on_window(ImGuiCol_Tab), kGraphicsContrast);
            check.need("scrollbar grab", on_window(ImGuiCol_ScrollbarGrab), on_window(ImGuiCol_ScrollbarBg), kGraphicsContrast);
            // The plots (plots.cpp) draw on a frame: bars, lines and the two dashed bounds.
            const Rgba plot = on_window(ImGuiCol_FrameBg);
            check.need("mistakes-per-epoch bars", on_window(ImGuiCol_PlotHistogram), plot, kGraphicsContrast);
            check.need("w.w* line", opaque(p.plot_growth, plot), plot, kGraphicsContrast);
            check.need("|w|^2 line", opaque(p.plot_norm, plot), plot, kGraphicsContrast);
            check.need("the bounds' dashed lines", opaque(p.plot_bound, plot), plot, kGraphicsContrast);
            CHECK(style.FrameBorderSize >= 1.0f);
            CHECK(check.failures == 0);
        }
    }
}

TEST_CASE("the themes differ: high contrast is black on white or white on black") {
    CHECK(contrast_ratio(from_u32(palette(Theme::HighContrastLight).text), from_u32(palette(Theme::HighContrastLight).canvas_bg)) ==
          doctest::Approx(21.0));
    CHECK(contrast_ratio(from_u32(palette(Theme::HighContrastDark).text), from_u32(palette(Theme::HighContrastDark).canvas_bg)) ==
          doctest::Approx(21.0));
    CHECK(theme_for(false, false) == Theme::Light);
    CHECK(theme_for(true, false) == Theme::Dark);
    CHECK(theme_for(false, true) == Theme::HighContrastLight);
    CHECK(theme_for(true, true) == Theme::HighContrastDark);
}

}  // namespace pl::app
