// Test points (held out from training): how the current answer and the maximum-margin line do on
// points neither has seen. Lecture 001 argues that a separator with a larger margin generalises better;
// with a test set the student can check it on the same points for both lines.
//
// A test point counts as right exactly as a training point does: y f(x) > 0, so a point on the line is
// wrong (is_wrong, model_facts.hpp), for the learner's answer and for the maximum-margin line
// f(x) = w*.phi(x) + b*. In hand mode the McCulloch-Pitts rule decides (threshold_unit.hpp: a sum at the
// threshold fires). Std only.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/learn/dataset.hpp"
#include "core/learn/decision_field.hpp"
#include "core/learn/threshold_unit.hpp"  // HandUnit
#include "core/theory/theory.hpp"

namespace pl {

struct TestScores {
    std::size_t points = 0;                // test points
    // The current answer (the learner's, or the hand unit in hand mode).
    bool answer_known = false;             // false without test points or when evaluating costs too much
    std::vector<signed char> answer_wrong; // per test point (empty when !answer_known)
    std::size_t answer_correct = 0;
    double answer_accuracy = 0;            // answer_correct / points
    // The maximum-margin separator of the training points (TheorySummary::best), in the lifted space.
    bool best_known = false;
    std::string best_why_not;              // when !best_known: why there is no such line (or no test points)
    std::size_t best_correct = 0;
    double best_accuracy = 0;
};

// `answer` is the field the canvas shows; `hand` is non-null in hand mode (then `answer` is ignored).
// Above kMaxFactTerms (model_facts.hpp) answer evaluations the answer's scores are skipped.
TestScores score_test_points(const Dataset& held_out, const DecisionField& answer, const HandUnit* hand,
                             const Separator& best, LiftKind lift);

// Share of `data` the answer gets right with the rule above (1 - wrong / N); 0 without points.
double share_right(std::size_t wrong, std::size_t points);

// [SECTION] Making a test set
// The seed of a test set drawn for a training set generated with `seed`: a different stream of the same
// generator, never equal to seed or seed + 1 (which a student might pick for the next training set).
std::uint64_t test_set_seed(std::uint64_t training_seed);
// Which of n points to hold out: `count` distinct indices in increasing order, a seeded choice (the same
// on every target).
std::vector<std::size_t> choose_held_out(std::size_t n, std::size_t count, std::uint64_t seed);

// [SECTION] Limits
// "" when the test points fit with the training points: the same dimension (or none), labels +-1,
// coordinates in range, and data.size() + held_out.size() <= kMaxPoints. Else a whole sentence.
std::string held_out_problem(const Dataset& data, const Dataset& held_out);

}  // namespace pl
