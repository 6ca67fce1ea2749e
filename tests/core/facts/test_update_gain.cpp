// Why an update helps (lecture 001): the visited point's y·f rises by eta*|x|^2 on every mistake (plus
// eta with a bias, K(x, x) for the kernel perceptron), with the after score recomputed from the new
// weights; and cos theta between w and w* across a run, against the w's themselves.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/facts/update_gain.hpp"
#include "core/learn/kernel.hpp"
#include "core/learn/learner.hpp"
#include "core/learn/lift.hpp"
#include "core/learn/rng.hpp"
#include "core/learn/vec.hpp"
#include "core/session/session.hpp"
#include "core/theory/theory.hpp"
#include "../learn/test_learner_helpers.hpp"

using namespace pl;

namespace {

// Lecture 004's settings without a bias: the seed's worked example (w0 = 0, w += y x on a mistake).
TrainConfig lecture_four_without_bias() {
    TrainConfig config = Session::default_state().config;
    config.bias = BiasMode::None;
    return config;
}

// Every mistake of one run of `steps` visits, each checked against the identity; returns how many.
std::size_t check_every_mistake(const Dataset& data, const TrainConfig& config, std::size_t steps) {
    Learner learner(data, config);
    std::size_t checked = 0;
    for (std::size_t s = 0; s < steps; ++s) {
        const Update u = learner.step();
        if (!u.visited) break;
        const UpdateGain g = update_gain(u, config, &learner);
        if (!u.mistake) {
            CHECK_FALSE(g.shown);
            continue;
        }
        if (u.dropped) continue;
        REQUIRE_MESSAGE(g.shown, g.reason);
        const double y = u.y > 0 ? 1.0 : -1.0;
        // The after score from the learner as it now stands: the kernel's own cached f, the running w and b
        // (pocket, averaged and voted answer with other weights; their updates move the running w).
        const double running = dot(learner.weights(), u.x) + (config.bias == BiasMode::Explicit ? learner.bias() : 0.0);
        const double fresh = y * (config.algorithm == Algorithm::Kernel ? learner.cached_scores()[u.index] : running);
        CHECK(g.after == doctest::Approx(fresh).epsilon(1e-9));
        CHECK(g.after == doctest::Approx(g.before + g.gain).epsilon(1e-9));
        CHECK(g.gain > 0.0);
        ++checked;
    }
    return checked;
}

Dataset random_points(std::uint64_t seed, std::size_t n, int dim) {
    Rng rng(seed);
    return test::uniform_points(n, dim, -3.0, 3.0, rng, [](const Vec&, Rng& r) { return r.uniform(0.0, 1.0) < 0.5 ? -1 : +1; });
}

}  // namespace

TEST_CASE("lecture 004 without a bias: y·f after each mistake is y·f + eta|x|^2, by hand") {
    const Dataset data = Session::default_state().data;
    const TrainConfig config = lecture_four_without_bias();
    REQUIRE(config.algorithm == Algorithm::Perceptron);
    REQUIRE(config.eta == 1.0);
    Learner learner(data, config);

    // Visit 1: x1 = (1, 2), y = +1, w = 0: y·f = 0, a mistake; w = (1, 2), y·f = 1 + 4 = 5 = 0 + |x1|^2.
    Update u = learner.step();
    REQUIRE(u.mistake);
    UpdateGain g = update_gain(u, config);
    REQUIRE(g.shown);
    CHECK(g.before == 0.0);
    CHECK(g.gain == 5.0);
    CHECK(g.after == 5.0);
    CHECK(g.formula == "+\xCE\xB7\xE2\x80\x96x\xE2\x80\x96\xC2\xB2");
    CHECK(g.sentence == "y\xC2\xB7" "f: 0 \xE2\x86\x92 5  (+\xCE\xB7\xE2\x80\x96x\xE2\x80\x96\xC2\xB2 = 5)");
    CHECK(g.spoken == "The label times the score went from 0 to 5, up by 5: eta times the squared length of the point");
    // Visits 2 and 3 are correct: (2, 1) scores 4, (-1, -1) scores -3 with y = -1.
    CHECK_FALSE(update_gain(learner.step(), config).shown);
    CHECK_FALSE(update_gain(learner.step(), config).shown);
    // Visit 4: x4 = (-1, 1), y = -1, w = (1, 2): f = 1, y·f = -1; w = (2, 1), f = -1, y·f = 1 = -1 + 2.
    u = learner.step();
    REQUIRE(u.mistake);
    g = update_gain(u, config);
    REQUIRE(g.shown);
    CHECK(g.before == -1.0);
    CHECK(g.gain == 2.0);
    CHECK(g.after == 1.0);
    CHECK(u.w_after == Vec{2.0, 1.0});
    CHECK(g.sentence == "y\xC2\xB7" "f: \xE2\x88\x92" "1 \xE2\x86\x92 1  (+\xCE\xB7\xE2\x80\x96x\xE2\x80\x96\xC2\xB2 = 2)");
    // w = (2, 1) separates the four points: the run ends with these two mistakes, both checked.
    CHECK(check_every_mistake(data, config, 40) == 2);
    CHECK(learner.train_until_converged());
    CHECK(learner.mistakes() == 2);
}

TEST_CASE("lecture 004 with the widget's absorbed bias: the constant 1 adds eta") {
    const WidgetState state = Session::default_state();
    Learner learner(state.data, state.config);
    const UpdateGain g = update_gain(learner.step(), state.config);
    REQUIRE(g.shown);
    CHECK(g.before == 0.0);
    CHECK(g.gain == 6.0);  // |(1, 2)|^2 + 1
    CHECK(g.after == 6.0);
    CHECK(g.formula == "+\xCE\xB7(\xE2\x80\x96x\xE2\x80\x96\xC2\xB2 + 1)");
}

