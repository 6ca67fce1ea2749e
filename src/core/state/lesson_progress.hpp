// What a student did at each step of a lesson (issue 28): Check presses, passed, passed on the first
// try, the quiz answer, seconds spent. It travels with the lesson position (WidgetState::lesson,
// lesson_step) in the link and the JSON state, so a reload keeps the attempts; LessonRun
// (core/lesson/lesson_run.hpp) keeps it up to date and lesson_result.hpp makes the record from it.
//
// [SECTION] The link value (key "lp", JSON "lessonProgress" as the same text)
//   One entry per step of the lesson, in order, joined by '_'. An entry is "0" for a step never
//   checked, else "A.F.C.S": A attempts (1 to kMaxLessonAttempts), F flags (1 = passed, 2 = passed on
//   the first try, so 0, 1 or 3), C the answer of the passing check, else of the last, S whole seconds
//   spent at the step (0 to kMaxLessonSeconds). C is '-' for none, the quiz choice (0-based digits), or
//   (lesson format version 2, lesson_exercise.hpp) 's' and the ticked choices as a bit mask in digits
//   ("s5": choices 0 and 2), 'v' and the typed values joined by '~' ("v5p5714285714285712~-2": each
//   the shortest decimal that reads back exactly, its '.' written 'p'), or a prediction 'm' (mistake)
//   or 'k' (no mistake), optionally followed by 'v' and values ("mv1~-2p5~1"). All characters are unreserved in
//   a URL, so the value is never escaped. Example: "2.1.1.34_0_1.3.-.9".
//   The value is absent from a link (and from JSON) when no step was checked: links without it load as
//   before.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pl {

struct StepProgress {
    std::uint32_t attempts = 0;          // Check presses that gave an answer to judge
    bool passed = false;                 // a check passed at this step (on any visit)
    bool first_try = false;              // the first check passed
    std::optional<std::uint32_t> choice; // the quiz answer that passed, else the last one checked
    std::uint32_t seconds = 0;           // whole seconds spent at the step
    // Version 2 answers (lesson_exercise.hpp), of the same check as `choice`:
    std::optional<std::uint32_t> selected;  // select-all: bit k = choice k ticked
    std::vector<double> values;             // a typed number or vector (finite)
    std::optional<bool> predicted;          // predict-then-step: true = "mistake"

    bool operator==(const StepProgress& o) const {
        return attempts == o.attempts && passed == o.passed && first_try == o.first_try && choice == o.choice &&
               seconds == o.seconds && selected == o.selected && values == o.values && predicted == o.predicted;
    }
    bool operator!=(const StepProgress& o) const { return !(*this == o); }
};

using LessonProgress = std::vector<StepProgress>;

// An empty progress (no step) writes "", as does a progress whose steps were never checked and spent
// no time: the link stays as it was before issue 28.
std::string encode_lesson_progress(const LessonProgress& progress);
// "" and `out` set, or the problem as the end of a sentence ("it must be ..., but ...").
std::string read_lesson_progress(std::string_view text, LessonProgress& out);
// "" when every entry is within the limits (validate_state), else the problem.
std::string lesson_progress_problem(const LessonProgress& progress);

}  // namespace pl
