// The primal learners: one weight vector w (and an explicit bias b when configured), updated in place.
//   Perceptron  on a mistake (y * (w.x + b) <= 0, ties included):  w += eta*y*x,  b += eta*y
//   Pocket      the same updates; after each update the training accuracy of the new w is measured
//               and w is copied into the pocket when it is strictly better than the pocket's
//   Averaged    the same updates; the answer is the mean of w after every visit
//   Voted       the same updates; every w_k is kept with the number of visits it survived (c_k),
//               the answer is sign(sum_k c_k sign(w_k.x + b_k))   (Freund & Schapire, 1999)
//   Logistic    SGD on the logistic loss, an update on every visit:
//               w += eta_t * y * x * sigmoid(-y (w.x + b)),  eta_t = eta / (1 + decay * t)
// The mistake test and the update are the shared rule of update_rule.hpp (PerceptronUpdate, also used by
// the sparse TextLearner); `visit` below reads like the lecture pseudocode around it.
//
// Coordinates: every weight vector here is kept in the coordinates of the training set's rows (the lift
// without Poly2's sqrt(2) factors, learner_engine.hpp), where w.x is sum_k metric_k w_k x_k; what the
// engine shows (weights(), field(), Update, the proof) is the learner-space vector scale (*) w. On integer
// points with eta = 1 the scores are then exact integers on Poly2 too, as the kernel (1 + u.v)^2 computes
// them, so the primal and the kernel runs of the degree-2 view meet the same ties.
#include <cmath>
#include <cstddef>
#include <memory>
#include <vector>

#include "core/learn/learner_engine.hpp"
#include "core/learn/lift.hpp"
#include "core/learn/rng.hpp"
#include "core/learn/update_rule.hpp"

namespace pl::detail {
namespace {

double dot_row(const Vec& w, const double* x, std::size_t dim) {
    double sum = 0.0;
    for (std::size_t k = 0; k < dim; ++k) sum += w[k] * x[k];
    return sum;
}

double sign_vote(double value) { return value > 0.0 ? 1.0 : -1.0; }

class PrimalEngine final : public Engine {
public:
    PrimalEngine(const TrainingSet& set, const TrainConfig& config)
        : set_(set), config_(config), explicit_bias_(config.bias == BiasMode::Explicit) {
        initial_w_.assign(set_.dim, 0.0);
        if (config_.init == Init::Random) {
            // The lecture quiz: start from a random w instead of 0 (w_i ~ U(-1, 1), then b if explicit).
            Rng rng(config_.seed);
            for (double& wi : initial_w_) wi = rng.uniform(-1.0, 1.0);
            if (explicit_bias_) initial_b_ = rng.uniform(-1.0, 1.0);
            for (std::size_t k = 0; k < set_.scale.size() && k < set_.dim; ++k) initial_w_[k] /= set_.scale[k];
        }
        reset();
    }

    void reset() override {
        w_ = initial_w_;
        b_ = initial_b_;
        shown_w_ = shown(w_);
        diverged_ = false;
        pocket_w_ = w_;
        shown_pocket_w_ = shown_w_;
        pocket_b_ = b_;
        pocket_accuracy_ = config_.algorithm == Algorithm::Pocket ? accuracy_of(w_, b_) : 0.0;
        sum_w_.assign(set_.dim, 0.0);
        sum_b_ = 0.0;
        averaged_visits_ = 0;
        voted_w_.assign(1, w_);
        voted_b_.assign(1, b_);
        voted_c_.assign(1, 0.0);
    }

    bool visit(std::size_t i, std::size_t t, Update* record) override {
        const double* x = set_.row(i);
        const double y = set_.labels[i];
        const double score = score_row(w_, x) + b_;
        const bool mistake = PerceptronUpdate::is_mistake(y, score);
        if (record) {
            record->x = set_.row_vec(i);
            record->score_before = score;
            record->w_before = weights();
            record->b_before = b_;
        }

        double step = 0.0;  // the update is w += step * x (and b += step when the bias is explicit)
        if (!std::isfinite(score)) diverged_ = true;
        else step = PerceptronUpdate::step(config_, y, score, mistake, t);
        const bool updated = step != 0.0 && apply_update(step, x);
        after_visit(updated);

        if (record) {
            record->w_after = weights();
            record->b_after = b_;
        }
        return mistake;
    }

