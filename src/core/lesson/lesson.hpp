// Guided lessons (issue 11): a lesson is a list of steps; a step explains something, may set up the
// widget (a state and the panels to show), and may ask the student to reach a goal the widget checks or
// to answer a quiz question.
//
// [SECTION] The format (JSON, version 2; also documented in docs/reference.md "Lesson format (JSON)")
//   { "version": 1, "id": "update-rule", "title": "The update rule", "steps": [
//     { "title": "…", "text": "paragraphs with **bold** and `code` (lesson_markup.hpp)",
//       "state": "#d=…&v=1"  or  {…a JSON state…}   optional: absent keeps what the student has
//       "controls": ["train", "theory"]              optional: the panels this step shows
//       "goal": "separable == false and points >= 5" optional: goal_expression.hpp
//       "choices": ["once", "twice", "as often as you like"], "answer": 0   optional: a quiz
//       "hint": "…", "success": "…" } ] }            optional: shown when a check fails / passes
//   Version 2 adds the exercise kinds of lesson_exercise.hpp: "answers" (select all), "feedback",
//   "number", "vector", "predict", "maxAttempts". A step carries at most one of choices, number, vector
//   and predict (predict may carry "vector" for the new w), with or without a goal.
//   * "version" may be left out (it means 1); 1 and 2 are read, a larger one is refused as "made by a
//     newer version", and the version 2 keys need "version": 2 (a version 1 reader would refuse them).
//     lesson_to_json writes 1 for a lesson that uses none of them, so version 1 lessons keep their text
//     (and their hash, lesson_result.hpp).
//   * id: 1 to 64 of a-z, 0-9 and '-', starting with a letter or digit (it travels in links: lesson=ID).
//   * state: a link (anything decode_fragment reads: "#d=...&v=1", a bare fragment or a whole URL) or a
//     state object (state_from_json). Either is decoded and validated when the lesson loads. A state
//     with mode words opens Words mode with its messages: {"mode": "words", "words": {"messages":
//     ["viagra the"], "labels": [-1]}} or a link with mode=words&m=... (words_state.hpp).
//   * controls: names from lesson_panels(): train data kernel show share theory plots lift lesson.
//   * choices: 2 to 8 non-empty strings; answer: the 0-based index of the right one. Both or neither.
//   * Texts: text, title, hint, success and choices use the markup; titles and choices are one line.
//   * Unknown keys are refused (with the closest known key suggested): a misspelt "goal" must not turn
//     an exercise into a step that is never checked.
// parse_lesson refuses a lesson with any problem as a whole, with ONE message naming the step (1-based)
// and, for goals and markup, the position in that string:
//   Step 3: the goal is not valid: position 8: expected a comparison operator after 'points', found '='
//   (did you mean '=='?).
// It never throws and bounds what it reads (kMaxLessonBytes, kMaxLessonSteps, text lengths, JSON depth).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/lesson/goal_expression.hpp"
#include "core/lesson/lesson_exercise.hpp"
#include "core/base/limits.hpp"
#include "core/state/widget_state.hpp"

