#include "core/facts/describe.hpp"

#include <cmath>
#include <cstdio>

#include "core/base/display_text.hpp"
#include "core/facts/update_gain.hpp"
#include "core/state/names.hpp"

namespace pl {

std::string vector_text(const Vec& values, std::size_t max_items) {
    std::string out = "(";
    for (std::size_t i = 0; i < values.size() && i < max_items; ++i) {
        if (i) out += ", ";
        out += display_number(values[i]);
    }
    if (values.size() > max_items) out += ", \xE2\x80\xA6";
    return out + ")";
}

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
    return std::string(display_name(algorithm)) + " \xC2\xB7 M = " + count_text(learner.mistakes(), "mistake", "mistakes") +
           " \xC2\xB7 epoch " + std::to_string(epoch) + " \xC2\xB7 " + training_state_text(learner);
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

// [SECTION] What the accessible mirror announces
std::string data_sentence(const Dataset& data) {
    const std::size_t positive = count_label(data, +1), negative = data.size() - positive;
    std::string out;
    if (data.empty()) return "No points yet.";
    if (data.size() == 1) out = "1 point, of class " + label_text(data.labels[0]) + ".";
    else if (negative == 0 || positive == 0)
        out = std::to_string(data.size()) + " points, all of class " + label_text(negative == 0 ? +1 : -1) + ".";
    else if (positive == negative) out = std::to_string(data.size()) + " points, " + std::to_string(positive) + " of each class.";
    else
        out = std::to_string(data.size()) + " points: " + std::to_string(positive) + " of class +1, " +
              std::to_string(negative) + " of class " + label_text(-1) + ".";
    if (data.dim == 1) out += " They lie on the x1 axis.";
    if (data.dim > 2) out += " Each has " + std::to_string(data.dim) + " coordinates; the canvas shows x1 and x2.";
    return out;
}

namespace {
// The weights after training, as the sentences say them.
std::string weights_text(const Learner& learner, const TrainConfig& config) {
    if (config.algorithm == Algorithm::Kernel) {
        std::size_t support = 0;
        for (double alpha : learner.alphas()) support += alpha > 0.0 ? 1 : 0;
        return support == 1 ? "1 point has \xCE\xB1 > 0" : std::to_string(support) + " points have \xCE\xB1 > 0";
    }
    std::string out = "w = " + vector_text(learner.weights());
    if (config.bias == BiasMode::Explicit) out += ", b = " + display_number(learner.bias());
    return out;
}
}  // namespace

std::string visit_sentence(const Session::Visit& visit, const Dataset& data, const TrainConfig& config) {
    const Update& u = visit.update;
    const std::string point = "point " + std::to_string(u.index + 1);
    std::string out = "Visit " + std::to_string(visit.number) + ": " + point;
    if (u.index < data.size()) out += " at " + vector_text(data.points[u.index]);
    out += ", label " + label_text(u.y) + ", score " + display_number(u.score_before) + ": " +
           (u.mistake ? "a mistake" : "correct");
    if (config.algorithm == Algorithm::Kernel) {
        if (u.alpha_after != u.alpha_before) out += "; \xCE\xB1 of " + point + " becomes " + display_number(u.alpha_after);
        else out += ", no update";
    } else if (u.w_after != u.w_before || u.b_after != u.b_before) {
        out += "; w becomes " + vector_text(u.w_after);
        if (config.bias == BiasMode::Explicit) out += " and b becomes " + display_number(u.b_after);
    } else {
        out += ", no update";
    }
    if (u.dropped) out += "; " + point + " is now left out as an outlier";
    return out + ".";
}

std::string outcome_sentence(const Learner& learner, const TheorySummary& theory) {
    const std::string mistakes = count_text(learner.mistakes(), "mistake", "mistakes");
    const std::string epochs = count_text(learner.epochs_completed(), "epoch", "epochs");
    if (learner.diverged()) return "Training stopped after " + mistakes + ": the weights overflowed.";
    if (learner.converged()) return "Converged after " + epochs + " and " + mistakes + ".";
    if (learner.capped())
        return "Stopped at the epoch cap after " + epochs + " and " + mistakes +
               (theory.applicable && !theory.separable ? ": these points are not linearly separable." : ".");
    return "";
}

TrainingMark training_mark(const Session& session) {
    const Learner& learner = session.learner();
    return {true, session.data_revision(), learner.visits(), learner.mistakes(),
            learner.converged() || learner.capped() || learner.diverged()};
}

std::string training_news(const TrainingMark& before, const Session& session, bool running) {
    if (!before.valid) return "";
    const TrainingMark now = training_mark(session);
    const Learner& learner = session.learner();
    const TrainConfig& config = session.state().config;
    std::string out;
    auto say = [&out](const std::string& sentence) {
        if (sentence.empty()) return;
        if (!out.empty()) out += " ";
        out += sentence;
    };
    if (now.data_revision != before.data_revision) say(data_sentence(session.state().data));
    if (now.visits < before.visits || (now.visits == before.visits && now.mistakes != before.mistakes)) {
        say(now.visits == 0 ? "Training starts again: no visits yet, " + weights_text(learner, config) + "."
                            : "Training went back to visit " + std::to_string(now.visits) + ".");
    } else if (now.visits > before.visits) {
        const std::size_t first = before.visits + 1;
        const std::size_t new_mistakes = now.mistakes - std::min(now.mistakes, before.mistakes);
        const auto& last = session.last_visit();
        if (!running && last && last->number == now.visits && new_mistakes == (last->update.mistake ? 1u : 0u)) {
            // Step, or Next mistake: the correct visits before it, then the visit itself.
            if (now.visits - first == 1) say("Visit " + std::to_string(first) + " was correct.");
            if (now.visits - first > 1)
                say("Visits " + std::to_string(first) + " to " + std::to_string(now.visits - 1) + " were correct.");
            say(visit_sentence(*last, session.state().data, config));
            // Why the update helped: the point's y·f before and after (update_gain.hpp), as the canvas says it.
            if (const UpdateGain gain = update_gain(last->update, config, &learner); gain.shown) say(gain.spoken + ".");
        } else {
            say("Visits " + std::to_string(first) + " to " + std::to_string(now.visits) + ": " +
                (new_mistakes == 0 ? std::string("no mistake") : count_text(new_mistakes, "mistake", "mistakes")) + " (" +
                std::to_string(now.mistakes) + " in all); " + weights_text(learner, config) + ".");
        }
    }
    if (now.finished && (!before.finished || now.visits != before.visits)) say(outcome_sentence(learner, session.theory()));
    return out;
}

}  // namespace pl
