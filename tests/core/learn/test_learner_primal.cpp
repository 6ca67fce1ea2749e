// The primal perceptron against the lectures: hand-computed updates, the (R/gamma)^2 bound, XOR,
// ordering, determinism and the edge cases (empty data, one class, eta <= 0, overflow).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "core/learn/learner.hpp"
#include "core/learn/lift.hpp"
#include "test_learner_helpers.hpp"

using namespace pl;

namespace {
TrainConfig perceptron(BiasMode bias) {
    TrainConfig c;
    c.algorithm = Algorithm::Perceptron;
    c.bias = bias;
    return c;
}
}  // namespace

TEST_CASE("primal: lecture-004 four points, unbiased, every update by hand") {
    // w0 = (0,0)
    // epoch 1: x1=(1,2)+  w.x = 0          -> mistake (tie), w = (0,0) + (1,2)   = (1,2)
    //          x2=(2,1)+  w.x = 2+2 = 4     -> correct
    //          x3=(-1,-1)- w.x = -1-2 = -3  -> correct (y*s = 3)
    //          x4=(-1,1)- w.x = -1+2 = 1    -> mistake (y*s = -1), w = (1,2) - (-1,1) = (2,1)
    // epoch 2: scores 4, 5, -3, -1 with labels +,+,-,- : no mistake -> converged, w = (2,1)
    Learner learner(test::lecture_four_points(), perceptron(BiasMode::None));
    CHECK(learner.weights() == Vec{0.0, 0.0});

    Update u = learner.step();
    CHECK(u.visited);
    CHECK(u.index == 0);
    CHECK(u.mistake);
    CHECK(u.score_before == 0.0);
    CHECK(u.x == Vec{1.0, 2.0});
    CHECK(u.w_before == Vec{0.0, 0.0});
    CHECK(u.w_after == Vec{1.0, 2.0});

    u = learner.next_mistake(10);
    CHECK(u.index == 3);
    CHECK(u.score_before == 1.0);
    CHECK(u.w_before == Vec{1.0, 2.0});
    CHECK(u.w_after == Vec{2.0, 1.0});
    CHECK(u.epoch_finished);
    CHECK(learner.visits() == 4);

    CHECK(learner.train_until_converged());
    CHECK(learner.weights() == Vec{2.0, 1.0});
    CHECK(learner.mistakes() == 2);
    CHECK(learner.mistake_indices() == std::vector<std::size_t>{0, 3});
    CHECK(learner.mistakes_per_epoch() == std::vector<std::size_t>{2, 0});
    CHECK(learner.epochs_completed() == 2);
    CHECK(learner.converged());
    CHECK_FALSE(learner.capped());
    CHECK(learner.training_accuracy() == 1.0);
    CHECK(learner.score({1.0, -1.0}) == 1.0);  // (2,1).(1,-1)
    CHECK(learner.predict({-1.0, 1.0}) == -1);
}

TEST_CASE("primal: lecture-004 four points with the bias absorbed as a constant feature") {
    // learner space [x, 1]; w0 = (0,0,0)
    // epoch 1: (1,2,1)+   s = 0              -> mistake, w = (1,2,1)
    //          (2,1,1)+   s = 2+2+1 = 5      -> correct
    //          (-1,-1,1)- s = -1-2+1 = -2    -> correct
    //          (-1,1,1)-  s = -1+2+1 = 2     -> mistake, w = (1,2,1) - (-1,1,1) = (2,1,0)
    // epoch 2: s = 4, 5, -3, -1: all correct -> converged
    Learner learner(test::lecture_four_points(), perceptron(BiasMode::Absorbed));
    CHECK(learner.learner_dim() == 3);
    std::vector<Vec> after_each_update;
    while (learner.epochs_completed() < 2) {
        const Update u = learner.step();
        if (u.mistake) after_each_update.push_back(u.w_after);
    }
    CHECK(after_each_update == std::vector<Vec>{{1.0, 2.0, 1.0}, {2.0, 1.0, 0.0}});
    CHECK(learner.converged());
    CHECK(learner.mistakes_per_epoch() == std::vector<std::size_t>{2, 0});
    CHECK(learner.field().eval({0.5, 0.5}) == 1.5);  // 2*0.5 + 1*0.5 + 0
}

