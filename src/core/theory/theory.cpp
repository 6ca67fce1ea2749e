// Radius, margins, the two maximum-margin separators, separability and the theory summary.
#include "core/theory/theory.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/learn/lift.hpp"
#include "core/theory/min_norm_point.hpp"

namespace pl {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::size_t kNone = static_cast<std::size_t>(-1);

// [SECTION] Checks shared by both solvers

// A point listed with both labels can never be separated (with or without a bias).
// Returns the pair of indices, or {kNone, kNone}. O(N log N).
std::pair<std::size_t, std::size_t> point_with_both_labels(const std::vector<Vec>& xs, const std::vector<int>& ys) {
    std::vector<std::size_t> order(xs.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (xs[a] != xs[b]) return xs[a] < xs[b];
        return ys[a] < ys[b];
    });
    for (std::size_t k = 1; k < order.size(); ++k) {
        const std::size_t a = order[k - 1], b = order[k];
        if (xs[a] == xs[b] && ys[a] != ys[b]) return {std::min(a, b), std::max(a, b)};
    }
    return {kNone, kNone};
}

std::string point_name(std::size_t i) { return "point " + std::to_string(i + 1); }

// Common input checks. Returns false (and fills `out`) when there is nothing to solve.
bool check_input(const std::vector<Vec>& xs, const std::vector<int>& ys, const SolverLimits& limits,
                 Separator& out) {
    if (xs.empty()) { out.reason = "no points"; return false; }
    if (xs.size() != ys.size()) { out.reason = "the numbers of points and labels differ"; out.undecided = true; return false; }
    for (int y : ys)
        if (y != 1 && y != -1) { out.reason = "labels must be +1 or -1"; out.undecided = true; return false; }
    for (const Vec& x : xs)
        if (x.size() != xs.front().size()) { out.reason = "the points have different dimensions"; out.undecided = true; return false; }
    if (xs.size() > limits.max_points) {
        out.reason = "too many points for the exact solver (" + std::to_string(xs.size()) + " > " +
                     std::to_string(limits.max_points) + ")";
        out.undecided = true;
        return false;
    }
    const auto [a, b] = point_with_both_labels(xs, ys);
    if (a != kNone) {
        out.reason = "a point appears with both labels (" + point_name(a) + " and " + point_name(b) + ")";
        return false;
    }
    return true;
}

// Fills margin and support of a separable answer from the data, by definition:
// margin = min_i y_i (w.x_i + b), support = the points within rounding of it.
void finish_separator(const std::vector<Vec>& xs, const std::vector<int>& ys, Separator& s) {
    for (double& c : s.w) c += 0.0;  // turn -0 into +0 so printed answers read naturally
    s.b += 0.0;
    const SetMargin m = margin_on_set(s.w, s.b, xs, ys);
    s.margin = m.functional;  // |w| = 1
    const double tolerance = 1e-9 * std::max({1.0, radius(xs), std::fabs(s.b)});
    s.support.clear();
    for (std::size_t i = 0; i < xs.size(); ++i)
        if (functional_margin(s.w, s.b, xs[i], ys[i]) <= s.margin + tolerance) s.support.push_back(i);
}

// [SECTION] Vertex oracles for Wolfe's algorithm

// conv{ y_i z_i }: the through-origin problem.
class SignedPoints final : public detail::VertexOracle {
public:
    SignedPoints(const std::vector<Vec>& zs, const std::vector<int>& ys) : zs_(zs), ys_(ys) {
        for (const Vec& z : zs) scale_ = std::max(scale_, squared_norm(z));
    }
    Vec vertex(std::size_t id) const override {
        Vec v = zs_[id];
        for (double& c : v) c *= ys_[id];
        return v;
    }
    std::size_t minimize(const Vec& d) const override {
        std::size_t best = 0;
        double best_value = kInf;
        for (std::size_t i = 0; i < zs_.size(); ++i) {
            const double value = ys_[i] * dot(zs_[i], d);
            if (value < best_value) { best_value = value; best = i; }
        }
        return best;
    }
    std::size_t start() const override {
        std::size_t best = 0;
        for (std::size_t i = 1; i < zs_.size(); ++i)
            if (squared_norm(zs_[i]) < squared_norm(zs_[best])) best = i;
        return best;
    }
    double scale_squared() const override { return scale_; }

private:
    const std::vector<Vec>& zs_;
    const std::vector<int>& ys_;
    double scale_ = 0;
};

