// Does the perceptron's mistake bound M <= (R/gamma*)^2, with the two inequalities of its proof, hold
// for this run, and if not, why not? Decided once, here, and read by the theory panel, the proof plots,
// the CLI's text and --json and the widget's state() (boundApplies, boundNote). Std only.
//
// The proof (lectures 000, 002, 003, 004) needs three things:
//   (a) a unit w* that separates the data in the learner's space with margin gamma* > 0, |x~| <= R;
//   (b) training starts from w = 0;
//   (c) w changes only on a mistake (y f <= 0), and then by the same multiple s of y x~ every time.
// Then after M mistakes   w.w* >= s M gamma*   and   |w|^2 <= s^2 M R^2,   so M <= (R/gamma*)^2 for any
// s > 0. What each setting does to these premises:
//   eta > 0        the primal step is s = eta. From w = 0 every w of the run is eta times the w of the
//                  eta = 1 run: the same mistakes, the same bound; only the two lines scale.
//   explicit bias  b += eta y is the update of one more weight on a constant 1: the proof runs on (w, b)
//                  over [phi(x), 1], which is where theory.hpp measures R and gamma*. It holds.
//   pocket, averaged, voted   their running w is updated exactly as the perceptron's and M counts its
//                  mistakes; only the answer they show differs. It holds for M (the plots follow the
//                  running w).
//   kernel         alpha_i += 1 per mistake: s = 1 whatever eta > 0 is (and the start is always 0).
//   random start   (b) fails: w0.w* and |w0|^2 enter both inequalities (the lecture's single-point quiz).
//   logistic SGD   (c) fails: every visit moves w, by eta_t sigma(-y f) y x.
//   outlier drops  (c) fails from the first drop on: zeroing alpha_i removes alpha_i y_i phi(x_i) from w,
//                  undoing updates that M still counts.
//   eta <= 0       nothing is ever updated ("frozen"): the same mistakes repeat without end.
#pragma once
#include <cstddef>
#include <string>

#include "core/base/config.hpp"
#include "core/theory/theory.hpp"

namespace pl {

class Learner;

struct ProofStatus {
    bool applies = false;
    std::string reason;  // why the bound does not hold for this run ("" when it applies)
    std::string remark;  // when it applies: what a person might wonder about ("" = nothing to add)
    double step = 1.0;   // s: every update adds s y x~ (primal learners: eta; kernel perceptron: 1)
    // The one sentence to show next to the bound: the reason, or the remark.
    const std::string& note() const { return applies ? remark : reason; }
};

// dropped_points: examples the kernel perceptron has dropped as outliers so far.
ProofStatus proof_status(const TrainConfig& config, const TheorySummary& theory, std::size_t dropped_points);
ProofStatus proof_status(const Learner& learner, const TheorySummary& theory);
// The premises of the run alone, (b) and (c), for data already known to be separable (a): what Words
// mode's messages use (core/words/text_theory.hpp words_proof_status) after their own data checks.
ProofStatus proof_status_of_run(const TrainConfig& config, std::size_t dropped_points);

// The reference lines of the proof plots after M mistakes: s M gamma* (the projection w.w* stays above
// it) and s^2 M R^2 (|w|^2 stays below it).
double projection_floor(const ProofStatus& status, const TheorySummary& theory, std::size_t mistakes);
double squared_norm_ceiling(const ProofStatus& status, const TheorySummary& theory, std::size_t mistakes);

// The space the proof lives in, in words: "x", "[x, 1]", "φ(x)", "[φ(x), 1]" (ascii: "phi(x)").
// An explicit bias counts as a weight on a constant 1, as in the proof.
std::string learner_space_name(const TrainConfig& config, bool ascii = false);

}  // namespace pl
