// [SECTION] The lesson card: the step's text, its quiz, Check with the verdict, Back/Next; and, with
// no lesson open, the list of lessons to start. Everything goes through LessonRun's verbs, the same
// ones the JS handle uses.
#include <string>

#include "app/app.hpp"
#include "app/panels.hpp"
#include "app/rich_text.hpp"
#include "core/lesson.hpp"

namespace pl::app {

namespace {
void draw_lesson_list(PanelContext& c) {
    ImGui::TextWrapped("Guided lessons walk through the lectures step by step; the widget checks each exercise.");
    for (const LessonSummary& summary : builtin_lessons()) {
        const std::string label = summary.title + " (" + std::to_string(summary.steps) + " steps)";
        if (wrapped_selectable(label.c_str(), summary.id.c_str())) {
            c.run.running = false;
            c.lesson.open_builtin(c.session, summary.id, 0, true);
        }
    }
}

void draw_quiz(PanelContext& c, const LessonStep& step) {
    for (std::size_t i = 0; i < step.choices.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        if (ImGui::RadioButton("##choice", c.lesson.chosen() == i)) c.lesson.choose(i);
        ImGui::SameLine();
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(step.choices[i].c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopID();
    }
}
}  // namespace

void draw_lesson_section(PanelContext& c) {
    LessonRun& run = c.lesson;
    if (!run.is_open()) {
        draw_lesson_list(c);
        if (!c.session.state().readonly && ImGui::TreeNode("Write your own lesson")) {
            draw_lesson_author(c);
            ImGui::TreePop();
        }
        return;
    }
    const LessonStep& step = run.current();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s \xC2\xB7 step %zu of %zu", run.lesson().title.c_str(), run.step() + 1, run.step_count());
    ImGui::TextUnformatted(step.title.c_str());
    ImGui::PopTextWrapPos();
    ImGui::Separator();
    rich_text(step.text);
    if (step.has_quiz()) draw_quiz(c, step);
    if (step.goal) {
        ImGui::TextDisabled("Goal:");
        ImGui::SameLine();
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(step.goal->text.c_str());
        ImGui::PopTextWrapPos();
    }

    const float third = (ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x) / 3.0f;
    ImGui::BeginDisabled(run.step() == 0);
    if (ImGui::Button("Back", ImVec2(third, 0))) run.go_to(c.session, run.step() - 1);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!run.has_check());
    if (ImGui::Button("Check", ImVec2(third, 0))) run.check(c.session);
    ImGui::EndDisabled();
    item_tooltip("Checks this step's exercise against what is on the canvas now.");
    ImGui::SameLine();
    const bool last = run.step() + 1 >= run.step_count();
    if (ImGui::Button(last ? "Finish" : "Next", ImVec2(third, 0))) {
        c.run.running = false;
        if (last) run.close(c.session);
        else run.go_to(c.session, run.step() + 1);
        return;
    }
    const LessonRun::Verdict& verdict = run.verdict();
    if (verdict.checked) {
        ImGui::PushStyleColor(ImGuiCol_Text, verdict.passed ? active_palette().good_text : active_palette().bad_text);
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(verdict.message.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    }
    if (ImGui::SmallButton("Leave the lesson")) run.close(c.session);
}

}  // namespace pl::app
