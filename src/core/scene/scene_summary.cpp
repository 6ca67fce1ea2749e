#include "core/scene/scene_summary.hpp"

#include <algorithm>

#include "core/facts/describe.hpp"
#include "core/state/names.hpp"

namespace pl {

namespace {
const char* const kDot = "\xC2\xB7";           // ·
const char* const kPhi = "\xCF\x86";           // φ
const char* const kGammaStar = "\xCE\xB3*";    // γ*

// The feature map in words a screen reader says well (lift_formula is plain ASCII for tooltips).
std::string feature_map_text(LiftKind lift) {
    switch (lift) {
        case LiftKind::Product: return std::string(kPhi) + "(x) = (x1, x2, x1" + kDot + "x2)";
        case LiftKind::Radial: return std::string(kPhi) + "(x) = (x1, x2, x1\xC2\xB2 + x2\xC2\xB2)";
        case LiftKind::Poly2: return "the degree-2 feature map " + std::string(kPhi);  // six coordinates: too long to say
        case LiftKind::Constant: return std::string(kPhi) + "(x) = (x, 1)";
        case LiftKind::None: break;
    }
    return std::string(kPhi) + "(x) = x";
}

// "The line w·x = 0 with w = (2, 1, 0)", "The kernel perceptron's boundary (RBF kernel, 3 points with α > 0)".
std::string boundary_text(const DecisionField& field, const TrainConfig& config) {
    if (field.kind == DecisionField::Kind::Voted)
        return "The vote of " + count_text(field.voted_w.size(), "weight vector", "weight vectors");
    if (field.kind == DecisionField::Kind::Kernel)
        return "The kernel perceptron's boundary (" + std::string(display_name(config.kernel.type)) + " kernel, " +
               count_text(field.support.size(), "point", "points") + " with \xCE\xB1 > 0)";
    const bool straight = field.lift == LiftKind::None || field.lift == LiftKind::Constant;
    const bool explicit_bias = field.bias == BiasMode::Explicit;
    std::string out = straight ? "The line w" : "The boundary w";
    out += kDot + std::string(straight ? "x" : std::string(kPhi) + "(x)") + (explicit_bias ? " + b = 0" : " = 0");
    if (field.lift == LiftKind::None && field.bias == BiasMode::None) out += " (through the origin)";
    if (straight) out += " with w = " + vector_text(field.w);
    else out += " with " + feature_map_text(field.lift) + (explicit_bias ? ", w = " : " and w = ") + vector_text(field.w);
    if (explicit_bias) out += " and b = " + display_number(field.b);
    if (config.algorithm == Algorithm::Pocket) out += " (the pocket weights, the best so far)";
    if (config.algorithm == Algorithm::Averaged) out += " (the average of all weights so far)";
    return out;
}

std::string verdict_text(bool trained, double score, int label) {
    if (!trained) return "not trained yet";
    if (score == 0.0) return "no: on the line";
    return is_wrong(score, label) ? "no" : "yes";
}

// The hand-set unit fires at its threshold (threshold_unit.hpp): a point on it is right when its label
// is +1, as the canvas rings it.
std::string unit_verdict_text(bool wrong, double score) {
    if (score == 0.0) return wrong ? "no: on the threshold, where the unit fires" : "yes: on the threshold, where the unit fires";
    return wrong ? "no" : "yes";
}

// Hand mode: the unit and what its rule does on the points (the learner's run is not on screen).
std::string unit_sentence(const Scene& scene) {
    const HandUnit& unit = scene.state().hand;
    const std::size_t n = scene.state().data.size();
    std::string out = "The threshold unit set by hand fires when w" + std::string(kDot) + "x \xE2\x89\xA5 k, with w = " +
                      vector_text({unit.w1, unit.w2}) + " and k = " + display_number(unit.k);
    if (scene.unit.wrong_count == 0)
        out += n == 1 ? "; it gets the point right" : "; it gets all of them right";
    else
        out += "; it gets " + std::to_string(n - scene.unit.wrong_count) + " of " + std::to_string(n) + " points right";
    if (scene.unit.on_threshold > 0)
        out += " (" + count_text(scene.unit.on_threshold, "point", "points") + " on the threshold, where it fires)";
    return out + ".";
}

}  // namespace

std::string answer_sentence(const Scene& scene) {
    const Learner& learner = scene.learner();
    const TrainConfig& config = scene.state().config;
    const Dataset& data = scene.state().data;
    const DecisionField& field = scene.field;
    const ModelFacts& facts = scene.facts;
    if (data.empty()) return "";
    if (scene.hand) return unit_sentence(scene);
    if (!scene.trained) {
        if (config.algorithm == Algorithm::Kernel) return "Not trained yet: no point has \xCE\xB1 > 0, so there is no boundary.";
        return "Not trained yet: w = " + vector_text(learner.weights()) + ", so there is no line.";
    }
    const bool zero_weights = field.kind == DecisionField::Kind::Linear && field.b == 0.0 &&
                              std::all_of(field.w.begin(), field.w.end(), [](double v) { return v == 0.0; });
    std::string out = boundary_text(field, config);
    if (zero_weights)  // back at w = 0 (XOR's cycles end there): the canvas draws no line
        out = "With w = " + vector_text(field.w) + " there is no line: every point scores 0 and counts as a mistake";
    else if (!facts.wrong_known)
        out += " classifies " + display_number(100.0 * learner.training_accuracy()) + " % of the points correctly";
    else if (facts.wrong_count == 0)
        out += data.size() == 1 ? " classifies the point correctly" : " separates all of them";
    else
        out += " gets " + std::to_string(data.size() - facts.wrong_count) + " of " + std::to_string(data.size()) +
               " points right";
    out += "; " + count_text(learner.mistakes(), "mistake", "mistakes") + " so far";
    const TheorySummary& theory = scene.session->theory();
    const bool bounded = theory.applicable && theory.separable;
    if (bounded) out += bound_clause(bounded, theory.bound, proof_status(learner, theory));
    else if (theory.applicable) out += ", no mistake bound: the points are not linearly separable";
    out += ".";
    if (learner.diverged()) out += " Stopped: the weights overflowed.";
    else if (learner.converged() && !clean_epoch_caveat(learner).empty())
        out += " An epoch without mistakes, but not plain convergence: " + clean_epoch_caveat(learner) + ".";
    else if (learner.converged()) out += " Converged: an epoch without mistakes.";
    else if (learner.capped()) out += " Stopped at the epoch cap.";
    return out;
}

namespace {
std::vector<TheoryItem> theory_items(const Session& session, const ModelFacts& facts) {
    const Learner& learner = session.learner();
    const TheorySummary& t = session.theory();
    const bool bounded = t.applicable && t.separable;
    // Within or above the bound only where the bound holds for this run (proof_status.hpp): not for
    // logistic SGD, a random start or dropped outliers.
    const std::string mistakes = mistakes_against_bound(learner.mistakes(), bounded, t.bound, proof_status(learner, t));
    std::string separable = t.separable ? "yes" : "no";
    if (!t.separable && !t.why_not.empty()) separable += ": " + t.why_not;
    if (!t.applicable) separable = t.why_not.empty() ? "not defined for this kernel" : t.why_not;
    return {
        {"Points", std::to_string(session.state().data.size())},
        {"R, the radius of the data", t.applicable ? display_number(t.R) : "n/a"},
        {std::string(kGammaStar) + ", the largest margin of any separator", bounded ? display_number(t.gamma_star) : "none"},
        {"Mistake bound (R/" + std::string(kGammaStar) + ")\xC2\xB2", bounded ? display_number(t.bound) : "none"},
        {"Margin of the current w", facts.margins.learner_defined ? display_number(facts.margins.learner_geometric) : "n/a"},
        {"Mistakes M", mistakes},
        {"Epochs", std::to_string(learner.epochs_completed())},
        {"Visits", std::to_string(learner.visits())},
        {"Accuracy", display_number(100.0 * learner.training_accuracy()) + " %"},
        {"Linearly separable", separable},
    };
}
}  // namespace

SceneSummary summarize_scene(const Scene& scene, std::size_t page, std::size_t rows_per_page) {
    SceneSummary out;
    const Dataset& data = scene.state().data;
    out.sentence = data_sentence(data);
    if (const std::string answer = answer_sentence(scene); !answer.empty()) out.sentence += " " + answer;
    out.status = scene.status;  // the canvas's status line: the learner's, or the hand unit's

    rows_per_page = std::max<std::size_t>(1, rows_per_page);
    out.pages = std::max<std::size_t>(1, (data.size() + rows_per_page - 1) / rows_per_page);
    out.page = std::min(page, out.pages - 1);
    out.first_row = out.page * rows_per_page;
    const std::size_t end = std::min(data.size(), out.first_row + rows_per_page);
    for (std::size_t i = out.first_row; i < end; ++i) {
        const double score = scene.field.eval(data.points[i]);
        const std::string verdict = scene.hand ? unit_verdict_text(scene.wrong(i), score) : verdict_text(scene.trained, score, data.labels[i]);
        out.rows.push_back({i + 1, data.points[i], data.labels[i], score, verdict});
    }
    out.theory = theory_items(*scene.session, scene.facts);
    return out;
}

}  // namespace pl
