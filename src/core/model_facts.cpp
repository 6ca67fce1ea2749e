#include "model_facts.hpp"

#include <algorithm>
#include <cmath>

#include "lift.hpp"

namespace pl {

bool has_answer(const Learner& learner, const TrainConfig& config) {
    return learner.visits() > 0 || config.init == Init::Random;
}

bool is_wrong(double score, int label) { return !(static_cast<double>(label) * score > 0.0); }

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

AnswerMargins answer_margins(const Dataset& data, const TrainConfig& config, const DecisionField& field) {
    AnswerMargins m;
    if (data.empty() || field.kind != DecisionField::Kind::Linear) return m;
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
        for (std::size_t i = 0; i < data.size(); ++i) {
            const Vec x = learner_features(data.points[i], field.lift, explicit_bias ? BiasMode::Absorbed : field.bias);
            worst = std::min(worst, data.labels[i] * dot(w, x) / norm_learner);
        }
        m.learner_defined = std::isfinite(worst);
        m.learner_geometric = worst;
    }
    return m;
}

}  // namespace

ModelFacts compute_model_facts(const Dataset& data, const TrainConfig& config, const DecisionField& field) {
    ModelFacts facts;
    // Colour saturates at the largest |f| on the data (sampled), so the shading shows confidence
    // relative to the training points whatever the scale of w.
    double largest = 0.0;
    const std::size_t stride = std::max<std::size_t>(1, data.size() / kScaleSamplePoints);
    for (std::size_t i = 0; i < data.size(); i += stride) {
        const double f = std::fabs(field.eval(data.points[i]));
        if (std::isfinite(f)) largest = std::max(largest, f);
    }
    facts.largest_abs_score = largest > 0 ? largest : 1.0;
    const std::size_t records = std::max<std::size_t>({1, field.support.size(), field.voted_w.size()});
    if (data.size() * records <= kMaxFactTerms) {
        facts.wrong.assign(data.size(), 0);
        for (std::size_t i = 0; i < data.size(); ++i) {
            facts.wrong[i] = is_wrong(field.eval(data.points[i]), data.labels[i]) ? 1 : 0;
            facts.wrong_count += static_cast<std::size_t>(facts.wrong[i]);
        }
        facts.wrong_known = true;
    }
    facts.margins = answer_margins(data, config, field);
    return facts;
}

}  // namespace pl
