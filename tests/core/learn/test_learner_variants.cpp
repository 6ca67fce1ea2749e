// Voted, averaged and logistic learners on small hand-checkable runs, and field()/score() agreement.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "core/learn/learner.hpp"
#include "test_learner_helpers.hpp"

using namespace pl;

namespace {
TrainConfig variant(Algorithm algorithm, BiasMode bias) {
    TrainConfig c;
    c.algorithm = algorithm;
    c.bias = bias;
    return c;
}
}  // namespace

TEST_CASE("voted: four points, survival counts by hand (Freund & Schapire)") {
    // Visits (unbiased): epoch 1: mistake, ok, ok, mistake; epoch 2: ok x4.
    // v1 = (0,0) c1 = 0 (missed at once); v2 = (1,2) survives visits 2, 3 plus its own: c2 = 3;
    // v3 = (2,1): its own visit + 4 clean visits: c3 = 5.
    Learner learner(test::lecture_four_points(), variant(Algorithm::Voted, BiasMode::None));
    CHECK(learner.train_until_converged());
    const DecisionField f = learner.field();
    CHECK(f.kind == DecisionField::Kind::Voted);
    CHECK(f.voted_w == std::vector<Vec>{{1.0, 2.0}, {2.0, 1.0}});  // the c = 0 vector is left out
    CHECK(f.voted_c == std::vector<double>{3.0, 5.0});
    // x = (1,-1): (1,2) says -1 (score -1), (2,1) says +1 (score 1): f = -3 + 5 = 2
    CHECK(f.eval({1.0, -1.0}) == 2.0);
    CHECK(learner.score({1.0, -1.0}) == 2.0);
    // x = (-1, 0.6): (1,2) -> 0.2 > 0: +3; (2,1) -> -1.4: -5; f = -2
    CHECK(learner.score({-1.0, 0.6}) == -2.0);
    CHECK(learner.training_accuracy() == 1.0);
    CHECK(learner.weights() == Vec{2.0, 1.0});  // the running w
}

TEST_CASE("averaged: four points, mean of w after every visit by hand") {
    // w after visits 1..8: (1,2) (1,2) (1,2) (2,1) (2,1) (2,1) (2,1) (2,1)
    // sum = 3*(1,2) + 5*(2,1) = (13, 11); mean = (1.625, 1.375)
    Learner learner(test::lecture_four_points(), variant(Algorithm::Averaged, BiasMode::None));
    CHECK(learner.averaged_weights() == Vec{0.0, 0.0});  // no visit yet: the start weights
    CHECK(learner.train_until_converged());
    CHECK(learner.visits() == 8);
    CHECK(learner.averaged_weights() == Vec{1.625, 1.375});
    CHECK(learner.field().w == Vec{1.625, 1.375});
    CHECK(learner.score({1.0, 1.0}) == 3.0);
    CHECK(learner.weights() == Vec{2.0, 1.0});
    CHECK(learner.training_accuracy() == 1.0);
}

TEST_CASE("averaged: explicit bias is averaged too") {
    // b after visits: +1 (mistake y=+1), 1, 1, 0 (mistake y=-1), 0, 0, 0, 0 -> mean 3/8
    Learner learner(test::lecture_four_points(), variant(Algorithm::Averaged, BiasMode::Explicit));
    learner.train_until_converged();
    CHECK(learner.averaged_bias() == 0.375);
}

TEST_CASE("logistic: SGD steps by hand, never NaN") {
    // One point x = (1, 0), y = +1, unbiased, eta = 1, no decay:
    //   visit 1: s = 0 (counted as a mistake), w += 1 * sigmoid(0) * x = (0.5, 0)
    //   visit 2: s = 0.5, w += sigmoid(-0.5) * x, sigmoid(-0.5) = 1/(1+e^0.5) = 0.3775406687981454
    Dataset d;
    d.dim = 2;
    d.add({1.0, 0.0}, +1);
    TrainConfig c = variant(Algorithm::Logistic, BiasMode::None);
    c.logistic_decay = 0.0;
    Learner learner(d, c);
    Update u = learner.step();
    CHECK(u.mistake);
    CHECK(u.w_after == Vec{0.5, 0.0});
    u = learner.step();
    CHECK_FALSE(u.mistake);
    CHECK(u.w_after[0] == doctest::Approx(0.5 + 0.3775406687981454).epsilon(1e-15));
    CHECK(learner.mistakes() == 1);
    CHECK(learner.converged());  // epoch 2 (visit 2) had no misclassification

    // With decay 0.5: eta_1 = 1/(1 + 0.5*1) = 2/3 on the second visit.
    c.logistic_decay = 0.5;
    Learner decayed(d, c);
    decayed.step();
    u = decayed.step();
    CHECK(u.w_after[0] == doctest::Approx(0.5 + (2.0 / 3.0) * 0.3775406687981454).epsilon(1e-15));

    // Huge, non-separable inputs: the stable sigmoid keeps everything finite.
    Dataset big = test::random_labels(30, 3, 8);
    for (auto& x : big.points)
        for (double& v : x) v *= 1e6;
    c.eta = 1e3;
    c.max_epochs = 20;
    Learner wild(big, c);
    wild.train_until_converged();
    for (double w : wild.weights()) CHECK(std::isfinite(w));
    CHECK(std::isfinite(wild.score({1.0, 2.0, 3.0})));
}

TEST_CASE("logistic: separable data converges (an epoch without misclassification)") {
    TrainConfig c = variant(Algorithm::Logistic, BiasMode::Absorbed);
    c.max_epochs = 1000;
    Learner learner(test::lecture_four_points(), c);
    CHECK(learner.train_until_converged());
    CHECK(learner.training_accuracy() == 1.0);
}

TEST_CASE("every algorithm: field().eval agrees with score() and predict()") {
    const Dataset data = test::random_labels(30, 2, 17);
    for (Algorithm a : {Algorithm::Perceptron, Algorithm::Pocket, Algorithm::Averaged, Algorithm::Voted, Algorithm::Logistic, Algorithm::Kernel}) {
        for (BiasMode bias : {BiasMode::Absorbed, BiasMode::Explicit, BiasMode::None}) {
            TrainConfig c = variant(a, bias);
            c.max_epochs = 4;
            c.lift = LiftKind::Radial;
            Learner learner(data, c);
            learner.train_until_converged();
            const DecisionField f = learner.field();
            Rng rng(3);
            for (int k = 0; k < 20; ++k) {
                const Vec x{rng.uniform(-1.5, 1.5), rng.uniform(-1.5, 1.5)};
                CHECK(f.eval(x) == doctest::Approx(learner.score(x)).epsilon(1e-12));
                CHECK(learner.predict(x) == (learner.score(x) > 0 ? 1 : -1));
            }
        }
    }
}
