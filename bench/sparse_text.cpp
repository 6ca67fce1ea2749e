// Words mode at scale: 10,000 messages over 50,000 distinct words, trained sparsely (text_learner.hpp).
// Prints the time to read the messages into bags of words, the training rate, the memory the sparse rows
// take against the dense matrix they stand for, and, measured in the same run on the first 1,000
// messages, the sparse learner against the dense Learner on identical rows (same mistakes checked).
//
//   sparse_text [--messages N] [--words V] [--epochs E] [--write-tsv FILE]
// The corpus is seeded: message i holds 5 words of its own (so all V words occur) and 10 to 40 words
// drawn from a Zipf-like law; its label is the sign of a planted weight vector's score, so the set is
// separable and the perceptron converges.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/learn/learner.hpp"
#include "core/learn/rng.hpp"
#include "core/words/text_learner.hpp"

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::string word_name(std::size_t k) { return "w" + std::to_string(k); }

struct Corpus {
    std::vector<std::string> messages;
    std::vector<int> labels;
};

Corpus make_messages(std::size_t n, std::size_t vocabulary, std::uint64_t seed) {
    pl::Rng rng(seed);
    std::vector<double> planted(vocabulary);
    for (double& v : planted) v = rng.normal();
    Corpus c;
    for (std::size_t i = 0; i < n; ++i) {
        std::string text;
        std::vector<std::size_t> ids;
        const std::size_t own = vocabulary / n > 0 ? vocabulary / n : 1;
        for (std::size_t j = 0; j < own; ++j) ids.push_back((i * own + j) % vocabulary);
        const std::size_t extra = 10 + rng.below(31);
        for (std::size_t j = 0; j < extra; ++j) {
            // Zipf-like: rank = floor(V^u) - 1 makes small ranks (common words) much likelier.
            const double u = rng.uniform01();
            ids.push_back(static_cast<std::size_t>(std::pow(static_cast<double>(vocabulary), u)) - 1);
        }
        double score = 0;
        std::vector<char> seen(vocabulary, 0);
        for (std::size_t id : ids) {
            text += word_name(id) + ' ';
            if (!seen[id]) score += planted[id];
            seen[id] = 1;
        }
        c.messages.push_back(text);
        c.labels.push_back(score > 0 ? 1 : -1);
    }
    return c;
}

}  // namespace

int main(int argc, char** argv) {
    std::size_t n = 10000, vocabulary = 50000;
    int epochs = 100;
    const char* tsv_path = nullptr;
    for (int a = 1; a + 1 < argc; a += 2) {
        if (!std::strcmp(argv[a], "--messages")) n = std::strtoul(argv[a + 1], nullptr, 10);
        else if (!std::strcmp(argv[a], "--words")) vocabulary = std::strtoul(argv[a + 1], nullptr, 10);
        else if (!std::strcmp(argv[a], "--epochs")) epochs = std::atoi(argv[a + 1]);
        else if (!std::strcmp(argv[a], "--write-tsv")) tsv_path = argv[a + 1];
    }
    const Corpus raw = make_messages(n, vocabulary, 7);
    if (tsv_path) {
        std::FILE* f = std::fopen(tsv_path, "w");
        if (!f) return 1;
        const std::string tsv = pl::write_tsv(raw.messages, raw.labels);
        std::fwrite(tsv.data(), 1, tsv.size(), f);
        std::fclose(f);
    }

    auto t0 = Clock::now();
    pl::TextCorpus corpus = pl::make_corpus(raw.messages, raw.labels);
    const double read_s = seconds_since(t0);
    const std::size_t nonzeros = corpus.rows.index.size();
    std::printf("corpus: %s; %zu word occurrences\n", corpus.summary().c_str(), nonzeros);
    std::printf("bags of words built in %.3f s\n", read_s);
    const double sparse_mb = static_cast<double>(nonzeros * sizeof(std::uint32_t) + (n + 1) * sizeof(std::size_t)) / 1e6;
    const double dense_mb = static_cast<double>(n) * static_cast<double>(corpus.vocabulary.size()) * sizeof(double) / 1e6;
    std::printf("rows: sparse %.1f MB, the dense matrix would be %.0f MB (%.0fx)\n", sparse_mb, dense_mb, dense_mb / sparse_mb);

    pl::TrainConfig config;
    config.bias = pl::BiasMode::Absorbed;
    config.max_epochs = epochs;
    t0 = Clock::now();
    pl::TextLearner learner(corpus, config);
    learner.train_until_converged();
    const double train_s = seconds_since(t0);
    std::printf("perceptron: %s after %zu epochs, %zu mistakes, accuracy %.4f, %.3f s (%.1f million visits / s)\n",
                learner.converged() ? "converged" : "stopped", learner.epochs_completed(), learner.mistakes(),
                learner.training_accuracy(), train_s, static_cast<double>(learner.visits()) / train_s / 1e6);

    // Same run, small enough for dense rows: the first 1,000 messages, both learners, 10 epochs.
    const std::size_t small_n = n < 1000 ? n : 1000;
    const pl::TextCorpus small = pl::make_corpus(std::vector<std::string>(raw.messages.begin(), raw.messages.begin() + static_cast<std::ptrdiff_t>(small_n)),
                                                 std::vector<int>(raw.labels.begin(), raw.labels.begin() + static_cast<std::ptrdiff_t>(small_n)));
    pl::Dataset dense;
    dense.dim = static_cast<int>(small.vocabulary.size());
    for (std::size_t i = 0; i < small.size(); ++i) {
        pl::Vec x(small.vocabulary.size(), 0.0);
        for (const std::uint32_t* k = small.rows.begin(i); k != small.rows.end(i); ++k) x[*k] = 1.0;
        dense.add(std::move(x), small.labels[i]);
    }
    config.max_epochs = 10;
    t0 = Clock::now();
    pl::TextLearner small_sparse(small, config);
    small_sparse.train_until_converged();
    const double sparse_s = seconds_since(t0);
    t0 = Clock::now();
    pl::Learner small_dense(dense, config);
    small_dense.train_until_converged();
    const double dense_s = seconds_since(t0);
    std::printf("first %zu messages (%zu words), 10 epochs cap: sparse %.4f s, dense Learner %.4f s: sparse is %.0fx faster; "
                "mistakes %zu and %zu (%s)\n",
                small_n, small.vocabulary.size(), sparse_s, dense_s, dense_s / sparse_s, small_sparse.mistakes(),
                small_dense.mistakes(), small_sparse.mistakes() == small_dense.mistakes() ? "equal" : "DIFFERENT");
    std::printf("RESULT messages=%zu words=%zu train_s=%.3f visits_per_s=%.0f speedup_vs_dense=%.1f\n", n,
                corpus.vocabulary.size(), train_s, static_cast<double>(learner.visits()) / train_s, dense_s / sparse_s);
    return 0;
}
