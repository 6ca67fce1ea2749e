// One facade over every learner (primal perceptron and its variants, logistic SGD, kernel perceptron),
// so the UI, the CLI and the URL replay drive them with the same verbs: step / next_mistake / epoch /
// train_until_converged / reset, and read them through the same observers.
#pragma once
#include <cstddef>
#include <memory>
#include <vector>

#include "core/learn/dataset.hpp"
#include "core/learn/decision_field.hpp"
#include "core/learn/vec.hpp"
#include "core/base/config.hpp"

namespace pl {

// What one visit did: enough for the UI to animate "w_old + y*x = w_new" (lecture figure).
struct Update {
    std::size_t index = 0;     // which example was visited
    Vec x;                     // the example in the learner's space (after lift and bias absorption)
    int y = 0;
    double score_before = 0;   // w.x (+ b) before the update (kernel: f(x_index))
    bool mistake = false;      // y * score_before <= 0: ties count as mistakes
    Vec w_before, w_after;     // primal only (empty for the kernel learner)
    double b_before = 0, b_after = 0;  // explicit bias only
    double alpha_before = 0, alpha_after = 0;  // kernel only: alpha of `index`
    std::size_t epoch = 0;     // epoch this visit belongs to (0-based)
    bool epoch_finished = false;  // this visit ended an epoch
    bool visited = false;      // false when nothing was visited (empty data, epoch cap, diverged, bad index)
    bool dropped = false;      // kernel outlier threshold: the example is (now) out of training
};

// The two sides of the Novikoff proof after each update (lecture 000/002/003):
//   w.w*/|w*| >= M * gamma      and      |w|^2 <= M * R^2
struct ProofSample {
    std::size_t mistakes = 0;  // M
    double projection = 0;     // w . w* / |w*|
    double squared_norm = 0;   // |w|^2
};

// The kernel learner's w* lives in its feature space (phi~(x) = [psi(x), 1] with a bias, psi(x) without,
// psi the kernel's feature map; kernel_theory.hpp). The proof needs only its inner products with the
// training points: w = sum_i alpha_i y_i phi~(x_i) gives w . w* = sum_i alpha_i * point_margins[i], and with
// an explicit bias (the joint [w, b] over [psi(x), 1]) w . w* = sum_i alpha_i (point_margins[i] -
// y_i constant_weight) + b constant_weight, which is the same number until an outlier is dropped.
struct KernelReference {
    std::vector<double> point_margins;  // y_i phi~(x_i) . w* for every example (|w*| = 1)
    double constant_weight = 0;         // w*'s weight on the constant feature 1
};

class Learner {
public:
    Learner(Dataset data, TrainConfig config);
    ~Learner();
    Learner(Learner&&) noexcept;
    Learner& operator=(Learner&&) noexcept;

    void reset();                                 // back to the initial weights, counters zero
    Update step();                                // visit exactly one example (in the configured order)
    Update visit(std::size_t index);              // online protocol: visit this example now
    Update next_mistake(std::size_t max_visits);  // step until a mistake or max_visits or cap reached
    std::size_t epoch();                          // finish the current epoch; returns its mistakes
    bool train_until_converged();                 // epochs until one is mistake-free or max_epochs
    std::size_t run_visits(std::size_t n);        // n visits (for UI time slices); returns visits done

    // Observers
    const Dataset& data() const;
    const TrainConfig& config() const;
    std::size_t visits() const;            // total visits so far
    std::size_t mistakes() const;          // total mistakes (updates) so far, M
    std::size_t epochs_completed() const;
    std::size_t next_index() const;        // example the next step() will visit
    bool converged() const;                // the last full epoch had no mistake
    bool capped() const;                   // stopped because max_epochs was reached
    const std::vector<std::size_t>& mistakes_per_epoch() const;
    const std::vector<std::size_t>& mistake_indices() const;  // every mistake's example, in order

    // The hypothesis the learner answers with (pocket: pocket weights; averaged: the average;
    // voted: not linear, see field()). Primal learners: weights in the learner space.
    const Vec& weights() const;    // current running w (learner space, includes absorbed bias)
    double bias() const;           // explicit bias (0 in other modes)
    const std::vector<double>& alphas() const;  // kernel only: mistake counters
    DecisionField field() const;   // the answer as plain data, for the renderer and the CPU reference
    double score(const Vec& raw_x) const;  // f(x) of the answer, raw input space
    int predict(const Vec& raw_x) const;   // +1 if f(x) > 0 else -1
    double training_accuracy() const;      // of the answer on the training set
    // Proof view: give the learner a unit-norm separator w* of the learner space (from theory.hpp's
    // max_margin_through_origin; explicit bias: w* over [w, b]) and it records one ProofSample per
    // mistake from then on (and one for the current state immediately).
    // Kernel learner: a unit w* of the learner space [phi(x), 1] (or phi(x)) is turned into its
    // KernelReference, which needs phi explicitly: only the linear kernel can (other kernels: ignored).
    void set_reference_separator(const Vec& unit_w_star);
    const std::vector<ProofSample>& proof() const;
    // Kernel learner, w* from the Gram matrix (kernel_theory.hpp): record the proof from the start, even
    // before w* is known (begin_kernel_proof: |w|^2 at once, the projections once set_kernel_reference
    // gives w*, then for every earlier sample too); end_kernel_proof() stops and forgets (not separable).
    // At most kMaxKernelProofSamples samples are kept without a w* (then recording stops).
    void begin_kernel_proof();
    void set_kernel_reference(const KernelReference& reference);
    void end_kernel_proof();
    static constexpr std::size_t kMaxKernelProofSamples = 2'000'000;
    // Lecture 001's perceptron loss L = sum_i max(0, -y_i f(x_i)) of the running hypothesis (the w the
    // updates change, with b; kernel: the alphas), over all training points, taken when each epoch ends.
    // Off by default (it costs one more pass over the data per epoch). loss_per_epoch()[k] belongs to
    // mistakes_per_epoch()[k]; epochs that ended before it was turned on have NaN. A reset keeps it on.
    void record_epoch_loss();
    const std::vector<double>& loss_per_epoch() const;

    // Additions (see learner.cpp for the exact semantics).
    bool diverged() const;                 // an update would have made w non-finite: training stopped
    std::size_t learner_dim() const;       // dimension of the space the primal learner runs in
    const Vec& pocket_weights() const;     // Pocket: best weights so far (other algorithms: weights())
    double pocket_bias() const;
    double pocket_accuracy() const;        // training accuracy of the pocket weights
    Vec averaged_weights() const;          // Averaged: mean of w after every visit (others: weights())
    double averaged_bias() const;
    const std::vector<double>& cached_scores() const;  // Kernel: cached f(x_j) per example (else empty)
    std::vector<std::size_t> dropped_indices() const;  // Kernel: examples removed as outliers

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace pl
