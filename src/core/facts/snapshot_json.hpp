// The widget state with what the learner and the theory show: the JS handle's state(), the CLI's --json
// snapshot. It extends state_to_json (core/state/state_json.hpp) as a structure.
//
// snapshot_json adds what the learner and the theory show (ignored by state_from_json, since training
// is replayed from trainedVisits):
//   "weights":[...] (learner.weights()), "b" (learner.bias(): the explicit bias value; "bias" is the
//   mode), "alphas", "mistakes", "mistakesPerEpoch", "epochs", "visits", "converged", "capped",
//   "diverged", "accuracy", "R", "gamma" (theory gamma*, null when not separable or not applicable),
//   "bound" (null when infinite), "separable", "whyNot", "boundApplies" and "boundNote" (proof_status.hpp:
//   does the bound hold for this run, and why not), "lossPerEpoch" (Learner::loss_per_epoch, null for an
//   epoch without one), "testAccuracy" and "maxMarginTestAccuracy" (the answer's and the maximum-margin
//   line's share of the test points right; null without test points or without such a line; in hand mode
//   the answer is the hand unit), "svm" (lecture 001's hard-margin SVM, svm_view.hpp: {"w","b","margin",
//   "supportVectors"} in the canvas's space, plus "dual" {"supportVectors","alphas","b","margin"} for the kernel
//   perceptron; null when no line separates), "fragment" (encode_fragment). The learner's block ("mistakes" to
//   "accuracy", "lossPerEpoch") is written by learner_progress.hpp, the answer on screen is shown_answer.hpp's.
#pragma once
#include <string>

#include "core/state/widget_state.hpp"

namespace pl {

class Learner;
class WordsSession;
struct TheorySummary;

// Light leaves out what grows with the data or the run (points, labels, test points, messages, alphas,
// the per-epoch lists, the link fragment) and keeps the counts pointCount, testPointCount, messageCount.
enum class SnapshotParts { Everything, Light };
// `words`: in Words mode the whole snapshot also carries "wordsModel" (words_model.hpp), what the
// messages' learner shows.
std::string snapshot_json(const WidgetState& state, const Learner& learner, const TheorySummary& theory,
                          SnapshotParts parts = SnapshotParts::Everything, const WordsSession* words = nullptr);

}  // namespace pl
