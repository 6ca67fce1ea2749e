// The answer on screen (shown_answer.hpp).
#include "core/facts/shown_answer.hpp"

#include "core/learn/learner.hpp"
#include "core/session/session.hpp"
#include "core/state/widget_state.hpp"

namespace pl {

ShownAnswer which_answer(const WidgetState& state, const Learner& learner) {
    ShownAnswer answer;
    answer.hand = state.hand.on;
    answer.field = answer.hand ? unit_field(state.hand, state.data.dim) : learner.field();
    return answer;
}

void score_shown_answer(ShownAnswer& answer, const WidgetState& state, const Separator* best) {
    answer.unit = answer.hand ? unit_facts(state.hand, state.data) : UnitFacts{};
    answer.test = state.held_out.empty() || best == nullptr
                      ? TestScores{}
                      : score_test_points(state.held_out, answer.field, answer.hand ? &state.hand : nullptr, *best,
                                          state.config.lift);
}

ShownAnswer shown_answer(const WidgetState& state, const Learner& learner, const Separator& best) {
    ShownAnswer answer = which_answer(state, learner);
    score_shown_answer(answer, state, &best);
    answer.training_accuracy = answer.hand ? answer.unit.accuracy : learner.training_accuracy();
    return answer;
}

ShownAnswer shown_answer(const Session& session) {
    return shown_answer(session.state(), session.learner(), session.theory().best);
}

}  // namespace pl
