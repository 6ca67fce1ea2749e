// What the next Step will do, worked out before the student presses it (issue 24: "predict, then
// step" exercises and the vector facts `w` and `next_w` of numeric answers). The session's learner is
// by construction the replay of state().trained_visits visits on the data (session.hpp), so a fresh
// learner on the same data and settings, replayed as far and stepped once, visits exactly what the
// next Step visits: the preview uses the real update rule, never a copy of it.
// Defined in points mode for every learner that steps in a fixed order from its settings; undefined,
// with the reason, in Words mode, hand mode and online mode (the next point is the one the student
// adds), when training has stopped (capped or diverged), without points, and for runs longer than
// kMaxPreviewVisits (the replay would take too long for one frame).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/learn/learner.hpp"

namespace pl {

class Session;

inline constexpr std::size_t kMaxPreviewVisits = 200'000;

struct NextVisit {
    bool defined = false;
    std::string why;     // when !defined: one sentence end ("in online mode the next point is the one you add")
    Update update;       // the visit as Learner::step() reports it (index, x, y, score_before, mistake, w, b)
    Vec point;           // the visited point on the plane (raw input)
};
NextVisit preview_next_visit(const Session& session);

// The weight vectors an exercise can ask for ("vector": {"answer": "w" | "next_w"}): the learner's
// running weights in its own space (after lift and bias absorption: [w1, w2] without a bias, [w1, w2, w0]
// with the absorbed bias's weight on the constant 1), with the explicit bias b appended as the last
// component when the bias is explicit. The kernel perceptron keeps alphas, not w: undefined.
struct WeightVector {
    bool defined = false;
    std::string why;
    std::vector<double> values;
};
WeightVector current_weights(const Session& session);  // `w`
WeightVector next_weights(const Session& session);     // `next_w`: after the next visit (preview_next_visit)

}  // namespace pl
