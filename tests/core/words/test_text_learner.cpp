// Words mode's core: the bag-of-words reader, the sparse learners and their theory.
// The traces of lecture 004's three messages are computed by hand below; the sparse learners are also
// compared with the dense Learner on the same rows (random corpora, every supported setting).
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/learn/learner.hpp"
#include "core/learn/rng.hpp"
#include "core/words/text_learner.hpp"
#include "core/words/text_theory.hpp"

using namespace pl;

namespace {

TrainConfig config_with(BiasMode bias, Algorithm algorithm = Algorithm::Perceptron) {
    TrainConfig c;
    c.algorithm = algorithm;
    c.bias = bias;
    return c;
}

double word_weight(const TextLearner& l, const std::string& word) {
    const std::uint32_t* id = l.corpus().vocabulary.find(word);
    REQUIRE(id != nullptr);
    return l.answer_word_weights()[*id];
}

// The dense rows of a corpus, as Learner sees points: one coordinate per vocabulary word.
Dataset dense_rows(const TextCorpus& corpus) {
    Dataset d;
    d.dim = static_cast<int>(corpus.vocabulary.size());
    for (std::size_t i = 0; i < corpus.size(); ++i) {
        Vec x(corpus.vocabulary.size(), 0.0);
        for (const std::uint32_t* k = corpus.rows.begin(i); k != corpus.rows.end(i); ++k) x[*k] = 1.0;
        d.add(x, corpus.labels[i]);
    }
    return d;
}

TextCorpus random_corpus(std::uint64_t seed, std::size_t messages, std::size_t words) {
    Rng rng(seed);
    std::vector<std::string> texts;
    std::vector<int> labels;
    for (std::size_t i = 0; i < messages; ++i) {
        std::string text;
        const std::size_t length = 1 + rng.below(6);
        for (std::size_t k = 0; k < length; ++k) text += "w" + std::to_string(rng.below(words)) + " ";
        texts.push_back(text);
        labels.push_back(rng.below(2) ? 1 : -1);
    }
    return make_corpus(texts, labels);
}

}  // namespace

TEST_CASE("a word is a run of [a-z0-9] after lower-casing, a message is the set of its words") {
    CHECK(message_words("Buy VIAGRA now!! viagra, buy-now 4u") == std::vector<std::string>{"buy", "viagra", "now", "4u"});
    CHECK(message_words("") .empty());
    CHECK(message_words(" ,.;!? \t") .empty());
    CHECK(message_words("caf\xC3\xA9 na\xC3\xAFve") == std::vector<std::string>{"caf", "na", "ve"});  // other bytes separate
}

TEST_CASE("TSV: labels -1/1, 0/1, spam/ham, header, comments, CRLF, errors with line numbers") {
    const TsvResult ok = parse_tsv("label\ttext\r\n# a comment\n-1\tViagra the\r\n1\tlearning the\n\nspam\tNigeria\n");
    REQUIRE(ok.ok);
    CHECK(ok.corpus.size() == 3);
    CHECK(ok.corpus.labels == std::vector<int>{-1, 1, -1});
    CHECK(ok.corpus.vocabulary.words() == std::vector<std::string>{"viagra", "the", "learning", "nigeria"});
    CHECK(ok.summary() == "3 messages (1 ham, 2 spam), 4 distinct words");

    const TsvResult zero_one = parse_tsv("0\ta\n1\tb\n");
    REQUIRE(zero_one.ok);
    CHECK(zero_one.zero_one_labels);
    CHECK(zero_one.corpus.labels == std::vector<int>{-1, 1});

    const TsvResult mixed = parse_tsv("0\ta\n-1\tb\n1\tc\n");
    CHECK_FALSE(mixed.ok);
    CHECK(mixed.summary() == "labels mix 0 and -1: use -1/1 or 0/1, not both");

    const TsvResult bad = parse_tsv("1\tfine\nno tab here\n2\tbad label\n");
    CHECK_FALSE(bad.ok);
    CHECK(bad.error_count == 2);
    CHECK(bad.summary() == "line 2: expected a label, a tab, then the message; line 3: the label '2' is not -1/1, 0/1, spam or ham");

    CHECK(parse_tsv("").summary() == "no messages");
    CHECK(parse_tsv("1\ta\n1\tb\n1\tc\n", 2).summary() == "line 3: more than 2 messages");
    CHECK(parse_tsv("1\t" + std::string(kMaxMessageBytes + 1, 'a') + "\n").summary() == "line 1: the message is longer than 64 KB");

    const TsvResult empty_message = parse_tsv("1\t!!!\n-1\tspam\n");
    REQUIRE(empty_message.ok);
    CHECK(empty_message.empty_messages == 1);
}

