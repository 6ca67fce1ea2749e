#include "describe.hpp"

#include <cmath>
#include <cstdio>

#include "names.hpp"

namespace pl {

std::string display_number(double value, int significant) {
    if (std::isnan(value)) return "n/a";
    if (std::isinf(value)) return value > 0 ? "\xE2\x88\x9E" : "\xE2\x88\x92\xE2\x88\x9E";
    if (value == 0.0) value = 0.0;  // no "-0"
    char text[48];
    std::snprintf(text, sizeof text, "%.*g", significant, value);
    return text;
}

std::string label_text(int label) { return label > 0 ? "+1" : "\xE2\x88\x92" "1"; }

std::string training_state_text(const Learner& learner) {
    if (learner.diverged()) return "stopped: weights overflowed";
    if (learner.converged()) return "converged (an epoch without mistakes)";
    if (learner.capped()) return "stopped at the epoch cap";
    if (learner.visits() == 0) return "not trained yet";
    return "training";
}

std::string status_line(const Learner& learner, Algorithm algorithm) {
    // The epoch under way is counted as started once a visit of it happened.
    const std::size_t epoch = learner.epochs_completed() + (learner.visits() > 0 && !learner.converged() ? 1 : 0);
    return std::string(display_name(algorithm)) + " \xC2\xB7 M = " + std::to_string(learner.mistakes()) +
           " mistakes \xC2\xB7 epoch " + std::to_string(epoch) + " \xC2\xB7 " + training_state_text(learner);
}

std::string online_sentence(const Session::OnlineResult& r) {
    const std::string truth = "true label " + label_text(r.truth);
    if (r.score == 0.0)
        return "The point is on the line (score 0); " + truth + ": counts as a mistake, w updated";
    return "Model predicted " + label_text(r.predicted) + " (score " + display_number(r.score, 3) + "); " + truth +
           ": " + (r.mistake ? "mistake, w updated" : "correct, no update");
}

}  // namespace pl