namespace pl {

// [SECTION] Limits
inline constexpr int kLessonVersion = 2;  // the newest version read
inline constexpr std::size_t kMaxLessonBytes = 4u * 1024u * 1024u;
inline constexpr std::size_t kMaxLessonSteps = kMaxLessonStepCount;  // limits.hpp: the link holds the step
inline constexpr std::size_t kMaxLessonIdLength = 64;
inline constexpr std::size_t kMaxLessonTitleLength = 200;  // bytes: lesson and step titles
inline constexpr std::size_t kMaxStepTextLength = 8000;    // bytes: a step's text
inline constexpr std::size_t kMaxStepNoteLength = 1000;    // bytes: hint, success
inline constexpr std::size_t kMinChoices = 2, kMaxChoices = 8;
inline constexpr std::size_t kMaxChoiceLength = 300;       // bytes
inline constexpr std::size_t kMaxLessonJsonDepth = 32;

// [SECTION] The panels a step may show
enum class LessonPanel { Train, Data, Kernel, Show, Share, Theory, Plots, Lift, Lesson, Svm, Trace };
const std::vector<LessonPanel>& lesson_panels();  // in the order above
std::string_view to_string(LessonPanel panel);      // "train", ...
bool parse(std::string_view text, LessonPanel& out);  // exact lower-case names

// [SECTION] A lesson in memory
// When a try that fails may show the key: the marks per choice of a select-all quiz and the feedback
// that would tell which choices are right. "after-pass" (the default): only after a pass or once the
// step's tries have run out, so a wrong try never hands over the answer; "each-try": after every try
// (practice). Version 2, on the lesson (every step) or on a step.
enum class Reveal { AfterPass, EachTry };
std::string_view to_string(Reveal reveal);          // "after-pass", "each-try"
bool parse(std::string_view text, Reveal& out);

// How a lesson scores (version 2, on the lesson): "passed" (the default) counts every step passed, at
// whatever try; "first-try" counts a step only when its first check passed, so a mark cannot be reached
// by trying every answer in turn. Either way a step must be passed to count, and the lesson is complete
// once every step with a check has passed.
enum class Scoring { Passed, FirstTry };
std::string_view to_string(Scoring scoring);        // "passed", "first-try"
bool parse(std::string_view text, Scoring& out);
// The one rule: whether a step counts toward the score (passed: it passed; first_try: its first check did).
inline bool counts_toward_score(Scoring scoring, bool passed, bool first_try) {
    return passed && (scoring == Scoring::Passed || first_try);
}

struct LessonStep {
    std::string title;
    std::string text;
    std::optional<WidgetState> state;        // absent: keep the student's state
    bool state_as_link = true;               // how `state` was written (lesson_to_json writes it back so)
    std::optional<std::vector<LessonPanel>> controls;  // absent: keep the panels as they are
    std::optional<Goal> goal;                // parsed; goal->text is what the author wrote
    std::vector<std::string> choices;        // empty: no quiz
    std::size_t answer = 0;                  // index into choices (quiz only)
    std::string hint;
    std::string success;
    // Version 2 (lesson_exercise.hpp)
    std::vector<std::size_t> answers;        // select all that apply (then `answer` is unused), ascending
    std::vector<std::string> feedback;       // empty, or one text per choice ("" for none)
    std::optional<NumberKey> number;
    std::optional<VectorKey> vector;
    bool predict = false;
    std::optional<std::uint32_t> max_attempts;
    std::optional<Reveal> reveal;            // absent: the lesson's

    bool has_quiz() const { return !choices.empty(); }
    bool select_all() const { return !answers.empty(); }
    // Something to answer (a quiz, a number, a vector, a prediction), beside or instead of a goal.
    bool has_answer() const { return has_quiz() || number || vector || predict; }
    // Check judges something: the lesson counts the step as a check.
    bool has_check() const { return goal.has_value() || has_answer(); }
    bool uses_version_2() const { return select_all() || !feedback.empty() || number || vector || predict || max_attempts || reveal; }
};

struct Lesson {
    std::string id;
    std::string title;
    std::vector<LessonStep> steps;  // at least one
    std::optional<Reveal> reveal;   // absent: after-pass
    std::optional<Scoring> scoring; // absent: passed
    Scoring scoring_rule() const { return scoring.value_or(Scoring::Passed); }
};
// The reveal that holds on a step: its own, else the lesson's, else after-pass.
Reveal reveal_of(const Lesson& lesson, const LessonStep& step);

// The lesson id rule: 1 to kMaxLessonIdLength characters a-z, 0-9 and '-', not starting with '-'.
// The lesson reader and the result token reader both hold ids to it.
bool valid_lesson_id(std::string_view id);

struct LessonParse {
    bool ok = false;
    Lesson lesson;      // when ok
    std::string error;  // one sentence when !ok
};
LessonParse parse_lesson(std::string_view json_text);

// The lesson as JSON (indented, keys in the order of the format; optional keys only when present), for
// the author mode's export. parse_lesson(lesson_to_json(l)) gives l back: states written as links are
// re-encoded with encode_fragment (exact for points on the 1/1024 grid, which is every point the widget
// itself makes), states written as objects with state_to_json (exact).
std::string lesson_to_json(const Lesson& lesson);

// "" when the lesson satisfies every rule parse_lesson checks (for lessons built in code, e.g. by the
// author mode), else the same message parse_lesson would give.
std::string validate_lesson(const Lesson& lesson);

// [SECTION] The built-in lessons (src/core/lesson/lessons/*.json, embedded at build time, in file-name order)
struct LessonSummary {
    std::string id;
    std::string title;
    std::size_t steps = 0;
};
const std::vector<LessonSummary>& builtin_lessons();  // read by the build (lessons.cmake): parses nothing
const Lesson* find_builtin_lesson(std::string_view id);  // nullptr for an unknown id

// For tests: every embedded file's name and text, and the problems of any that failed to parse
// (those are left out of builtin_lessons(); the unit tests require none).
struct BuiltinLessonSource {
    std::string_view file;
    std::string_view json;
};
const std::vector<BuiltinLessonSource>& builtin_lesson_sources();
const std::vector<std::string>& builtin_lesson_problems();

}  // namespace pl