// conv(P) - conv(N) = conv{ p - n }: the with-bias problem. Vertex id = i * |N| + j for the pair (P_i, N_j).
class HullDifference final : public detail::VertexOracle {
public:
    HullDifference(const std::vector<const Vec*>& positives, const std::vector<const Vec*>& negatives)
        : pos_(positives), neg_(negatives) {
        double rp = 0, rn = 0;
        for (const Vec* p : pos_) rp = std::max(rp, norm(*p));
        for (const Vec* n : neg_) rn = std::max(rn, norm(*n));
        scale_ = (rp + rn) * (rp + rn);
    }
    std::size_t positive_of(std::size_t id) const { return id / neg_.size(); }
    std::size_t negative_of(std::size_t id) const { return id % neg_.size(); }
    Vec vertex(std::size_t id) const override {
        Vec v = *pos_[positive_of(id)];
        add_scaled(v, -1.0, *neg_[negative_of(id)]);
        return v;
    }
    std::size_t minimize(const Vec& d) const override {
        std::size_t best_p = 0, best_n = 0;
        double low = kInf, high = -kInf;
        for (std::size_t i = 0; i < pos_.size(); ++i) {
            const double value = dot(*pos_[i], d);
            if (value < low) { low = value; best_p = i; }
        }
        for (std::size_t j = 0; j < neg_.size(); ++j) {
            const double value = dot(*neg_[j], d);
            if (value > high) { high = value; best_n = j; }
        }
        return best_p * neg_.size() + best_n;
    }
    // Start from the pair that is closest along the direction between the class means.
    std::size_t start() const override {
        Vec direction(pos_.front()->size(), 0.0);
        for (const Vec* p : pos_) add_scaled(direction, 1.0 / static_cast<double>(pos_.size()), *p);
        for (const Vec* n : neg_) add_scaled(direction, -1.0 / static_cast<double>(neg_.size()), *n);
        return minimize(direction);
    }
    double scale_squared() const override { return scale_; }

private:
    const std::vector<const Vec*>& pos_;
    const std::vector<const Vec*>& neg_;
    double scale_ = 0;
};

// The min-norm point is "zero" when it is this small relative to the size of the polytope.
bool is_zero(const Vec& x, double scale_squared) { return squared_norm(x) <= 1e-20 * scale_squared; }

std::string cap_reason(std::size_t iterations) {
    return "the exact solver stopped after " + std::to_string(iterations) + " iterations without an answer";
}

}  // namespace

// [SECTION] Radius and margins

double radius(const std::vector<Vec>& xs) {
    double r2 = 0;
    for (const Vec& x : xs) r2 = std::max(r2, squared_norm(x));
    return std::sqrt(r2);
}

double functional_margin(const Vec& w, double b, const Vec& x, int y) { return y * (dot(w, x) + b); }

double geometric_margin(const Vec& w, double b, const Vec& x, int y) {
    const double length = norm(w);
    return length > 0 ? functional_margin(w, b, x, y) / length : 0.0;
}

SetMargin margin_on_set(const Vec& w, double b, const std::vector<Vec>& xs, const std::vector<int>& ys) {
    SetMargin result{kInf, kInf, kNone};
    for (std::size_t i = 0; i < xs.size() && i < ys.size(); ++i) {
        const double m = functional_margin(w, b, xs[i], ys[i]);
        if (m < result.functional) { result.functional = m; result.argmin = i; }
    }
    if (result.argmin == kNone) return result;
    const double length = norm(w);
    result.geometric = length > 0 ? result.functional / length : 0.0;
    return result;
}

double mistake_bound(double R, double gamma) {
    if (!(gamma > 0) || !std::isfinite(R)) return kInf;
    const double ratio = R / gamma;
    return ratio * ratio;
}

// [SECTION] Maximum-margin separators

Separator max_margin_through_origin(const std::vector<Vec>& zs, const std::vector<int>& ys,
                                    const SolverLimits& limits) {
    Separator s;
    if (!check_input(zs, ys, limits, s)) return s;
    for (std::size_t i = 0; i < zs.size(); ++i)
        if (squared_norm(zs[i]) == 0.0) {
            s.reason = point_name(i) + " is at the origin, where every hyperplane through the origin passes";
            return s;
        }
    const SignedPoints oracle(zs, ys);
    const detail::MinNormPoint p = detail::min_norm_point(oracle, limits.max_iterations);
    if (!p.converged) { s.reason = cap_reason(p.iterations); s.undecided = true; return s; }
    if (!is_zero(p.x, oracle.scale_squared())) {
        s.w = p.x;
        const double length = norm(s.w);
        for (double& c : s.w) c /= length;
        finish_separator(zs, ys, s);
        if (s.margin > 0) { s.separable = true; return s; }
    }
    s = Separator{};
    s.reason = "no hyperplane through the origin separates the classes: the origin lies in the convex hull "
               "of the points y*x";
    return s;
}

