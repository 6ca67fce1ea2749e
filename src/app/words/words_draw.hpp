// Small drawing helpers of the Words view (words_view.cpp, words_lists.cpp).
#pragma once
#include <string>
#include <vector>

#include "imgui.h"

namespace pl::app {

// "−1" with a real minus sign, "0.5", "2": a weight or a score as people read it.
std::string signed_text(double value);
// Test build: reports `text` as drawn at the cursor, wrapped to `width` (call just before drawing it).
void probe_wrapped(const char* role, const std::string& text, float width);
// Button colours tinted with a class colour (spam or ham); pops with ImGui::PopStyleColor(3).
void class_button_colors(ImU32 color);
ImU32 with_alpha(ImU32 color, float alpha);

// Draws `text` from `at`, clipped at `max_x` with an ellipsis, with the words of `highlight` (lower
// case) on a rounded plate of `plate` colour. A word is a run of [a-z0-9] after lower-casing, as the
// learner reads it. Returns whether some of the text did not fit.
bool draw_highlighted_text(ImDrawList* draw, ImVec2 at, float max_x, const std::string& text,
                           const std::vector<std::string>& highlight, ImU32 ink, ImU32 plate);

}  // namespace pl::app
