// The update rule of the primal learners, written once for the dense Learner (primal_engine.cpp) and the
// sparse TextLearner (core/words/text_learner.cpp), so that the two stay equal bit for bit: a named
// policy, as mlpack's perceptron takes its SimpleWeightUpdate.
//   mistake   y * f(x) <= 0 (a tie, f = 0, is a mistake for either label)
//   step      the s of w += s x (and b += s with an explicit bias):
//             perceptron, pocket, averaged, voted: s = eta * y on a mistake, else 0
//             logistic SGD: s = eta_t * y * sigmoid(-y f) on every visit, eta_t = eta / (1 + decay * t)
//   apply     w += s x, b += s; checked first, so an overflow leaves the last finite w in place
// The absorbed bias is an ordinary weight on a constant feature 1 (the rows carry it); only the explicit
// bias is the separate b. Std only.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/learn/portable_math.hpp"
#include "core/base/config.hpp"

namespace pl {

// eta <= 0 (or NaN) means "frozen": visits still score examples and count mistakes, nothing updates.
inline bool learning_enabled(double eta) { return eta > 0.0 && eta <= 1e300; }

// One example's features as the rule walks them: a dense row x_0..x_{dim-1} ...
struct DenseRow {
    const double* x;
    std::size_t dim;
    template <class Visit>
    bool all(Visit&& visit) const {
        for (std::size_t k = 0; k < dim; ++k)
            if (!visit(k, x[k])) return false;
        return true;
    }
};

// ... or a bag of words: a 1 at each word id (increasing), then the absorbed bias's 1 at `bias_index`.
struct WordRow {
    const std::uint32_t* begin;
    const std::uint32_t* end;
    bool absorbed;
    std::size_t bias_index;
    template <class Visit>
    bool all(Visit&& visit) const {
        for (const std::uint32_t* k = begin; k != end; ++k)
            if (!visit(static_cast<std::size_t>(*k), 1.0)) return false;
        return !absorbed || visit(bias_index, 1.0);
    }
};

struct PerceptronUpdate {
    static bool is_mistake(double y, double score) { return y * score <= 0.0; }

    // The step s for a finite score (the caller stops on a non-finite one); t = visits made before this one.
    static double step(const TrainConfig& config, double y, double score, bool mistake, std::size_t t) {
        if (!learning_enabled(config.eta)) return 0.0;
        if (config.algorithm == Algorithm::Logistic) {
            const double decay = config.logistic_decay > 0.0 ? config.logistic_decay : 0.0;
            const double eta_t = config.eta / (1.0 + decay * static_cast<double>(t));
            return eta_t * y * portable::sigmoid(-y * score);
        }
        return mistake ? config.eta * y : 0.0;
    }

    // w += s x, b += s when `explicit_bias`. False (and nothing changed) when a weight would leave the
    // finite numbers. `before_write(k)` runs just before w_k changes (the sparse averaged perceptron
    // brings its lazy sum of w_k up to date there).
    template <class Row, class BeforeWrite>
    static bool apply(double s, const Row& x, std::vector<double>& w, double& b, bool explicit_bias, BeforeWrite&& before_write) {
        if (!x.all([&](std::size_t k, double xk) { return std::isfinite(w[k] + s * xk); })) return false;
        if (explicit_bias && !std::isfinite(b + s)) return false;
        x.all([&](std::size_t k, double xk) {
            before_write(k);
            w[k] += s * xk;
            return true;
        });
        if (explicit_bias) b += s;
        return true;
    }
    template <class Row>
    static bool apply(double s, const Row& x, std::vector<double>& w, double& b, bool explicit_bias) {
        return apply(s, x, w, b, explicit_bias, [](std::size_t) {});
    }
};

}  // namespace pl