Separator max_margin_with_bias(const std::vector<Vec>& xs, const std::vector<int>& ys, const SolverLimits& limits) {
    Separator s;
    if (!check_input(xs, ys, limits, s)) return s;
    std::vector<const Vec*> positives, negatives;
    for (std::size_t i = 0; i < xs.size(); ++i) (ys[i] > 0 ? positives : negatives).push_back(&xs[i]);
    if (positives.empty() || negatives.empty()) {
        s.reason = std::string("only one class (all points are ") + (positives.empty() ? "negative" : "positive") +
                   "): any far-away line separates them, so there is no best separator";
        return s;
    }
    const HullDifference oracle(positives, negatives);
    const detail::MinNormPoint p = detail::min_norm_point(oracle, limits.max_iterations);
    if (!p.converged) { s.reason = cap_reason(p.iterations); s.undecided = true; return s; }
    if (!is_zero(p.x, oracle.scale_squared())) {
        // p.x = a - c with a in conv(P), c in conv(N) the closest pair; the best line bisects them.
        Vec a(xs.front().size(), 0.0), c(xs.front().size(), 0.0);
        for (std::size_t k = 0; k < p.corral.size(); ++k) {
            add_scaled(a, p.weights[k], *positives[oracle.positive_of(p.corral[k])]);
            add_scaled(c, p.weights[k], *negatives[oracle.negative_of(p.corral[k])]);
        }
        Vec gap = a;
        add_scaled(gap, -1.0, c);
        const double length = norm(gap);
        if (length > 0) {
            s.w = gap;
            for (double& v : s.w) v /= length;
            s.b = -0.5 * (dot(s.w, a) + dot(s.w, c));
            finish_separator(xs, ys, s);
            if (s.margin > 0) { s.separable = true; return s; }
        }
    }
    s = Separator{};
    s.reason = "the convex hulls of the two classes overlap or touch, so no line (hyperplane) separates them";
    return s;
}

bool linearly_separable(const std::vector<Vec>& xs, const std::vector<int>& ys, bool with_bias) {
    if (xs.empty()) return false;
    if (with_bias) {
        const bool has_pos = std::find(ys.begin(), ys.end(), 1) != ys.end();
        const bool has_neg = std::find(ys.begin(), ys.end(), -1) != ys.end();
        if (has_pos != has_neg && ys.size() == xs.size()) return true;  // one class: w = 0, b = y
        return max_margin_with_bias(xs, ys).separable;
    }
    return max_margin_through_origin(xs, ys).separable;
}

// [SECTION] Theory summary

TheorySummary analyze_explicit_part(const Dataset& data, const TrainConfig& config, const SolverLimits& limits) {
    TheorySummary t;
    t.n = data.size();

    std::vector<Vec> lifted, learner_space;
    lifted.reserve(data.size());
    learner_space.reserve(data.size());
    for (const Vec& x : data.points) {
        lifted.push_back(apply_lift(config.lift, x));
        if (config.bias == BiasMode::Explicit) {
            Vec z = lifted.back();
            z.push_back(1.0);  // the proof treats the explicit b as one more weight on a constant feature
            learner_space.push_back(std::move(z));
        } else {
            learner_space.push_back(learner_features(x, config.lift, config.bias));
        }
    }
    t.best = max_margin_with_bias(lifted, data.labels, limits);
    t.plane = config.lift == LiftKind::None ? t.best : max_margin_with_bias(data.points, data.labels, limits);
    const std::size_t positives = count_label(data, 1);
    t.hulls_apart = t.plane.separable || (t.n > 0 && (positives == 0 || positives == t.n));

    if (config.algorithm == Algorithm::Kernel) {
        t.computing = true;  // the feature-space numbers come from the Gram matrix (apply_kernel_theory)
        return t;
    }

    t.origin = max_margin_through_origin(learner_space, data.labels, limits);
    t.R = radius(learner_space);
    t.separable = t.origin.separable;
    t.gamma_star = t.separable ? t.origin.margin : 0.0;
    t.bound = mistake_bound(t.R, t.gamma_star);
    if (!t.separable) t.why_not = t.origin.reason;
    return t;
}

void apply_kernel_theory(TheorySummary& t, const KernelTheory& k) {
    t.computing = false;
    t.kernel = k;
    t.applicable = k.applicable;
    t.R = k.R;
    t.separable = k.separable;
    t.gamma_star = k.separable ? k.gamma_star : 0.0;
    t.bound = k.bound;
    t.why_not = k.reason;
    t.note = k.note;
    t.origin = Separator{};
    t.origin.separable = k.separable && !k.undecided;
    t.origin.margin = t.gamma_star;
    t.origin.support = k.support;
    t.origin.reason = k.reason;
    t.origin.undecided = k.undecided;
    if (!k.applicable) t.gamma_star = t.bound = std::numeric_limits<double>::quiet_NaN();
}

TheorySummary analyze(const Dataset& data, const TrainConfig& config, const SolverLimits& limits) {
    TheorySummary t = analyze_explicit_part(data, config, limits);
    if (t.computing) apply_kernel_theory(t, kernel_theory(data, config, limits.kernel));
    return t;
}

}  // namespace pl
