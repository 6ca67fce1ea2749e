// The numbers behind the perceptron's convergence proof, computed exactly enough to show on screen.
//
//   radius R            max |x| over the points (in the space the learner runs in)
//   functional margin   y (w.x + b)                     (sign says right/wrong side, scale depends on w)
//   geometric margin    y (w.x + b) / |w|               (the signed distance to the hyperplane)
//   gamma*              the largest geometric margin any separator achieves; the perceptron makes at most
//                       (R / gamma*)^2 mistakes when both are measured in its own space (through the
//                       origin there: the bias, if any, is the last coordinate of that space)
//
// Two maximum-margin separators, both exact up to rounding (Wolfe's minimum-norm-point algorithm):
//   max_margin_with_bias       w.x + b with a free b: the "best separator" picture. Its margin is half the
//                              distance between the convex hulls of the two classes.
//   max_margin_through_origin  w.z with no b: its margin is the distance from the origin to the convex
//                              hull of the points y_i z_i. Applied to [phi(x), 1] it gives the gamma of
//                              the Novikoff bound.
// The kernel perceptron's R and gamma* live in its feature space, known only through the Gram matrix:
// kernel_theory.hpp computes them (the same minimum-norm point, through kernel columns), and analyze()
// puts them here.
// Cost: each solver iteration is O(N d) plus O(d^3) for a (d+2)-sized linear system; the number of
// iterations is small in practice and capped (SolverLimits), so the call always returns. Above
// SolverLimits::max_points the solvers decline with a reason instead of freezing the UI.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/learn/dataset.hpp"
#include "core/learn/vec.hpp"
#include "core/base/config.hpp"
#include "core/theory/kernel_theory.hpp"

namespace pl {

// [SECTION] Radius and margins
double radius(const std::vector<Vec>& xs);  // 0 for no points
double functional_margin(const Vec& w, double b, const Vec& x, int y);
double geometric_margin(const Vec& w, double b, const Vec& x, int y);  // 0 when w = 0 (no hyperplane)

struct SetMargin {
    double functional = 0;  // min over the set of y (w.x + b)
    double geometric = 0;   // the same divided by |w| (0 when w = 0)
    std::size_t argmin = 0; // the point attaining it (npos for an empty set, with both margins +inf)
};
SetMargin margin_on_set(const Vec& w, double b, const std::vector<Vec>& xs, const std::vector<int>& ys);

// [SECTION] Maximum-margin separators
struct Separator {
    bool separable = false;
    Vec w;                              // unit norm when separable
    double b = 0;                       // 0 for the through-origin separator
    double margin = 0;                  // min_i y_i (w.x_i + b), the geometric margin (|w| = 1)
    std::vector<std::size_t> support;   // points whose margin equals `margin` (to rounding)
    std::string reason;                 // why not separable, or why the solver gave no answer
    bool undecided = false;             // the solver declined (too many points, iteration cap)
};

struct SolverLimits {
    std::size_t max_points = 5000;      // above this: undecided, "too many points for the exact solver"
    std::size_t max_iterations = 20000; // Wolfe major cycles
    KernelSolverLimits kernel{};        // the kernel learner's feature-space solver (kernel_theory.hpp)
};

Separator max_margin_with_bias(const std::vector<Vec>& xs, const std::vector<int>& ys,
                               const SolverLimits& limits = {});
Separator max_margin_through_origin(const std::vector<Vec>& zs, const std::vector<int>& ys,
                                    const SolverLimits& limits = {});

// Strict linear separability (ties on the hyperplane count as mistakes, as in the perceptron).
// with_bias: some w, b with y_i (w.x_i + b) > 0 for all i. A single class is trivially separable with a
// bias (although max_margin_with_bias reports no best separator for it: the margin is unbounded).
// No points, or an undecided solver, give false.
bool linearly_separable(const std::vector<Vec>& xs, const std::vector<int>& ys, bool with_bias);

// (R / gamma)^2, +inf when gamma <= 0 (or is not a number).
double mistake_bound(double R, double gamma);

// [SECTION] Convex hull (2-D, uses the first two coordinates)
// Indices of the hull's vertices in counter-clockwise order starting from the lowest-then-leftmost
// point. Points on an edge and repeated points are left out; all points equal -> one index; all on a
// line -> the two ends. Empty input -> empty.
std::vector<std::size_t> convex_hull_2d(const std::vector<Vec>& pts);

// [SECTION] Everything the theory panel shows, for a data set and a training configuration
struct TheorySummary {
    std::size_t n = 0;
    bool applicable = true;   // false: no space to measure in (a kernel that is not a dot product on the data)
    double R = 0;             // radius in the learner space (bias-absorbed when the learner has a bias)
    double gamma_star = 0;    // max margin through the origin in that space (0 when not separable)
    double bound = 0;         // (R / gamma*)^2, +inf when not separable
    bool separable = false;   // separable in the learner space
    std::string why_not;      // reason when not separable, not applicable or undecided
    std::string note;         // when separable: why it had to be (kernel learner: RBF/Gaussian on distinct points)
    Separator best;           // with bias, in phi-space (raw space when there is no lift): the picture
    Separator plane;          // with bias, on the raw points (= best without a lift)
    bool hulls_apart = false; // the convex hulls the canvas draws do not meet: plane separates, or one class
                              // is missing (there is one hull); false for no points or an undecided solver
    Separator origin;         // through the origin, in the learner space: the gamma of the bound (kernel
                              // learner: separable, margin, reason and undecided only; w* is in `kernel`)
    bool computing = false;   // the kernel learner's feature-space part is still being computed (see below;
                              // R is known meanwhile, except for a kernel whose PSD check is pending)
    KernelTheory kernel;      // Algorithm::Kernel: the feature-space solve (w* as dual coefficients, spectrum)
};

// The learner space is learner_features(x, lift, bias) for BiasMode::Absorbed and None, and
// [phi(x), 1] for BiasMode::Explicit (the proof treats b as one more weight). For Algorithm::Kernel it is
// the feature space of the kernel the learner computes with (K + 1 with a bias, K without:
// kernel_theory.hpp); best is the picture's separator in the lifted input space as for the primal learners.
TheorySummary analyze(const Dataset& data, const TrainConfig& config, const SolverLimits& limits = {});

// analyze() in two parts, for a caller that must not wait for the kernel learner's Gram solve (the widget
// spreads it over frames with a KernelTheoryJob): analyze_explicit_part() fills everything except the
// kernel learner's feature-space numbers and sets computing = true for Algorithm::Kernel;
// apply_kernel_theory() fills those in from the finished job and clears computing.
TheorySummary analyze_explicit_part(const Dataset& data, const TrainConfig& config, const SolverLimits& limits = {});
void apply_kernel_theory(TheorySummary& summary, const KernelTheory& kernel);

}  // namespace pl