TEST_CASE("primal: explicit bias b += eta*y, and eta scales the same mistakes") {
    // Same visits as the absorbed case; b: 0 -> +1 (first update, y=+1) -> 0 (second, y=-1).
    TrainConfig c = perceptron(BiasMode::Explicit);
    c.eta = 0.5;
    Learner learner(test::lecture_four_points(), c);
    Update u = learner.next_mistake(10);
    CHECK(u.w_after == Vec{0.5, 1.0});
    CHECK(u.b_before == 0.0);
    CHECK(u.b_after == 0.5);
    u = learner.next_mistake(10);
    CHECK(u.index == 3);
    CHECK(u.score_before == 1.0);  // (0.5,1).(-1,1) + 0.5
    CHECK(u.w_after == Vec{1.0, 0.5});
    CHECK(u.b_after == 0.0);
    CHECK(learner.train_until_converged());
    CHECK(learner.mistake_indices() == std::vector<std::size_t>{0, 3});
    CHECK(learner.bias() == 0.0);
}

TEST_CASE("primal: mistakes <= (R/gamma)^2 on 300 random separable sets (2..8 dimensions)") {
    Rng rng(2024);
    int checked = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const int dim = 2 + trial % 7;
        const bool with_offset = trial % 2 == 0;
        const BiasMode bias = with_offset ? (trial % 4 == 0 ? BiasMode::Absorbed : BiasMode::Explicit) : BiasMode::None;
        const auto s = test::random_separable(40 + static_cast<std::size_t>(trial % 5) * 10, dim, 0.05 + 0.01 * (trial % 10), with_offset, rng);
        TrainConfig c = perceptron(bias);
        c.order = trial % 3 == 0 ? Order::Random : Order::Sequential;
        c.seed = static_cast<std::uint64_t>(trial);
        c.max_epochs = 100000;

        // The learner space: [x, 1] when there is an offset (absorbed, or explicit = joint [w, b]);
        // its separator is [w*, b*] / |[w*, b*]|, and gamma = min y u.x~ >= 0 lower-bounds gamma*.
        Vec u = s.w_star;
        if (with_offset) u.push_back(s.b_star);
        const double u_norm = norm(u);
        double radius = 0.0, gamma = 1e300;
        for (std::size_t i = 0; i < s.data.size(); ++i) {
            Vec x = s.data.points[i];
            if (with_offset) x.push_back(1.0);
            radius = std::max(radius, norm(x));
            gamma = std::min(gamma, s.data.labels[i] * dot(u, x) / u_norm);
        }
        REQUIRE(gamma > 0.0);
        Learner learner(s.data, c);
        REQUIRE(learner.train_until_converged());
        const double bound = (radius / gamma) * (radius / gamma);
        CHECK(static_cast<double>(learner.mistakes()) <= bound);
        CHECK(learner.training_accuracy() == 1.0);
        ++checked;
    }
    CHECK(checked == 300);
}

TEST_CASE("primal: XOR stays unsolved raw and is solved after the product lift") {
    TrainConfig c = perceptron(BiasMode::Absorbed);
    c.max_epochs = 200;
    Learner raw(test::xor_01(), c);
    CHECK_FALSE(raw.train_until_converged());
    CHECK(raw.capped());
    CHECK(raw.epochs_completed() == 200);
    CHECK(raw.mistakes_per_epoch().size() == 200);
    CHECK(std::all_of(raw.mistakes_per_epoch().begin(), raw.mistakes_per_epoch().end(), [](std::size_t m) { return m > 0; }));
    CHECK_FALSE(raw.step().visited);  // the cap is hard
    CHECK(raw.run_visits(10) == 0);
    CHECK(raw.epoch() == 0);

    c.lift = LiftKind::Product;  // [x1, x2, x1*x2, 1]: x1 + x2 - 2 x1 x2 - 1/2 separates XOR
    Learner lifted(test::xor_01(), c);
    CHECK(lifted.train_until_converged());
    CHECK_FALSE(lifted.capped());
    CHECK(lifted.training_accuracy() == 1.0);
    for (std::size_t i = 0; i < 4; ++i)
        CHECK(lifted.predict(test::xor_01().points[i]) == test::xor_01().labels[i]);
}

