#include "app/lesson/panel_lesson_answers.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "app/base/probe.hpp"
#include "app/base/text_field_focus.hpp"
#include "core/facts/describe.hpp"
#include "core/facts/next_visit.hpp"
#include "imgui_internal.h"
#include "imgui_stdlib.h"

namespace pl::app {

void wrapped_note(const char* role, const std::string& text, bool disabled) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::PushTextWrapPos(0.0f);
    if (disabled) ImGui::TextDisabled("%s", text.c_str());
    else ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    PL_PROBE_TEXT(role, text, at, ImGui::GetItemRectMax());
}

namespace {
void take_focus_if_asked(bool& focus_first, ImGuiID id) {
    if (!focus_first) return;
    focus_first = false;
    ImGui::SetFocusID(id, ImGui::GetCurrentWindow());
}

// A row of a quiz: a round or square control, then the choice's words, wrapped; a click anywhere on
// the row (the control or the words) acts on it. Returns true when the row was pressed.
bool choice_row(const std::string& text, std::size_t i, bool on, bool square, bool& focus_first) {
    bool pressed = false;
    const ImVec2 row_start = ImGui::GetCursorScreenPos();
    ImGui::BeginGroup();
    if (i == 0) take_focus_if_asked(focus_first, ImGui::GetID("##choice"));
    if (square) {
        bool ticked = on;
        if (ImGui::Checkbox("##choice", &ticked)) pressed = true;
    } else if (ImGui::RadioButton("##choice", on)) {
        pressed = true;
    }
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndGroup();
    // The control handles its own click; the rest of the row (the words) is ours.
    if (ImGui::IsItemHovered()) {
        ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
        // (not twice: a checkbox's own click would toggle it back)
        if (!pressed && ImGui::IsMouseReleased(ImGuiMouseButton_Left) && !ImGui::IsMouseDragPastThreshold(ImGuiMouseButton_Left))
            pressed = true;
    }
    PL_PROBE_TEXT("lesson-choice", text, row_start, ImGui::GetItemRectMax());
    return pressed;
}

// The one-answer quiz: each answer is one row (as in version 1 lessons).
void draw_quiz(PanelContext& c, const LessonStep& step, bool& focus_first) {
    for (std::size_t i = 0; i < step.choices.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        if (choice_row(step.choices[i], i, c.lesson.chosen() == i, false, focus_first)) c.lesson.choose(i);
        ImGui::PopID();
    }
}

// A choice's mark after a check: a drawn tick or cross (the font has neither glyph) and the words,
// in the verdict's colours, so the mark reads without colour too.
void draw_mark(ChoiceMark mark) {
    const char* words = mark == ChoiceMark::Right           ? "right"
                        : mark == ChoiceMark::WronglyPicked ? "picked, but not right"
                        : mark == ChoiceMark::Missed        ? "missed: this one is right too"
                                                            : nullptr;
    if (!words) return;  // rightly left unticked: nothing to say
    const ImU32 colour = mark == ChoiceMark::Right ? active_palette().good_text : active_palette().bad_text;
    const float indent = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x;
    ImGui::Indent(indent);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    if (mark == ChoiceMark::Right) {
        ImGui::RenderCheckMark(draw, ImVec2(at.x, at.y + h * 0.1f), colour, h * 0.8f);
    } else if (mark == ChoiceMark::WronglyPicked) {
        const float m = h * 0.2f, t = 1.8f;
        draw->AddLine(ImVec2(at.x + m, at.y + m), ImVec2(at.x + h - m, at.y + h - m), colour, t);
        draw->AddLine(ImVec2(at.x + h - m, at.y + m), ImVec2(at.x + m, at.y + h - m), colour, t);
    } else {
        draw->AddCircle(ImVec2(at.x + h * 0.5f, at.y + h * 0.5f), h * 0.3f, colour, 12, 1.8f);
    }
    ImGui::Dummy(ImVec2(h, h));
    ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    wrapped_note("lesson-mark", words, false);
    ImGui::PopStyleColor();
    ImGui::Unindent(indent);
}

// Select all that apply: a checkbox per choice, marked after a check.
void draw_select_all(PanelContext& c, const LessonStep& step, bool& focus_first) {
    wrapped_note("lesson-ask", "Select all that apply:", true);
    const LessonRun::Verdict& verdict = c.lesson.verdict();
    const bool marked = verdict.checked && verdict.marks.size() == step.choices.size();
    for (std::size_t i = 0; i < step.choices.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        if (choice_row(step.choices[i], i, c.lesson.ticked(i), true, focus_first)) c.lesson.choose(i);
        if (marked) draw_mark(verdict.marks[i]);
        ImGui::PopID();
    }
}

// [SECTION] typed answers
// What the student typed, kept between frames (the run keeps only text that reads). One card, so one
// field; it starts empty at each step and takes an answer given through the JS handle.
struct TypedField {
    std::string lesson;
    std::size_t step = 0;
    std::string text;
    // The tallest the reading under the field has been at this step: the room stays, so Check below it
    // does not move up under the pointer when a long "not a number" line goes (a click pressed there
    // would be let go over empty panel).
    float reading_room = 0;
} g_typed;

std::string reading_of(const LessonStep& step, const std::string& text) {
    if (text.find_first_not_of(" \t") == std::string::npos) return "";
    if (step.number) {
        double x = 0;
        const std::string error = read_typed_number(text, x);
        return error.empty() ? "= " + display_number(x, 4) : error;
    }
    std::vector<double> values;
    const std::string error = read_typed_vector(text, values);
    if (!error.empty()) return error;
    std::string out = "= (";
    for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + display_number(values[i], 4);
    return out + ")";
}

// How many numbers a vector answer takes, when it is known now ("" otherwise).
std::string components_hint(const Session& session, const VectorKey& key) {
    std::size_t n = 0;
    if (key.source == VectorKey::Source::Literal) n = key.literal.size();
    else if (const WeightVector w = current_weights(session); w.defined) n = w.values.size();
    if (n == 0) return "the numbers, e.g. 1, \xE2\x88\x92" "2, 0.5";
    return std::to_string(n) + " numbers, e.g. " + (n == 2 ? "1, \xE2\x88\x92" "2" : "1, \xE2\x88\x92" "2, 0.5");
}

// The field, its label above it (a phone's column is narrow) and the live reading under it.
bool draw_typed_field(PanelContext& c, const LessonStep& step, const char* label, const std::string& hint, bool& focus_first) {
    LessonRun& run = c.lesson;
    if (g_typed.lesson != run.lesson().id || g_typed.step != run.step()) {
        g_typed = TypedField{run.lesson().id, run.step(), run.answer().typed};
    }
    const ImGuiID id = ImGui::GetID("##answer");
    // An answer given another way (the JS handle, the accessible mirror) shows here; one the run no
    // longer holds (the step was entered again) leaves the field.
    if (ImGui::GetActiveID() != id) {
        const std::string& held = run.answer().typed;
        if (!held.empty() && held != g_typed.text) g_typed.text = held;
        else if (held.empty() && run.answer().values.empty() && reading_of(step, g_typed.text).rfind("= ", 0) == 0) g_typed.text.clear();
    }
    wrapped_note("lesson-ask", label, false);
    take_focus_if_asked(focus_first, id);
    ImGui::SetNextItemWidth(-1.0f);
    const std::string before = g_typed.text;
    const bool enter = ImGui::InputTextWithHint("##answer", hint.c_str(), &g_typed.text, ImGuiInputTextFlags_EnterReturnsTrue);
    name_text_field(label);  // a phone's on-screen keyboard (text_field_focus.hpp)
    if (g_typed.text != before) run.set_answer(g_typed.text);
    const std::string reading = reading_of(step, g_typed.text);
    const float reading_top = ImGui::GetCursorPosY();
    if (!reading.empty()) {
        const bool reads = reading.rfind("= ", 0) == 0;
        if (!reads) ImGui::PushStyleColor(ImGuiCol_Text, active_palette().bad_text);
        wrapped_note("lesson-reading", reading, reads);
        if (!reads) ImGui::PopStyleColor();
    }
    const float used = ImGui::GetCursorPosY() - reading_top;
    if (used < g_typed.reading_room - 0.5f) {  // up to the room, as a last item of no height would end there
        ImGui::SetCursorPosY(reading_top + g_typed.reading_room - ImGui::GetStyle().ItemSpacing.y);
        ImGui::Dummy(ImVec2(0.0f, 0.0f));
    }
    g_typed.reading_room = std::max(g_typed.reading_room, used);
    return enter;
}

// Predict, then step: the next point named, two radio buttons, and the new w when asked.
bool draw_predict(PanelContext& c, const LessonStep& step, bool& focus_first) {
    LessonRun& run = c.lesson;
    // Worked out once per change of the session (the preview replays the learner's visits so far).
    static std::uint64_t revision = ~std::uint64_t{0};
    static NextVisit next;
    if (c.session.revision() != revision) {
        revision = c.session.revision();
        next = preview_next_visit(c.session);
    }
    if (!next.defined) {
        wrapped_note("lesson-next", "The next visit cannot be worked out here: " + next.why + ".", true);
    } else {
        std::string where = "(";
        for (std::size_t i = 0; i < next.point.size(); ++i) where += (i ? ", " : "") + display_number(next.point[i], 4);
        where += ")";
        // The visit is named by its number: a try after a wrong prediction is about the next one.
        wrapped_note("lesson-next", "This try is about visit " + std::to_string(c.session.state().trained_visits + 1) +
                                   ": point " + std::to_string(next.update.index + 1) + " at " + where + ", label " +
                                   (next.update.y > 0 ? "+1" : "\xE2\x88\x92" "1") + " (ringed on the canvas).", false);
    }
    wrapped_note("lesson-ask", "Will this visit be a mistake?", false);
    const std::optional<bool>& said = run.answer().predicted_mistake;
    take_focus_if_asked(focus_first, ImGui::GetID("Mistake"));
    if (ImGui::RadioButton("Mistake", said && *said)) run.predict(true);
    ImGui::SameLine(0.0f, ImGui::GetStyle().ItemSpacing.x * 3.0f);
    if (ImGui::RadioButton("No mistake", said && !*said)) run.predict(false);
    if (!step.vector) return false;
    return draw_typed_field(c, step, "And w after this visit (the same w if nothing changes):",
                            components_hint(c.session, *step.vector), focus_first);
}
}  // namespace

