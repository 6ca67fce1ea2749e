// Small data and settings builders shared by the learner and theory tests (header-only; not a test
// file itself).
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "core/learn/dataset.hpp"
#include "core/learn/lift.hpp"
#include "core/learn/rng.hpp"
#include "core/learn/vec.hpp"
#include "core/session/session.hpp"
#include "core/base/config.hpp"

namespace pl::test {

// The kernel perceptron with this kernel and bias mode, every other setting at its default.
inline TrainConfig kernel_config(KernelType type, BiasMode bias) {
    TrainConfig c;
    c.algorithm = Algorithm::Kernel;
    c.kernel.type = type;
    c.bias = bias;
    return c;
}

// n points drawn uniformly from [lo, hi]^dim, each labelled by label_of(x, rng) (+1 or -1) right after
// its coordinates are drawn, so a rule that draws from rng keeps the same sequence.
template <class Label>
Dataset uniform_points(std::size_t n, int dim, double lo, double hi, Rng& rng, Label label_of) {
    Dataset d;
    d.dim = dim;
    for (std::size_t i = 0; i < n; ++i) {
        Vec x(static_cast<std::size_t>(dim));
        for (double& v : x) v = rng.uniform(lo, hi);
        const int label = label_of(x, rng);
        d.add(x, label);
    }
    return d;
}

// The lecture-004 training set: (1,2)+ (2,1)+ (-1,-1)- (-1,1)-.
inline Dataset lecture_four_points() {
    Dataset d;
    d.dim = 2;
    d.add({1.0, 2.0}, +1);
    d.add({2.0, 1.0}, +1);
    d.add({-1.0, -1.0}, -1);
    d.add({-1.0, 1.0}, -1);
    return d;
}

inline Dataset xor_01() {  // (0,0)- (1,1)- (0,1)+ (1,0)+
    Dataset d;
    d.dim = 2;
    d.add({0.0, 0.0}, -1);
    d.add({1.0, 1.0}, -1);
    d.add({0.0, 1.0}, +1);
    d.add({1.0, 0.0}, +1);
    return d;
}

// Uniform points in [-1, 1]^dim with uniformly random labels (almost surely not separable for n >> dim).
inline Dataset random_labels(std::size_t n, int dim, std::uint64_t seed) {
    Rng rng(seed);
    return uniform_points(n, dim, -1.0, 1.0, rng, [](const Vec&, Rng& r) { return r.below(2) == 0 ? -1 : +1; });
}

// A separable set with a known separator: unit-norm w_star (and offset b_star when `with_offset`),
// every point at functional margin |w_star.x + b_star| >= margin (rejection sampling).
struct SeparableSet {
    Dataset data;
    Vec w_star;          // raw-space direction, |w_star| = 1
    double b_star = 0;   // offset
};

inline SeparableSet random_separable(std::size_t n, int dim, double margin, bool with_offset, Rng& rng) {
    SeparableSet s;
    s.data.dim = dim;
    s.w_star.resize(static_cast<std::size_t>(dim));
    for (double& v : s.w_star) v = rng.normal();
    const double length = norm(s.w_star);
    for (double& v : s.w_star) v /= length;
    s.b_star = with_offset ? rng.uniform(-0.3, 0.3) : 0.0;
    while (s.data.size() < n) {
        Vec x(static_cast<std::size_t>(dim));
        for (double& v : x) v = rng.uniform(-1.0, 1.0);
        const double value = dot(s.w_star, x) + s.b_star;
        if (std::fabs(value) < margin) continue;
        s.data.add(x, value > 0 ? +1 : -1);
    }
    return s;
}

// 2,000 spiral points under an RBF kernel (gamma 10, no bias): a Gram solve for gamma* far longer than
// one frame's slice, so a Session spreads it over advance_theory() calls.
inline WidgetState big_rbf_spirals() {
    GeneratorParams params;
    params.n = 2000;
    params.seed = 11;
    params.noise = 0.05;
    WidgetState state = Session::default_state();
    state.data = make_preset(Preset::Spirals, params);
    state.config.algorithm = Algorithm::Kernel;
    state.config.kernel.type = KernelType::Rbf;
    state.config.kernel.gamma = 10.0;
    state.config.bias = BiasMode::None;
    return state;
}

}  // namespace pl::test
