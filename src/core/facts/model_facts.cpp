#include "core/facts/model_facts.hpp"

#include <algorithm>
#include <cmath>

#include "core/learn/kernel.hpp"
#include "core/learn/lift.hpp"

namespace pl {

bool has_answer(const Learner& learner, const TrainConfig& config) {
    return learner.visits() > 0 || config.init == Init::Random;
}

namespace {

// The line's normal and offset on raw input: defined for a linear answer without a curving lift.
bool input_plane(const DecisionField& field, Vec& w, double& b) {
    if (field.kind != DecisionField::Kind::Linear) return false;
    if (field.lift != LiftKind::None && field.lift != LiftKind::Constant) return false;
    const auto d = static_cast<std::size_t>(std::max(0, field.input_dim));
    if (d < 1 || field.w.size() < d) return false;
    w.assign(field.w.begin(), field.w.begin() + static_cast<std::ptrdiff_t>(d));
    b = field.b;
    for (std::size_t i = d; i < field.w.size(); ++i) b += field.w[i];  // constant features are 1
    return std::isfinite(b);
}

// ‖w_φ‖: the absorbed bias weight (the last one) is not part of the hyperplane's normal.
double normal_length_linear(const DecisionField& field) {
    std::size_t count = field.w.size();
    if (field.bias == BiasMode::Absorbed && count > 0) --count;
    double sum = 0.0;
    for (std::size_t k = 0; k < count; ++k) sum += field.w[k] * field.w[k];
    return std::sqrt(sum);
}

AnswerMargins answer_margins(const Dataset& data, const TrainConfig& config, const DecisionField& field) {
    AnswerMargins m;
    if (data.empty() || field.kind != DecisionField::Kind::Linear) return m;
    if (field.lift != LiftKind::None && field.lift != LiftKind::Constant) {
        const FeatureMargin feature = feature_margin(data, field);
        m.feature_defined = feature.undefined.empty() && normal_length_linear(field) > 0;
        m.feature_geometric = feature.value;
    }
    Vec w_in;
    double b_in = 0;
    if (input_plane(field, w_in, b_in)) {
        const double norm_in = norm(w_in);
        if (norm_in > 0 && std::isfinite(norm_in)) {
            double worst = INFINITY;
            for (std::size_t i = 0; i < data.size(); ++i) {
                double f = b_in;
                for (std::size_t k = 0; k < w_in.size() && k < data.points[i].size(); ++k) f += w_in[k] * data.points[i][k];
                worst = std::min(worst, data.labels[i] * f);
            }
            m.input_defined = std::isfinite(worst);
            m.input_functional = worst;
            m.input_geometric = worst / norm_in;
        }
    }
    // Learner space: an explicit b is one more weight on a constant 1, as in the proof.
    const bool explicit_bias = config.bias == BiasMode::Explicit;
    Vec w = field.w;
    if (explicit_bias) w.push_back(field.b);
    const double norm_learner = norm(w);
    if (norm_learner > 0 && std::isfinite(norm_learner)) {
        double worst = INFINITY;
        Vec x;  // reused: no allocation per point
        for (std::size_t i = 0; i < data.size(); ++i) {
            learner_features_into(data.points[i], field.lift, explicit_bias ? BiasMode::Absorbed : field.bias, x);
            worst = std::min(worst, data.labels[i] * dot(w, x) / norm_learner);
        }
        m.learner_defined = std::isfinite(worst);
        m.learner_geometric = worst;
    }
    return m;
}

}  // namespace

FeatureMargin feature_margin(const Dataset& data, const DecisionField& field) {
    FeatureMargin r;
    if (data.empty()) { r.undefined = "there are no points"; return r; }
    double normal_length = 0.0;
    switch (field.kind) {
        case DecisionField::Kind::Voted:
            r.undefined = "the voted perceptron answers with a vote of many hyperplanes, which has no single margin";
            return r;
        case DecisionField::Kind::Linear:
            normal_length = normal_length_linear(field);
            break;
        case DecisionField::Kind::Kernel: {
            const double k = static_cast<double>(field.support.size());
            if (k * k + k * static_cast<double>(data.size()) > kMaxMarginKernelTerms) {
                r.undefined = "there are too many support points to compute it quickly";
                return r;
            }
            std::vector<Vec> lifted;
            lifted.reserve(field.support.size());
            for (const Vec& s : field.support) lifted.push_back(apply_lift(field.lift, s));
            double squared = 0.0;
            for (std::size_t i = 0; i < lifted.size(); ++i)
                for (std::size_t j = 0; j < lifted.size(); ++j)
                    squared += field.coef[i] * field.coef[j] * kernel_eval(field.kernel, lifted[i], lifted[j]);
            if (!(squared >= 0.0) && !field.support.empty()) {
                r.undefined = "this kernel measures no distance here (it is not positive semi-definite)";
                return r;
            }
            normal_length = squared > 0.0 ? std::sqrt(squared) : 0.0;
            break;
        }
    }
    if (!(normal_length > 0.0)) return r;  // no hyperplane yet: margin 0
    double worst = INFINITY;
    DecisionField::Scratch scratch;
    for (std::size_t i = 0; i < data.size(); ++i) {
        const double y = data.labels[i] > 0 ? 1.0 : -1.0;
        worst = std::fmin(worst, y * field.eval(data.points[i], scratch));
    }
    r.value = worst / normal_length;
    if (!std::isfinite(r.value)) { r.value = 0.0; r.undefined = "the weights are too large to measure it"; }
    return r;
}

PerceptronLoss perceptron_loss(const Dataset& data, const DecisionField& field) {
    PerceptronLoss r;
    if (data.empty()) { r.undefined = "there are no points"; return r; }
    const std::size_t records = std::max<std::size_t>({1, field.support.size(), field.voted_w.size()});
    if (data.size() * records > kMaxFactTerms) { r.undefined = "there are too many terms to compute it quickly"; return r; }
    DecisionField::Scratch scratch;
    for (std::size_t i = 0; i < data.size(); ++i) {
        const double y = data.labels[i] > 0 ? 1.0 : -1.0;
        r.value += std::fmax(0.0, -y * field.eval(data.points[i], scratch));
    }
    if (!std::isfinite(r.value)) { r.value = 0.0; r.undefined = "the weights are too large to measure it"; }
    return r;
}

ModelFacts compute_model_facts(const Dataset& data, const TrainConfig& config, const DecisionField& field,
                               const std::vector<double>* scores) {
    ModelFacts facts;
    if (scores && scores->size() != data.size()) scores = nullptr;
    DecisionField::Scratch scratch;  // one allocation for all the points (every frame of Run)
    const auto f_at = [&](std::size_t i) { return scores ? (*scores)[i] : field.eval(data.points[i], scratch); };
    // Colour saturates at the largest |f| on the data (sampled), so the shading shows confidence
    // relative to the training points whatever the scale of w.
    double largest = 0.0;
    const std::size_t stride = std::max<std::size_t>(1, data.size() / kScaleSamplePoints);
    for (std::size_t i = 0; i < data.size(); i += stride) {
        const double f = std::fabs(f_at(i));
        if (std::isfinite(f)) largest = std::max(largest, f);
    }
    facts.largest_abs_score = largest > 0 ? largest : 1.0;
    const std::size_t records = std::max<std::size_t>({1, field.support.size(), field.voted_w.size()});
    double functional = INFINITY;
    if (scores || data.size() * records <= kMaxFactTerms) {
        facts.wrong.assign(data.size(), 0);
        for (std::size_t i = 0; i < data.size(); ++i) {
            const double f = f_at(i);
            facts.wrong[i] = is_wrong(f, data.labels[i]) ? 1 : 0;
            facts.wrong_count += static_cast<std::size_t>(facts.wrong[i]);
            functional = std::fmin(functional, (data.labels[i] > 0 ? 1.0 : -1.0) * f);
        }
        facts.wrong_known = true;
    }
    facts.margins = answer_margins(data, config, field);
    facts.margins.functional_defined = facts.wrong_known && std::isfinite(functional);
    if (facts.margins.functional_defined) facts.margins.functional = functional + 0.0;  // no "-0"
    return facts;
}

}  // namespace pl
