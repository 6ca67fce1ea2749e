// Sparse twins of learner.cpp's loop and primal_engine.cpp's engine (see text_learner.hpp). The mistake
// test and the update are the dense learner's own (PerceptronUpdate, update_rule.hpp), so the two stay
// comparable bit for bit; the loop around them mirrors learner.cpp.
#include "core/words/text_learner.hpp"

#include <cmath>
#include <algorithm>
#include <numeric>
#include <utility>

#include "core/learn/update_rule.hpp"

namespace pl {

std::string TextLearner::unsupported(const TrainConfig& config) {
    if (config.algorithm == Algorithm::Kernel)
        return "the kernel perceptron works on points; for messages use the perceptron, pocket, averaged or logistic";
    if (config.algorithm == Algorithm::Voted)
        return "the voted perceptron keeps a whole weight vector per update, too many for a vocabulary; "
               "use the averaged perceptron, its close relative";
    if (config.lift != LiftKind::None) return "feature lifts are for points in the plane, not for words";
    return "";
}

TextLearner::TextLearner(TextCorpus corpus, TrainConfig config) : corpus_(std::move(corpus)), config_(config) {
    if (!unsupported(config_).empty()) {
        config_.algorithm = Algorithm::Perceptron;
        config_.lift = LiftKind::None;
    }
    absorbed_ = config_.bias == BiasMode::Absorbed;
    explicit_ = config_.bias == BiasMode::Explicit;
    dim_ = corpus_.vocabulary.size() + (absorbed_ ? 1 : 0);
    initial_w_.assign(dim_, 0.0);
    if (config_.init == Init::Random) {
        Rng rng(config_.seed);  // the same stream and order of draws as PrimalEngine
        for (double& wi : initial_w_) wi = rng.uniform(-1.0, 1.0);
        if (explicit_) initial_b_ = rng.uniform(-1.0, 1.0);
    }
    reset();
}

void TextLearner::reset() {
    w_ = initial_w_;
    b_ = initial_b_;
    diverged_ = false;
    pocket_w_ = w_;
    pocket_b_ = b_;
    pocket_accuracy_ = config_.algorithm == Algorithm::Pocket ? accuracy_of(w_, b_) : 0.0;
    sum_w_.assign(dim_, 0.0);
    synced_.assign(dim_, 0);
    sum_b_ = 0.0;
    averaged_visits_ = 0;
    visits_ = mistakes_ = epochs_ = epoch_mistakes_ = 0;
    converged_ = false;
    per_epoch_.clear();
    order_rng_.reseed(config_.seed ^ 0x6F726465725F726EULL);  // learner.cpp's order stream
    position_ = 0;
    draw_epoch_order();
}

void TextLearner::draw_epoch_order() {
    order_.resize(corpus_.size());
    std::iota(order_.begin(), order_.end(), std::size_t{0});
    if (config_.order == Order::Random) order_rng_.shuffle(order_);
}

bool TextLearner::can_step() const {
    const auto cap = config_.max_epochs > 0 ? static_cast<std::size_t>(config_.max_epochs) : 0;
    return corpus_.size() > 0 && !diverged_ && epochs_ < cap;
}

bool TextLearner::capped() const {
    const auto cap = config_.max_epochs > 0 ? static_cast<std::size_t>(config_.max_epochs) : 0;
    return corpus_.size() > 0 && !converged_ && epochs_ >= cap;
}

double TextLearner::running_score(const std::uint32_t* begin, const std::uint32_t* end, const std::vector<double>& w,
                                  double b) const {
    double sum = 0.0;
    for (const std::uint32_t* k = begin; k != end; ++k) sum += w[*k];
    if (absorbed_) sum += w[dim_ - 1];  // the constant feature 1, last in the dense row
    return sum + b;
}

TextUpdate TextLearner::visit_at(std::size_t i) {
    TextUpdate u;
    u.visited = true;
    u.index = i;
    u.y = corpus_.labels[i];
    const double y = u.y;
    const double score = running_score(corpus_.rows.begin(i), corpus_.rows.end(i), w_, b_);
    u.score_before = score;
    u.mistake = PerceptronUpdate::is_mistake(y, score);
    double step = 0.0;
    if (!std::isfinite(score)) diverged_ = true;
    else step = PerceptronUpdate::step(config_, y, score, u.mistake, visits_);
    const bool updated = step != 0.0 && apply_update(step, i);
    u.step = updated ? step : 0.0;
    after_visit(updated, i);

    ++visits_;
    if (u.mistake) {
        ++mistakes_;
        ++epoch_mistakes_;
    }
    if (++position_ == corpus_.size()) {
        per_epoch_.push_back(epoch_mistakes_);
        converged_ = epoch_mistakes_ == 0;
        epoch_mistakes_ = 0;
        ++epochs_;
        position_ = 0;
        draw_epoch_order();
        u.epoch_finished = true;
    }
    return u;
}

// The dense rule on the message's words (update_rule.hpp): x has a 1 at each of its words and at the
// absorbed bias, so w += step * x touches only those weights.
bool TextLearner::apply_update(double step, std::size_t i) {
    const WordRow x{corpus_.rows.begin(i), corpus_.rows.end(i), absorbed_, dim_ - 1};
    const bool averaged = config_.algorithm == Algorithm::Averaged;
    const bool applied = PerceptronUpdate::apply(step, x, w_, b_, explicit_, [&](std::size_t k) {
        if (averaged) flush_average(k);
    });
    if (!applied) diverged_ = true;
    return applied;
}

// Brings word k's running sum up to date: it had the value w_k on every visit since synced_[k].
void TextLearner::flush_average(std::size_t k) const {
    sum_w_[k] += w_[k] * static_cast<double>(averaged_visits_ - synced_[k]);
    synced_[k] = averaged_visits_;
}

void TextLearner::after_visit(bool updated, std::size_t) {
    if (config_.algorithm == Algorithm::Pocket && updated) {
        const double accuracy = accuracy_of(w_, b_);
        if (accuracy > pocket_accuracy_) {
            pocket_accuracy_ = accuracy;
            pocket_w_ = w_;
            pocket_b_ = b_;
        }
    } else if (config_.algorithm == Algorithm::Averaged) {
        sum_b_ += b_;
        ++averaged_visits_;
    }
}

TextUpdate TextLearner::step() { return can_step() ? visit_at(order_[position_]) : TextUpdate{}; }

TextUpdate TextLearner::next_mistake(std::size_t max_visits) {
    TextUpdate last;
    for (std::size_t k = 0; k < max_visits && can_step(); ++k) {
        last = visit_at(order_[position_]);
        if (last.mistake) break;
    }
    return last;
}

std::size_t TextLearner::epoch() {
    if (!can_step()) return 0;
    const std::size_t start = epochs_;
    while (can_step() && epochs_ == start) visit_at(order_[position_]);
    return epochs_ > start ? per_epoch_.back() : epoch_mistakes_;
}

bool TextLearner::train_until_converged() {
    while (!converged_ && can_step()) epoch();
    return converged_;
}

std::vector<double> TextLearner::answer_word_weights() const {
    std::vector<double> w;
    if (config_.algorithm == Algorithm::Pocket) {
        w = pocket_w_;
    } else if (config_.algorithm == Algorithm::Averaged && averaged_visits_ > 0) {
        w.resize(dim_);
        for (std::size_t k = 0; k < dim_; ++k) {
            const double sum = sum_w_[k] + w_[k] * static_cast<double>(averaged_visits_ - synced_[k]);
            w[k] = sum / static_cast<double>(averaged_visits_);
        }
    } else {
        w = w_;
    }
    w.resize(corpus_.vocabulary.size());  // the absorbed bias is answer_bias()
    return w;
}

double TextLearner::answer_bias() const {
    if (config_.algorithm == Algorithm::Pocket) return absorbed_ ? pocket_w_[dim_ - 1] : pocket_b_;
    if (config_.algorithm == Algorithm::Averaged && averaged_visits_ > 0) {
        const double n = static_cast<double>(averaged_visits_);
        if (absorbed_) return (sum_w_[dim_ - 1] + w_[dim_ - 1] * (n - static_cast<double>(synced_[dim_ - 1]))) / n;
        return sum_b_ / n;
    }
    return absorbed_ ? w_[dim_ - 1] : b_;
}

double TextLearner::score(std::size_t message) const {
    const std::vector<double> w = answer_word_weights();
    double sum = 0.0;
    for (const std::uint32_t* k = corpus_.rows.begin(message); k != corpus_.rows.end(message); ++k) sum += w[*k];
    return sum + answer_bias();
}

double TextLearner::score_text(std::string_view text) const {
    const std::vector<double> w = answer_word_weights();
    std::vector<std::uint32_t> ids;
    for (const std::string& word : message_words(text))
        if (const std::uint32_t* id = corpus_.vocabulary.find(word)) ids.push_back(*id);
    std::sort(ids.begin(), ids.end());
    double sum = 0.0;
    for (const std::uint32_t k : ids) sum += w[k];
    return sum + answer_bias();
}

double TextLearner::accuracy_of(const std::vector<double>& w, double b) const {
    if (corpus_.size() == 0) return 0.0;
    std::size_t correct = 0;
    for (std::size_t i = 0; i < corpus_.size(); ++i)
        if (corpus_.labels[i] * running_score(corpus_.rows.begin(i), corpus_.rows.end(i), w, b) > 0.0) ++correct;
    return static_cast<double>(correct) / static_cast<double>(corpus_.size());
}

double TextLearner::training_accuracy() const {
    if (config_.algorithm == Algorithm::Pocket) return pocket_accuracy_;
    if (corpus_.size() == 0) return 0.0;
    const std::vector<double> w = answer_word_weights();
    const double b = answer_bias();
    std::size_t correct = 0;
    for (std::size_t i = 0; i < corpus_.size(); ++i) {
        double sum = 0.0;
        for (const std::uint32_t* k = corpus_.rows.begin(i); k != corpus_.rows.end(i); ++k) sum += w[*k];
        if (corpus_.labels[i] * (sum + b) > 0.0) ++correct;
    }
    return static_cast<double>(correct) / static_cast<double>(corpus_.size());
}

}  // namespace pl
