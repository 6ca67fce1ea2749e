// The exercise kinds of lesson format version 2 (issue 24): what a step asks beyond a goal, the
// student's answer to it, and the one judgement both the lesson card (LessonRun::check) and the
// autograder (perceptron-cli check) make of that answer.
//
// [SECTION] The kinds (JSON keys of a step; lesson.hpp has the whole format)
//   "choices": [...], "answer": k             one right choice (version 1)
//   "choices": [...], "answers": [j, k]       select all that apply: every right one and no other
//   "feedback": ["...", "", ...]              one text per choice, shown when that choice is picked
//                                             wrongly (or, select-all, missed); "" for none
//   "number": {"answer": "R / gamma_star", "tolerance": 0.01, "relative": false}
//       the student types a number ("39/7", "sqrt(5)", "−2.5"); the key is a number or an expression
//       of goal facts (goal_expression.hpp's arithmetic), so a key the learner computes cannot be wrong
//   "vector": {"answer": "next_w" | "w" | [1, -2, 0.5], "tolerance": 0.01, "relative": false}
//       the student types the components (next_visit.hpp says what w and next_w hold)
//   "predict": true                          predict, then step: the card shows the next point to be
//       visited and asks "mistake or not?" (with "vector": next_w, the new w too); Check makes the
//       real visit and judges the prediction against it
//   "maxAttempts": n                         a right answer after n tries earns the explanation (the
//       success text), not a pass; once passed, further tries at the step are not counted
// Tolerance: |answer - key| <= tolerance (relative: <= tolerance * |key|; vectors: the largest
// component difference against tolerance, relative to the key's largest component). Default 0.01.
//
// [SECTION] Where a key is evaluated
// On the step's own state when the step has a "state" (the question is about the picture the step sets
// up, which the student cannot change into an easier one), else on the student's state at Check (the
// step follows training the student did). A predict step always reads the student's state: it is about
// the very next visit.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/lesson/goal_expression.hpp"
#include "core/state/lesson_progress.hpp"

namespace pl {

class Session;
struct LessonStep;

inline constexpr double kDefaultAnswerTolerance = 0.01;
inline constexpr std::uint32_t kMaxAttemptsLimit = 100;
inline constexpr std::size_t kMaxVectorAnswerLength = 8;   // components

// "number": its key, a literal or an expression of facts.
struct NumberKey {
    std::optional<double> literal;     // "answer": 2.5
    std::optional<GoalNumber> expression;  // "answer": "R / gamma_star" (also "39/7": text is kept as written)
    double tolerance = kDefaultAnswerTolerance;
    bool relative = false;
    bool tolerance_written = false, relative_written = false;  // written back only when the author wrote them
};

// "vector": its key, a fact or a literal.
struct VectorKey {
    enum class Source { Literal, W, NextW } source = Source::NextW;
    std::vector<double> literal;
    double tolerance = kDefaultAnswerTolerance;
    bool relative = false;
    bool tolerance_written = false, relative_written = false;
};
std::string_view to_string(VectorKey::Source source);  // "w", "next_w" ("" for a literal)

// What a student answered at a step (the lesson card's fields, the JS handle's answer(value)).
struct StepAnswer {
    std::optional<std::uint32_t> choice;  // one-answer quiz
    std::uint32_t selected = 0;           // select-all: bit k = choice k is ticked
    std::vector<double> values;           // number (one) or vector (the components)
    std::string typed;                    // as typed ("39/7"), for the record
    // Why the text last typed did not read ("That is not a number: position 3: ..."), "" when it read or
    // was blank. A check then gives this sentence alone: "Type a number first." beside it would deny
    // that anything was typed.
    std::string unread;
    std::optional<bool> predicted_mistake;  // predict: true = "mistake"
};

// A student's typed number ("39/7", "sqrt(5)", "−2.5": the minus sign U+2212 and a decimal comma in a
// lone number are accepted) or vector ("1, -2, 0.5", "(1, −2)", "[1 -2]"; components by commas,
// semicolons or spaces outside parentheses). "" and `out` set, or a sentence saying what is wrong.
std::string read_typed_number(std::string_view text, double& out);
std::string read_typed_vector(std::string_view text, std::vector<double>& out);

// The key's value now (number: one value; vector: the components), or false and why it has none.
struct KeyValue {
    bool defined = false;
    std::string why;
    std::vector<double> values;
};
KeyValue number_key_value(const NumberKey& key, const Session& session);
KeyValue vector_key_value(const VectorKey& key, const Session& session);
bool within_tolerance(const std::vector<double>& answer, const std::vector<double>& key, double tolerance, bool relative);

// One choice of a select-all quiz after a check.
enum class ChoiceMark { Right, WronglyPicked, Missed, RightlyLeft };

// The judgement of a step's answer kinds (not its goal: LessonRun and the checker add that).
struct ExerciseJudgement {
    bool ready = true;         // false: nothing to judge yet (no choice, no number, no prediction)
    bool passed = false;
    std::string problem;       // when ready && !passed: "Not this one." and the choice's feedback, ...
    std::vector<ChoiceMark> marks;  // select-all: one per choice
    bool visit_was_mistake = false; // predict: what the real visit did
};
// student: the session as the student has it at Check (for a predict step: before the visit).
ExerciseJudgement judge_exercise(const LessonStep& step, const StepAnswer& answer, const Session& student);

// The answer as the progress keeps it (lesson_progress.hpp), and back.
void store_answer(const StepAnswer& answer, StepProgress& progress);
StepAnswer stored_answer(const StepProgress& progress);
// The answer in words, for the result record ("39/7", "(1, −2, 0.5)", "choices 1 and 3", "mistake").
std::string describe_answer(const LessonStep& step, const StepAnswer& answer);

}  // namespace pl
