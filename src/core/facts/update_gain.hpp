// Why an update helps (lecture 001): on a mistake the perceptron adds eta*y*x to w, so the visited point's
// own score y*f(x) rises by exactly eta*|x|^2, whatever w was:
//     y (w + eta y x).x = y w.x + eta y^2 |x|^2 = y w.x + eta |x|^2          (y^2 = 1)
// in the learner's space. What |x|^2 is there, per setting:
//   no bias         |x|^2 (or |phi(x)|^2 with a lift)
//   absorbed bias   x carries an extra 1, so the gain is eta (|x|^2 + 1)
//   explicit bias   b += eta y moves the score by eta as well: again eta (|x|^2 + 1)
//   kernel          alpha_i += 1 adds y K~(x_i, .) to f: the gain is K(x, x) (+ 1 with a bias, absorbed
//                   into K~ = K + 1 or through b += y). The kernel learner's step is 1 whatever eta > 0 is
//                   (kernel_engine.cpp), so eta does not appear.
// It holds for the perceptron, pocket, averaged and voted learners, because their running w takes exactly
// this step (only the answer they show differs; the scores here are the running w's). It does not hold for
// logistic SGD (its step is eta_t * sigmoid(-y f), and it moves on every visit), for a frozen learner
// (eta <= 0: nothing moves), for an update refused because w would overflow, nor for a kernel update that
// dropped its point as an outlier (its alpha went back to 0). Std only.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/learn/learner.hpp"
#include "core/base/config.hpp"

namespace pl {

struct UpdateGain {
    bool shown = false;   // a mistake whose update the identity describes (see `reason` otherwise)
    std::string reason;   // why nothing is shown, in words ("" when shown)
    double before = 0;    // y*f(x) before the update (the learner's own score_before)
    double after = 0;     // y*f(x) after it, recomputed from w_after and b_after (kernel: from the alphas)
    double gain = 0;      // what the identity predicts: eta*(|x|^2 [+ 1]) or K(x, x) [+ 1]
    std::string formula;  // the gain as people read it: "+η‖x‖²", "+η(‖x‖² + 1)", "+K(x, x)", ...
    std::string sentence; // "y·f: −1 → 3  (+η‖x‖² = 4)"
    // The same for a screen reader, in words rather than symbols: "The label times the score went from
    // −1 to 3, up by 4: eta times the squared length of x."
    std::string spoken;
};

// The gain of a primal update from the update itself and the settings it was made with.
// `learner_after`: the learner right after `update` (its last visit); needed for the kernel perceptron,
// whose Update carries only the visited point's alpha (without it a kernel update is not shown).
UpdateGain update_gain(const Update& update, const TrainConfig& config, const Learner* learner_after = nullptr);

// The formula alone, for a caption: "+η‖x‖²" and friends ("" for logistic SGD).
std::string gain_formula(const TrainConfig& config);

// The proof's "w turns towards w*": cos theta = w.w* / (|w| |w*|) = projection / sqrt(squared_norm) after
// each recorded mistake (learner.hpp ProofSample). Samples with w = 0 or without a projection yet are left
// out (no angle).
struct AlignmentPoint {
    std::size_t mistakes = 0;
    double cos_theta = 0;
};
std::vector<AlignmentPoint> alignment_series(const std::vector<ProofSample>& proof);

}  // namespace pl
