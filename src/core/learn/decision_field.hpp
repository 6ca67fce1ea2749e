// The learned function as plain data, the hand-off between learner and renderer (docs/architecture.md).
// The GPU shader and this CPU eval() compute the same f(x); tests use eval() as the reference.
#pragma once
#include <vector>

#include "core/learn/vec.hpp"
#include "core/base/config.hpp"

namespace pl {

// A point is wrong when y * f(x) <= 0: a point on the line (f = 0) counts as wrong, the same rule the
// learners use for a mistake. Used for the rings on the canvas and the counts in sentences.
inline bool is_wrong(double score, int label) { return !(static_cast<double>(label) * score > 0.0); }

struct DecisionField {
    enum class Kind { Linear, Kernel, Voted } kind = Kind::Linear;
    int input_dim = 2;
    LiftKind lift = LiftKind::None;
    BiasMode bias = BiasMode::Absorbed;

    // Linear: f(x) = w . phi~(x) + b, phi~ = phi(x) with a trailing 1 when bias is absorbed.
    Vec w;
    double b = 0.0;

    // Kernel: f(x) = sum_i coef_i K(support_i, x) (+ b), coef_i = alpha_i * y_i, support in raw space
    // (input_dim coordinates each; lifted first when lift != None).
    std::vector<Vec> support;
    std::vector<double> coef;
    KernelParams kernel{};

    // Voted (Freund & Schapire): f(x) = sum_k c_k sign(w_k . phi~(x) + b_k)
    std::vector<Vec> voted_w;
    std::vector<double> voted_b;
    std::vector<double> voted_c;

    // f at a point of the canvas. The canvas is the plane (x1, x2, 0, ..., 0) of input_dim-D data, so
    // `point` is first fitted to input_dim coordinates (missing ones are 0, extra ones dropped: for
    // 1-D data the canvas's x2 is ignored); support vectors and weights are over all input_dim.
    double eval(const Vec& point) const;
    // The same f(x), with the point's features built in `scratch`: a loop over many points (the facts
    // of 100,000 points, every frame of Run) allocates once instead of at every point.
    struct Scratch {
        Vec raw, features;
    };
    double eval(const Vec& point, Scratch& scratch) const;
    Vec on_canvas_plane(const Vec& point) const;
};

}  // namespace pl
