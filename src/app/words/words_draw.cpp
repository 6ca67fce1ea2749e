#include "app/words/words_draw.hpp"

#include <algorithm>
#include <cctype>
#include <cfloat>

#include "app/base/probe.hpp"
#include "core/facts/describe.hpp"

namespace pl::app {

std::string signed_text(double value) {
    std::string text = display_number(value, 4);
    if (!text.empty() && text[0] == '-') text = "\xE2\x88\x92" + text.substr(1);
    return text;
}

void probe_wrapped(const char* role, const std::string& text, float width) {
#ifdef PL_TEST_HOOKS
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, width);
    PL_PROBE_TEXT(role, text, at, ImVec2(at.x + width, at.y + size.y));
#else
    (void)role; (void)text; (void)width;
#endif
}

ImU32 with_alpha(ImU32 color, float alpha) {
    const auto a = static_cast<ImU32>(std::clamp(alpha, 0.0f, 1.0f) * 255.0f);
    return (color & ~IM_COL32_A_MASK) | (a << IM_COL32_A_SHIFT);
}

void class_button_colors(ImU32 color) {
    ImGui::PushStyleColor(ImGuiCol_Button, with_alpha(color, 0.30f));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, with_alpha(color, 0.50f));
    ImGui::PushStyleColor(ImGuiCol_ButtonActive, with_alpha(color, 0.70f));
}

namespace {
bool word_byte(char c) { return std::isalnum(static_cast<unsigned char>(c)) && static_cast<unsigned char>(c) < 0x80; }
}  // namespace

bool draw_highlighted_text(ImDrawList* draw, ImVec2 at, float max_x, const std::string& text,
                           const std::vector<std::string>& highlight, ImU32 ink, ImU32 plate) {
    ImFont* font = ImGui::GetFont();
    const float size = ImGui::GetFontSize();
    const float ellipsis = ImGui::CalcTextSize("\xE2\x80\xA6").x;
    const float total = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.data(), text.data() + text.size()).x;
    const bool cut = at.x + total > max_x;
    const float clip_x = cut ? max_x - ellipsis : max_x;
    draw->PushClipRect(ImVec2(at.x - 3, at.y - 2), ImVec2(clip_x, at.y + size + 2), true);
    float x = at.x;
    for (std::size_t i = 0; i < text.size() && x < clip_x;) {
        std::size_t j = i;
        const bool word = word_byte(text[i]);
        while (j < text.size() && word_byte(text[j]) == word) ++j;
        const char* begin = text.data() + i;
        const char* end = text.data() + j;
        const float w = font->CalcTextSizeA(size, FLT_MAX, 0.0f, begin, end).x;
        if (word) {
            std::string lower(begin, end);
            for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            if (std::find(highlight.begin(), highlight.end(), lower) != highlight.end())
                draw->AddRectFilled(ImVec2(x - 2, at.y - 1), ImVec2(x + w + 2, at.y + size + 1), plate, 3.0f);
        }
        draw->AddText(font, size, ImVec2(x, at.y), ink, begin, end);
        x += w;
        i = j;
    }
    draw->PopClipRect();
    if (cut) draw->AddText(font, size, ImVec2(clip_x, at.y), ink, "\xE2\x80\xA6");
    return cut;
}

}  // namespace pl::app
