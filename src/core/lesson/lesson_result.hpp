// The result record of a lesson run (issue 28): what a student did at each step and the score, for
// the JS handle (lab.result(), the 'result' event), the lesson card's "Copy my result", and
// perceptron-cli check, which re-checks it. Std only: the time spent comes from LessonRun::add_time.
//
// [SECTION] The record (result_json; docs/reference.md "The result record")
//   {"format": "perceptron-lab-result", "version": 1,
//    "lesson": {"id", "title", "hash"},            hash: lesson_hash below
//    "steps": [{"title", "kind": "text"|"goal"|"quiz"|"goal+quiz" (version 2 lessons also "select",
//               "number", "vector", "predict", and each with "goal+"), "attempts", "passed", "firstTry",
//               "choice": 0-based index or null, "response": the answer in words (quiz: the chosen
//               text; lesson_exercise.hpp describe_answer), else the goal's text (goal), else "",
//               "seconds", version 2 answers only when given: "selected" (mask of ticked choices),
//               "values" (typed numbers), "predicted" (true = mistake), "state": "#..." (the state link of the step's
//               passing check, or of its last check while none passed; absent when not known: a
//               reload gets it back from web/embed_check_states.js)}],
//    "score": {"raw": checkable steps that count (scoring "passed": passed; "first-try": passed at the
//              first check), "max": steps with a goal or a quiz, "scaled": raw / max (1 when max is 0),
//              "scoring": the lesson's rule, "passed" or "first-try" (absent in 0.1.0's tokens: "passed")},
//    "completed": every checkable step passed (whatever the scoring),
//    "link": "#..." the widget's state now (the fragment Copy link makes, without the progress "lp")}
//
// [SECTION] The token: "PLR1." + base64url (no padding) of the record as compact JSON, at most
// kMaxResultTokenLength characters. When the per-step states would make it longer, they are left out
// from the first step on (the checker then re-checks those steps on the final link) ; when the final
// link alone is too long there is no token (result_token returns "").
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/lesson/lesson.hpp"
#include "core/state/lesson_progress.hpp"

namespace pl {

class LessonRun;
class Session;

inline constexpr std::string_view kResultTokenPrefix = "PLR1.";
inline constexpr std::size_t kMaxResultTokenLength = 1'000'000;  // characters, prefix included
inline constexpr int kResultVersion = 1;

// FNV-1a, 64 bits (offset basis 0xcbf29ce484222325, prime 0x100000001b3), over the UTF-8 bytes of
// lesson_to_json(lesson), as 16 lower-case hex digits. A lesson read from its file and the same lesson
// built in give the same hash; one changed character gives another.
std::string lesson_hash(const Lesson& lesson);
std::uint64_t fnv1a64(std::string_view bytes);

struct StepResult {
    std::string title;
    std::string kind;       // "text", "goal", "quiz", "select", "number", "vector", "predict", "goal+quiz", ...
    StepProgress progress;
    std::string response;
    std::string state;      // "" = not known
    bool checkable() const { return kind != "text"; }
};

struct LessonResult {
    std::string id, title, hash;
    std::vector<StepResult> steps;
    Scoring scoring = Scoring::Passed;  // the lesson's rule; score_result counts by it
    std::size_t raw = 0, max = 0;
    double scaled = 0.0;
    bool completed = false;
    std::string link;
};

// The record of the open lesson (nullopt with none).
std::optional<LessonResult> lesson_result(const LessonRun& run, const Session& session);
// Fills the score and completion from the steps and the scoring rule (raw, max, scaled, completed).
void score_result(LessonResult& result);

std::string result_json(const LessonResult& result);  // compact
std::string result_token(const LessonResult& result); // "" when even without step states it is too long

struct TokenRead {
    bool ok = false;
    LessonResult result;
    std::string error;  // one sentence when !ok
};
// The one reader of tokens: hostile input. Bounded (kMaxResultTokenLength, JSON depth and values),
// every field checked for its type and range; never throws.
TokenRead read_token(std::string_view token);

}  // namespace pl
