// The re-check behind `perceptron-cli check` (and, later, `report`): a token's steps judged again.
#pragma once
#include <string>
#include <vector>

#include "core/lesson/lesson.hpp"
#include "core/lesson/lesson_result.hpp"

namespace pl::cli {

struct StepVerdict {
    std::string title;
    // "passed", "not passed", "claimed passed but does not pass", "not checked" (no attempt),
    // "no check" (a step with neither goal nor quiz: not counted)
    std::string verdict;
    bool passed = false;    // on re-check
    bool claimed = false;   // what the token says
    std::string judged_on;  // goal steps: "own state" or "final link"
    std::string reason;     // why it does not pass
    StepProgress progress;  // as the token says (attempts, seconds: for the report)
};

struct CheckReport {
    std::string lesson_id, lesson_title, hash;
    std::vector<StepVerdict> steps;
    Scoring scoring = Scoring::Passed;  // the lesson's rule
    // raw: the steps that count under the scoring (first-try: passed on re-check and, as the record
    // says, at the first check); passed_steps: the steps passed on re-check at any try.
    std::size_t raw = 0, max = 0, passed_steps = 0;
    bool passed() const { return passed_steps == max; }  // every check passes: the lesson is done
};

// A built-in lesson's id or a lesson file: "" or one sentence.
std::string load_lesson_argument(const std::string& what, Lesson& out);
// TOKEN or @FILE: "" or one sentence.
std::string read_token_argument(const std::string& what, std::string& token);
// "" and `report` filled, or one sentence (bad token, another lesson, an unreadable state).
std::string recheck_token(const Lesson& lesson, const std::string& token, CheckReport& report);

}  // namespace pl::cli
