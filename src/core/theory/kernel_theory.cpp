// R, gamma* and the bound in the kernel learner's feature space (see kernel_theory.hpp).
#include "core/theory/kernel_theory.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "core/learn/kernel.hpp"
#include "core/learn/lift.hpp"
#include "core/theory/gram_min_norm.hpp"
#include "core/theory/theory.hpp"

namespace pl {

namespace {

constexpr double kExactRelativeGap = 1e-6;  // the promise: gamma* to 1e-6 relative
// A minimum-norm point this short (|x|^2 <= 1e-16 R^2, gamma* <= 1e-8 R) that does not separate is the
// origin to working precision.
constexpr double kZeroShare = 1e-16;

std::string point_name(std::size_t i) { return "point " + std::to_string(i + 1); }

std::string short_number(double v, int digits = 4) {
    char text[40];
    std::snprintf(text, sizeof text, "%.*g", digits, v);
    return text;
}

// The kernel's name inside a sentence.
std::string kernel_name(const TrainConfig& config) {
    switch (config.kernel.type) {
        case KernelType::Linear: return "linear";
        case KernelType::Polynomial: return "polynomial";
        case KernelType::Gaussian: return "Gaussian";
        case KernelType::Rbf: return "RBF";
        case KernelType::Sigmoid: return "sigmoid";
    }
    return "this";
}

// "K" or "K + 1": the matrix the learner really uses, in words.
std::string gram_name(const TrainConfig& config) {
    return kernel_offset(config.bias) != 0.0 ? "K(x_i, x_j) + 1" : "K(x_i, x_j)";
}

// The sigmoid kernel, and the polynomial kernel with c < 0, are dot products only for some parameters
// and data; every other kernel here is positive semi-definite by construction.
bool needs_spectrum(const KernelParams& k) {
    return k.type == KernelType::Sigmoid || (k.type == KernelType::Polynomial && k.coef0 < 0.0);
}

// Distinct points always have a positive definite Gram matrix under these kernels (Gaussian with sigma <= 0
// degenerates to "1 if equal else 0", the identity on distinct points); + 1 keeps it positive definite.
bool positive_definite_on_distinct_points(const KernelParams& k) {
    return k.type == KernelType::Gaussian || (k.type == KernelType::Rbf && k.gamma > 0.0);
}

// Two copies of one lifted point with opposite labels: {first, second} or {n, n}.
std::pair<std::size_t, std::size_t> opposite_duplicate(const std::vector<Vec>& zs, const std::vector<double>& ys) {
    std::vector<std::size_t> order(zs.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (zs[a] != zs[b]) return zs[a] < zs[b];
        return ys[a] < ys[b];
    });
    for (std::size_t k = 1; k < order.size(); ++k) {
        const std::size_t a = order[k - 1], b = order[k];
        if (zs[a] == zs[b] && ys[a] != ys[b]) return {std::min(a, b), std::max(a, b)};
    }
    return {zs.size(), zs.size()};
}

}  // namespace

// [SECTION] The kernel the learner computes with

double kernel_offset(BiasMode bias) { return bias == BiasMode::None ? 0.0 : 1.0; }

double learner_kernel(const TrainConfig& config, const Vec& lifted_a, const Vec& lifted_b) {
    return kernel_eval(config.kernel, lifted_a, lifted_b) + kernel_offset(config.bias);
}

std::string kernel_decision_formula(const TrainConfig& config) {
    const bool lifted = config.lift != LiftKind::None;
    const std::string k = lifted ? "K(\xCF\x86(x\xE1\xB5\xA2), \xCF\x86(x))" : "K(x\xE1\xB5\xA2, x)";
    const std::string sum = "f(x) = \xCE\xA3\xE1\xB5\xA2 \xCE\xB1\xE1\xB5\xA2 y\xE1\xB5\xA2 ";
    switch (config.bias) {
        case BiasMode::None: return sum + k;
        case BiasMode::Absorbed: return sum + "(" + k + " + 1)";
        case BiasMode::Explicit: return sum + k + " + b";
    }
    return sum + k;
}

// [SECTION] The job

KernelTheoryJob::KernelTheoryJob(const Dataset& data, const TrainConfig& config, const KernelSolverLimits& limits)
    : config_(config), limits_(limits) {
    const std::size_t n = std::min(data.points.size(), data.labels.size());
    result_.n = n;
    if (n == 0) { conclude(false, "no points"); return; }
    lifted_.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        lifted_.push_back(apply_lift(config_.lift, data.points[i]));
        labels_.push_back(data.labels[i] > 0 ? 1.0 : -1.0);
        diagonal_.push_back(learner_kernel(config_, lifted_.back(), lifted_.back()));
    }
    const double largest = *std::max_element(diagonal_.begin(), diagonal_.end());
    result_.R = std::sqrt(std::max(0.0, largest));
    scale_ = largest > 0.0 ? largest : 1.0;

    result_.spectrum.needed = needs_spectrum(config_.kernel);
    if (result_.spectrum.needed) {
        if (n > limits_.max_eigen_points) {
            result_.spectrum.message = "not checked: the eigenvalues are computed for up to " +
                                       std::to_string(limits_.max_eigen_points) + " points (this set has " +
                                       std::to_string(n) + ")";
            result_.applicable = false;
            result_.undecided = true;
            result_.R = std::numeric_limits<double>::quiet_NaN();
            conclude(false, "not checked whether the " + kernel_name(config_) + " kernel is a dot product on these " +
                                std::to_string(n) + " points (its Gram matrix's eigenvalues are computed for up to " +
                                std::to_string(limits_.max_eigen_points) + " points), so R and gamma* are not defined here");
            return;
        }
        start_spectrum();
        return;
    }
    after_spectrum();
}

