// The primal learners on sparse bags of words: the same update rules, visiting order, epochs, cap and
// counters as Learner (learner.cpp / primal_engine.cpp), computed on the words a message has instead of a
// dense row, so 10,000 messages over 50,000 words train without a 10,000 x 50,000 matrix.
//
// Equal to Learner on the dense rows of the same corpus: the same mistakes and, for the perceptron,
// pocket and logistic SGD, bit-identical weights (a score sums the weights of the message's words in
// increasing word index, then the absorbed bias, then the explicit bias: exactly the dense sum minus
// its zero terms). The averaged perceptron keeps its running sums lazily (a word's sum is brought up to
// date when its weight changes), which equals the dense sums exactly while weights are whole numbers
// (eta = 1) and to rounding otherwise. Tests compare both learners on random corpora.
//
// Not for text: the kernel perceptron (it works on points) and the voted perceptron (it would keep a
// whole weight vector per update: 50,000 words x thousands of updates); unsupported() says so.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/learn/rng.hpp"
#include "core/base/config.hpp"
#include "core/words/text_corpus.hpp"

namespace pl {

struct TextUpdate {
    bool visited = false;         // false at the epoch cap, on empty data or after divergence
    std::size_t index = 0;        // the message visited
    int y = 0;
    double score_before = 0;      // w.x (+ b) before the update
    bool mistake = false;         // y * score_before <= 0
    double step = 0;              // the update was w += step * x (b += step with an explicit bias)
    bool epoch_finished = false;
};

class TextLearner {
public:
    // "" when the settings can train on text, else the reason (kernel, voted, a feature lift).
    static std::string unsupported(const TrainConfig& config);

    TextLearner(TextCorpus corpus, TrainConfig config);  // unsupported settings train as the perceptron

    void reset();
    TextUpdate step();
    TextUpdate next_mistake(std::size_t max_visits);
    std::size_t epoch();                 // finish the current epoch; returns its mistakes
    bool train_until_converged();        // epochs until one is mistake-free or the cap

    const TextCorpus& corpus() const { return corpus_; }
    const TrainConfig& config() const { return config_; }
    std::size_t visits() const { return visits_; }
    std::size_t mistakes() const { return mistakes_; }
    std::size_t epochs_completed() const { return epochs_; }
    const std::vector<std::size_t>& mistakes_per_epoch() const { return per_epoch_; }
    bool converged() const { return converged_; }
    bool capped() const;
    bool diverged() const { return diverged_; }
    std::size_t next_index() const { return order_.empty() ? 0 : order_[position_]; }

    // The running weights: one per vocabulary word, then the absorbed bias (BiasMode::Absorbed).
    const std::vector<double>& weights() const { return w_; }
    double bias() const { return b_; }   // explicit bias (0 otherwise)
    // The answer (pocket: the pocket; averaged: the average): a weight per vocabulary word and the bias
    // (absorbed or explicit; 0 without a bias).
    std::vector<double> answer_word_weights() const;
    double answer_bias() const;
    double score(std::size_t message) const;        // f of the answer on a training message
    double score_text(std::string_view text) const; // f of the answer on new text (unknown words count 0)
    double training_accuracy() const;               // share of messages with y * f > 0

private:
    double running_score(const std::uint32_t* begin, const std::uint32_t* end, const std::vector<double>& w, double b) const;
    double accuracy_of(const std::vector<double>& w, double b) const;
    bool apply_update(double step, std::size_t message);
    void after_visit(bool updated, std::size_t message);
    void flush_average(std::size_t k) const;
    void draw_epoch_order();
    bool can_step() const;
    TextUpdate visit_at(std::size_t index);

    TextCorpus corpus_;
    TrainConfig config_;
    std::size_t dim_ = 0;          // vocabulary size (+1 with an absorbed bias)
    bool absorbed_ = false, explicit_ = false;
    std::vector<double> initial_w_;
    double initial_b_ = 0;
    std::vector<double> w_;
    double b_ = 0;
    bool diverged_ = false;
    // Pocket
    std::vector<double> pocket_w_;
    double pocket_b_ = 0, pocket_accuracy_ = 0;
    // Averaged, kept lazily: sum_w_[k] holds the sum of w_k over the first synced_[k] visits.
    mutable std::vector<double> sum_w_;
    mutable std::vector<std::size_t> synced_;
    double sum_b_ = 0;
    std::size_t averaged_visits_ = 0;
    // Order and counters (as in learner.cpp)
    Rng order_rng_;
    std::vector<std::size_t> order_;
    std::size_t position_ = 0, visits_ = 0, mistakes_ = 0, epochs_ = 0, epoch_mistakes_ = 0;
    bool converged_ = false;
    std::vector<std::size_t> per_epoch_;
};

}  // namespace pl