TEST_CASE("primal: pocket keeps the best weights it has seen (brute force over every visited w)") {
    const Dataset data = test::random_labels(60, 2, 99);
    TrainConfig c = perceptron(BiasMode::Absorbed);
    c.algorithm = Algorithm::Pocket;
    c.max_epochs = 15;
    Learner learner(data, c);

    auto accuracy = [&](const Vec& w) {
        std::size_t correct = 0;
        for (std::size_t i = 0; i < data.size(); ++i)
            if (data.labels[i] * dot(w, learner_features(data.points[i], LiftKind::None, BiasMode::Absorbed)) > 0) ++correct;
        return static_cast<double>(correct) / static_cast<double>(data.size());
    };
    std::vector<Vec> seen{learner.weights()};
    while (true) {
        const Update u = learner.step();
        if (!u.visited) break;
        if (u.mistake) seen.push_back(u.w_after);
    }
    CHECK(learner.capped());
    CHECK(learner.mistakes() + 1 == seen.size());
    double best = -1.0;
    Vec best_w;
    for (const Vec& w : seen) {
        const double a = accuracy(w);
        if (a > best) { best = a; best_w = w; }  // first one reaching the maximum
    }
    CHECK(learner.pocket_accuracy() == best);
    CHECK(learner.training_accuracy() == best);
    CHECK(learner.pocket_weights() == best_w);
    CHECK(learner.field().w == best_w);
    CHECK(accuracy(learner.weights()) <= best);  // the running w is not the answer
    CHECK(best > 0.5);
}

TEST_CASE("primal: same seed gives the same run, and random order is a fresh permutation each epoch") {
    const Dataset data = test::random_labels(25, 3, 5);
    TrainConfig c = perceptron(BiasMode::Absorbed);
    c.order = Order::Random;
    c.seed = 42;
    c.max_epochs = 6;
    Learner a(data, c), b(data, c);
    std::vector<std::vector<std::size_t>> epochs(6);
    while (true) {
        const std::size_t predicted = a.next_index();
        const Update u = a.step();
        if (!u.visited) break;
        CHECK(u.index == predicted);
        epochs[u.epoch].push_back(u.index);
    }
    b.train_until_converged();
    CHECK(a.mistake_indices() == b.mistake_indices());
    CHECK(a.weights() == b.weights());

    std::vector<std::size_t> identity(25);
    std::iota(identity.begin(), identity.end(), std::size_t{0});
    for (const auto& e : epochs) {
        std::vector<std::size_t> sorted = e;
        std::sort(sorted.begin(), sorted.end());
        CHECK(sorted == identity);  // each epoch visits every example exactly once
        CHECK(e != identity);       // and not in the sequential order
    }
    CHECK(epochs[0] != epochs[1]);  // a fresh permutation, not the same one again

    c.seed = 43;
    Learner other(data, c);
    other.train_until_converged();
    CHECK(other.mistake_indices() != a.mistake_indices());

    // reset() replays exactly
    const auto first = a.mistake_indices();
    a.reset();
    CHECK(a.visits() == 0);
    a.train_until_converged();
    CHECK(a.mistake_indices() == first);

    // a moved-to learner keeps working
    Learner moved = std::move(b);
    CHECK(moved.mistake_indices() == first);
}

TEST_CASE("primal: random initial weights (the lecture quiz) are seeded and in (-1, 1)") {
    Dataset one;
    one.dim = 2;
    one.add({1.0, 0.5}, +1);
    TrainConfig c = perceptron(BiasMode::None);
    c.init = Init::Random;
    c.seed = 3;
    Learner a(one, c), b(one, c);
    CHECK(a.weights() == b.weights());
    for (double w : a.weights()) CHECK(std::fabs(w) < 1.0);
    // From w0 = 0 a single positive point is missed exactly once; from a random w0 it is missed
    // until y w.x > 0, i.e. at most ceil(-w0.x / |x|^2) + 1 times, and then never again.
    CHECK(a.train_until_converged());
    const Vec x{1.0, 0.5};
    const double w0_dot_x = dot(b.weights(), x);
    const double worst = w0_dot_x > 0 ? 0.0 : std::floor(-w0_dot_x / dot(x, x)) + 1.0;
    CHECK(static_cast<double>(a.mistakes()) == worst);
    c.init = Init::Zero;
    Learner zero(one, c);
    CHECK(zero.train_until_converged());
    CHECK(zero.mistakes() == 1);
}

