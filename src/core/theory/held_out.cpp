#include "core/theory/held_out.hpp"

#include <algorithm>
#include <cmath>

#include "core/learn/decision_field.hpp"  // is_wrong
#include "core/learn/lift.hpp"
#include "core/learn/rng.hpp"
#include "core/learn/threshold_unit.hpp"
#include "core/base/decimal.hpp"
#include "core/base/limits.hpp"  // kMaxFactTerms

namespace pl {

double share_right(std::size_t wrong, std::size_t points) {
    if (points == 0) return 0.0;
    return static_cast<double>(points - std::min(wrong, points)) / static_cast<double>(points);
}

TestScores score_test_points(const Dataset& held_out, const DecisionField& answer, const HandUnit* hand,
                             const Separator& best, LiftKind lift) {
    TestScores scores;
    scores.points = held_out.size();
    if (held_out.empty()) {
        scores.best_why_not = "there are no test points";
        return scores;
    }
    const std::size_t records = hand ? 1 : std::max<std::size_t>({1, answer.support.size(), answer.voted_w.size()});
    if (held_out.size() * records <= kMaxFactTerms) {
        scores.answer_wrong.assign(held_out.size(), 0);
        std::size_t wrong = 0;
        for (std::size_t i = 0; i < held_out.size(); ++i) {
            const Vec& x = held_out.points[i];
            const int y = held_out.labels[i];
            const bool miss = hand ? unit_wrong(*hand, x, y) : is_wrong(answer.eval(x), y);
            scores.answer_wrong[i] = miss ? 1 : 0;
            wrong += miss ? 1u : 0u;
        }
        scores.answer_known = true;
        scores.answer_correct = held_out.size() - wrong;
        scores.answer_accuracy = share_right(wrong, held_out.size());
    }
    if (!best.separable || best.w.empty()) {
        scores.best_why_not = best.reason.empty() ? "the training points have no maximum-margin line" : best.reason;
        return scores;
    }
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < held_out.size(); ++i) {
        const double f = dot(best.w, apply_lift(lift, held_out.points[i])) + best.b;
        wrong += is_wrong(f, held_out.labels[i]) ? 1u : 0u;
    }
    scores.best_known = true;
    scores.best_correct = held_out.size() - wrong;
    scores.best_accuracy = share_right(wrong, held_out.size());
    return scores;
}

// [SECTION] Making a test set
std::uint64_t test_set_seed(std::uint64_t training_seed) {
    // One SplitMix64 step: a fixed, well-mixed map, so seed and seed + 1 get unrelated test seeds.
    std::uint64_t z = training_seed + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    if (z == training_seed || z == training_seed + 1) z ^= 0x5DEECE66Dull;
    return z;
}

std::vector<std::size_t> choose_held_out(std::size_t n, std::size_t count, std::uint64_t seed) {
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    Rng rng(seed);
    rng.shuffle(order);
    order.resize(std::min(count, n));
    std::sort(order.begin(), order.end());
    return order;
}

// [SECTION] Limits
std::string held_out_problem(const Dataset& data, const Dataset& held_out) {
    if (held_out.empty()) return {};
    if (held_out.dim != data.dim)
        return "The test points have dimension " + std::to_string(held_out.dim) + " but the training points " +
               std::to_string(data.dim) + "; both must be the same.";
    if (data.size() + held_out.size() > kMaxPoints)
        return "There are " + std::to_string(data.size()) + " training and " + std::to_string(held_out.size()) +
               " test points; the widget holds at most " + std::to_string(kMaxPoints) + " in all.";
    const std::string structure = validate(held_out);
    if (!structure.empty()) return "The test points are not valid: " + structure + ".";
    for (std::size_t i = 0; i < held_out.size(); ++i)
        for (double v : held_out.points[i])
            if (std::fabs(v) > kMaxAbsCoordinate)
                return "Test point " + std::to_string(i + 1) + " has a coordinate beyond +-" +
                       shortest_decimal(kMaxAbsCoordinate) + ".";
    return {};
}

}  // namespace pl
