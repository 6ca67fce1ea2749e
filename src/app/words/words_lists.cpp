// [SECTION] The Words view's two lists (words_view.hpp): the messages with their label, prediction and
// score, and the bar chart of every word's weight. Both draw only the rows in view (ImGuiListClipper),
// so 100,000 messages or 50,000 words scroll as easily as three.
#include <algorithm>
#include <cmath>

#include "app/panels/panels.hpp"
#include "app/base/probe.hpp"
#include "app/base/theme.hpp"
#include "app/words/words_draw.hpp"
#include "app/words/words_texts.hpp"
#include "app/words/words_view.hpp"

namespace pl::app {

namespace {
const std::vector<std::string> kNoWords;

// The words the last update added (or took away), and the message it visited.
struct Highlight {
    std::optional<std::size_t> message;
    const std::vector<std::string>* words = &kNoWords;
    ImU32 plate = 0;
};
Highlight highlight_of(const WordsSession& w, const Palette& colors) {
    Highlight h;
    const auto& u = w.last_update();
    if (!u || !u->visited || u->step == 0.0) return h;
    h.message = u->index;
    h.words = &u->words;
    h.plate = with_alpha(u->step > 0 ? colors.positive : colors.negative, 0.35f);
    return h;
}
}  // namespace

// [SECTION] messages
void WordsView::draw_messages(PanelContext& c, ImVec2 size) {
    Session& s = c.session;
    const WordsData& data = s.state().words;
    const WordsModel& m = model(s);
    const Palette& colors = active_palette();  // the theme in use, high contrast included
    const Highlight highlight = highlight_of(s.words(), colors);

    ImGui::BeginChild("##messages-pane", size, false, ImGuiWindowFlags_NavFlattened);  // in the Tab order (words_view.cpp)
    const std::string summary = std::to_string(data.size()) + (data.size() == 1 ? " message (" : " messages (") +
                                std::to_string(m.ham) + " ham, " + std::to_string(m.spam) + " spam), " +
                                std::to_string(m.wrong) + " on the wrong side";
    probe_wrapped("words-summary", summary, ImGui::GetContentRegionAvail().x);
    ImGui::TextWrapped("%s", summary.c_str());
    draw_selection(c);

    ImGui::BeginChild("##message-list", ImVec2(0, 0), true, ImGuiWindowFlags_NavFlattened);
    if (data.empty()) ImGui::TextWrapped("No messages yet: type one above, or load the lecture's three from the Data section.");
    const float font = ImGui::GetFontSize();
    const ImVec2 padding = ImGui::GetStyle().FramePadding;
    const float row = std::max(ImGui::GetFrameHeight(), font + 2.0f * padding.y);
    const float step = row + ImGui::GetStyle().ItemSpacing.y;
    const float width = ImGui::GetContentRegionAvail().x;
    if (scroll_to_update_ && highlight.message) {
        const float target = static_cast<float>(*highlight.message) * step;
        const float view = ImGui::GetWindowHeight();
        if (target < ImGui::GetScrollY() || target + row > ImGui::GetScrollY() + view)
            ImGui::SetScrollY(std::max(0.0f, target - view * 0.4f));
    }
    scroll_to_update_ = false;
    const float score_width = std::max(ImGui::CalcTextSize("f = \xE2\x88\x92" "00.00 \xE2\x86\x92 spam").x,
                                       ImGui::CalcTextSize("f = 0 \xE2\x86\x92 on the line").x);
    const float chip = ImGui::CalcTextSize("spam").x + 10.0f;
    ImDrawList* draw = ImGui::GetWindowDrawList();

    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(data.size()), step);
    while (clipper.Step()) {
        for (int row_index = clipper.DisplayStart; row_index < clipper.DisplayEnd; ++row_index) {
            const auto i = static_cast<std::size_t>(row_index);
            const int y = data.labels[i];
            const double score = i < m.scores.size() ? m.scores[i] : 0.0;
            const bool wrong = y * score <= 0.0;
            ImGui::PushID(row_index);
            const ImVec2 at = ImGui::GetCursorScreenPos();
            const bool picked = selected_ == i;
            if (ImGui::Selectable("##message", picked, 0, ImVec2(width, row))) {
                selected_ = picked ? std::nullopt : std::optional<std::size_t>(i);
                if (editing_ && editing_ != selected_) { editing_.reset(); input_.clear(); }
            }
            if (ImGui::IsItemHovered() && data.messages[i].size() > 0) {
                ImGui::BeginTooltip();
                ImGui::PushTextWrapPos(font * 24.0f);
                ImGui::TextUnformatted(data.messages[i].substr(0, 600).c_str());
                ImGui::PopTextWrapPos();
                ImGui::EndTooltip();
            }
            const ImVec2 end(at.x + width, at.y + row);
            if (wrong) draw->AddRectFilled(at, end, IM_COL32(213, 94, 0, 38), 3.0f);
            if (highlight.message == i) draw->AddRect(at, end, highlight.plate | IM_COL32_A_MASK, 3.0f, 0, 2.0f);
            const float text_y = at.y + (row - font) * 0.5f;
            // The label as a coloured chip: spam (−1) or ham (+1).
            const ImU32 class_color = y > 0 ? colors.positive : colors.negative;
            draw->AddRectFilled(ImVec2(at.x + 4, text_y - 1), ImVec2(at.x + 4 + chip, text_y + font + 1), class_color, 4.0f);
            const char* label = class_name(y);
            draw->AddText(ImVec2(at.x + 4 + (chip - ImGui::CalcTextSize(label).x) * 0.5f, text_y), IM_COL32_WHITE, label);
            // The text, with the words the last update moved on a plate.
            const float text_x = at.x + chip + 12.0f;
            const float text_end = end.x - score_width - 10.0f;
            const std::vector<std::string>& marked = highlight.message == i ? *highlight.words : kNoWords;
            draw_highlighted_text(draw, ImVec2(text_x, text_y), text_end, data.messages[i], marked, ImGui::GetColorU32(ImGuiCol_Text),
                                  highlight.plate);
            // The prediction and the score, red when the message is on the wrong side (y·f <= 0). A score
            // of 0 is on the line, as everywhere else: a mistake for either label, not a spam verdict.
            const std::string verdict = "f = " + signed_text(score) + " \xE2\x86\x92 " +
                                        (score == 0.0 ? "on the line" : class_name(score > 0 ? 1 : -1));
            const ImU32 verdict_ink = wrong ? IM_COL32(190, 40, 30, 255) : ImGui::GetColorU32(ImGuiCol_Text);
            draw->AddText(ImVec2(end.x - ImGui::CalcTextSize(verdict.c_str()).x - 6.0f, text_y), verdict_ink, verdict.c_str());
#ifdef PL_TEST_HOOKS
            std::string probe = std::to_string(i + 1) + " " + label + " | " + data.messages[i].substr(0, 200) + " | " + verdict;
            if (wrong) probe += " | wrong";
            PL_PROBE_TEXT("words-message", probe, at, end);
            for (const std::string& word : marked) PL_PROBE_TEXT("words-highlight", word, at, end);
#endif
            ImGui::PopID();
        }
    }
    clipper.End();
    ImGui::EndChild();
    ImGui::EndChild();
}