TEST_CASE("primal: edge cases never crash and are reported") {
    SUBCASE("empty data") {
        Dataset empty;
        Learner learner(empty, perceptron(BiasMode::Absorbed));
        CHECK_FALSE(learner.step().visited);
        CHECK_FALSE(learner.visit(0).visited);
        CHECK_FALSE(learner.next_mistake(5).visited);
        CHECK(learner.epoch() == 0);
        CHECK(learner.run_visits(10) == 0);
        CHECK_FALSE(learner.train_until_converged());
        CHECK_FALSE(learner.converged());
        CHECK_FALSE(learner.capped());
        CHECK(learner.training_accuracy() == 0.0);
        CHECK(learner.score({1.0, 2.0}) == 0.0);
        CHECK(learner.next_index() == 0);
    }
    SUBCASE("one class") {
        Dataset d;
        d.dim = 2;
        d.add({1.0, 1.0}, +1);
        d.add({-2.0, 0.5}, +1);
        Learner learner(d, perceptron(BiasMode::Absorbed));
        CHECK(learner.train_until_converged());
        CHECK(learner.training_accuracy() == 1.0);
    }
    SUBCASE("eta = 0 and eta < 0 freeze the learner") {
        for (double eta : {0.0, -1.0}) {
            TrainConfig c = perceptron(BiasMode::Absorbed);
            c.eta = eta;
            c.max_epochs = 3;
            Learner learner(test::lecture_four_points(), c);
            CHECK_FALSE(learner.train_until_converged());
            CHECK(learner.capped());
            CHECK(learner.weights() == Vec{0.0, 0.0, 0.0});
            CHECK(learner.mistakes() == 12);  // w = 0 ties on every visit, 3 epochs x 4
        }
    }
    SUBCASE("overflow is caught: diverged() and the last finite weights are kept") {
        Dataset d;
        d.dim = 1;
        d.add({1e308}, +1);
        d.add({-1e308}, +1);  // not separable through the origin: w swings and must overflow
        TrainConfig c = perceptron(BiasMode::None);
        c.eta = 1.0;
        c.max_epochs = 1000;
        Learner learner(d, c);
        CHECK_FALSE(learner.train_until_converged());
        // w: 0 -> 1e308 (mistake on x1) ; x2: y w.x = -inf... the score overflows -> stop
        CHECK(learner.diverged());
        CHECK_FALSE(learner.capped());
        CHECK(std::isfinite(learner.weights()[0]));
        CHECK_FALSE(learner.step().visited);
    }
    SUBCASE("zero epoch cap") {
        TrainConfig c = perceptron(BiasMode::Absorbed);
        c.max_epochs = 0;
        Learner learner(test::lecture_four_points(), c);
        CHECK(learner.capped());
        CHECK_FALSE(learner.step().visited);
        CHECK(learner.visit(2).visited);  // the online protocol is not bound to epochs
    }
    SUBCASE("ragged data and odd labels are cleaned up") {
        Dataset d;
        d.dim = 2;
        d.points = {{1.0}, {2.0, 3.0, 4.0}, {0.5, 0.5}};
        d.labels = {5, 0};  // one label short; 5 -> +1, 0 -> -1
        Learner learner(d, perceptron(BiasMode::Absorbed));
        CHECK(learner.data().size() == 2);
        CHECK(learner.data().points[0] == Vec{1.0, 0.0});
        CHECK(learner.data().points[1] == Vec{2.0, 3.0});
        CHECK(learner.data().labels == std::vector<int>{1, -1});
        learner.train_until_converged();
        CHECK(learner.score({1.0}) == learner.score({1.0, 0.0}));
    }
}

TEST_CASE("primal: online protocol visit(index) does not advance the order") {
    Learner learner(test::lecture_four_points(), perceptron(BiasMode::None));
    Update u = learner.visit(3);  // w = 0: a tie, so a mistake: w = -(-1,1) = (1,-1)
    CHECK(u.mistake);
    CHECK(u.w_after == Vec{1.0, -1.0});
    CHECK_FALSE(u.epoch_finished);
    CHECK(learner.next_index() == 0);
    CHECK(learner.visits() == 1);
    CHECK(learner.epochs_completed() == 0);
    CHECK_FALSE(learner.visit(4).visited);  // out of range
}

TEST_CASE("primal: proof view records w.w* >= M gamma and |w|^2 <= M R^2 at each mistake") {
    // Unbiased four points, w* = (1,1)/sqrt(2). After mistake 1: w = (1,2): w.w* = 3/sqrt2, |w|^2 = 5;
    // after mistake 2: w = (2,1): w.w* = 3/sqrt2, |w|^2 = 5.
    Learner learner(test::lecture_four_points(), perceptron(BiasMode::None));
    const double s = 1.0 / std::sqrt(2.0);
    learner.set_reference_separator({s, s});
    learner.train_until_converged();
    const auto& p = learner.proof();
    REQUIRE(p.size() == 3);
    CHECK(p[0].mistakes == 0);
    CHECK(p[0].projection == 0.0);
    CHECK(p[1].mistakes == 1);
    CHECK(p[1].projection == doctest::Approx(3.0 * s));
    CHECK(p[1].squared_norm == 5.0);
    CHECK(p[2].mistakes == 2);
    CHECK(p[2].projection == doctest::Approx(3.0 * s));
    CHECK(p[2].squared_norm == 5.0);
}
