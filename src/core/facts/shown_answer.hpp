// Which answer is on screen, and how it scores: decided here once for the scene (the canvas and
// the panels), the lesson goals (goal_facts) and the JS handle's state() (snapshot_json).
//
// The answer on screen is the learner's (its DecisionField: the pocket for Pocket, the average for
// Averaged, ...), or in hand mode (state().hand.on) the McCulloch-Pitts unit set by hand, as a linear
// field f(x) = w.x - k (threshold_unit.hpp). The unit is judged by its own rule (a sum exactly at k
// fires), the learner's answer by y f(x) > 0; the learner itself stays paused in hand mode.
// Std only.
#pragma once
#include "core/learn/decision_field.hpp"
#include "core/learn/threshold_unit.hpp"
#include "core/theory/held_out.hpp"

namespace pl {

class Learner;
class Session;
struct WidgetState;

struct ShownAnswer {
    bool hand = false;             // the hand-set unit is on screen, not the learner's answer
    DecisionField field;           // f(x) of the answer on screen (unit_field in hand mode)
    // Filled by score_shown_answer (and shown_answer):
    UnitFacts unit;                // hand mode: the unit's rule on the training points (else empty)
    TestScores test;               // the test points by this answer and by the max-margin line (none: empty)
    // Filled by shown_answer only (it costs a pass of the learner over its data):
    double training_accuracy = 0;  // share of the training points right: the unit's rule, or the learner's
};

// Which answer, and its field; no point is scored (cheap: the scene asks on every revision).
ShownAnswer which_answer(const WidgetState& state, const Learner& learner);
// Scores `answer` on the points of `state`: the unit's facts in hand mode, and the test points (left
// empty without test points). `best` is the maximum-margin separator the test points also meet; it is
// read only with test points (a caller that would have to solve for it passes nullptr without them).
void score_shown_answer(ShownAnswer& answer, const WidgetState& state, const Separator* best);
// Everything above, the training accuracy too.
ShownAnswer shown_answer(const WidgetState& state, const Learner& learner, const Separator& best);
ShownAnswer shown_answer(const Session& session);  // with the session's maximum-margin separator

}  // namespace pl
