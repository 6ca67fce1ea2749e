// The dual (kernel) perceptron: same mistakes as the primal one where the lectures say so, the
// outlier threshold, and the cached decision vector against a naive recompute.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/learn/kernel.hpp"
#include "core/learn/learner.hpp"
#include "core/learn/lift.hpp"
#include "test_learner_helpers.hpp"

using namespace pl;

namespace {
using test::kernel_config;  // test_learner_helpers.hpp

// f(x_j) = sum_i alpha_i y_i (K(phi_i, phi_j) + [absorbed]) + b, from scratch.
double naive_score(const Learner& learner, std::size_t j) {
    const TrainConfig& c = learner.config();
    const Dataset& d = learner.data();
    double sum = 0.0;
    for (std::size_t i = 0; i < d.size(); ++i) {
        const double k = kernel_eval(c.kernel, apply_lift(c.lift, d.points[i]), apply_lift(c.lift, d.points[j]));
        sum += learner.alphas()[i] * d.labels[i] * (k + (c.bias == BiasMode::Absorbed ? 1.0 : 0.0));
    }
    return sum + learner.bias();
}

void check_cache(const Learner& learner) {
    const auto& cached = learner.cached_scores();
    REQUIRE(cached.size() == learner.data().size());
    for (std::size_t j = 0; j < cached.size(); ++j) {
        const double naive = naive_score(learner, j);
        CHECK(std::fabs(cached[j] - naive) <= 1e-9 * std::max(1.0, std::fabs(naive)));
        const double from_field = learner.field().eval(learner.data().points[j]);
        CHECK(std::fabs(from_field - naive) <= 1e-9 * std::max(1.0, std::fabs(naive)));
    }
}

Dataset circles(std::size_t n, std::uint64_t seed) {  // inside radius 0.5: +1, ring 0.8..1.0: -1
    Rng rng(seed);
    Dataset d;
    d.dim = 2;
    while (d.size() < n) {
        const Vec x{rng.uniform(-1.0, 1.0), rng.uniform(-1.0, 1.0)};
        const double r = norm(x);
        if (r < 0.5) d.add(x, +1);
        else if (r > 0.8 && r < 1.0) d.add(x, -1);
    }
    return d;
}
}  // namespace

TEST_CASE("kernel: lecture-004 four points in the dual, alphas by hand") {
    // Same visits as the primal run: mistakes on x1 then x4, so alpha = (1, 0, 0, 1) and
    // w = 1*(+1)*(1,2) + 1*(-1)*(-1,1) = (2,1).
    Learner learner(test::lecture_four_points(), kernel_config(KernelType::Linear, BiasMode::None));
    Update u = learner.step();
    CHECK(u.mistake);
    CHECK(u.alpha_before == 0.0);
    CHECK(u.alpha_after == 1.0);
    CHECK(u.w_after.empty());
    CHECK(learner.train_until_converged());
    CHECK(learner.alphas() == std::vector<double>{1.0, 0.0, 0.0, 1.0});
    CHECK(learner.mistake_indices() == std::vector<std::size_t>{0, 3});
    CHECK(learner.weights().empty());
    // cached f(x_j) = w.x_j = 4, 5, -3, -1
    CHECK(learner.cached_scores() == std::vector<double>{4.0, 5.0, -3.0, -1.0});
    CHECK(learner.score({1.0, -1.0}) == 1.0);
    const DecisionField f = learner.field();
    CHECK(f.kind == DecisionField::Kind::Kernel);
    CHECK(f.support.size() == 2);
    CHECK(f.eval({1.0, -1.0}) == 1.0);
}

TEST_CASE("kernel: linear-kernel dual makes the primal's mistakes in the same order (every bias mode)") {
    for (BiasMode bias : {BiasMode::None, BiasMode::Absorbed, BiasMode::Explicit}) {
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            Rng rng(seed);
            const bool separable = seed % 2 == 0;
            const Dataset data = separable ? test::random_separable(50, 2 + static_cast<int>(seed % 4), 0.05, bias != BiasMode::None, rng).data
                                           : test::random_labels(40, 3, seed);
            TrainConfig primal;
            primal.bias = bias;
            primal.max_epochs = separable ? 5000 : 8;
            primal.order = seed % 3 == 0 ? Order::Random : Order::Sequential;
            primal.seed = seed;
            TrainConfig dual = primal;
            dual.algorithm = Algorithm::Kernel;
            dual.kernel.type = KernelType::Linear;
            Learner p(data, primal), k(data, dual);
            CHECK(p.train_until_converged() == k.train_until_converged());
            CHECK(p.mistake_indices() == k.mistake_indices());
            CHECK(p.mistakes_per_epoch() == k.mistakes_per_epoch());
            for (std::size_t j = 0; j < data.size(); ++j)
                CHECK(p.score(data.points[j]) == doctest::Approx(k.score(data.points[j])).epsilon(1e-9));
            check_cache(k);
        }
    }
}

