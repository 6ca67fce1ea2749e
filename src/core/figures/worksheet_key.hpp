// The parts of a worksheet (worksheet.hpp) that read a lesson's states: which state a step is drawn and
// keyed on, the next visit a predict step shows, and the answer key, worked out by the learner with the
// judge the lesson card uses (lesson_exercise.hpp). Also the small HTML helpers both files share.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/lesson/lesson.hpp"
#include "core/state/widget_state.hpp"
#include "core/base/xml_text.hpp"  // xml_escape: every text of the sheet goes through it

namespace pl::worksheet {

// Lesson markup (lesson_markup.hpp) as HTML: paragraphs as <p> (or, inline, runs joined by spaces),
// **bold** as <strong>, `code` as <code>; text whose markup does not read is shown escaped as written.
std::string markup_html(std::string_view text, bool inline_only);

// What a student walking the lesson meets at step i (state_walked_to from the widget's start state),
// or nothing when no step up to i sets a state (the step works on the student's own points).
std::optional<WidgetState> step_screen(const Lesson& lesson, std::size_t step);

// A predict step's question: "The next visit is point 1, (1, 3), with label +1." ("" when undefined).
std::string next_visit_question(const WidgetState& screen);
// How many components a vector step's answer has (its key's, worked out), 0 when unknown.
std::size_t vector_components(const Lesson& lesson, std::size_t step);

// The key of step i as HTML lines (each a sentence), empty for a step with nothing to answer or reach.
std::vector<std::string> step_key(const Lesson& lesson, std::size_t step);

}  // namespace pl::worksheet
