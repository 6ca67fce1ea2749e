// The answer part of the lesson card (panel_lesson.cpp draws the rest): what a step asks the student
// to answer, one kind at a time (lesson_exercise.hpp), through LessonRun's verbs:
//   quiz        one radio button per choice
//   select-all  one checkbox per choice; after a check each is marked right, wrongly picked or missed,
//               in words and colour
//   number      a text field ("39/7", "sqrt(5)") with what it reads as, or why it does not, under it
//   vector      one text field for the components, the same way
//   predict     the next point named, "Mistake" / "No mistake", and with "vector" the new w's field
// Enter in a field asks for a Check. Internal to src/app/lesson.
#pragma once
#include <string>

#include "app/panels/panels.hpp"
#include "core/lesson/lesson.hpp"

namespace pl::app {

// Draws the step's answer controls. focus_first: the first control takes the keyboard focus (after
// Next or Back), and the flag is cleared when it did. Returns true when Enter in a field asks for a Check.
bool draw_step_answers(PanelContext& c, const LessonStep& step, bool& focus_first);

// A note of the card, wrapped to its width and recorded for the tests under `role` (disabled: greyed).
void wrapped_note(const char* role, const std::string& text, bool disabled);

// "Check", or "Check and step" on a predict step (its Check makes the visit).
const char* check_button_label(const LessonStep& step);

// "Tries used: 2 of 3" under Check, for a step with a limit of tries.
void draw_tries_line(const LessonRun& run);

// The verdict's text as the card shows it ("Not passed: ..." for a right answer after too many tries).
std::string verdict_text(const LessonRun::Verdict& verdict);

}  // namespace pl::app
