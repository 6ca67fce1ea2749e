// [SECTION] Author mode: build a lesson from the widget (lesson_author.hpp). Drawn inside the Lesson
// section when no lesson is open, under "Write your own lesson".
#include <string>

#include "app/app.hpp"
#include "app/panels.hpp"
#include "imgui_stdlib.h"

namespace pl::app {

namespace {
void multiline(const char* label, std::string& text, float lines) {
    ImGui::TextUnformatted(label);
    ImGui::InputTextMultiline((std::string("##") + label).c_str(), &text, ImVec2(-1, ImGui::GetTextLineHeight() * lines + 8));
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
    if (draft.choices_loaded_for != draft.selected) {  // the quiz fields follow the selected step
        draft.choices_text.clear();
        for (const std::string& choice : step.choices) draft.choices_text += choice + "\n";
        draft.answer = static_cast<int>(step.answer) + 1;
        draft.choices_loaded_for = draft.selected;
    }
    const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
    if (ImGui::Button("Move up", ImVec2(half, 0))) draft.move_selected(-1);
    ImGui::SameLine();
    if (ImGui::Button("Move down", ImVec2(half, 0))) draft.move_selected(+1);
    if (ImGui::Button("Take this screen", ImVec2(half, 0))) draft.update_state(c.session);
    item_tooltip("The step starts from what the canvas and the panels show now.");
    ImGui::SameLine();
    if (ImGui::Button("Delete step", ImVec2(half, 0))) { draft.remove_selected(); return; }

    ImGui::TextUnformatted("Title");
    ImGui::InputText("##title", &step.title);
    multiline("Text (**bold**, `code`, blank line = new paragraph)", step.text, 5);
    std::string goal = step.goal ? step.goal->text : std::string();
    ImGui::TextUnformatted("Goal (e.g. separable == false and points >= 5)");
    if (ImGui::InputText("##goal", &goal)) {
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
    ImGui::TextUnformatted("Quiz choices, one per line (empty: no quiz)");
    bool quiz_changed = ImGui::InputTextMultiline("##choices", &draft.choices_text, ImVec2(-1, ImGui::GetTextLineHeight() * 4 + 8));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    quiz_changed |= ImGui::InputInt("right answer (1 = first)", &draft.answer);
    if (quiz_changed) draft.sync_quiz();
    ImGui::TextUnformatted("Hint");
    ImGui::InputText("##hint", &step.hint);
    ImGui::TextUnformatted("Success message");
    ImGui::InputText("##success", &step.success);
}
}  // namespace

void draw_lesson_author(PanelContext& c) {
    LessonDraft& draft = c.draft;
    ImGui::TextUnformatted("Lesson id (a-z, 0-9, -)");
    ImGui::InputText("##lesson-id", &draft.lesson.id);
    ImGui::TextUnformatted("Lesson title");
    ImGui::InputText("##lesson-title", &draft.lesson.title);
    if (ImGui::Button("Add this screen as a step", ImVec2(-1, 0))) draft.add_step(c.session);
    item_tooltip("A new step that starts from the points, settings and panels you see now.");
    if (draft.lesson.steps.empty()) return;
    draw_step_list(draft);
    ImGui::Separator();
    draw_step_editor(c, draft);
    if (draft.lesson.steps.empty()) return;
    ImGui::Separator();
    const std::string problem = draft.problem();
    ImGui::PushStyleColor(ImGuiCol_Text, problem.empty() ? active_palette().good_text : active_palette().bad_text);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(problem.empty() ? "The lesson is ready." : problem.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    ImGui::BeginDisabled(!problem.empty());
    const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
    if (ImGui::Button("Try it", ImVec2(half, 0))) {
        c.run.running = false;
        c.lesson.open(c.session, draft.lesson, draft.selected, true);
    }
    item_tooltip("Open the lesson as a student sees it; Copy link (Share) then carries the lesson inside the link.");
    ImGui::SameLine();
    if (ImGui::Button("Save JSON", ImVec2(half, 0)) && c.host) (*c.host)(HostRequest::DownloadLesson);
    item_tooltip("Save the lesson as a .json file for data-lesson-src or another widget.");
    ImGui::EndDisabled();
}

}  // namespace pl::app
