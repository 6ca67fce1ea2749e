// What the learner's current answer says about the training points: which points it gets wrong, how
// large |f| gets on them, and its margins. The canvas, the theory panel, the lift view, the plots and
// (later) the lesson goals and the accessible mirror all read these numbers, so each is computed in
// exactly one place, here. Std only.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/base/limits.hpp"  // kMaxFactTerms
#include "core/learn/decision_field.hpp"
#include "core/learn/learner.hpp"
#include "core/state/widget_state.hpp"

namespace pl {

// The one definition of "the model has an answer worth drawing": from w = 0 nothing has been learned
// until the first visit (the first visit from w = 0 is always a mistake, so this also means M > 0);
// a random start answers from the beginning.
bool has_answer(const Learner& learner, const TrainConfig& config);


// Margins of a linear answer, each named for the space it is measured in (lecture 001: the geometric
// margin of a point is y (w.x + b) / |w|).
struct AnswerMargins {
    // On the canvas: the input plane, w = the first coordinates of the line's normal, b = everything
    // constant (absorbed bias, constant lift, explicit b). This is what the dashed margin band shows.
    bool input_defined = false;
    double input_geometric = 0;   // min_i y_i (w.x_i + b) / |w|
    double input_functional = 0;  // min_i y_i (w.x_i + b)
    // With a curving lift (x1x2, radial, degree 2) the hyperplane lives in phi-space with b as its
    // offset: feature_margin() below, the lesson goals' "margin" (not defined on the input plane then).
    bool feature_defined = false;
    double feature_geometric = 0;  // min_i y_i (w_phi.phi(x_i) + b) / |w_phi|
    // In the learner's space: the weights over phi~(x), with an explicit bias counted as one more weight
    // on a constant 1 (the space of the convergence proof, where gamma* and R live).
    bool learner_defined = false;
    double learner_geometric = 0;  // min_i y_i (w~.phi~(x_i)) / |w~|
    // The functional margin min_i y_i f(x_i) of any answer (lecture 001: y (w.x + b), unnormalised): the
    // same number in every space, since f is; its sign says right or wrong, its size grows with |w|.
    // Defined when f was evaluated on every point (ModelFacts::wrong_known).
    bool functional_defined = false;
    double functional = 0;
};

// The geometric margin of the answer in the space its hyperplane lives in (lecture 001: the distance
// y (w.phi(x) + b) / |w| of the worst point), the "margin" of lesson goals:
//     margin = min_i y_i f(x_i) / |w_phi|
// w_phi is the weight on the features phi(x): without the absorbed bias weight (that is the offset b);
// for the kernel perceptron |w_phi|^2 = sum_ij c_i c_j K(x_i, x_j), c_i = alpha_i y_i. Negative when a
// point is on the wrong side, 0 when w_phi = 0 (no hyperplane yet). Without a lift this is the input-plane
// margin the canvas band shows. `undefined` says why there is none (no points, voted, a kernel that is
// not positive semi-definite here, too many support points).
struct FeatureMargin {
    double value = 0.0;
    std::string undefined;
};
// Above this many kernel evaluations (support^2 + support x points) the kernel margin is not computed.
inline constexpr double kMaxMarginKernelTerms = 5.0e7;
FeatureMargin feature_margin(const Dataset& data, const DecisionField& field);

// Lecture 001's perceptron loss of an answer on the training points, L = sum_i max(0, -y_i f(x_i)): a
// point strictly on the wrong side costs its |f|, every other point nothing. A point on the line costs 0
// although the learners count it as a mistake, so w = 0 has loss 0 (the loss alone does not say that
// nothing was learnt). Its subgradient at a point with y f(x) < 0 is -y x, the perceptron's step.
// Beyond kMaxFactTerms kernel or vote terms `undefined` says so and nothing is computed.
struct PerceptronLoss {
    double value = 0.0;
    std::string undefined;
};
PerceptronLoss perceptron_loss(const Dataset& data, const DecisionField& field);

struct ModelFacts {
    std::vector<signed char> wrong;   // per point, is_wrong(f(x_i), y_i); empty when `wrong_known` is false
    bool wrong_known = false;         // false when evaluating f on every point would cost too much
    std::size_t wrong_count = 0;
    double largest_abs_score = 1.0;   // max |f| over (a sample of) the points: the colour scale's 1
    AnswerMargins margins;
};

// kMaxFactTerms (limits.hpp): beyond it the wrong-point flags are skipped.
// The colour scale looks at about this many points, spread over the data set.
inline constexpr std::size_t kScaleSamplePoints = 256;

// scores: f at every training point when the caller has them already (the kernel perceptron keeps them,
// Learner::cached_scores): then no kernel value is computed, however many support vectors there are.
ModelFacts compute_model_facts(const Dataset& data, const TrainConfig& config, const DecisionField& field,
                               const std::vector<double>* scores = nullptr);

}  // namespace pl
