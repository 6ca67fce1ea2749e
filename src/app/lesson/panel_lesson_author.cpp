// [SECTION] Author mode: build a lesson from the widget (lesson_author.hpp). Drawn at the top of the
// Lesson section when no lesson is open, after its "Write your own lesson" button.
#include <algorithm>
#include <string>

#include "app/lesson/lesson_author.hpp"
#include "app/lesson/lesson_sections.hpp"
#include "app/panels/panels.hpp"
#include "app/base/text_field_focus.hpp"
#include "app/base/probe.hpp"
#include "imgui_internal.h"
#include "imgui_stdlib.h"

namespace pl::app {

// A field's label, wrapped: a long label ("Goal (e.g. ...)") must not be cut at the column's edge.
void author_field_label(const char* label) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(label);
    ImGui::PopTextWrapPos();
    PL_PROBE_TEXT("author-label", std::string(label), at, ImGui::GetItemRectMax());
}

namespace {
void field_label(const char* label) { author_field_label(label); }

float text_width(std::string_view s) { return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x; }

// Every edit re-wraps the field's text to its width, keeping the cursor on the same character.
int rewrap_on_edit(ImGuiInputTextCallbackData* data) {
    const float width = *static_cast<const float*>(data->UserData);
    const std::string_view shown(data->Buf, static_cast<std::size_t>(data->BufTextLen));
    const std::size_t cursor = plain_offset(shown, static_cast<std::size_t>(data->CursorPos));
    const std::string wrapped = soft_wrap(soft_unwrap(shown), width, text_width);
    if (wrapped != shown) {
        data->DeleteChars(0, data->BufTextLen);
        data->InsertChars(0, wrapped.c_str(), wrapped.c_str() + wrapped.size());
    }
    data->CursorPos = data->SelectionStart = data->SelectionEnd = static_cast<int>(shown_offset(wrapped, cursor));
    return 0;
}

// The step text: a multiline field whose lines wrap at its width (soft_wrap), `lines` lines tall.
void wrapped_text_field(LessonDraft& draft, std::string& text, float lines) {
    const ImVec2 size(-1, ImGui::GetTextLineHeight() * lines + 2 * ImGui::GetStyle().FramePadding.y);
    float width = ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().FramePadding.x - ImGui::GetStyle().ScrollbarSize;
    width = std::max(width, ImGui::GetFontSize() * 4);
    const ImGuiID id = ImGui::GetID("##step-text");
    if (ImGui::GetActiveID() != id &&
        (draft.text_shown_for != draft.selected || draft.text_shown_width != width || soft_unwrap(draft.text_shown) != text)) {
        draft.text_shown = soft_wrap(text, width, text_width);
        draft.text_shown_for = draft.selected;
        draft.text_shown_width = width;
    }
    const bool edited = ImGui::InputTextMultiline("##step-text", &draft.text_shown, size, ImGuiInputTextFlags_CallbackEdit,
                                                  rewrap_on_edit, &width);
    name_text_field("Step text");
    if (edited) text = soft_unwrap(draft.text_shown);
}

void draw_step_list(LessonDraft& draft) {
    for (std::size_t i = 0; i < draft.lesson.steps.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        const std::string label = std::to_string(i + 1) + ". " + draft.lesson.steps[i].title;
        if (ImGui::Selectable(label.c_str(), draft.selected == i)) draft.selected = i;
        ImGui::PopID();
    }
}

void draw_step_editor(PanelContext& c, LessonDraft& draft) {
    LessonStep& step = draft.lesson.steps[draft.selected];
    if (draft.choices_loaded_for != draft.selected) draft.load_selected();  // the fields follow the selected step
    const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
    if (ImGui::Button("Move up", ImVec2(half, 0))) draft.move_selected(-1);
    ImGui::SameLine();
    if (ImGui::Button("Move down", ImVec2(half, 0))) draft.move_selected(+1);
    if (ImGui::Button("Take this screen", ImVec2(half, 0))) draft.update_state(c.session);
    item_tooltip("The step starts from what the canvas and the panels show now.");
    ImGui::SameLine();
    if (ImGui::Button("Delete step", ImVec2(half, 0))) { draft.remove_selected(); return; }
    bool keep = !step.state;
    if (ImGui::Checkbox("Keep the student's work", &keep)) draft.set_keeps_work(keep, c.session);
    item_tooltip("This step sets up no points or training of its own: opening it leaves them as the student has them "
                 "(for a question about what they just did). Off: the step starts from the screen it was taken on.");

    field_label("Title");
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##title", &step.title);
    name_text_field("Step title");
    field_label("Text (**bold**, `code`, blank line = new paragraph)");
    wrapped_text_field(draft, step.text, 5);
    std::string goal = step.goal ? step.goal->text : std::string();
    field_label("Goal (e.g. separable == false and points >= 5)");
    ImGui::SetNextItemWidth(-1);
    const bool goal_edited = ImGui::InputText("##goal", &goal);
    name_text_field("Goal");
    if (goal_edited) {
        if (goal.empty()) step.goal.reset();
        else {
            const GoalParse parsed = parse_goal(goal);
            step.goal = parsed.ok ? parsed.goal : Goal{goal, {}};  // a bad goal is kept and reported below
        }
    }
    if (step.goal) {
        const GoalParse parsed = parse_goal(step.goal->text);
        ImGui::PushStyleColor(ImGuiCol_Text, parsed.ok ? active_palette().good_text : active_palette().bad_text);
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(parsed.ok ? "The goal reads well." : parsed.error.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    }
    draw_step_exercise(c, draft);
    field_label("Hint");
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##hint", &step.hint);
    name_text_field("Hint");
    field_label("Success message");
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##success", &step.success);
    name_text_field("Success message");
}
}  // namespace

void draw_lesson_author(PanelContext& c) {
    LessonDraft& draft = c.draft;
    field_label("Lesson id (a-z, 0-9, -)");
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##lesson-id", &draft.lesson.id);
    name_text_field("Lesson id");
    field_label("Lesson title");
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##lesson-title", &draft.lesson.title);
    name_text_field("Lesson title");
    // How the lesson scores (core/lesson/lesson.hpp Scoring): off, every passed step counts.
    bool first_try = draft.lesson.scoring == Scoring::FirstTry;
    if (ImGui::Checkbox("Score only first tries", &first_try)) {
        if (first_try) draft.lesson.scoring = Scoring::FirstTry;
        else draft.lesson.scoring.reset();
    }
    item_tooltip("On: a step counts toward the score only when the student's first Check passes (the card says so). "
                 "Off: every step passed counts, at any try.");
    if (ImGui::Button("Add this screen as a step", ImVec2(-1, 0))) draft.add_step(c.session);
    item_tooltip("A new step that starts from the points, settings and panels you see now.");
    // A lesson saved before comes back here to be fixed (the file picker; platform/share.cpp knows a
    // lesson file from a state file).
    if (c.host && *c.host && ImGui::Button("Open a lesson file", ImVec2(-1, 0))) (*c.host)(HostRequest::ImportFile);
    item_tooltip("Edit a lesson saved with Save JSON: it replaces the lesson here. Your points stay.");
    if (draft.lesson.steps.empty()) return;
    draw_step_list(draft);
    ImGui::Separator();
    draw_step_editor(c, draft);
    if (draft.lesson.steps.empty()) return;
    ImGui::Separator();
    const std::string problem = draft.problem();
    ImGui::PushStyleColor(ImGuiCol_Text, problem.empty() ? active_palette().good_text : active_palette().bad_text);
    ImGui::PushTextWrapPos(0.0f);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::TextUnformatted(problem.empty() ? "The lesson is ready." : problem.c_str());
    PL_PROBE_TEXT("author-problem", problem.empty() ? std::string("The lesson is ready.") : problem, at, ImGui::GetItemRectMax());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    ImGui::BeginDisabled(!problem.empty());
    const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
    if (ImGui::Button("Try it", ImVec2(half, 0))) {
        c.run.running = false;
        c.lesson.open(c.session, draft.lesson, draft.selected, true);
        c.run.reveal_lesson_card = true;  // the card opens at the column's top; the button may be far below
    }
    item_tooltip("Open the lesson as a student sees it; Copy link (Share) then carries the lesson inside the link.");
    ImGui::SameLine();
    if (ImGui::Button("Save JSON", ImVec2(half, 0)) && c.host) (*c.host)(HostRequest::DownloadLesson);
    item_tooltip("Save the lesson as a .json file for data-lesson-src or another widget.");
    // A zip an LMS imports (the page builds it: web/embed_scorm_save.js); 2004 first, the one to prefer.
    // In a narrow column the labels shorten to "SCORM 2004" / "SCORM 1.2" (fit_button shows the whole
    // label as the tooltip then); the ids stay, for the keys and the tests.
    const bool whole = ImGui::CalcTextSize("Save as SCORM 2004").x + 2.0f * ImGui::GetStyle().FramePadding.x <= half;
    if (fit_button({"Save as SCORM 2004", "SCORM 2004"}, "save-scorm-2004", half) && c.host) (*c.host)(HostRequest::SaveScorm2004);
    if (whole) item_tooltip("Save the lesson as a SCORM 2004 package (.zip) for Moodle, Canvas, Blackboard and other LMSs.");
    ImGui::SameLine();
    if (fit_button({"Save as SCORM 1.2", "SCORM 1.2"}, "save-scorm-12", half) && c.host) (*c.host)(HostRequest::SaveScorm12);
    if (whole) item_tooltip("Save the lesson as a SCORM 1.2 package (.zip), for an LMS without SCORM 2004.");
    ImGui::EndDisabled();
}

}  // namespace pl::app
