// Colours and marker shapes. Class colours are from the Okabe-Ito palette (safe for the common forms
// of colour blindness), and the two classes also differ by shape: +1 is a filled disc with a plus,
// -1 a square with a minus, so the picture survives greyscale printing and projectors.
#pragma once
#include "imgui.h"

namespace pl::app {

struct Palette {
    ImU32 positive, negative;             // class colours (+1 vermillion-ish orange, -1 blue)
    ImU32 positive_fill, negative_fill;   // translucent half-plane tints
    ImU32 grid, axis, tick_text, text;
    ImU32 boundary, weight_arrow, margin, hull, highlight, mistake_ring, trail;
    ImU32 canvas_bg;
    float clear[3];
};

const Palette& palette(bool dark);
// touch: a coarse pointer (phones, tablets): every frame at least kTouchTarget CSS px tall. Call it
// inside a frame (it reads the font size).
void apply_imgui_style(bool dark, bool touch);
inline constexpr float kTouchTarget = 44.0f;

}  // namespace pl::app
