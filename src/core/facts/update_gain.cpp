#include "core/facts/update_gain.hpp"

#include <cmath>

#include "core/facts/describe.hpp"
#include "core/learn/kernel.hpp"
#include "core/learn/lift.hpp"
#include "core/learn/update_rule.hpp"
#include "core/learn/vec.hpp"

namespace pl {

namespace {

const char* const kEta = "\xCE\xB7";
const char* const kNormOpen = "\xE2\x80\x96";
const char* const kSquaredClose = "\xE2\x80\x96\xC2\xB2";

// "x", or "φ(x)" when the learner works on a lift of the point.
std::string point_name_in_space(const TrainConfig& config) { return config.lift == LiftKind::None ? "x" : "\xCF\x86(x)"; }

// f(x_index) of the kernel learner from its alphas, computed afresh (not from the learner's cached scores):
//   f(x_i) = sum_j alpha_j y_j (K(phi_j, phi_i) + [1 if absorbed]) + b
double kernel_score_from_alphas(const Learner& learner, std::size_t index) {
    const Dataset& data = learner.data();
    const TrainConfig& config = learner.config();
    const std::vector<double>& alpha = learner.alphas();
    const double offset = config.bias == BiasMode::Absorbed ? 1.0 : 0.0;
    const Vec target = apply_lift(config.lift, data.points[index]);
    double sum = 0.0;
    for (std::size_t j = 0; j < data.size() && j < alpha.size(); ++j) {
        if (alpha[j] == 0.0) continue;
        const double y = data.labels[j] > 0 ? 1.0 : -1.0;
        sum += alpha[j] * y * (kernel_eval(config.kernel, apply_lift(config.lift, data.points[j]), target) + offset);
    }
    return sum + learner.bias();
}

UpdateGain not_shown(std::string reason) {
    UpdateGain out;
    out.reason = std::move(reason);
    return out;
}

}  // namespace

std::string gain_formula(const TrainConfig& config) {
    const std::string x = point_name_in_space(config);
    const bool with_one = config.bias != BiasMode::None;
    if (config.algorithm == Algorithm::Logistic) return "";
    if (config.algorithm == Algorithm::Kernel) {
        const std::string k = "K(" + x + ", " + x + ")";
        return with_one ? "+(" + k + " + 1)" : "+" + k;
    }
    const std::string norm = std::string(kNormOpen) + x + kSquaredClose;
    return with_one ? "+" + std::string(kEta) + "(" + norm + " + 1)" : "+" + std::string(kEta) + norm;
}

UpdateGain update_gain(const Update& u, const TrainConfig& config, const Learner* learner_after) {
    if (!u.visited) return not_shown("no visit yet");
    if (!u.mistake) return not_shown("a correct visit changes nothing");
    if (config.algorithm == Algorithm::Logistic)
        return not_shown("logistic SGD scales its step by \xCF\x83(\xE2\x88\x92y\xC2\xB7" "f) and a decaying \xCE\xB7\xE2\x82\x9C");
    if (!learning_enabled(config.eta)) return not_shown("\xCE\xB7 \xE2\x89\xA4 0: nothing moves");
    const double y = u.y > 0 ? 1.0 : -1.0;

    UpdateGain out;
    out.before = y * u.score_before;
    if (config.algorithm == Algorithm::Kernel) {
        if (u.dropped) return not_shown("the point was dropped as an outlier, its \xCE\xB1 back to 0");
        if (u.alpha_after == u.alpha_before) return not_shown("the update was refused: the scores would overflow");
        if (!learner_after || u.index >= learner_after->data().size() || u.index >= learner_after->alphas().size() ||
            learner_after->alphas()[u.index] != u.alpha_after)
            return not_shown("the kernel learner's \xCE\xB1 after this update are not at hand");
        const Vec phi = apply_lift(config.lift, learner_after->data().points[u.index]);
        out.gain = kernel_eval(config.kernel, phi, phi) + (config.bias == BiasMode::None ? 0.0 : 1.0);
        out.after = y * kernel_score_from_alphas(*learner_after, u.index);
    } else {
        if (u.w_after == u.w_before && u.b_after == u.b_before)
            return not_shown("the update was refused: the weights would overflow");
        // u.x is in the learner's space: with an absorbed bias it ends in the constant 1 already.
        const bool explicit_bias = config.bias == BiasMode::Explicit;
        out.gain = config.eta * (squared_norm(u.x) + (explicit_bias ? 1.0 : 0.0));
        out.after = y * (dot(u.w_after, u.x) + (explicit_bias ? u.b_after : 0.0));
    }
    out.shown = true;
    out.formula = gain_formula(config);
    out.sentence = "y\xC2\xB7" "f: " + display_number(out.before) + " \xE2\x86\x92 " + display_number(out.after) + "  (" +
                   out.formula + " = " + display_number(out.gain) + ")";
    const bool with_one = config.bias != BiasMode::None;
    const std::string words = config.algorithm == Algorithm::Kernel
        ? (with_one ? "the kernel of the point with itself, plus 1" : "the kernel of the point with itself")
        : (with_one ? "eta times the squared length of the point plus 1" : "eta times the squared length of the point");
    out.spoken = "The label times the score went from " + display_number(out.before) + " to " + display_number(out.after) +
                 ", up by " + display_number(out.gain) + ": " + words;
    return out;
}

std::vector<AlignmentPoint> alignment_series(const std::vector<ProofSample>& proof) {
    std::vector<AlignmentPoint> out;
    out.reserve(proof.size());
    for (const ProofSample& p : proof) {
        if (!(p.squared_norm > 0.0) || !std::isfinite(p.projection) || !std::isfinite(p.squared_norm)) continue;
        const double c = p.projection / std::sqrt(p.squared_norm);
        out.push_back({p.mistakes, std::fmax(-1.0, std::fmin(1.0, c))});  // rounding can pass |1| by an ulp
    }
    return out;
}

}  // namespace pl
