// [SECTION] The lesson card: the step's text, its quiz, the training verbs its goal needs, Check with the
// verdict, Back/Next, Leave; "Lesson complete" after Finish; and, with no lesson open, the list of
// lessons to start (with the door to Author mode and the offer to reopen a lesson just left).
// Everything goes through LessonRun's verbs, the same ones the JS handle uses.
#include <algorithm>
#include <string>

#include "app/lesson/lesson_author.hpp"
#include "app/lesson/panel_lesson_answers.hpp"
#include "app/lesson/lesson_sections.hpp"
#include "app/panels/panels.hpp"
#include "app/base/rich_text.hpp"
#include "app/base/probe.hpp"
#include "app/canvas/training_verbs.hpp"
#include "core/lesson/lesson.hpp"
#include "imgui_internal.h"

namespace pl::app {

namespace {
// What the card must do at its next frame, asked for by a button drawn elsewhere or a frame earlier.
// (One App per process or WebAssembly instance, so one set of requests.)
struct CardRequests {
    bool reveal = false;       // scroll the card's top into view (Try it, Next, Back)
    bool focus_start = false;  // move the keyboard focus to the start of the step (after Next/Back)
    bool show_verdict = false; // scroll until the whole verdict is in view (after Check)
    // After Check the card grows above its buttons (a quiz's marks come the frame after the verdict):
    // for a few frames the card scrolls by what the row of Back, Check and Next/Finish moved, so it stays
    // under the pointer, as a browser's scroll anchoring keeps content in place. A tap on Finish where
    // it was must not land on a checkbox that moved there.
    float anchor = 0;          // the row's top, from the top of the window that shows it
    int anchor_frames = 0;
} g_card;

// The keyboard is working the panels (Dear ImGui shows its focus): IsItemHovered() is then true for
// the focused item, so tooltips meant for the pointer would open over what the keys just did.
bool keyboard_focus_shown() { return GImGui->NavDisableMouseHover && !GImGui->NavDisableHighlight; }

// Focuses the item drawn next (or, when focus_start is asked, this one) for keyboard users.
void take_focus_if_asked(ImGuiID id) {
    if (!g_card.focus_start) return;
    g_card.focus_start = false;
    ImGui::SetFocusID(id, ImGui::GetCurrentWindow());
}

// A goal about training (mistakes, epochs, visits, converged) needs the training verbs at hand.
bool goal_needs_training(const Goal& goal) {
    for (const GoalName name : goal_fact_names(goal)) {
        switch (name) {
            case GoalName::Converged: case GoalName::Mistakes: case GoalName::Epochs: case GoalName::Visits: return true;
            default: break;
        }
    }
    return false;
}

void draw_reopen_offer(PanelContext& c) {
    LessonRun& run = c.lesson;
    if (!run.can_reopen()) return;
    // The whole label where it fits; in a narrow column a shorter one rather than a cut one (fit_button).
    const std::string step = std::to_string(run.left_step() + 1);
    const std::string whole = "Reopen \"" + run.left_lesson()->title + "\" at step " + step;
    const std::string shorter = "Reopen at step " + step;
    if (fit_button({whole.c_str(), shorter.c_str(), "Reopen"}, "lesson-reopen", ImGui::GetContentRegionAvail().x)) {
        c.run.running = false;
        run.reopen_left(c.session);
        c.session.clear_notice();
        g_card.reveal = true;
    }
}

void draw_lesson_list(PanelContext& c) {
    draw_reopen_offer(c);
    if (!c.session.state().readonly) {
        // The door to Author mode sits first, where an instructor looking for it sees it.
        if (!c.draft.panel_open) {
            if (ImGui::Button("Write your own lesson", ImVec2(-1, 0))) c.draft.panel_open = true;
            item_tooltip("Author mode: make a lesson from what the widget shows, step by step, then try it and save it as JSON.");
        } else {
            if (ImGui::Button("Close the lesson editor", ImVec2(-1, 0))) c.draft.panel_open = false;
            item_tooltip("Your draft stays here until the page is closed.");
            draw_lesson_author(c);
            ImGui::Separator();
        }
    }
    ImGui::TextWrapped("Guided lessons walk through the lectures step by step; the widget checks each exercise.");
    for (const LessonSummary& summary : builtin_lessons()) {
        const std::string label = summary.title + " (" + std::to_string(summary.steps) + " steps)";
        if (wrapped_selectable(label.c_str(), summary.id.c_str())) {
            c.run.running = false;
            c.lesson.open_builtin(c.session, summary.id, 0, true);
            g_card.reveal = true;
        }
    }
}

// Step, Next mistake, Epoch and Converge on the card itself, for a goal about training: on a phone the
// Train tab is another tab away and below the fold.
void draw_training_verbs(PanelContext& c) {
    ButtonGrid grid(4, {"Step", "Next mistake", "Epoch", "Converge"});
    const struct { const char* label; const char* brief; const char* id; TrainingVerb verb; } verbs[] = {
        {"Step (S)", "Step", "card-step", TrainingVerb::Step},
        {"Next mistake (N)", "Next mistake", "card-next-mistake", TrainingVerb::NextMistake},
        {"Epoch (E)", "Epoch", "card-epoch", TrainingVerb::Epoch},
        {"Converge", "Converge", "card-converge", TrainingVerb::Converge},
    };
    for (const auto& v : verbs) {
        grid.next();
        if (&v == &verbs[0]) take_focus_if_asked(ImGui::GetID((std::string("###") + v.id).c_str()));
        if (fit_button({v.label, v.brief}, v.id, grid.width())) run_training_verb(c.session, c.canvas, c.run, v.verb);
    }
}

void leave_lesson(PanelContext& c) {
    c.run.running = false;
    c.lesson.leave(c.session);  // the notice says where the student left, and Reopen brings them back
    g_card.reveal = true;       // the list, with its offer to reopen, from its top
}

void draw_lesson_complete(PanelContext& c) {
    LessonRun& run = c.lesson;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", run.lesson().title.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PushStyleColor(ImGuiCol_Text, active_palette().good_text);
    wrapped_note("lesson-complete", "Lesson complete", false);
    ImGui::PopStyleColor();
    wrapped_note("lesson-complete", run.completion_summary(), false);
    // The record to hand in, here too: a student who finished is the one most likely to need it.
    if (run.has_attempts() && c.host && *c.host) {
        if (ImGui::Button("Copy my result")) (*c.host)(HostRequest::CopyResult);
        if (c.session.notice().empty()) item_tooltip("Copies your result (your checks and your work) as one line of text to hand in.");
    }
    // Two halves of the column; in a narrow one (an LMS's frame, a phone) the labels shorten rather than
    // being cut (fit_button shows the whole label as the tooltip then).
    ButtonGrid grid(2, {"Last step", "Close"});
    grid.next();
    if (fit_button({"Back to the last step", "Last step"}, "lesson-back-to-last", grid.width())) { run.unfinish(); g_card.reveal = true; }
    grid.next();
    if (fit_button({"Close the lesson", "Close"}, "lesson-close", grid.width())) leave_lesson(c);
}

}  // namespace

bool draw_lesson_entry(PanelContext& c) {
    const bool author = !c.session.state().readonly;
    bool pressed = false;
    ButtonGrid grid(2, {"Lessons", author ? "Write a lesson" : "Lessons"});
    grid.next();
    if (fit_button({"Start a lesson", "Lessons"}, "lesson-entry-list", grid.width())) pressed = true;
    item_tooltip("Guided lessons through the lectures: the widget checks each exercise.");
    if (author) {
        grid.next();
        if (fit_button({"Write your own lesson", "Write a lesson"}, "lesson-entry-author", grid.width())) {
            c.draft.panel_open = true;
            pressed = true;
        }
        item_tooltip("Author mode: make a lesson from what the widget shows, step by step, then try it and save it as JSON.");
    }
    if (pressed) g_card.reveal = true;
    return pressed;
}

void draw_lesson_section(PanelContext& c) {
    LessonRun& run = c.lesson;
    // The card's (or, after leaving, the list's) top comes into view when asked (Try it, Next, Leave):
    // only when it is out of view, so a column already showing it does not jump.
    if (g_card.reveal || c.run.reveal_lesson_card) {
        g_card.reveal = c.run.reveal_lesson_card = false;
        const float top = ImGui::GetCursorScreenPos().y, window_top = ImGui::GetWindowPos().y;
        if (top < window_top || top > window_top + ImGui::GetWindowHeight() - ImGui::GetFrameHeight()) ImGui::SetScrollHereY(0.0f);
    }
    if (!run.is_open()) {
        draw_lesson_list(c);
        return;
    }
    if (run.finished()) {
        draw_lesson_complete(c);
        return;
    }
    const LessonStep& step = run.current();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s \xC2\xB7 step %zu of %zu", run.lesson().title.c_str(), run.step() + 1, run.step_count());
    ImGui::TextUnformatted(step.title.c_str());
    ImGui::PopTextWrapPos();
    if (step.state) wrapped_note("lesson-setup", "This step sets up its own points (yours are one Undo away).", true);
    ImGui::Separator();
    rich_text(step.text);
    // The answer's controls (panel_lesson_answers.cpp); Enter in a typed answer checks it.
    const bool check_asked = draw_step_answers(c, step, g_card.focus_start);
    if (step.goal) {
        ImGui::TextDisabled("Goal:");
        ImGui::SameLine();
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(step.goal->text.c_str());
        ImGui::PopTextWrapPos();
        if (goal_needs_training(*step.goal)) draw_training_verbs(c);
    }

    // Back, Check and Next share the row in thirds; a longer Check label ("Check and step") takes the
    // room it needs from the other two, so no label is cut on a phone's column.
    const float row = ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x;
    const float check_width = std::max(row / 3.0f, ImGui::CalcTextSize(check_button_label(step)).x + 2 * ImGui::GetStyle().FramePadding.x);
    const float third = (row - check_width) / 2.0f;
    const float row_top = ImGui::GetCursorScreenPos().y - ImGui::GetWindowPos().y;
    float scroll_by = 0;  // this frame's scroll of the card, set once at its end (a second SetScrollY would undo the first)
    if (g_card.anchor_frames > 0) {
        --g_card.anchor_frames;
        scroll_by = row_top - g_card.anchor;
    }
    ImGui::BeginDisabled(run.step() == 0);
    if (ImGui::Button("Back", ImVec2(third, 0))) {
        run.go_to(c.session, run.step() - 1);
        g_card.reveal = g_card.focus_start = true;
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!run.has_check());
    const char* check_label = check_button_label(step);
    if (run.has_check()) take_focus_if_asked(ImGui::GetID(check_label));  // no answers, no verbs: Check starts the work
    if (ImGui::Button(check_label, ImVec2(check_width, 0)) || (check_asked && run.has_check())) {
        run.check(c.session);
        g_card.show_verdict = true;
        g_card.anchor = row_top;
        g_card.anchor_frames = 4;
    }
    ImGui::EndDisabled();
    g_card.focus_start = false;  // nothing to focus on this step (no check): the focus stays where it is
    // The tooltip explains Check before it is used; after a check it would cover the verdict, and
    // under the keyboard's focus it would open at once.
    if (!run.verdict().checked && !keyboard_focus_shown())
        item_tooltip("Checks this step's exercise against what is on the canvas now.");
    ImGui::SameLine();
    const bool last = run.step() + 1 >= run.step_count();
    if (ImGui::Button(last ? "Finish" : "Next", ImVec2(third, 0))) {
        c.run.running = false;
        if (last) run.finish();
        else run.go_to(c.session, run.step() + 1);
        g_card.reveal = g_card.focus_start = true;
        return;
    }
    draw_tries_line(run);
    const LessonRun::Verdict& verdict = run.verdict();
    if (verdict.checked) {
        ImGui::PushStyleColor(ImGuiCol_Text, verdict.passed ? active_palette().good_text : active_palette().bad_text);
        wrapped_note("lesson-verdict", verdict_text(verdict), false);
        ImGui::PopStyleColor();
        if (g_card.show_verdict) {
            // The whole verdict in view right under Check (a phone's tab may end just below the buttons):
            // the buttons move up by as much, and stay there.
            g_card.show_verdict = false;
            const float below = ImGui::GetItemRectMax().y + ImGui::GetStyle().ItemSpacing.y - scroll_by -
                                (ImGui::GetWindowPos().y + ImGui::GetWindowHeight());
            if (below > 0) {
                scroll_by += below;
                g_card.anchor -= below;
            }
        }
    }
    if (scroll_by > 0.5f || scroll_by < -0.5f) ImGui::SetScrollY(ImGui::GetScrollY() + scroll_by);
    // The record an instructor grades (lesson_result.hpp), once there is something in it.
    if (run.has_attempts() && c.host && *c.host) {
        if (ImGui::Button("Copy my result")) (*c.host)(HostRequest::CopyResult);
        if (c.session.notice().empty())
            item_tooltip("Copies your result (your checks and your work) as one line of text to hand in.");
    }
    // The whole lesson as a sheet to print or hand out (core/figures/worksheet.hpp; the host opens or saves it).
    if (c.host && *c.host) {
        if (ImGui::Button("Print this lesson")) (*c.host)(HostRequest::PrintLesson);
        if (c.session.notice().empty()) item_tooltip("Opens the whole lesson as a printable sheet: each step's text, picture and questions.");
    }
    // Leaving is apart from the step buttons, a whole target on touch screens, and undoable (the notice
    // and the lesson list offer to reopen the lesson at this step).
    ImGui::Dummy(ImVec2(0, ImGui::GetFrameHeight() * 0.5f));
    ImGui::Separator();
    if (ImGui::Button("Leave the lesson")) leave_lesson(c);
    item_tooltip("Close the lesson; you can reopen it at this step afterwards.");
}

}  // namespace pl::app