TEST_CASE("kernel: (1 + u.v)^2 dual equals the primal learner on the explicit Poly2 lift") {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const Dataset data = seed % 2 ? circles(60, seed) : test::random_labels(40, 2, seed);
        TrainConfig primal;
        primal.bias = BiasMode::None;  // Poly2 already carries the constant coordinate
        primal.lift = LiftKind::Poly2;
        primal.max_epochs = seed % 2 ? 5000 : 8;
        TrainConfig dual;
        dual.algorithm = Algorithm::Kernel;
        dual.bias = BiasMode::None;
        dual.kernel.type = KernelType::Polynomial;
        dual.kernel.degree = 2;
        dual.kernel.coef0 = 1.0;
        dual.max_epochs = primal.max_epochs;
        Learner p(data, primal), k(data, dual);
        const bool converged = p.train_until_converged();
        CHECK(converged == k.train_until_converged());
        if (seed % 2) CHECK(converged);  // circles are separable by a conic
        CHECK(p.mistake_indices() == k.mistake_indices());
        check_cache(k);
    }
}

TEST_CASE("kernel: the outlier threshold zeroes alpha and drops the point") {
    // Linear kernel, absorbed bias: a clean separable set plus one +1 point deep inside the -1 side.
    Dataset d;
    d.dim = 2;
    d.add({1.0, 1.0}, +1);
    d.add({2.0, 1.5}, +1);
    d.add({1.5, 2.0}, +1);
    d.add({-1.0, -1.0}, -1);
    d.add({-2.0, -1.5}, -1);
    d.add({-1.5, -2.0}, -1);
    d.add({-1.8, -1.8}, +1);  // the outlier, index 6
    TrainConfig c = kernel_config(KernelType::Linear, BiasMode::Absorbed);
    c.max_epochs = 100;
    Learner without(d, c);
    CHECK_FALSE(without.train_until_converged());  // cannot converge with the outlier
    c.outlier_threshold = 3;
    Learner learner(d, c);
    bool saw_drop = false;
    while (true) {
        const Update u = learner.step();
        if (!u.visited) break;
        if (u.dropped && u.index == 6 && u.alpha_before == 2.0) {
            saw_drop = true;
            CHECK(u.alpha_after == 0.0);  // reached s = 3 and was zeroed at once
        }
        if (learner.converged()) break;
    }
    CHECK(saw_drop);
    CHECK(learner.converged());
    CHECK(learner.alphas()[6] == 0.0);
    CHECK(learner.dropped_indices() == std::vector<std::size_t>{6});
    const Update later = learner.visit(6);
    CHECK(later.dropped);
    CHECK_FALSE(later.mistake);
    CHECK(learner.alphas()[6] == 0.0);
    check_cache(learner);
}

TEST_CASE("kernel: cached decision vector equals a naive recompute after training (1e-9)") {
    const Dataset data = circles(150, 11);
    for (KernelType type : {KernelType::Rbf, KernelType::Gaussian, KernelType::Polynomial, KernelType::Sigmoid}) {
        for (BiasMode bias : {BiasMode::None, BiasMode::Absorbed, BiasMode::Explicit}) {
            TrainConfig c = kernel_config(type, bias);
            c.kernel.gamma = 3.0;
            c.kernel.sigma = 0.5;
            c.max_epochs = 30;
            c.outlier_threshold = type == KernelType::Sigmoid ? 4 : 0;
            c.order = Order::Random;
            Learner learner(data, c);
            learner.train_until_converged();
            CHECK(learner.mistakes() > 0);
            check_cache(learner);
            if (type == KernelType::Rbf) CHECK(learner.converged());
        }
    }
}

TEST_CASE("kernel: lift composes with the kernel (K evaluated on phi(x))") {
    // Linear kernel on the Product lift must equal the primal perceptron on the same lift.
    const Dataset data = test::xor_01();
    TrainConfig primal;
    primal.lift = LiftKind::Product;
    TrainConfig dual = kernel_config(KernelType::Linear, BiasMode::Absorbed);
    dual.lift = LiftKind::Product;
    Learner p(data, primal), k(data, dual);
    CHECK(p.train_until_converged());
    CHECK(k.train_until_converged());
    CHECK(p.mistake_indices() == k.mistake_indices());
    for (std::size_t j = 0; j < 4; ++j) CHECK(k.predict(data.points[j]) == data.labels[j]);
}

TEST_CASE("kernel: proof view tracks |w|^2 through the kernel (linear: also the projection)") {
    Learner learner(test::lecture_four_points(), kernel_config(KernelType::Linear, BiasMode::None));
    const double s = 1.0 / std::sqrt(2.0);
    learner.set_reference_separator({s, s});
    learner.train_until_converged();
    const auto& p = learner.proof();
    REQUIRE(p.size() == 3);  // same numbers as the primal run: (3/sqrt2, 5) twice
    CHECK(p[1].projection == doctest::Approx(3.0 * s));
    CHECK(p[1].squared_norm == 5.0);
    CHECK(p[2].projection == doctest::Approx(3.0 * s));
    CHECK(p[2].squared_norm == 5.0);
}

TEST_CASE("kernel: empty data and eta <= 0") {
    Learner empty(Dataset{}, kernel_config(KernelType::Rbf, BiasMode::Absorbed));
    CHECK_FALSE(empty.step().visited);
    CHECK_FALSE(empty.train_until_converged());
    CHECK(empty.field().eval({0.0, 0.0}) == 0.0);
    TrainConfig c = kernel_config(KernelType::Rbf, BiasMode::Absorbed);
    c.eta = 0.0;
    c.max_epochs = 2;
    Learner frozen(test::lecture_four_points(), c);
    CHECK_FALSE(frozen.train_until_converged());
    CHECK(frozen.alphas() == std::vector<double>(4, 0.0));
}