// [SECTION] the weight chart
void WordsView::draw_weights(PanelContext& c, ImVec2 size) {
    Session& s = c.session;
    const WordsModel& m = model(s);
    const WordsSession& w = s.words();
    const std::vector<std::string>& vocabulary = w.learner().corpus().vocabulary.words();
    const Palette& colors = active_palette();  // the theme in use, high contrast included
    const Highlight highlight = highlight_of(w, colors);

    ImGui::BeginChild("##weights-pane", size, false, ImGuiWindowFlags_NavFlattened);
    std::string head = std::to_string(vocabulary.size()) + (vocabulary.size() == 1 ? " word" : " words") + ", largest weight first";
    if (s.state().config.bias != BiasMode::None) head += "; bias b = " + signed_text(m.bias);
    probe_wrapped("words-weights-head", head, ImGui::GetContentRegionAvail().x);
    ImGui::TextWrapped("%s", head.c_str());
    // The legend: which side is which class.
    const float legend_width = ImGui::GetContentRegionAvail().x;
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors.negative), "\xE2\x86\x90 spam (w < 0)");
    const char* ham = "ham (w > 0) \xE2\x86\x92";
    ImGui::SameLine(std::max(0.0f, legend_width - ImGui::CalcTextSize(ham).x));
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors.positive), "%s", ham);

    ImGui::BeginChild("##weight-chart", ImVec2(0, 0), true, ImGuiWindowFlags_NavFlattened);
    const float font = ImGui::GetFontSize();
    const float row = font + 6.0f;
    const float step = row + ImGui::GetStyle().ItemSpacing.y;
    const float width = ImGui::GetContentRegionAvail().x;
    const float word_width = std::floor(std::min(width * 0.34f, font * 9.0f));
    const float value_width = ImGui::CalcTextSize("\xE2\x88\x92" "00.00").x + 6.0f;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    if (vocabulary.empty()) ImGui::TextWrapped("No words yet.");

    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(m.by_strength.size()), step);
    while (clipper.Step()) {
        for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
            const std::uint32_t k = m.by_strength[static_cast<std::size_t>(r)];
            const std::string& word = vocabulary[k];
            const double value = m.weights[k];
            const ImVec2 at = ImGui::GetCursorScreenPos();
            ImGui::Dummy(ImVec2(width, row));
            const ImVec2 end(at.x + width, at.y + row);
            const bool moved = std::find(highlight.words->begin(), highlight.words->end(), word) != highlight.words->end();
            if (moved) draw->AddRectFilled(at, end, highlight.plate, 3.0f);
            const float text_y = at.y + 3.0f;
            draw_highlighted_text(draw, ImVec2(at.x + 4, text_y), at.x + word_width, word, kNoWords, ImGui::GetColorU32(ImGuiCol_Text), 0);
            // The bar from the axis in the middle of the chart: ham to the right, spam to the left.
            const float left = at.x + word_width + 6.0f, right = end.x - value_width;
            const float axis = std::floor((left + right) * 0.5f), half = std::max(1.0f, (right - left) * 0.5f - 2.0f);
            const float length = m.largest > 0 && std::isfinite(value) ? static_cast<float>(std::fabs(value) / m.largest) * half : 0.0f;
            draw->AddLine(ImVec2(axis, at.y), ImVec2(axis, end.y), ImGui::GetColorU32(ImGuiCol_Border));
            if (length > 0.0f) {
                const ImU32 bar = value > 0 ? colors.positive : colors.negative;
                const float x0 = value > 0 ? axis : axis - length, x1 = value > 0 ? axis + length : axis;
                draw->AddRectFilled(ImVec2(x0, at.y + 3), ImVec2(x1, end.y - 3), bar, 2.0f);
            }
            const std::string number = signed_text(value);
            draw->AddText(ImVec2(end.x - ImGui::CalcTextSize(number.c_str()).x - 4.0f, text_y), ImGui::GetColorU32(ImGuiCol_Text),
                          number.c_str());
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s: weight %s", word.c_str(), number.c_str());
            PL_PROBE_TEXT("words-weight", word + " " + number + (moved ? " | updated" : ""), at, end);
        }
    }
    clipper.End();
    // Lecture 004's table lists a word no message has: under the last bar, say why the chart has one
    // word fewer (inside the scrolling list, so it never takes a row's place on a small screen).
    if (const std::string note = words_vocabulary_note(s.state().words); !note.empty()) {
        ImGui::Spacing();
        probe_wrapped("words-vocabulary-note", note, ImGui::GetContentRegionAvail().x);
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("%s", note.c_str());
        ImGui::PopStyleColor();
    }
    ImGui::EndChild();
    ImGui::EndChild();
}

}  // namespace pl::app
