// The kernel (dual) perceptron of lecture 002. Instead of w it keeps alpha_i = how many mistakes were
// made on example i, so that w = sum_i alpha_i y_i phi(x_i) and
//     f(x_j) = sum_i alpha_i y_i K~(x_i, x_j) (+ b)
// Bias modes: Absorbed uses K~ = K + 1 (the kernel of [phi(x), 1]); Explicit keeps a separate b and
// adds y to it on each mistake; None uses K~ = K.
//
// Cost: f(x_j) is cached for every j. A mistake on example i changes every f(x_j) by y_i K~(x_i, x_j),
// so one kernel column is computed (O(N) kernel evaluations) when the mistake happens, and a visit that
// is not a mistake is O(1). An epoch is O(N * (1 + mistakes)); nothing O(N^2) is precomputed.
//
// Outlier threshold s (config.outlier_threshold > 0): when alpha_i reaches s, example i is treated as
// an outlier: its alpha is set back to 0 (its contribution is removed from every cached f) and it is
// never trained on again (later visits to it are no-ops). The explicit bias keeps what it accumulated.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "core/learn/kernel.hpp"
#include "core/learn/learner_engine.hpp"
#include "core/learn/lift.hpp"

namespace pl::detail {
namespace {

class KernelEngine final : public Engine {
public:
    KernelEngine(const TrainingSet& set, const TrainConfig& config)
        : set_(set),
          config_(config),
          explicit_bias_(config.bias == BiasMode::Explicit),
          kernel_offset_(config.bias == BiasMode::Absorbed ? 1.0 : 0.0) {
        lifted_.reserve(set_.n);
        for (std::size_t i = 0; i < set_.n; ++i) lifted_.push_back(apply_lift(config_.lift, set_.raw->points[i]));
        column_.assign(set_.n, 0.0);
        reset();
    }

    void reset() override {
        alpha_.assign(set_.n, 0.0);
        scores_.assign(set_.n, 0.0);
        dropped_.assign(set_.n, 0);
        b_ = 0.0;
        squared_norm_ = 0.0;
        diverged_ = false;
        events_.clear();
    }

    bool visit(std::size_t i, std::size_t, Update* record) override {
        const double y = set_.labels[i];
        const double score = scores_[i];
        if (record) {
            record->x = set_.row_vec(i);
            record->score_before = score;
            record->alpha_before = alpha_[i];
            record->b_before = b_;
        }
        bool mistake = false;
        if (dropped_[i]) {
            if (record) record->dropped = true;
        } else {
            mistake = y * score <= 0.0;
            const double alpha_before = alpha_[i], b_before = b_;
            if (!std::isfinite(score)) diverged_ = true;
            else if (mistake && learning_enabled(config_.eta)) learn_from(i, y, score, record);
            if (mistake && logging_)
                events_.push_back({static_cast<std::uint32_t>(i), static_cast<std::int32_t>(alpha_[i] - alpha_before),
                                   static_cast<std::int8_t>(b_ - b_before)});
        }
        if (record) {
            record->alpha_after = alpha_[i];
            record->b_after = b_;
        }
        return mistake;
    }

    bool diverged() const override { return diverged_; }

    double answer_score(const Vec& raw_x) const override {
        const Vec phi = apply_lift(config_.lift, raw_x);
        double sum = 0.0;
        for (std::size_t i = 0; i < set_.n; ++i) {
            if (alpha_[i] == 0.0) continue;
            sum += alpha_[i] * set_.labels[i] * (kernel_eval(config_.kernel, lifted_[i], phi) + kernel_offset_);
        }
        return sum + b_;
    }

    double training_accuracy() const override {
        if (set_.n == 0) return 0.0;
        std::size_t correct = 0;
        for (std::size_t i = 0; i < set_.n; ++i)
            if (set_.labels[i] * scores_[i] > 0.0) ++correct;
        return static_cast<double>(correct) / static_cast<double>(set_.n);
    }

    DecisionField field() const override {
        DecisionField f;
        f.kind = DecisionField::Kind::Kernel;
        f.input_dim = set_.raw->dim;
        f.lift = config_.lift;
        f.bias = config_.bias;
        f.kernel = config_.kernel;
        double coefficient_sum = 0.0;
        for (std::size_t i = 0; i < set_.n; ++i) {
            if (alpha_[i] == 0.0) continue;
            f.support.push_back(set_.raw->points[i]);
            f.coef.push_back(alpha_[i] * set_.labels[i]);
            coefficient_sum += f.coef.back();
        }
        // sum_i c_i (K + 1) = sum_i c_i K + sum_i c_i: the absorbed "+1" becomes part of b, so the
        // renderer only ever evaluates the plain kernel.
        f.b = b_ + kernel_offset_ * coefficient_sum;
        return f;
    }

    const Vec& weights() const override { return no_weights_; }
    double bias() const override { return b_; }
    const std::vector<double>& alphas() const override { return alpha_; }
    const std::vector<double>& cached_scores() const override { return scores_; }

    std::vector<std::size_t> dropped_indices() const override {
        std::vector<std::size_t> out;
        for (std::size_t i = 0; i < set_.n; ++i)
            if (dropped_[i]) out.push_back(i);
        return out;
    }

    ProofSample proof_sample(const Vec&) const override {
        // |w|^2 is tracked exactly through the kernel; w.w* through the reference's point margins.
        ProofSample sample;
        sample.squared_norm = squared_norm_ > 0.0 ? squared_norm_ : 0.0;
        sample.projection = has_reference_ ? projection_of(alpha_, b_) : std::numeric_limits<double>::quiet_NaN();
        return sample;
    }