TEST_CASE("TSV round trip keeps every word and label") {
    const std::vector<std::string> messages{"hello\tworld", "multi\nline", "plain"};
    const TsvResult back = parse_tsv(write_tsv(messages, {1, -1, 1}));
    REQUIRE(back.ok);
    CHECK(back.corpus.labels == std::vector<int>{1, -1, 1});
    CHECK(back.corpus.vocabulary.words() == std::vector<std::string>{"hello", "world", "multi", "line", "plain"});
}

TEST_CASE("lecture 004's three messages, no bias: traced by hand") {
    // Words in order of first appearance: viagra, the, learning, nigeria.
    // Epoch 1: m1 {viagra, the} y=-1 score 0 -> mistake, w = (-1,-1,0,0)
    //          m2 {learning, the} y=+1 score -1 -> mistake, w = (-1,0,1,0)
    //          m3 {nigeria} y=-1 score 0 -> mistake, w = (-1,0,1,-1)
    // Epoch 2: scores -1, +1, -1: no mistake, converged after 3 mistakes.
    TextLearner l(lecture_spam_corpus(), config_with(BiasMode::None));
    TextUpdate u = l.step();
    CHECK(u.mistake);
    CHECK(u.score_before == 0.0);
    CHECK(u.step == -1.0);
    u = l.step();
    CHECK(u.index == 1);
    CHECK(u.score_before == -1.0);
    CHECK(u.mistake);
    CHECK(l.train_until_converged());
    CHECK(l.mistakes() == 3);
    CHECK(l.epochs_completed() == 2);
    CHECK(l.mistakes_per_epoch() == std::vector<std::size_t>{3, 0});
    CHECK(word_weight(l, "viagra") == -1.0);
    CHECK(word_weight(l, "the") == 0.0);
    CHECK(word_weight(l, "learning") == 1.0);
    CHECK(word_weight(l, "nigeria") == -1.0);
    CHECK(l.score_text("Learning about VIAGRA") == 0.0);
    CHECK(l.score_text("learning in nigeria? learning!") == 0.0);
    CHECK(l.score_text("deep learning") == 1.0);  // an unknown word counts 0
    CHECK(l.training_accuracy() == 1.0);
}

TEST_CASE("lecture 004's three messages, bias absorbed: traced by hand") {
    // w = (viagra, the, learning, nigeria, bias)
    // E1: m1 0 -> (-1,-1,0,0,-1); m2 -1-1 = -2 -> (-1,0,1,0,0); m3 0 -> (-1,0,1,-1,-1)
    // E2: m1 -1+0-1 = -2 ok; m2 0+1-1 = 0 -> mistake (-1,1,2,-1,0); m3 -1+0 = -1 ok
    // E3: m1 -1+1+0 = 0 -> mistake (-2,0,2,-1,-1); m2 0+2-1 = 1 ok; m3 -1-1 = -2 ok
    // E4: -3, 1, -2: converged, 5 mistakes.
    TextLearner l(lecture_spam_corpus(), config_with(BiasMode::Absorbed));
    CHECK(l.train_until_converged());
    CHECK(l.mistakes_per_epoch() == std::vector<std::size_t>{3, 1, 1, 0});
    CHECK(l.answer_word_weights() == std::vector<double>{-2, 0, 2, -1});
    CHECK(l.answer_bias() == -1.0);
}

TEST_CASE("text theory: R from the widest message, gamma* from the exact solver") {
    const TextTheory none = analyze_text(lecture_spam_corpus(), BiasMode::None);
    CHECK(none.R == doctest::Approx(std::sqrt(2.0)));
    REQUIRE(none.separable);
    // Best unit w through the origin: (-1, 0, 1, -1)/sqrt(3) gives every message margin 1/sqrt(3).
    CHECK(none.gamma_star == doctest::Approx(1.0 / std::sqrt(3.0)).epsilon(1e-9));
    CHECK(none.bound == doctest::Approx(6.0).epsilon(1e-9));
    const TextTheory biased = analyze_text(lecture_spam_corpus(), BiasMode::Absorbed);
    CHECK(biased.R == doctest::Approx(std::sqrt(3.0)));
    CHECK(static_cast<double>(TextLearner(lecture_spam_corpus(), config_with(BiasMode::Absorbed)).mistakes()) <= biased.bound);

    // The same message with both labels can never be separated.
    const TextTheory clash = analyze_text(make_corpus({"cheap pills", "pills cheap"}, {1, -1}), BiasMode::Absorbed);
    CHECK_FALSE(clash.separable);
    CHECK_FALSE(clash.undecided);
    CHECK(std::isinf(clash.bound));

    const TextTheory empty = analyze_text(TextCorpus{}, BiasMode::None);
    CHECK(empty.undecided);
    CHECK(empty.why_not == "no messages");
}

