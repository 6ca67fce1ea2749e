// Lecture 001's hard-margin SVM, read off the exact maximum-margin solvers the theory already runs.
//
// Primal (the picture's space: the raw points, or phi(x) when a lift is on, where TheorySummary::best lives):
//     min over w, b of  1/2 |w|^2   subject to  y_n (w.x_n + b) >= 1 for every n.
// max_margin_with_bias gives the unit normal u, offset c and geometric margin gamma of the widest line.
// Scaling it so the closest points have functional margin exactly 1 gives the SVM's answer:
//     w = u / gamma,  b = c / gamma,  and the margin 1/|w| = gamma.
// (Any feasible (w, b) has 1/|w| <= gamma, since (w, b)/|w| separates with margin 1/|w|; this one reaches it.)
// The support vectors are the points the solver found at the margin: their constraint y_n (w.x_n + b) is 1,
// every other point's is larger.
//
// Dual (the kernel perceptron only): its feature space is K~'s (kernel_theory.hpp: K + 1 with a bias, K
// without), where the solver finds the unit w* = sum_j d_j phi~(x_j) (KernelTheory::dual) with margin gamma*
// through the origin. The same scaling gives the SVM through the origin of that space,
//     min 1/2 |v|^2  subject to  y_n v.phi~(x_n) >= 1,   v = w* / gamma* = sum_j alpha_j y_j phi~(x_j),
//     alpha_j = y_j d_j / gamma*   (>= 0: d_j has the sign of y_j; the Wolfe weights over |x|^2, the KKT form).
// Written with the learner's own bias convention, K~ = K + c (c = kernel_offset: 1 with a bias, 0 without):
//     f(x) = sum_j alpha_j y_j K(x_j, x) + b,   b = c * sum_j alpha_j y_j,
// so the bias is the weight on the constant feature (penalised in |v| like every other weight, unlike the
// textbook SVM's free b) and y_n f(x_n) = y_n v.phi~(x_n) is 1 on the support vectors.
// Std only; nothing here solves anything new.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/learn/dataset.hpp"
#include "core/learn/vec.hpp"
#include "core/base/config.hpp"
#include "core/theory/theory.hpp"

namespace pl {

struct SvmPrimal {
    bool separable = false;
    bool undecided = false;              // the solver declined (too many points, iteration cap)
    std::string reason;                  // why there is no SVM (the solver's own words)
    Vec w;                               // the SVM's weights (|w| = 1 / margin)
    double b = 0;
    double margin = 0;                   // 1 / |w|: the geometric margin of the widest line
    std::vector<std::size_t> support;    // 0-based point indices, ascending
    std::vector<double> constraint;      // y_n (w.x_n + b) for every point (1 on the support vectors)
};

struct SvmDual {
    bool applies = false;                // the kernel perceptron (else nothing below means anything)
    bool computing = false;              // its Gram solve is still running
    bool separable = false;
    std::string reason;                  // why not (not separable, not a dot product, undecided)
    std::vector<std::size_t> support;    // 0-based indices of the points with alpha > 0 or at the margin
    std::vector<double> alpha;           // alpha of each support vector (same order)
    double b = 0;                        // offset * sum alpha_j y_j (the learner's bias convention)
    double offset = 0;                   // kernel_offset: the K~ = K + offset the learner computes with
    double margin = 0;                   // gamma* = 1 / |v| in K~'s feature space
    std::vector<double> constraint;      // y_n (sum_j alpha_j y_j K~(x_j, x_n)) for every point
};

// The primal from a with-bias separator and the points it was solved on (same order as the labels; no points
// and no labels: everything but the constraint values).
SvmPrimal svm_primal(const Separator& best, const std::vector<Vec>& points, const std::vector<int>& labels);
// The dual from the kernel learner's finished feature-space solve.
SvmDual svm_dual(const KernelTheory& kernel, const std::vector<int>& labels, BiasMode bias);

struct SvmView {
    SvmPrimal primal;
    SvmDual dual;
};
// Both, for the data and settings the theory was computed for (the primal in the canvas's space:
// apply_lift on every point when a lift is on). Reads `theory`; solves nothing again.
SvmView svm_view(const Dataset& data, const TrainConfig& config, const TheorySummary& theory);

}  // namespace pl
