#include "app/base/rich_text.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "app/base/probe.hpp"

namespace pl::app {

namespace {
// A word (or the spaces between words) of one style.
struct Piece {
    RunStyle style;
    std::string text;
    bool space;
};

std::vector<Piece> split(const TextParagraph& paragraph, float wrap_width) {
    std::vector<Piece> pieces;
    for (const TextRun& run : paragraph) {
        // A code run stays on one plate (w ← w + y·x reads as one formula) unless it is wider than a line.
        if (run.style == RunStyle::Code && ImGui::CalcTextSize(run.text.c_str()).x + 4.0f <= wrap_width) {
            pieces.push_back({run.style, run.text, false});
            continue;
        }
        std::size_t i = 0;
        while (i < run.text.size()) {
            const bool space = run.text[i] == ' ' || run.text[i] == '\n';
            std::size_t j = i;
            while (j < run.text.size() && (run.text[j] == ' ' || run.text[j] == '\n') == space) ++j;
            pieces.push_back({run.style, space ? std::string(" ") : run.text.substr(i, j - i), space});
            i = j;
        }
    }
    return pieces;
}
}  // namespace

void rich_paragraph(const TextParagraph& paragraph, float wrap_width, const char* role) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 start = ImGui::GetCursorScreenPos();
    const float line_height = ImGui::GetTextLineHeightWithSpacing();
    const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 plate = ImGui::GetColorU32(ImGuiCol_FrameBg);
    const float bold_offset = std::max(0.5f, 1.0f / std::max(1.0f, ImGui::GetIO().DisplayFramebufferScale.x));
    float x = 0, y = 0;
    for (const Piece& piece : split(paragraph, wrap_width)) {
        const float width = ImGui::CalcTextSize(piece.text.c_str()).x + (piece.style == RunStyle::Code && !piece.space ? 4.0f : 0.0f);
        if (piece.space) {
            if (x > 0) x += width;
            continue;
        }
        if (x > 0 && x + width > wrap_width) { x = 0; y += line_height; }
        const ImVec2 at(start.x + x, start.y + y);
        if (piece.style == RunStyle::Code) {
            draw->AddRectFilled(at, ImVec2(at.x + width, at.y + ImGui::GetTextLineHeight()), plate, 3.0f);
            draw->AddText(ImVec2(at.x + 2, at.y), ink, piece.text.c_str());
        } else {
            draw->AddText(at, ink, piece.text.c_str());
            if (piece.style == RunStyle::Bold) draw->AddText(ImVec2(at.x + bold_offset, at.y), ink, piece.text.c_str());
        }
        x += width;
    }
    ImGui::Dummy(ImVec2(wrap_width, y + line_height));
#ifdef PL_TEST_HOOKS
    std::string plain;
    for (const TextRun& run : paragraph) plain += run.text;
    PL_PROBE_TEXT(role, plain, start, ImVec2(start.x + wrap_width, start.y + y + line_height));
#else
    (void)role;  // only the test build's probe reads it
#endif
}

void rich_text(std::string_view text, const char* role) {
    const float width = std::max(40.0f, ImGui::GetContentRegionAvail().x);
    const MarkupResult markup = parse_markup(text);
    for (std::size_t i = 0; i < markup.paragraphs.size(); ++i) {
        if (i) ImGui::Spacing();
        rich_paragraph(markup.paragraphs[i], width, role);
    }
}

}  // namespace pl::app
