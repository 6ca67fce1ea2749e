// How far a learner has come, as one plain record: the counters every report of a run gives (the JS
// handle's state() and state().wordsModel, perceptron-cli train and train --text), filled from the dense
// Learner or the sparse TextLearner and written to JSON here only, so the four reports cannot drift apart.
//
// The JSON block, in this order (docs/reference.md): "mistakes", "mistakesPerEpoch" (left out of the
// light snapshot), "epochs", "visits", "converged", "capped", "diverged", "accuracy" (null when not
// finite). "lossPerEpoch" (the dense learner's, when recorded; null for an epoch without one) has a
// place of its own in each report, so it is written by its own call.
#pragma once
#include <cstddef>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace pl {

class Learner;
class TextLearner;

struct LearnerProgress {
    std::size_t mistakes = 0;                     // updates made on mistakes, M
    std::vector<std::size_t> mistakes_per_epoch;  // one entry per complete epoch
    std::size_t epochs = 0;                       // complete epochs
    std::size_t visits = 0;                       // examples looked at
    bool converged = false;                       // the last complete epoch had no mistake
    bool capped = false;                          // stopped at the epoch cap without converging
    bool diverged = false;                        // an update would have made a weight non-finite
    double accuracy = 0;                          // the learner's answer on its training data, in [0, 1]
    std::vector<double> loss_per_epoch;           // the dense learner's perceptron loss per epoch (or empty)
};

LearnerProgress learner_progress(const Learner& learner);
LearnerProgress learner_progress(const TextLearner& learner);

// Which lists the block carries: all of them, or none (the light snapshot: counts only).
enum class ProgressLists { With, Without };
// Adds the block above to `out`, after the members it already has.
void write_progress_json(nlohmann::ordered_json& out, const LearnerProgress& progress, ProgressLists lists);
// "lossPerEpoch": the list, one number (or null) per epoch.
void write_loss_per_epoch_json(nlohmann::ordered_json& out, const LearnerProgress& progress);

}  // namespace pl