bool draw_step_answers(PanelContext& c, const LessonStep& step, bool& focus_first) {
    if (step.has_quiz()) {
        if (step.select_all()) draw_select_all(c, step, focus_first);
        else draw_quiz(c, step, focus_first);
        return false;
    }
    if (step.predict) return draw_predict(c, step, focus_first);
    if (step.number) return draw_typed_field(c, step, "Your answer (a number, 39/7 or sqrt(5) also read):", "e.g. 39/7", focus_first);
    if (step.vector) return draw_typed_field(c, step, "Your answer:", components_hint(c.session, *step.vector), focus_first);
    return false;
}

const char* check_button_label(const LessonStep& step) { return step.predict ? "Check and step" : "Check"; }

void draw_tries_line(const LessonRun& run) {
    const LessonStep& step = run.current();
    if (step.max_attempts)
        wrapped_note("lesson-tries", "Tries used: " + std::to_string(run.attempts()) + " of " + std::to_string(*step.max_attempts), true);
    // A first-try lesson says so at each step, before the first Check and after it (lesson_run.hpp).
    if (const std::string note = run.scoring_note(); !note.empty()) wrapped_note("lesson-scoring", note, true);
}

std::string verdict_text(const LessonRun::Verdict& verdict) {
    return verdict.out_of_tries ? "Not passed: " + verdict.message : verdict.message;
}

}  // namespace pl::app