    bool diverged() const override { return diverged_; }

    double answer_score(const Vec& raw_x) const override {
        Vec features = lift_unscaled(config_.lift, raw_x);
        if (config_.bias == BiasMode::Absorbed) features.push_back(1.0);
        features.resize(set_.dim, 0.0);
        const double* x = features.data();
        if (config_.algorithm == Algorithm::Voted) {
            double votes = 0.0;
            for (std::size_t k = 0; k < voted_w_.size(); ++k)
                votes += voted_c_[k] * sign_vote(score_row(voted_w_[k], x) + voted_b_[k]);
            return votes;
        }
        if (config_.algorithm == Algorithm::Averaged) return score_row(averaged_rows(), x) + averaged_bias();
        if (config_.algorithm == Algorithm::Pocket) return score_row(pocket_w_, x) + pocket_b_;
        return score_row(w_, x) + b_;
    }

    double training_accuracy() const override {
        if (config_.algorithm == Algorithm::Pocket) return pocket_accuracy_;
        if (config_.algorithm == Algorithm::Averaged) return accuracy_of(averaged_weights(), averaged_bias());
        if (config_.algorithm == Algorithm::Voted) {
            if (set_.n == 0) return 0.0;
            std::size_t correct = 0;
            for (std::size_t i = 0; i < set_.n; ++i) {
                double votes = 0.0;
                for (std::size_t k = 0; k < voted_w_.size(); ++k)
                    votes += voted_c_[k] * sign_vote(score_row(voted_w_[k], set_.row(i)) + voted_b_[k]);
                if (set_.labels[i] * votes > 0.0) ++correct;
            }
            return static_cast<double>(correct) / static_cast<double>(set_.n);
        }
        return accuracy_of(w_, b_);
    }

    DecisionField field() const override {  // in the learner space (scaled)
        DecisionField f;
        f.input_dim = set_.raw ? set_.raw->dim : 0;
        f.lift = config_.lift;
        f.bias = config_.bias;
        if (config_.algorithm == Algorithm::Voted) {
            f.kind = DecisionField::Kind::Voted;
            for (std::size_t k = 0; k < voted_w_.size(); ++k) {
                if (voted_c_[k] == 0.0) continue;  // a vector that never survived a visit has no say
                f.voted_w.push_back(shown(voted_w_[k]));
                f.voted_b.push_back(voted_b_[k]);
                f.voted_c.push_back(voted_c_[k]);
            }
            return f;
        }
        f.kind = DecisionField::Kind::Linear;
        if (config_.algorithm == Algorithm::Pocket) {
            f.w = pocket_weights();
            f.b = pocket_b_;
        } else if (config_.algorithm == Algorithm::Averaged) {
            f.w = averaged_weights();
            f.b = averaged_bias();
        } else {
            f.w = weights();
            f.b = b_;
        }
        return f;
    }

    const Vec& weights() const override { return set_.scale.empty() ? w_ : shown_w_; }
    double bias() const override { return b_; }
    const std::vector<double>& alphas() const override { return no_alphas_; }

    ProofSample proof_sample(const Vec& unit_w_star) const override {
        // With an explicit bias the proof runs on the joint vector [w, b] against w* = [w*, b*].
        ProofSample sample;
        const double reference_norm = norm(unit_w_star);
        double projection = dot(weights(), unit_w_star);
        if (explicit_bias_ && unit_w_star.size() > set_.dim) projection += b_ * unit_w_star[set_.dim];
        sample.projection = reference_norm > 0.0 ? projection / reference_norm : 0.0;
        sample.squared_norm = score_row(w_, w_.data()) + (explicit_bias_ ? b_ * b_ : 0.0);
        return sample;
    }

    const Vec& pocket_weights() const override { return set_.scale.empty() ? pocket_w_ : shown_pocket_w_; }
    double pocket_bias() const override { return pocket_b_; }
    double pocket_accuracy() const override {
        return config_.algorithm == Algorithm::Pocket ? pocket_accuracy_ : training_accuracy();
    }

