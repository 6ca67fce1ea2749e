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

std::string point_name(std::size_t index) { return "point " + std::to_string(index + 1); }

std::string training_state_text(const Learner& learner) {
    if (learner.diverged()) return "stopped: weights overflowed";
    if (learner.converged()) {
        const std::string caveat = clean_epoch_caveat(learner);
        if (caveat.empty()) return "converged (an epoch without mistakes)";
        if (learner.config().algorithm == Algorithm::Logistic)
            return "stopped after an epoch with every point on its side (" + caveat + ")";
        return "converged on the points still in training (" + caveat + ")";
    }
    if (learner.capped()) return "stopped at the epoch cap";
    if (learner.visits() == 0) return "not trained yet";
    return "training";
}

std::string clean_epoch_caveat(const Learner& learner) {
    const TrainConfig& config = learner.config();
    // Logistic SGD moved w on every visit of that epoch: no point was wrong, but w did not settle.
    if (config.algorithm == Algorithm::Logistic) return "logistic SGD still moved w on each visit";
    if (config.algorithm == Algorithm::Kernel && config.outlier_threshold > 0) {
        const std::size_t dropped = learner.dropped_indices().size();
        if (dropped > 0)
            return std::to_string(dropped) + (dropped == 1 ? " point was" : " points were") +
                   " dropped as outliers and not visited";
    }
    return {};
}

std::string status_line(const Learner& learner, Algorithm algorithm) {
    // The epoch under way is counted as started once a visit of it happened.
    const std::size_t epoch = learner.epochs_completed() + (learner.visits() > 0 && !learner.converged() ? 1 : 0);
    return std::string(display_name(algorithm)) + " \xC2\xB7 M = " + std::to_string(learner.mistakes()) +
           " mistakes \xC2\xB7 epoch " + std::to_string(epoch) + " \xC2\xB7 " + training_state_text(learner);
}

std::string update_rule_text(const TrainConfig& config) {
    switch (config.algorithm) {
        case Algorithm::Logistic:
            return "Visit one example and move w by \xCE\xB7\xE2\x82\x9C\xC2\xB7\xCF\x83(\xE2\x88\x92y\xC2\xB7" "f(x))\xC2\xB7y\xC2\xB7x: logistic SGD "
                   "updates on every visit, most on points near the line or on its wrong side.";
        case Algorithm::Kernel:
            return "Visit one example; if y\xC2\xB7" "f(x) \xE2\x89\xA4 0 (wrong side, or on the line) its mistake counter "
                   "\xCE\xB1\xE1\xB5\xA2 grows by 1.";
        default:
            return "Visit one example; if y\xC2\xB7" "f(x) \xE2\x89\xA4 0 (wrong side, or on the line) update "
                   "w \xE2\x86\x90 w + \xCE\xB7y\xC2\xB7x" +
                   std::string(config.bias == BiasMode::Explicit ? " and b \xE2\x86\x90 b + \xCE\xB7y." : ".");
    }
}

std::string online_sentence(const Session::OnlineResult& r) {
    const std::string truth = "true label " + label_text(r.truth);
    if (r.score == 0.0)
        return "The point is on the line (score 0); " + truth + ": counts as a mistake, w updated";
    return "Model predicted " + label_text(r.predicted) + " (score " + display_number(r.score, 3) + "); " + truth +
           ": " + (r.mistake ? "mistake, w updated" : "correct, no update");
}

}  // namespace pl
