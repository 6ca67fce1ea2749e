// [SECTION] Author mode: what the selected step asks (lesson_author.hpp's AskKind). Drawn by
// panel_lesson_author.cpp's step editor under the goal: the kind, then its fields: the choices with a
// "right" mark and a feedback text each; a number's or a vector's key, checked as it is typed (its error
// with the position, or its value on the widget now), with its tolerance; predict's "also ask for the
// new w"; and "Limit tries" for every kind with an answer.
#include <algorithm>
#include <string>

#include "app/lesson/lesson_author.hpp"
#include "app/panels/panels.hpp"
#include "app/base/text_field_focus.hpp"
#include "app/base/probe.hpp"
#include "imgui_stdlib.h"

namespace pl::app {

namespace {

struct KindOption {
    AskKind kind;
    const char* label;  // visible text, then the id the tests and the keys use
};
constexpr KindOption kKinds[] = {
    {AskKind::Nothing, "Nothing##ask-nothing"},       {AskKind::OneAnswer, "One answer##ask-one"},
    {AskKind::SelectAll, "Select all##ask-all"},      {AskKind::Number, "Number##ask-number"},
    {AskKind::Vector, "Vector##ask-vector"},          {AskKind::Predict, "Predict then step##ask-predict"},
};

// Radio buttons that flow onto the next line when the column is narrow (a phone's column holds two or
// three), so no label is cut.
void draw_kind_choice(LessonDraft& draft) {
    author_field_label("Check also asks for");
    const ImGuiStyle& style = ImGui::GetStyle();
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    bool first = true;
    for (const KindOption& option : kKinds) {
        const float width = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(option.label, nullptr, true).x;
        if (!first) {
            ImGui::SameLine();
            if (ImGui::GetCursorScreenPos().x + width > right) ImGui::NewLine();
        }
        first = false;
        if (ImGui::RadioButton(option.label, draft.kind == option.kind) && draft.kind != option.kind) draft.set_kind(option.kind);
    }
}

// Under a key's field: what is wrong with it (red), or the value it gives on the widget now.
void key_check_line(const KeyCheck& check) {
    ImGui::PushStyleColor(ImGuiCol_Text, check.ok ? active_palette().good_text : active_palette().bad_text);
    ImGui::PushTextWrapPos(0.0f);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::TextUnformatted(check.message.c_str());
    PL_PROBE_TEXT("author-key-check", check.message, at, ImGui::GetItemRectMax());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
}

// Tolerance and "relative", shared by number and vector keys.
template <class Key>
void tolerance_fields(Key& key) {
    author_field_label("Tolerance (how far an answer may be from the key)");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    if (ImGui::InputDouble("##tolerance", &key.tolerance, 0.0, 0.0, "%g")) {
        key.tolerance = std::max(0.0, key.tolerance);
        key.tolerance_written = true;
    }
    if (ImGui::Checkbox("Relative##relative", &key.relative)) key.relative_written = true;
    item_tooltip("Ticked: the tolerance is a fraction of the key (0.01 = within 1 %). Unticked: a distance.");
}

void draw_choices(LessonDraft& draft, LessonStep& step) {
    const bool select_all = draft.kind == AskKind::SelectAll;
    author_field_label("Choices, one per line");
    const bool edited = ImGui::InputTextMultiline("##choices", &draft.choices_text, ImVec2(-1, ImGui::GetTextLineHeight() * 4 + 8));
    name_text_field("Choices, one per line");
    if (edited) draft.sync_quiz();
    if (step.choices.empty()) return;
    author_field_label(select_all ? "Tick every right choice. A choice's feedback is shown when it is picked wrongly or missed."
                                  : "Mark the right choice. A wrong choice's feedback is shown when it is picked.");
    for (std::size_t k = 0; k < step.choices.size() && k < draft.feedback_texts.size(); ++k) {
        ImGui::PushID(static_cast<int>(k));
        const std::string n = std::to_string(k + 1);
        const std::string mark = "right##right-" + n;
        bool right = select_all ? std::find(step.answers.begin(), step.answers.end(), k) != step.answers.end()
                                : step.answer == k;
        if (select_all ? ImGui::Checkbox(mark.c_str(), &right) : ImGui::RadioButton(mark.c_str(), right)) {
            draft.set_right(k, select_all ? right : true);
            right = select_all ? right : true;
        }
        ImGui::SameLine();
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted((n + ". " + step.choices[k]).c_str());
        ImGui::PopTextWrapPos();
        if (select_all || !right) {  // a one-answer quiz's right choice is never picked wrongly
            ImGui::Indent(ImGui::GetFrameHeight());
            ImGui::SetNextItemWidth(-1);
            const std::string field = "##feedback-" + n;
            const bool feedback_edited = ImGui::InputTextWithHint(field.c_str(), "feedback (optional)", &draft.feedback_texts[k]);
            name_text_field(("Feedback for choice " + std::to_string(k + 1)).c_str());
            if (feedback_edited) draft.sync_quiz();
            ImGui::Unindent(ImGui::GetFrameHeight());
        }
        ImGui::PopID();
    }
}

void draw_number(PanelContext& c, LessonDraft& draft, LessonStep& step) {
    author_field_label("Key: an expression of facts such as bound, R / gamma_star, or a number");
    ImGui::SetNextItemWidth(-1);
    const bool edited = ImGui::InputText("##number-key", &draft.number_key_text);
    name_text_field("Number key");
    if (edited) draft.set_number_key();
    key_check_line(check_number_key(draft.number_key_text, c.session));
    if (step.number) tolerance_fields(*step.number);
}

void draw_vector(PanelContext& c, LessonDraft& draft, LessonStep& step) {
    author_field_label("Key: w (the weights now), next_w (after the next visit) or numbers such as 1, -2, 0.5");
    ImGui::SetNextItemWidth(-1);
    const bool edited = ImGui::InputText("##vector-key", &draft.vector_key_text);
    name_text_field("Vector key");
    if (edited) draft.set_vector_key();
    key_check_line(check_vector_key(draft.vector_key_text, c.session));
    if (step.vector) tolerance_fields(*step.vector);
}

void draw_predict(PanelContext& c, LessonStep& step) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted("The card shows the next point to be visited and asks: mistake or not? Check makes the visit and judges.");
    ImGui::PopTextWrapPos();
    bool new_w = step.vector.has_value();
    if (ImGui::Checkbox("Also ask for the new w", &new_w)) {
        if (new_w) step.vector = VectorKey{};  // next_w
        else step.vector.reset();
    }
    if (step.vector) key_check_line(check_vector_key("next_w", c.session));
}

// Select all: whether a wrong try shows the marks per choice (the key) at once, for practice. By default
// they show only after a pass or once the tries have run out (core/lesson/lesson.hpp Reveal).
void draw_reveal(LessonStep& step) {
    bool each_try = step.reveal == Reveal::EachTry;
    if (ImGui::Checkbox("Show the marks after every try (practice)", &each_try)) {
        if (each_try) step.reveal = Reveal::EachTry;
        else step.reveal.reset();
    }
    item_tooltip("Off (for a mark that counts): a wrong try says only that the ticked set is not right; which "
                 "choices are right shows after a pass or when the tries run out. On: every try marks each choice.");
}

void draw_limit_tries(LessonDraft& draft, LessonStep& step) {
    bool limit = step.max_attempts.has_value();
    if (ImGui::Checkbox("Limit tries", &limit)) draft.set_limit_tries(limit);
    item_tooltip("A right answer after more tries than this shows the success message as the explanation, not a pass.");
    if (!limit) return;
    ImGui::SameLine();
    int tries = static_cast<int>(draft.max_attempts);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    if (ImGui::InputInt("##max-attempts", &tries)) {
        draft.max_attempts = static_cast<std::uint32_t>(std::clamp(tries, 1, static_cast<int>(kMaxAttemptsLimit)));
        draft.set_limit_tries(true);
    }
}

}  // namespace

void draw_step_exercise(PanelContext& c, LessonDraft& draft) {
    LessonStep& step = draft.lesson.steps[draft.selected];
    draw_kind_choice(draft);
    switch (draft.kind) {
        case AskKind::Nothing: return;
        case AskKind::OneAnswer:
        case AskKind::SelectAll:
            draw_choices(draft, step);
            if (draft.kind == AskKind::SelectAll) draw_reveal(step);
            break;
        case AskKind::Number: draw_number(c, draft, step); break;
        case AskKind::Vector: draw_vector(c, draft, step); break;
        case AskKind::Predict: draw_predict(c, step); break;
    }
    draw_limit_tries(draft, step);
}

}  // namespace pl::app