TEST_CASE("mistakes never exceed the bound on separable random corpora") {
    int separable = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        const TextCorpus corpus = random_corpus(seed, 12, 30);
        for (BiasMode bias : {BiasMode::None, BiasMode::Absorbed}) {
            const TextTheory t = analyze_text(corpus, bias);
            if (!t.separable) continue;
            ++separable;
            TextLearner l(corpus, config_with(bias));
            l.train_until_converged();
            CHECK(l.converged());
            CHECK(static_cast<double>(l.mistakes()) <= t.bound * (1 + 1e-9));
        }
    }
    CHECK(separable > 20);
}

TEST_CASE("the sparse learners equal Learner on the dense rows") {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        const TextCorpus corpus = random_corpus(seed, 25, 40);
        const Dataset dense = dense_rows(corpus);
        for (Algorithm algorithm : {Algorithm::Perceptron, Algorithm::Pocket, Algorithm::Averaged, Algorithm::Logistic}) {
            for (BiasMode bias : {BiasMode::Absorbed, BiasMode::Explicit, BiasMode::None}) {
                TrainConfig c = config_with(bias, algorithm);
                c.order = seed % 2 ? Order::Random : Order::Sequential;
                c.init = seed % 3 == 0 ? Init::Random : Init::Zero;
                c.seed = seed;
                c.eta = seed % 4 == 0 ? 0.3 : 1.0;
                c.max_epochs = 15;
                CAPTURE(seed);
                CAPTURE(static_cast<int>(algorithm));
                CAPTURE(static_cast<int>(bias));
                TextLearner sparse(corpus, c);
                Learner reference(dense, c);
                sparse.train_until_converged();
                reference.train_until_converged();
                CHECK(sparse.mistakes() == reference.mistakes());
                CHECK(sparse.mistakes_per_epoch() == reference.mistakes_per_epoch());
                CHECK(sparse.converged() == reference.converged());
                // Running weights: identical bit for bit (same sums, same order).
                std::vector<double> running = sparse.weights();
                CHECK(running == reference.weights());
                CHECK(sparse.bias() == reference.bias());
                // The answer (pocket / average) through scores on every message.
                const std::size_t n = corpus.size();
                for (std::size_t i = 0; i < n; ++i) {
                    const double expected = reference.score(dense.points[i]);
                    // Averages of whole numbers are exact both ways; otherwise the lazy sums round differently.
                    if (algorithm == Algorithm::Averaged && (c.eta != 1.0 || c.init == Init::Random))
                        CHECK(sparse.score(i) == doctest::Approx(expected).epsilon(1e-12));
                    else
                        CHECK(sparse.score(i) == expected);
                }
                CHECK(sparse.training_accuracy() == reference.training_accuracy());
            }
        }
    }
}

TEST_CASE("kernel, voted and lifts are refused for text with a reason") {
    TrainConfig c;
    c.algorithm = Algorithm::Kernel;
    CHECK(TextLearner::unsupported(c).find("points") != std::string::npos);
    c.algorithm = Algorithm::Voted;
    CHECK(TextLearner::unsupported(c).find("averaged") != std::string::npos);
    c.algorithm = Algorithm::Perceptron;
    c.lift = LiftKind::Product;
    CHECK_FALSE(TextLearner::unsupported(c).empty());
    c.lift = LiftKind::None;
    CHECK(TextLearner::unsupported(c).empty());
}

TEST_CASE("empty and one-class corpora train without trouble") {
    TextLearner empty(TextCorpus{}, TrainConfig{});
    CHECK_FALSE(empty.train_until_converged());
    CHECK_FALSE(empty.step().visited);
    CHECK(empty.training_accuracy() == 0.0);
    TextLearner one_class(make_corpus({"a b", "b c"}, {1, 1}), config_with(BiasMode::None));
    CHECK(one_class.train_until_converged());
    CHECK(one_class.training_accuracy() == 1.0);
    // A message without words scores 0 forever without a bias: capped, never converged.
    TrainConfig c = config_with(BiasMode::None);
    c.max_epochs = 5;
    TextLearner wordless(make_corpus({"!!!"}, {1}), c);
    CHECK_FALSE(wordless.train_until_converged());
    CHECK(wordless.capped());
    CHECK(wordless.mistakes() == 5);
}
