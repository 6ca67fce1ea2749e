// The Author mode: an instructor builds a lesson from the widget itself. Each "add this screen" takes
// the current state and panels as a new step; the step's title, text, goal, quiz, hint and success
// are edited in place, with the goal and the whole lesson checked as they type (the same checks
// parse_lesson makes, so an exported lesson always loads). "Try it" opens the draft as the lesson;
// the host saves it as JSON, and Copy link then carries it inside the link.
#pragma once
#include <cstddef>
#include <string>

#include "core/lesson.hpp"
#include "core/session.hpp"

namespace pl::app {

struct LessonDraft {
    Lesson lesson{"my-lesson", "My lesson", {}};
    std::size_t selected = 0;
    std::string choices_text;           // the selected step's choices, one per line
    int answer = 1;                     // 1-based, as a person counts
    std::size_t choices_loaded_for = ~std::size_t{0};

    void add_step(const Session& session);       // the current screen as a new step (selected)
    void update_state(const Session& session);   // the selected step takes the current screen
    void remove_selected();
    void move_selected(int delta);
    void sync_quiz();                   // choices_text and answer -> the selected step
    std::string problem() const;        // "" when the draft would load as a lesson, else the message
};

// The panels a step shows, from the panel switches (inverse of panels_for in lesson_run.hpp).
std::vector<LessonPanel> controls_from(const PanelState& panels);

}  // namespace pl::app