KernelTheoryJob::~KernelTheoryJob() = default;

void KernelTheoryJob::start_spectrum() {
    const std::size_t n = lifted_.size();
    std::vector<double> gram(n * n);
    double frobenius = 0.0;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j <= i; ++j) {
            const double value = i == j ? diagonal_[i] : learner_kernel(config_, lifted_[i], lifted_[j]);
            gram[i * n + j] = gram[j * n + i] = value;
            frobenius += (i == j ? 1.0 : 2.0) * value * value;
        }
    // Householder + QL is backward stable: each eigenvalue is off by at most a few n * eps * |A|.
    result_.spectrum.tolerance = 10.0 * static_cast<double>(n) * std::numeric_limits<double>::epsilon() * std::sqrt(frobenius);
    eigen_ = std::make_unique<SymmetricEigenvalues>(std::move(gram), n);
    phase_ = Phase::Spectrum;
}

void KernelTheoryJob::after_spectrum() {
    GramSpectrum& spectrum = result_.spectrum;
    if (eigen_) {
        if (eigen_->failed() || eigen_->values().empty()) {
            spectrum.message = "not checked: the eigenvalue solver did not converge";
            result_.applicable = false;
            result_.undecided = true;
            eigen_.reset();
            conclude(false, "the eigenvalues of the " + kernel_name(config_) + " kernel's Gram matrix could not be computed");
            return;
        }
        spectrum.computed = true;
        spectrum.min_eigenvalue = eigen_->values().front();
        spectrum.psd = spectrum.min_eigenvalue >= -spectrum.tolerance;
        eigen_.reset();
        if (!spectrum.psd) {
            spectrum.message = "not positive semi-definite on these points";
            result_.applicable = false;
            result_.R = std::numeric_limits<double>::quiet_NaN();
            conclude(false, "the " + kernel_name(config_) + " kernel is not a dot product on these points: the smallest "
                            "eigenvalue of the Gram matrix " + gram_name(config_) + " is " +
                            short_number(spectrum.min_eigenvalue) +
                            " < 0, so there is no feature space in which to measure R and gamma*");
            return;
        }
        spectrum.message = "positive semi-definite on these points (to rounding)";
    }
    const std::size_t n = lifted_.size();
    if (n > limits_.max_points) {
        result_.undecided = true;
        conclude(false, "too many points for the exact feature-space solver (" + std::to_string(n) + " > " +
                            std::to_string(limits_.max_points) + ")");
        return;
    }
    const auto [a, b] = opposite_duplicate(lifted_, labels_);
    if (a < n) {
        conclude(false, point_name(a) + " and " + point_name(b) + " are the same point with opposite labels: no "
                        "kernel can separate them (both have the same f(x))");
        return;
    }
    for (std::size_t i = 0; i < n; ++i)
        if (!(diagonal_[i] > 0.0)) {
            conclude(false, point_name(i) + " is the origin of the feature space (" + gram_name(config_) +
                            " = 0 there), where every hyperplane through the origin passes");
            return;
        }
    start_solve();
}

void KernelTheoryJob::gram_column(std::size_t j, std::vector<double>& out) const {
    const double yj = labels_[j] / scale_;
    for (std::size_t i = 0; i < lifted_.size(); ++i)
        out[i] = i == j ? diagonal_[i] / scale_ : labels_[i] * yj * learner_kernel(config_, lifted_[i], lifted_[j]);
}

void KernelTheoryJob::start_solve() {
    std::vector<double> diagonal(diagonal_.size());
    for (std::size_t i = 0; i < diagonal.size(); ++i) diagonal[i] = diagonal_[i] / scale_;
    solver_ = std::make_unique<detail::GramMinNormPoint>(
        lifted_.size(), [this](std::size_t j, std::vector<double>& out) { gram_column(j, out); }, std::move(diagonal),
        limits_.max_iterations, limits_.max_work);
    phase_ = Phase::Solve;
}