    Vec averaged_weights() const override { return shown(averaged_rows()); }
    double averaged_bias() const override {
        return averaged_visits_ == 0 ? b_ : sum_b_ / static_cast<double>(averaged_visits_);
    }

private:
    // w.x in the learner space, from row coordinates (see the top of this file).
    double score_row(const Vec& w, const double* x) const {
        if (set_.metric.empty()) return dot_row(w, x, set_.dim);
        double sum = 0.0;
        for (std::size_t k = 0; k < set_.dim; ++k) sum += set_.metric[k] * w[k] * x[k];
        return sum;
    }
    // A row-coordinate vector in the learner space.
    Vec shown(const Vec& w) const {
        Vec out = w;
        for (std::size_t k = 0; k < set_.scale.size() && k < out.size(); ++k) out[k] *= set_.scale[k];
        return out;
    }
    Vec averaged_rows() const {
        if (averaged_visits_ == 0) return w_;
        Vec mean = sum_w_;
        for (double& v : mean) v /= static_cast<double>(averaged_visits_);
        return mean;
    }

    // w += step * x (b += step) by the shared rule (update_rule.hpp); an overflow stops training.
    bool apply_update(double step, const double* x) {
        if (!PerceptronUpdate::apply(step, DenseRow{x, set_.dim}, w_, b_, explicit_bias_)) {
            diverged_ = true;
            return false;
        }
        if (!set_.scale.empty()) shown_w_ = shown(w_);
        return true;
    }

    void after_visit(bool updated) {
        switch (config_.algorithm) {
            case Algorithm::Pocket:
                if (updated) {
                    const double accuracy = accuracy_of(w_, b_);
                    if (accuracy > pocket_accuracy_) {
                        pocket_accuracy_ = accuracy;
                        pocket_w_ = w_;
                        if (!set_.scale.empty()) shown_pocket_w_ = shown_w_;
                        pocket_b_ = b_;
                    }
                }
                break;
            case Algorithm::Averaged:
                for (std::size_t k = 0; k < set_.dim; ++k) sum_w_[k] += w_[k];
                sum_b_ += b_;
                ++averaged_visits_;
                for (std::size_t k = 0; k < set_.dim; ++k)
                    if (!std::isfinite(sum_w_[k])) diverged_ = true;
                break;
            case Algorithm::Voted:
                if (updated) {
                    voted_w_.push_back(w_);
                    voted_b_.push_back(b_);
                    voted_c_.push_back(1.0);
                } else {
                    voted_c_.back() += 1.0;
                }
                break;
            default: break;
        }
    }

    // Share of training examples with y * (w.x + b) > 0 (a tie counts as wrong, as in training).
    double accuracy_of(const Vec& w, double b) const {
        if (set_.n == 0) return 0.0;
        std::size_t correct = 0;
        for (std::size_t i = 0; i < set_.n; ++i)
            if (set_.labels[i] * (score_row(w, set_.row(i)) + b) > 0.0) ++correct;
        return static_cast<double>(correct) / static_cast<double>(set_.n);
    }

    const TrainingSet& set_;
    TrainConfig config_;
    bool explicit_bias_;
    Vec initial_w_;
    double initial_b_ = 0.0;
    Vec w_;                // row coordinates
    Vec shown_w_;          // the same in the learner space (what weights() answers)
    double b_ = 0.0;
    bool diverged_ = false;
    // Pocket
    Vec pocket_w_, shown_pocket_w_;
    double pocket_b_ = 0.0;
    double pocket_accuracy_ = 0.0;
    // Averaged
    Vec sum_w_;
    double sum_b_ = 0.0;
    std::size_t averaged_visits_ = 0;
    // Voted: (w_k, b_k, c_k)
    std::vector<Vec> voted_w_;
    std::vector<double> voted_b_;
    std::vector<double> voted_c_;
    std::vector<double> no_alphas_;
};

}  // namespace

std::unique_ptr<Engine> make_primal_engine(const TrainingSet& set, const TrainConfig& config) {
    return std::make_unique<PrimalEngine>(set, config);
}

}  // namespace pl::detail
