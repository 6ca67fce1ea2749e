// When the mistake bound and the proof's two inequalities hold (proof_status.hpp), checked against the
// lecture 004 example by hand and against runs: scaled by eta from w = 0, "not applicable" with a reason
// for a random start, logistic SGD, dropped outliers, frozen learners and non-separable data.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <tuple>

#include "core/learn/dataset.hpp"
#include "core/learn/learner.hpp"
#include "core/learn/rng.hpp"
#include "core/theory/proof_status.hpp"
#include "core/theory/theory.hpp"
#include "../test_font_glyphs.hpp"
#include "../learn/test_learner_helpers.hpp"

using namespace pl;

namespace {

TrainConfig config_of(Algorithm algorithm, BiasMode bias, double eta = 1.0) {
    TrainConfig c;
    c.algorithm = algorithm;
    c.bias = bias;
    c.eta = eta;
    c.max_epochs = 10000;
    return c;
}

// A learner that records its w against the theory's unit separator w*, as the widget's session does.
Learner proof_learner(const Dataset& data, const TrainConfig& config, const TheorySummary& theory) {
    Learner learner(data, config);
    if (theory.origin.separable) learner.set_reference_separator(theory.origin.w);
    return learner;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("proof status: lecture 004 without a bias, eta 0.5 / 1 / 3: the lines are eta M gamma* and eta^2 M R^2") {
    // Signed points y x: (1, 2), (2, 1), (1, 1), (1, -1). Their hull's closest point to 0 is (1, 0):
    // w* = (1, 0), gamma* = 1, R = sqrt(5), bound 5. The run from 0 (eta = 1): mistake on (1, 2) -> w = (1, 2),
    // mistake on (-1, 1) -> w = (2, 1). So w.w* = 1, 2 and |w|^2 = 5, 5; with eta every w is eta times that.
    const Dataset data = test::lecture_four_points();
    for (double eta : {0.5, 1.0, 3.0}) {
        CAPTURE(eta);
        const TrainConfig config = config_of(Algorithm::Perceptron, BiasMode::None, eta);
        const TheorySummary theory = analyze(data, config);
        REQUIRE(theory.separable);
        CHECK(theory.gamma_star == doctest::Approx(1.0));
        CHECK(theory.bound == doctest::Approx(5.0));
        const ProofStatus status = proof_status(config, theory, 0);
        CHECK(status.applies);
        CHECK(status.reason.empty());
        CHECK(status.step == eta);
        CHECK(contains(status.remark, "only scales w") == (eta != 1.0));

        Learner learner = proof_learner(data, config, theory);
        REQUIRE(learner.train_until_converged());
        CHECK(learner.mistakes() == 2);
        const auto& proof = learner.proof();
        REQUIRE(proof.size() == 3);  // M = 0, 1, 2
        for (std::size_t m = 1; m <= 2; ++m) {
            CAPTURE(m);
            CHECK(proof[m].projection == doctest::Approx(eta * static_cast<double>(m)));
            CHECK(proof[m].squared_norm == doctest::Approx(eta * eta * 5.0));
            CHECK(projection_floor(status, theory, m) == doctest::Approx(eta * static_cast<double>(m)));
            CHECK(squared_norm_ceiling(status, theory, m) == doctest::Approx(eta * eta * static_cast<double>(m) * 5.0));
        }
        // The unscaled lines of the old plots were wrong for eta != 1: eta = 0.5 fell below M gamma* = 1, 2,
        // eta = 3 rose above M R^2 = 10 (45 > 10).
        if (eta == 0.5) CHECK(proof[2].projection < 2.0 * theory.gamma_star);
        if (eta == 3.0) CHECK(proof[2].squared_norm > 2.0 * theory.R * theory.R);
    }
}

TEST_CASE("proof status: the same mistakes for every eta and bias mode from w = 0, and the scaled lines hold on 240 runs") {
    Rng rng(77);
    int runs = 0;
    for (int trial = 0; trial < 10; ++trial) {
        const bool offset = trial % 2 == 0;
        const auto set = test::random_separable(30, 2 + trial % 3, 0.1, offset, rng);
        std::vector<std::size_t> reference_mistakes;
        for (BiasMode bias : {BiasMode::Absorbed, BiasMode::Explicit}) {
            for (Algorithm algorithm : {Algorithm::Perceptron, Algorithm::Pocket, Algorithm::Averaged, Algorithm::Voted}) {
                for (double eta : {0.3, 1.0, 2.5}) {
                    CAPTURE(trial);
                    CAPTURE(static_cast<int>(bias));
                    CAPTURE(static_cast<int>(algorithm));
                    CAPTURE(eta);
                    TrainConfig config = config_of(algorithm, bias, eta);
                    config.order = trial % 3 == 0 ? Order::Random : Order::Sequential;
                    config.seed = static_cast<std::uint64_t>(trial + 1);
                    const TheorySummary theory = analyze(set.data, config);
                    REQUIRE(theory.separable);
                    const ProofStatus status = proof_status(config, theory, 0);
                    REQUIRE(status.applies);
                    // Pocket, averaged, voted: the remark says whose mistakes M counts.
                    CHECK(contains(status.remark, "running w") == (algorithm != Algorithm::Perceptron));
                    Learner learner = proof_learner(set.data, config, theory);
                    REQUIRE(learner.train_until_converged());
                    if (reference_mistakes.empty()) reference_mistakes = learner.mistake_indices();
                    CHECK(learner.mistake_indices() == reference_mistakes);  // eta, bias mode and variant change none
                    CHECK(static_cast<double>(learner.mistakes()) <= theory.bound);
                    for (const ProofSample& p : learner.proof()) {
                        CHECK(p.projection >= projection_floor(status, theory, p.mistakes) - 1e-9 * (1 + p.projection));
                        CHECK(p.squared_norm <= squared_norm_ceiling(status, theory, p.mistakes) + 1e-9 * (1 + p.squared_norm));
                    }
                    ++runs;
                }
            }
        }
    }
    CHECK(runs == 240);
}

TEST_CASE("proof status: a random start, logistic SGD, a frozen learner and no separator each say why not") {
    const Dataset data = test::lecture_four_points();
    TrainConfig random_start = config_of(Algorithm::Perceptron, BiasMode::Absorbed);
    random_start.init = Init::Random;
    random_start.seed = 5;
    const TheorySummary theory = analyze(data, random_start);
    REQUIRE(theory.separable);
    const ProofStatus random = proof_status(random_start, theory, 0);
    CHECK_FALSE(random.applies);
    CHECK(contains(random.reason, "random w"));
    CHECK(random.note() == random.reason);
    // Why: from w0 != 0 the proof's |w|^2 <= M R^2 fails already at M = 0.
    Learner learner = proof_learner(data, random_start, theory);
    REQUIRE(!learner.proof().empty());
    CHECK(learner.proof()[0].mistakes == 0);
    CHECK(learner.proof()[0].squared_norm > 0.0);

    const TrainConfig logistic = config_of(Algorithm::Logistic, BiasMode::Absorbed);
    const ProofStatus soft = proof_status(logistic, analyze(data, logistic), 0);
    CHECK_FALSE(soft.applies);
    CHECK(contains(soft.reason, "logistic SGD moves w on every visit"));

    const TrainConfig frozen = config_of(Algorithm::Perceptron, BiasMode::Absorbed, 0.0);
    const ProofStatus still = proof_status(frozen, analyze(data, frozen), 0);
    CHECK_FALSE(still.applies);
    CHECK(contains(still.reason, "no update ever happens"));

    const Dataset xor_points = make_preset(Preset::Xor);
    const TrainConfig plain = config_of(Algorithm::Perceptron, BiasMode::Absorbed);
    const ProofStatus none = proof_status(plain, analyze(xor_points, plain), 0);
    CHECK_FALSE(none.applies);
    CHECK(contains(none.reason, "not separable in [x, 1]"));

    const ProofStatus empty = proof_status(plain, analyze(Dataset{}, plain), 0);
    CHECK_FALSE(empty.applies);
    CHECK(empty.reason == "there are no points");

    // The kernel perceptron ignores the start setting (its alphas start at 0) and eta: the step is 1.
    TrainConfig kernel = config_of(Algorithm::Kernel, BiasMode::None, 4.0);
    kernel.kernel.type = KernelType::Linear;
    kernel.init = Init::Random;
    const ProofStatus dual = proof_status(kernel, analyze(data, kernel), 0);
    CHECK(dual.applies);
    CHECK(dual.step == 1.0);
}

TEST_CASE("proof status: the kernel perceptron's outlier threshold holds until the first point is dropped") {
    // Threshold s = 1 drops every point at its first mistake: lecture 004's (1, 2) goes at once.
    const Dataset data = test::lecture_four_points();
    TrainConfig config = config_of(Algorithm::Kernel, BiasMode::None);
    config.kernel.type = KernelType::Linear;
    config.outlier_threshold = 1;
    const TheorySummary theory = analyze(data, config);
    REQUIRE(theory.applicable);
    REQUIRE(theory.separable);
    Learner learner(data, config);
    const ProofStatus before = proof_status(learner, theory);
    CHECK(before.applies);
    CHECK(contains(before.remark, "as long as no point is dropped"));
    const Update first = learner.step();
    REQUIRE(first.mistake);
    REQUIRE(first.dropped);
    const ProofStatus after = proof_status(learner, theory);
    CHECK_FALSE(after.applies);
    CHECK(contains(after.reason, "1 point was dropped as outliers"));
}

TEST_CASE("proof status: the spaces are named as the proof counts them, and every sentence fits the UI font") {
    TrainConfig c;
    c.bias = BiasMode::Absorbed;
    CHECK(learner_space_name(c) == "[x, 1]");
    c.bias = BiasMode::Explicit;  // b is one more weight on a constant 1
    CHECK(learner_space_name(c) == "[x, 1]");
    c.bias = BiasMode::None;
    CHECK(learner_space_name(c) == "x");
    c.lift = LiftKind::Product;
    CHECK(learner_space_name(c) == "\xCF\x86(x)");
    CHECK(learner_space_name(c, true) == "phi(x)");

    const Dataset data = test::lecture_four_points();
    for (Algorithm algorithm : {Algorithm::Perceptron, Algorithm::Pocket, Algorithm::Averaged, Algorithm::Voted,
                                Algorithm::Logistic, Algorithm::Kernel})
        for (Init init : {Init::Zero, Init::Random})
            for (double eta : {0.5, 1.0}) {
                TrainConfig config = config_of(algorithm, BiasMode::Absorbed, eta);
                config.init = init;
                config.kernel.type = KernelType::Linear;
                config.outlier_threshold = algorithm == Algorithm::Kernel ? 2 : 0;
                for (std::size_t dropped : {std::size_t{0}, std::size_t{3}}) {
                    const ProofStatus s = proof_status(config, analyze(data, config), dropped);
                    CAPTURE(s.note());
                    CHECK(test::missing_glyph(s.note()) == "");
                }
            }
}

TEST_CASE("proof status: the kernel perceptron's reason names the kernel's feature space, as its rows do (finding F5)") {
    Dataset xor_data;
    xor_data.dim = 2;
    for (const auto& [x1, x2, y] : {std::tuple{1.0, -1.0, 1}, {-1.0, 1.0, 1}, {1.0, 1.0, -1}, {-1.0, -1.0, -1}})
        xor_data.add({x1, x2}, y);
    TrainConfig config = config_of(Algorithm::Kernel, BiasMode::None);
    config.kernel.type = KernelType::Linear;  // a linear kernel cannot separate XOR
    const TheorySummary theory = analyze(xor_data, config);
    REQUIRE(theory.applicable);
    REQUIRE_FALSE(theory.separable);
    const ProofStatus status = proof_status(Learner(xor_data, config), theory);
    CHECK_FALSE(status.applies);
    CHECK(contains(status.reason, "not separable in the kernel's feature space"));
    CHECK_FALSE(contains(status.reason, "separable in x,"));
}