void KernelTheoryJob::finish_solve() {
    using Status = detail::GramMinNormPoint::Status;
    const detail::GramMinNormPoint& s = *solver_;
    result_.iterations = s.iterations();
    const bool known_separable = positive_definite_on_distinct_points(config_.kernel);
    const std::string pd_note = "distinct points are always separable with the " + kernel_name(config_) +
                                " kernel: its Gram matrix is positive definite";
    if (s.status() == Status::Capped) {
        result_.undecided = true;
        conclude(known_separable, "the exact solver reached its limit after " + std::to_string(s.iterations()) +
                                      " iterations without an answer; gamma* is at most " +
                                      short_number(std::sqrt(std::max(0.0, s.squared_norm()) * scale_)));
        if (known_separable) result_.note = pd_note;
        return;
    }
    const double xx = s.squared_norm();
    const std::vector<double>& g = s.products();
    const double lowest = *std::min_element(g.begin(), g.end());
    if (s.status() == Status::Zero || !(xx > 0.0) || (xx <= kZeroShare && !(lowest > 0.0))) {
        if (known_separable) {
            result_.undecided = true;
            result_.note = pd_note;
            conclude(true, "separable, but gamma* is below 1e-8 R: too small to compute in double precision");
        } else {
            conclude(false, "not separable in the feature space of " + gram_name(config_) +
                            ": the origin lies in the convex hull of the points y*phi~(x)");
        }
        return;
    }
    const double gap = s.relative_gap();
    if (!(gap <= kExactRelativeGap) || !(lowest > 0.0)) {
        result_.undecided = true;
        if (known_separable) result_.note = pd_note;
        std::string bracket;
        if (lowest > 0.0)
            bracket = " (it lies between " + short_number(lowest * std::sqrt(scale_ / xx), 7) + " and " +
                      short_number(std::sqrt(xx * scale_), 7) + ")";
        conclude(known_separable, "rounding in the kernel values stops the exact solver from pinning gamma* down to "
                                  "1e-6 relative on this data" + bracket);
        return;
    }
    // Normalised points p_i = y_i phi~(x_i) / R: g_i = p_i . x, so the margin of point i under
    // w* = x / |x| is g_i R / |x|, and w* = sum_k lambda_k y_k phi~(x_k) / (R |x|).
    const double root = std::sqrt(xx);
    const double to_margin = std::sqrt(scale_) / root;
    result_.reference.point_margins.resize(g.size());
    for (std::size_t i = 0; i < g.size(); ++i) result_.reference.point_margins[i] = g[i] * to_margin;
    result_.dual.assign(g.size(), 0.0);
    double dual_sum = 0.0;
    for (std::size_t k = 0; k < s.corral().size(); ++k) {
        const std::size_t j = s.corral()[k];
        result_.dual[j] = s.weights()[k] * labels_[j] / (root * std::sqrt(scale_));
        dual_sum += result_.dual[j];
    }
    result_.reference.constant_weight = kernel_offset(config_.bias) * dual_sum;
    result_.gamma_star = lowest * to_margin;
    result_.gamma_upper = root * std::sqrt(scale_);
    result_.bound = mistake_bound(result_.R, result_.gamma_star);
    const double tolerance = 1e-9 * std::max(result_.gamma_star, 1e-300);
    for (std::size_t i = 0; i < g.size(); ++i)
        if (result_.reference.point_margins[i] <= result_.gamma_star + tolerance) result_.support.push_back(i);
    if (known_separable) result_.note = pd_note;
    conclude(true, "");
}

void KernelTheoryJob::conclude(bool separable, std::string reason) {
    result_.separable = separable;
    result_.reason = std::move(reason);
    if (!separable || result_.undecided) {
        result_.gamma_star = result_.separable && result_.gamma_star > 0.0 ? result_.gamma_star : 0.0;
        result_.bound = std::numeric_limits<double>::infinity();
    }
    solver_.reset();
    eigen_.reset();
    phase_ = Phase::Done;
    done_ = true;
}

bool KernelTheoryJob::advance(std::chrono::steady_clock::time_point deadline) {
    while (!done_) {
        if (phase_ == Phase::Spectrum) {
            if (eigen_->step()) after_spectrum();
        } else if (phase_ == Phase::Solve) {
            if (solver_->step() != detail::GramMinNormPoint::Status::Running) finish_solve();
        }
        if (!done_ && std::chrono::steady_clock::now() >= deadline) return false;
    }
    return true;
}

void KernelTheoryJob::finish() { advance(std::chrono::steady_clock::time_point::max()); }

std::string KernelTheoryJob::progress() const {
    if (done_) return "done";
    if (phase_ == Phase::Spectrum && eigen_) {
        const std::size_t n = eigen_->size();
        return "checking the Gram matrix's eigenvalues (" + std::to_string(n - std::min(n, eigen_->rows_left())) +
               " of " + std::to_string(n) + " rows)";
    }
    return "solving for gamma* in the feature space (iteration " + std::to_string(solver_ ? solver_->iterations() : 0) + ")";
}

KernelTheory kernel_theory(const Dataset& data, const TrainConfig& config, const KernelSolverLimits& limits) {
    KernelTheoryJob job(data, config, limits);
    job.finish();
    return job.result();
}

}  // namespace pl
