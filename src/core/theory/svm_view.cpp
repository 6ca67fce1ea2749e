// The hard-margin SVM read off the maximum-margin solvers (svm_view.hpp has the formulas).
#include "core/theory/svm_view.hpp"

#include <algorithm>

#include "core/learn/lift.hpp"

namespace pl {

SvmPrimal svm_primal(const Separator& best, const std::vector<Vec>& points, const std::vector<int>& labels) {
    SvmPrimal out;
    out.undecided = best.undecided;
    if (!best.separable || !(best.margin > 0)) {
        out.reason = best.reason.empty() ? "no line separates the classes" : best.reason;
        return out;
    }
    // The unit separator scaled by 1 / gamma: the closest points' functional margin becomes exactly 1.
    const double scale = 1.0 / best.margin;
    out.separable = true;
    out.w = best.w;
    for (double& v : out.w) v *= scale;
    out.b = best.b * scale;
    out.margin = best.margin;
    out.support = best.support;
    std::sort(out.support.begin(), out.support.end());
    if (points.size() != labels.size()) return out;
    out.constraint.reserve(points.size());
    for (std::size_t n = 0; n < points.size(); ++n) out.constraint.push_back(labels[n] * (dot(out.w, points[n]) + out.b));
    return out;
}

SvmDual svm_dual(const KernelTheory& kernel, const std::vector<int>& labels, BiasMode bias) {
    SvmDual out;
    out.applies = true;
    out.offset = kernel_offset(bias);
    const bool usable = kernel.applicable && kernel.separable && !kernel.undecided && kernel.gamma_star > 0 &&
                        kernel.dual.size() == labels.size() && kernel.reference.point_margins.size() == labels.size();
    if (!usable) {
        out.reason = kernel.reason.empty() ? "the kernel's feature space gives no separator here" : kernel.reason;
        return out;
    }
    out.separable = true;
    out.margin = kernel.gamma_star;
    // alpha_j = y_j d_j / gamma*: the unit w* = sum d_j phi~(x_j) scaled to functional margin 1.
    std::vector<bool> in_support(labels.size(), false);
    for (std::size_t j : kernel.support)
        if (j < labels.size()) in_support[j] = true;
    for (std::size_t j = 0; j < labels.size(); ++j)
        if (kernel.dual[j] != 0.0) in_support[j] = true;
    double signed_sum = 0.0;
    for (std::size_t j = 0; j < labels.size(); ++j) {
        if (!in_support[j]) continue;
        const double alpha = std::max(0.0, labels[j] * kernel.dual[j] / kernel.gamma_star);
        out.support.push_back(j);
        out.alpha.push_back(alpha);
        signed_sum += alpha * labels[j];
    }
    out.b = out.offset * signed_sum;
    // y_n v.phi~(x_n) = (y_n w*.phi~(x_n)) / gamma*: the solver's own per-point margins, rescaled.
    out.constraint.reserve(labels.size());
    for (double m : kernel.reference.point_margins) out.constraint.push_back(m / kernel.gamma_star);
    return out;
}

SvmView svm_view(const Dataset& data, const TrainConfig& config, const TheorySummary& theory) {
    SvmView view;
    std::vector<Vec> canvas_space;
    canvas_space.reserve(data.size());
    for (const Vec& x : data.points) canvas_space.push_back(apply_lift(config.lift, x));
    view.primal = svm_primal(theory.best, canvas_space, data.labels);
    if (config.algorithm == Algorithm::Kernel) {
        if (theory.computing) {
            view.dual.applies = true;
            view.dual.computing = true;
            view.dual.offset = kernel_offset(config.bias);
            view.dual.reason = "the kernel's feature space is still being solved";
        } else if (!theory.applicable && theory.kernel.reason.empty()) {
            view.dual.applies = true;
            view.dual.reason = theory.why_not;
        } else {
            view.dual = svm_dual(theory.kernel, data.labels, config.bias);
        }
    }
    return view;
}

}  // namespace pl
