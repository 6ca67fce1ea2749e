// The one progress record and its JSON (learner_progress.hpp).
#include "core/facts/learner_progress.hpp"

#include <cmath>

#include <nlohmann/json.hpp>

#include "core/state/state_json_object.hpp"  // json_number: a number, or null when not finite

#include "core/learn/learner.hpp"
#include "core/words/text_learner.hpp"

namespace pl {

namespace {
using Json = nlohmann::ordered_json;

template <class AnyLearner>
LearnerProgress counters_of(const AnyLearner& learner) {
    LearnerProgress p;
    p.mistakes = learner.mistakes();
    p.mistakes_per_epoch = learner.mistakes_per_epoch();
    p.epochs = learner.epochs_completed();
    p.visits = learner.visits();
    p.converged = learner.converged();
    p.capped = learner.capped();
    p.diverged = learner.diverged();
    p.accuracy = learner.training_accuracy();
    return p;
}
}  // namespace

LearnerProgress learner_progress(const Learner& learner) {
    LearnerProgress p = counters_of(learner);
    p.loss_per_epoch = learner.loss_per_epoch();
    return p;
}

LearnerProgress learner_progress(const TextLearner& learner) { return counters_of(learner); }

void write_progress_json(Json& out, const LearnerProgress& p, ProgressLists lists) {
    out["mistakes"] = p.mistakes;
    if (lists == ProgressLists::With) out["mistakesPerEpoch"] = p.mistakes_per_epoch;
    out["epochs"] = p.epochs;
    out["visits"] = p.visits;
    out["converged"] = p.converged;
    out["capped"] = p.capped;
    out["diverged"] = p.diverged;
    out["accuracy"] = json_number(p.accuracy);
}

void write_loss_per_epoch_json(Json& out, const LearnerProgress& p) {
    Json losses = Json::array();
    for (double loss : p.loss_per_epoch) losses.push_back(json_number(loss));
    out["lossPerEpoch"] = std::move(losses);
}

}  // namespace pl
