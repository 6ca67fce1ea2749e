// Session's training verbs: every call keeps state().trained_visits equal to the learner's visits
// (after_training). Declared in session.hpp; split from session.cpp to keep each file to one concern.
#include <algorithm>
#include <cstddef>

#include "core/session/session.hpp"

namespace pl {

bool Session::training_refused() {
    if (!state_.hand.on) return false;
    notice_ = hand_mode_training_notice();
    touch();
    return true;
}

Update Session::step() {
    if (training_refused()) return Update{};
    const Update update = learner_.step();
    after_training(&update);
    return update;
}

Update Session::next_mistake() {
    if (training_refused()) return Update{};
    const std::size_t budget = std::max<std::size_t>(1, state_.data.size() * 2 + 2);
    const Update update = learner_.next_mistake(budget);
    after_training(&update);
    return update;
}

std::size_t Session::epoch() {
    if (training_refused()) return 0;
    const std::size_t mistakes = learner_.epoch();
    after_training(nullptr);
    return mistakes;
}

bool Session::train_until_converged() {
    if (training_refused()) return false;
    const bool converged = learner_.train_until_converged();
    after_training(nullptr);
    return converged;
}

std::size_t Session::run_visits(std::size_t n) {
    if (training_refused()) return 0;
    if (n == 1) return step().visited ? 1 : 0;
    const std::size_t before = learner_.mistakes();
    const std::size_t ran = learner_.run_visits(n);
    Update summary;  // many visits at once: the trail keeps one hyperplane per slice, not per update
    summary.mistake = learner_.mistakes() != before;
    summary.w_after = learner_.weights();
    summary.b_after = learner_.bias();
    summary.index = learner_.next_index();
    after_training(&summary);
    return ran;
}

bool Session::show_visit(std::size_t t) {
    if (training_refused()) return false;
    if (state_.online_mode) {
        notice_ = "In online mode every point has been seen once, in order: the trace cannot go back to an earlier visit.";
        touch();
        return false;
    }
    shown_data().go_to_visit(t);  // the points or the messages (training_data.hpp)
    return true;
}

void Session::go_to_points_visit(std::size_t t) {
    // Visit t itself is stepped last, so the canvas shows its update as if Step had made it.
    if (t == 0 || t - 1 < learner_.visits()) rebuild_learner(t == 0 ? 0 : t - 1);
    else learner_.run_visits(t - 1 - learner_.visits());
    if (t == 0) {
        after_training(nullptr);
        return;
    }
    const Update update = learner_.step();
    after_training(&update);
}

void Session::reset_training() {
    rebuild_learner(state_.online_mode ? state_.data.size() : 0);
    online_mistakes_ = 0;
    last_online_.reset();
    touch();
}

}  // namespace pl