TEST_CASE("the identity on random data: absorbed and explicit bias, lifts, pocket, averaged, voted, eta not 1") {
    std::size_t checked = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        const Dataset data = random_points(seed, 15, 2);
        for (BiasMode bias : {BiasMode::Absorbed, BiasMode::Explicit, BiasMode::None}) {
            for (Algorithm algorithm : {Algorithm::Perceptron, Algorithm::Pocket, Algorithm::Averaged, Algorithm::Voted}) {
                TrainConfig config;
                config.algorithm = algorithm;
                config.bias = bias;
                config.eta = 0.3 + 0.1 * static_cast<double>(seed);
                config.init = seed % 3 == 0 ? Init::Random : Init::Zero;  // the identity does not need w0 = 0
                config.seed = seed;
                config.lift = seed % 4 == 1 ? LiftKind::Poly2 : LiftKind::None;
                checked += check_every_mistake(data, config, 60);
            }
        }
    }
    CHECK(checked > 500);
}

TEST_CASE("the identity for the kernel perceptron: RBF and polynomial, every bias mode, eta not 1") {
    std::size_t checked = 0;
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        const Dataset data = random_points(100 + seed, 12, 2);
        for (KernelType type : {KernelType::Rbf, KernelType::Polynomial}) {
            for (BiasMode bias : {BiasMode::Absorbed, BiasMode::Explicit, BiasMode::None}) {
                TrainConfig config = test::kernel_config(type, bias);
                config.eta = 0.25 * static_cast<double>(seed);  // the kernel's step is 1 whatever eta > 0 is
                checked += check_every_mistake(data, config, 50);
            }
        }
    }
    CHECK(checked > 200);

    // RBF: K(x, x) = 1, so a mistake raises y·f by exactly 1 (no bias) or 2 (with one).
    TrainConfig rbf = test::kernel_config(KernelType::Rbf, BiasMode::None);
    rbf.eta = 0.5;
    Learner learner(test::lecture_four_points(), rbf);
    const UpdateGain g = update_gain(learner.step(), rbf, &learner);
    REQUIRE(g.shown);
    CHECK(g.gain == doctest::Approx(1.0));
    CHECK(g.after == doctest::Approx(1.0));
    CHECK(g.formula == "+K(x, x)");
    // Without the learner after the update the kernel's alphas are unknown: nothing is claimed.
    CHECK_FALSE(update_gain(learner.step(), rbf).shown);
}

TEST_CASE("where the identity does not hold nothing is shown, with the reason") {
    const Dataset data = test::lecture_four_points();
    TrainConfig logistic;
    logistic.algorithm = Algorithm::Logistic;
    logistic.eta = 0.5;
    Learner sgd(data, logistic);
    const Update u = sgd.step();
    const UpdateGain g = update_gain(u, logistic, &sgd);
    CHECK_FALSE(g.shown);
    CHECK(g.reason.find("logistic") != std::string::npos);
    CHECK(gain_formula(logistic).empty());

    TrainConfig frozen;
    frozen.eta = 0.0;
    Learner still(data, frozen);
    const Update first = still.step();
    REQUIRE(first.mistake);
    CHECK_FALSE(update_gain(first, frozen).shown);

    // An outlier drop takes the point's alpha back to 0: not the identity's update.
    TrainConfig dropping = test::kernel_config(KernelType::Rbf, BiasMode::None);
    dropping.outlier_threshold = 1;
    Learner kernel(data, dropping);
    const Update dropped = kernel.step();
    REQUIRE(dropped.dropped);
    CHECK_FALSE(update_gain(dropped, dropping, &kernel).shown);
}

TEST_CASE("cos theta between w and w* across lecture 004's run, from the w's themselves") {
    const Dataset data = Session::default_state().data;
    const TrainConfig config = lecture_four_without_bias();
    const Separator best = max_margin_through_origin(data.points, data.labels);
    REQUIRE(best.separable);
    Learner learner(data, config);
    learner.set_reference_separator(best.w);
    std::vector<double> expected;  // cos of the angle between each w after a mistake and w*
    for (int s = 0; s < 40 && !learner.converged(); ++s) {
        const Update u = learner.step();
        if (!u.mistake) continue;
        const Vec& w = u.w_after;
        expected.push_back(dot(w, best.w) / (norm(w) * norm(best.w)));
    }
    const std::vector<AlignmentPoint> series = alignment_series(learner.proof());
    REQUIRE(series.size() == expected.size());
    REQUIRE(series.size() == 2);
    for (std::size_t k = 0; k < series.size(); ++k) {
        CHECK(series[k].mistakes == k + 1);
        CHECK(series[k].cos_theta == doctest::Approx(expected[k]).epsilon(1e-12));
    }
    // The y x of the four points are (1, 2), (2, 1), (1, 1), (1, -1): their hull's nearest point to the
    // origin is (1, 0), so w* = (1, 0) and cos theta goes 1/sqrt(5) -> 2/sqrt(5) as w turns to (2, 1).
    CHECK(best.w[0] == doctest::Approx(1.0));
    CHECK(series[0].cos_theta == doctest::Approx(1.0 / std::sqrt(5.0)));
    CHECK(series[1].cos_theta == doctest::Approx(2.0 / std::sqrt(5.0)));
    // The start w = 0 has no angle: left out.
    CHECK(learner.proof().size() == 3);
}
