// The convergence theory of the kernel perceptron, in its feature space, from the Gram matrix only.
//
// The kernel learner (kernel_engine.cpp) computes with
//     K~(x, x') = K(phi(x), phi(x')) + 1   bias absorbed: the kernel of [psi(x), 1], psi the kernel's feature map
//     K~(x, x') = K(phi(x), phi(x')) + 1   explicit bias: f = sum alpha_i y_i K + b with b += y on a mistake,
//                                          i.e. the joint vector [w, b] over the features [psi(x), 1]
//     K~(x, x') = K(phi(x), phi(x'))       no bias (lecture 002's form)
// where phi is the lift (if any) applied before the kernel. Every number below is measured in the space of
// K~, so the proof of lecture 004 applies word for word with phi~(x) in place of x:
//     R      = max_i sqrt(K~(x_i, x_i))
//     gamma* = max over unit w* of min_i y_i w*.phi~(x_i): the hard margin through the origin of that space,
//              = the distance from the origin to conv{ y_i phi~(x_i) } (Wolfe's minimum-norm point, computed
//              through the Gram matrix G_ij = y_i y_j K~(x_i, x_j): gram_min_norm.hpp)
//     bound  = (R / gamma*)^2, and w* = sum_j beta_j phi~(x_j) for the proof plots.
// The kernel perceptron only ever sees the Gram matrix of its training points, so this is sound whenever
// that matrix is positive semi-definite (it is then the Gram matrix of some vectors). That holds for the
// linear, polynomial (c >= 0), RBF and Gaussian kernels always; for the sigmoid kernel, and the polynomial
// kernel with c < 0, it depends on the parameters and the data: the smallest eigenvalue decides
// (symmetric_eigen.hpp), checked for up to KernelSolverLimits::max_eigen_points points.
//
// Accuracy: the solver's answer certifies itself (gram_min_norm.hpp); gamma_star is the margin the returned
// w* achieves, gamma_upper an upper bound on gamma*, and the answer counts as exact when they agree to
// 1e-6 relative. Cost: O(N |corral|) per iteration plus one kernel column per entering point; above
// max_points (2,000) the job declines at once with a reason. The job is resumable (KernelTheoryJob::advance
// with a deadline), so the widget can spread a big problem over frames.
#pragma once
#include <chrono>
#include <cstddef>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/learn/dataset.hpp"
#include "core/learn/learner.hpp"
#include "core/learn/vec.hpp"
#include "core/base/config.hpp"
#include "core/theory/symmetric_eigen.hpp"

namespace pl {

namespace detail { class GramMinNormPoint; }

// [SECTION] The kernel the learner computes with
double kernel_offset(BiasMode bias);  // 1 when absorbed or explicit (K~ = K + 1), 0 when none
// K~ on two lifted points, evaluated exactly as the kernel learner does (kernel_eval + offset).
double learner_kernel(const TrainConfig& config, const Vec& lifted_a, const Vec& lifted_b);
// The decision function the kernel learner computes, as shown to the student (UTF-8), in every bias mode:
//   none      f(x) = Σᵢ αᵢ yᵢ K(xᵢ, x)            (lecture 002's kernel perceptron)
//   absorbed  f(x) = Σᵢ αᵢ yᵢ (K(xᵢ, x) + 1)      (the kernel of [ψ(x), 1]: the bias as one more weight)
//   explicit  f(x) = Σᵢ αᵢ yᵢ K(xᵢ, x) + b        (b ← b + y on each mistake)
// with φ(xᵢ), φ(x) inside K when a lift comes first.
std::string kernel_decision_formula(const TrainConfig& config);

struct KernelSolverLimits {
    std::size_t max_points = 2000;        // exact feature-space solve up to this many points
    std::size_t max_iterations = 20000;   // Wolfe major cycles
    double max_work = 6e8;                // multiply-adds (about 1 s natively), then "undecided"
    std::size_t max_eigen_points = 400;   // the PSD check (sigmoid, polynomial with c < 0)
};

// The smallest eigenvalue of the Gram matrix K~(x_i, x_j) the learner uses, when it matters.
struct GramSpectrum {
    bool needed = false;        // the kernel is not PSD by construction (sigmoid; polynomial with c < 0)
    bool computed = false;      // false: not needed, or too many points (message says which)
    double min_eigenvalue = std::numeric_limits<double>::quiet_NaN();
    double tolerance = 0;       // eigenvalues down to -tolerance count as 0 (rounding of the solver)
    bool psd = false;           // computed and min_eigenvalue >= -tolerance
    std::string message;        // one sentence for the kernel panel
};

struct KernelTheory {
    std::size_t n = 0;
    bool applicable = true;     // false: K~ is not a dot product on this data (or that could not be checked)
    double R = 0;
    bool separable = false;     // separable through the origin of K~'s feature space
    bool undecided = false;     // the solver gave no answer (too many points, iteration cap, precision)
    double gamma_star = 0;      // the margin w* achieves: a certified lower end of gamma* (0 when not separable)
    double gamma_upper = 0;     // a certified upper end of gamma*
    double bound = std::numeric_limits<double>::infinity();  // (R / gamma_star)^2
    std::string reason;         // why not separable / not applicable / undecided
    std::string note;           // when separable: why it had to be (RBF, Gaussian: distinct points)
    std::vector<double> dual;   // w* = sum_j dual[j] phi~(x_j), |w*| = 1 (when separable)
    KernelReference reference;  // what the proof plots need of w* (learner.hpp)
    std::vector<std::size_t> support;  // points whose margin equals gamma_star (to 1e-9 relative)
    GramSpectrum spectrum;
    std::size_t iterations = 0;
};

class KernelTheoryJob {
public:
    KernelTheoryJob(const Dataset& data, const TrainConfig& config, const KernelSolverLimits& limits = {});
    ~KernelTheoryJob();
    KernelTheoryJob(const KernelTheoryJob&) = delete;
    KernelTheoryJob& operator=(const KernelTheoryJob&) = delete;

    // Works until the deadline passes (checked after every unit of work: one eigen row or one Wolfe cycle,
    // about a millisecond at 2,000 points). True when the answer is ready.
    bool advance(std::chrono::steady_clock::time_point deadline);
    void finish();  // works to the end
    bool done() const { return done_; }
    const KernelTheory& result() const { return result_; }  // complete once done()
    std::string progress() const;                           // what it is doing now, for the panel

private:
    enum class Phase { Spectrum, Solve, Done };
    void start_spectrum();
    void after_spectrum();
    void start_solve();
    void finish_solve();
    void conclude(bool separable, std::string reason);
    void gram_column(std::size_t j, std::vector<double>& out) const;

    TrainConfig config_;
    KernelSolverLimits limits_;
    std::vector<Vec> lifted_;
    std::vector<double> labels_;
    std::vector<double> diagonal_;  // K~(x_i, x_i)
    double scale_ = 1.0;            // R^2: the Gram matrix is solved divided by it (well scaled for any kernel)
    Phase phase_ = Phase::Done;
    std::unique_ptr<SymmetricEigenvalues> eigen_;
    std::unique_ptr<detail::GramMinNormPoint> solver_;
    KernelTheory result_;
    bool done_ = false;
};

// Runs a job to completion.
KernelTheory kernel_theory(const Dataset& data, const TrainConfig& config, const KernelSolverLimits& limits = {});

}  // namespace pl
