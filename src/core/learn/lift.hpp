// Feature maps phi: the raw point is mapped into a (usually bigger) space before the learner sees it.
// A linear separator in phi-space is a curved boundary in the raw plane (XOR, circles, ...).
//
// Every lift accepts any input dimension d and never fails:
//   None      phi(x) = x                                                         (d)
//   Product   phi(x) = [x, x1*x2]            a missing x1 or x2 is read as 0     (d + 1)
//   Radial    phi(x) = [x, |x|^2]            for d = 2 this is [x1, x2, x1^2+x2^2] (d + 1)
//   Poly2     phi(x) = [1, r2*x_i (i), r2*x_i*x_j (i<j), x_i^2 (i)], r2 = sqrt(2)
//             so that phi(u).phi(v) = (1 + u.v)^2 in every dimension; d = 2 gives the six
//             coordinates [1, r2*u1, r2*u2, r2*u1*u2, u1^2, u2^2]     ((d + 1)(d + 2) / 2)
//   Constant  phi(x) = [x, 1]                                                    (d + 1)
#pragma once
#include "core/learn/vec.hpp"
#include "core/base/config.hpp"

namespace pl {

Vec apply_lift(LiftKind kind, const Vec& raw);
int lifted_dim(LiftKind kind, int input_dim);  // size of apply_lift's result for raw of that size

// The space the learner really runs in: phi(x), plus a trailing constant 1 when the bias is absorbed.
Vec learner_features(const Vec& raw, LiftKind kind, BiasMode bias);
// The same features written into `out`, which keeps its capacity: a loop over many points allocates once.
void learner_features_into(const Vec& raw, LiftKind kind, BiasMode bias, Vec& out);
int learner_dim(LiftKind kind, BiasMode bias, int input_dim);

// Poly2's sqrt(2) factors, kept apart so that arithmetic on the lift can stay exact (a primal perceptron on
// integer points then computes w.phi(x) as exactly as the kernel (1 + u.v)^2 does: ties stay ties):
//   apply_lift(kind, x)[k] = lift_scales(kind, d)[k] * lift_unscaled(kind, x)[k]
// with the scale sqrt(2) on Poly2's linear and cross coordinates, and lift_square_scales the exact squares
// (2, not the rounded sqrt(2)^2). For every other lift the scales are all 1 and both functions return {}.
Vec lift_unscaled(LiftKind kind, const Vec& raw);
Vec lift_scales(LiftKind kind, int input_dim);
Vec lift_square_scales(LiftKind kind, int input_dim);

// Human-readable formula of the lift, for labels and tooltips (plain ASCII).
const char* lift_formula(LiftKind kind);

}  // namespace pl