    // Only the linear kernel has phi~ explicitly: y_i phi~(x_i) . w* with phi~ = [phi(x), 1] (bias) or phi(x).
    bool kernel_reference_from(const Vec& unit_w_star, KernelReference& out) const override {
        const double length = norm(unit_w_star);
        if (config_.kernel.type != KernelType::Linear || length == 0.0) return false;
        const std::size_t lifted = static_cast<std::size_t>(lifted_dim(config_.lift, set_.raw->dim));
        out.constant_weight = unit_w_star.size() > lifted ? unit_w_star[lifted] / length : 0.0;
        out.point_margins.assign(set_.n, 0.0);
        const double constant = config_.bias == BiasMode::None ? 0.0 : out.constant_weight;
        for (std::size_t i = 0; i < set_.n; ++i)
            out.point_margins[i] = set_.labels[i] * (dot(lifted_[i], unit_w_star) / length + constant);
        return true;
    }

    void start_proof_log() override {
        logging_ = true;
        events_.clear();
        log_start_alpha_ = alpha_;
        log_start_b_ = b_;
    }
    void stop_proof_log() override {
        logging_ = false;
        events_.clear();
        events_.shrink_to_fit();
    }

    // The samples recorded since start_proof_log() are the start state followed by one per logged event.
    void set_kernel_reference(const KernelReference& reference, std::vector<ProofSample>& history) override {
        reference_ = reference;
        reference_.point_margins.resize(set_.n, 0.0);
        has_reference_ = true;
        if (logging_) {
            double projection = projection_of(log_start_alpha_, log_start_b_);
            const double c0 = explicit_bias_ ? reference_.constant_weight : 0.0;
            for (std::size_t k = 0; k < history.size(); ++k) {
                if (k > 0 && k - 1 < events_.size()) {
                    const ProofEvent& e = events_[k - 1];
                    projection += e.alpha_change * (reference_.point_margins[e.index] - set_.labels[e.index] * c0) +
                                  e.b_change * c0;
                }
                history[k].projection = projection;
            }
        }
        stop_proof_log();
    }

private:
    void learn_from(std::size_t i, double y, double score, Update* record) {
        const double bias_step = explicit_bias_ ? y : 0.0;
        for (std::size_t j = 0; j < set_.n; ++j)
            column_[j] = kernel_eval(config_.kernel, lifted_[i], lifted_[j]) + kernel_offset_;
        for (std::size_t j = 0; j < set_.n; ++j) {
            if (!std::isfinite(scores_[j] + y * column_[j] + bias_step)) { diverged_ = true; return; }
        }
        for (std::size_t j = 0; j < set_.n; ++j) scores_[j] += y * column_[j] + bias_step;
        alpha_[i] += 1.0;
        b_ += bias_step;
        // |w + y phi~_i|^2 = |w|^2 + 2 y (w.phi~_i) + K~(i,i); with an explicit bias the joint vector
        // [w, b] gains y [phi_i, 1], hence the extra 1.
        squared_norm_ += 2.0 * y * score + column_[i] + (explicit_bias_ ? 1.0 : 0.0);

        const double threshold = static_cast<double>(config_.outlier_threshold);
        if (config_.outlier_threshold > 0 && alpha_[i] >= threshold) {
            const double a = alpha_[i];
            const double w_dot_phi = explicit_bias_ ? scores_[i] - b_ : scores_[i];
            squared_norm_ += -2.0 * a * y * w_dot_phi + a * a * column_[i];
            for (std::size_t j = 0; j < set_.n; ++j) scores_[j] -= a * y * column_[j];
            alpha_[i] = 0.0;
            dropped_[i] = 1;
            if (record) record->dropped = true;
        }
    }

    const TrainingSet& set_;
    TrainConfig config_;
    bool explicit_bias_;
    double kernel_offset_;            // 1 when the bias is absorbed (K~ = K + 1), else 0
    std::vector<Vec> lifted_;         // phi(x_i), without the bias coordinate
    std::vector<double> alpha_;       // mistake counters
    std::vector<double> scores_;      // cached f(x_j)
    std::vector<char> dropped_;       // outliers removed by the threshold
    std::vector<double> column_;      // scratch: K~(x_i, x_j) for the example being learned from
    double b_ = 0.0;
    double squared_norm_ = 0.0;       // |w|^2 in the feature space (joint [w, b] when explicit)
    bool diverged_ = false;
    Vec no_weights_;

    // w . w* = sum_i alpha_i (m_i - y_i c0) + b c0 with an explicit bias (c0 = w*'s constant weight),
    // sum_i alpha_i m_i otherwise (learner.hpp, KernelReference).
    double projection_of(const std::vector<double>& alpha, double b) const {
        const double c0 = explicit_bias_ ? reference_.constant_weight : 0.0;
        double sum = 0.0;
        for (std::size_t i = 0; i < set_.n && i < alpha.size(); ++i)
            if (alpha[i] != 0.0) sum += alpha[i] * (reference_.point_margins[i] - set_.labels[i] * c0);
        return sum + b * c0;
    }

    struct ProofEvent { std::uint32_t index; std::int32_t alpha_change; std::int8_t b_change; };
    bool has_reference_ = false;
    KernelReference reference_;
    bool logging_ = false;
    std::vector<ProofEvent> events_;  // one per mistake since start_proof_log()
    std::vector<double> log_start_alpha_;
    double log_start_b_ = 0.0;
};

}  // namespace

std::unique_ptr<Engine> make_kernel_engine(const TrainingSet& set, const TrainConfig& config) {
    return std::make_unique<KernelEngine>(set, config);
}

}  // namespace pl::detail
