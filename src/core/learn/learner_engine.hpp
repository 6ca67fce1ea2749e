// Private to the learner: the part of each algorithm that looks at one example and maybe updates.
// learner.cpp owns everything shared (visiting order, epochs, counters, the cap, the proof log);
// an Engine only knows "visit example i" and "what is my answer". Two engines exist:
//   PrimalEngine  (primal_engine.cpp): perceptron, pocket, averaged, voted, logistic SGD
//   KernelEngine  (kernel_engine.cpp): the dual perceptron with alpha counters and a cached f(x_j)
#pragma once
#include <cstddef>
#include <memory>
#include <vector>

#include "core/learn/dataset.hpp"
#include "core/learn/decision_field.hpp"
#include "core/learn/learner.hpp"
#include "core/learn/update_rule.hpp"
#include "core/learn/vec.hpp"
#include "core/base/config.hpp"

namespace pl::detail {

// The training set as the learners see it: labels forced to +-1 and every point mapped into the
// learner space once, stored row by row in one flat array (fast sequential access for big N).
// The rows hold the lift without its sqrt(2) factors (lift.hpp, lift_unscaled): the learner space's
// vector is scale (*) row, and its dot products are sum_k metric_k a_k b_k over rows (metric = scale^2,
// exactly 2 or 1), so a primal learner on Poly2 computes on integer-friendly numbers. Both are empty
// (all 1) for every other lift.
struct TrainingSet {
    const Dataset* raw = nullptr;  // the learner's own copy of the data (owned by Learner::Impl)
    std::size_t n = 0;             // number of examples
    std::size_t dim = 0;           // learner-space dimension
    std::vector<double> features;  // n * dim
    std::vector<double> labels;    // +1.0 / -1.0
    Vec scale, metric;             // per coordinate (dim each), or empty
    const double* row(std::size_t i) const { return features.data() + i * dim; }
    Vec row_vec(std::size_t i) const {  // in the learner space (scaled)
        Vec out(row(i), row(i) + dim);
        for (std::size_t k = 0; k < scale.size() && k < dim; ++k) out[k] *= scale[k];
        return out;
    }
};

// learning_enabled(eta): update_rule.hpp, the rule shared with the sparse text learner.

class Engine {
public:
    virtual ~Engine() = default;
    virtual void reset() = 0;
    // Visit example i (t = visits made before this one). Returns whether it was a mistake.
    // When `record` is given, fills x, score_before, mistake and the algorithm-specific fields.
    virtual bool visit(std::size_t i, std::size_t t, Update* record) = 0;
    virtual bool diverged() const = 0;

    virtual double answer_score(const Vec& raw_x) const = 0;  // f of the answer, raw input space
    virtual double training_accuracy() const = 0;             // share of examples with y * f > 0
    virtual DecisionField field() const = 0;

    virtual const Vec& weights() const = 0;                   // running w (empty for the kernel)
    virtual double bias() const = 0;                          // explicit bias
    virtual const std::vector<double>& alphas() const = 0;    // empty for primal engines

    // The running hypothesis against a unit reference separator (Novikoff proof view). The kernel engine
    // ignores the vector and answers with its KernelReference (projection NaN while it has none).
    virtual ProofSample proof_sample(const Vec& unit_w_star) const = 0;

    // Kernel engine only (the defaults do nothing): the proof view through alpha and K (learner.hpp).
    // A unit w* of the explicit learner space as a KernelReference (false: no explicit features).
    virtual bool kernel_reference_from(const Vec&, KernelReference&) const { return false; }
    // While w* is unknown: log every mistake's change of alpha and b from the current state on ...
    virtual void start_proof_log() {}
    virtual void stop_proof_log() {}
    // ... so that once w* arrives the projections of the samples recorded since can be filled in.
    virtual void set_kernel_reference(const KernelReference&, std::vector<ProofSample>&) {}

    // Variant-specific views; the defaults answer with the running hypothesis / nothing.
    virtual const Vec& pocket_weights() const { return weights(); }
    virtual double pocket_bias() const { return bias(); }
    virtual double pocket_accuracy() const { return training_accuracy(); }
    virtual Vec averaged_weights() const { return weights(); }
    virtual double averaged_bias() const { return bias(); }
    virtual const std::vector<double>& cached_scores() const { return alphas(); }
    virtual std::vector<std::size_t> dropped_indices() const { return {}; }
};

std::unique_ptr<Engine> make_primal_engine(const TrainingSet& set, const TrainConfig& config);
std::unique_ptr<Engine> make_kernel_engine(const TrainingSet& set, const TrainConfig& config);

}  // namespace pl::detail
