#include "core/learn/lift.hpp"

#include <cstddef>

namespace pl {

namespace {
constexpr double kSqrt2 = 1.4142135623730951;

double coordinate_or_zero(const Vec& x, std::size_t i) { return i < x.size() ? x[i] : 0.0; }

// The explicit degree-2 map whose dot product is the polynomial kernel (1 + u.v)^2:
// expanding (1 + sum u_i v_i)^2 gives 1, 2 u_i v_i, 2 u_i u_j v_i v_j (i<j) and u_i^2 v_i^2,
// so each cross and linear term carries a sqrt(2) (`root2`; 1 gives the map without those factors).
Vec poly2(const Vec& x, double root2) {
    const std::size_t d = x.size();
    Vec out;
    out.reserve((d + 1) * (d + 2) / 2);
    out.push_back(1.0);
    for (std::size_t i = 0; i < d; ++i) out.push_back(root2 * x[i]);
    for (std::size_t i = 0; i < d; ++i)
        for (std::size_t j = i + 1; j < d; ++j) out.push_back(root2 * x[i] * x[j]);
    for (std::size_t i = 0; i < d; ++i) out.push_back(x[i] * x[i]);
    return out;
}

// The per-coordinate factor of poly2's layout: `linear` on the linear and cross terms, 1 elsewhere.
Vec poly2_factors(int input_dim, double linear) {
    const std::size_t d = input_dim < 0 ? 0 : static_cast<std::size_t>(input_dim);
    Vec out(1, 1.0);
    out.resize(1 + d + d * (d - (d > 0 ? 1 : 0)) / 2, linear);
    out.resize((d + 1) * (d + 2) / 2, 1.0);
    return out;
}
}  // namespace

namespace {
// apply_lift written into `out`, which keeps its capacity (learner_features_into loops over many points).
void apply_lift_into(LiftKind kind, const Vec& raw, Vec& out) {
    if (kind == LiftKind::Poly2) {
        out = poly2(raw, kSqrt2);
        return;
    }
    out.assign(raw.begin(), raw.end());
    switch (kind) {
        case LiftKind::None:
        case LiftKind::Poly2: break;
        case LiftKind::Product: out.push_back(coordinate_or_zero(raw, 0) * coordinate_or_zero(raw, 1)); break;
        case LiftKind::Radial: out.push_back(squared_norm(raw)); break;
        case LiftKind::Constant: out.push_back(1.0); break;
    }
}
}  // namespace

Vec apply_lift(LiftKind kind, const Vec& raw) {
    Vec out;
    apply_lift_into(kind, raw, out);
    return out;
}

int lifted_dim(LiftKind kind, int input_dim) {
    const int d = input_dim < 0 ? 0 : input_dim;
    switch (kind) {
        case LiftKind::None: return d;
        case LiftKind::Product:
        case LiftKind::Radial:
        case LiftKind::Constant: return d + 1;
        case LiftKind::Poly2: return (d + 1) * (d + 2) / 2;
    }
    return d;
}

Vec learner_features(const Vec& raw, LiftKind kind, BiasMode bias) {
    Vec out;
    learner_features_into(raw, kind, bias, out);
    return out;
}

void learner_features_into(const Vec& raw, LiftKind kind, BiasMode bias, Vec& out) {
    apply_lift_into(kind, raw, out);
    if (bias == BiasMode::Absorbed) out.push_back(1.0);
}

int learner_dim(LiftKind kind, BiasMode bias, int input_dim) {
    return lifted_dim(kind, input_dim) + (bias == BiasMode::Absorbed ? 1 : 0);
}

Vec lift_unscaled(LiftKind kind, const Vec& raw) { return kind == LiftKind::Poly2 ? poly2(raw, 1.0) : apply_lift(kind, raw); }
Vec lift_scales(LiftKind kind, int input_dim) { return kind == LiftKind::Poly2 ? poly2_factors(input_dim, kSqrt2) : Vec{}; }
Vec lift_square_scales(LiftKind kind, int input_dim) { return kind == LiftKind::Poly2 ? poly2_factors(input_dim, 2.0) : Vec{}; }

const char* lift_formula(LiftKind kind) {
    switch (kind) {
        case LiftKind::None: return "phi(x) = x";
        case LiftKind::Product: return "phi(x) = (x1, x2, x1*x2)";
        case LiftKind::Radial: return "phi(x) = (x1, x2, x1^2 + x2^2)";
        case LiftKind::Poly2: return "phi(u) = (1, sqrt2*u1, sqrt2*u2, sqrt2*u1*u2, u1^2, u2^2)";
        case LiftKind::Constant: return "phi(x) = (x, 1)";
    }
    return "";
}

}  // namespace pl
