// The kernel trick, checked step by step: a primal perceptron on the explicit degree-2 map
// phi(u) = [1, r2*u1, r2*u2, r2*u1*u2, u1^2, u2^2] and a kernel perceptron with K(u, v) = (1 + u.v)^2
// are the same algorithm (phi(u).phi(v) = K(u, v) and w = sum_i alpha_i y_i phi(x_i)), so visit by visit
// they must make their mistakes on the same examples. The app's "degree-2 equivalence" panel shows this.
#include <doctest/doctest.h>

#include <cmath>
#include <cstddef>

#include "core/dataset.hpp"
#include "core/learner.hpp"

using namespace pl;

namespace {

TrainConfig primal_poly2(Order order, std::uint64_t seed) {
    TrainConfig c;
    c.algorithm = Algorithm::Perceptron;
    c.lift = LiftKind::Poly2;
    c.bias = BiasMode::None;
    c.init = Init::Zero;
    c.order = order;
    c.seed = seed;
    c.max_epochs = 30;
    return c;
}

TrainConfig kernel_poly2(Order order, std::uint64_t seed) {
    TrainConfig c = primal_poly2(order, seed);
    c.algorithm = Algorithm::Kernel;
    c.lift = LiftKind::None;
    c.kernel.type = KernelType::Polynomial;
    c.kernel.degree = 2;
    c.kernel.coef0 = 1.0;
    return c;
}

// Runs both learners visit by visit and checks that they agree after every visit.
void check_lockstep(const Dataset& data, Order order, std::uint64_t seed, std::size_t visits) {
    Learner primal(data, primal_poly2(order, seed));
    Learner dual(data, kernel_poly2(order, seed));
    for (std::size_t t = 0; t < visits; ++t) {
        const Update a = primal.step();
        const Update b = dual.step();
        REQUIRE(a.visited == b.visited);
        if (!a.visited) break;
        REQUIRE(a.index == b.index);
        REQUIRE(a.mistake == b.mistake);
        // The two scores are the same number computed two ways (rounding aside).
        CHECK(a.score_before == doctest::Approx(b.score_before).epsilon(1e-9).scale(1.0));
    }
    CHECK(primal.mistakes() == dual.mistakes());
    CHECK(primal.mistake_indices() == dual.mistake_indices());
    CHECK(primal.converged() == dual.converged());
    // Same function on a few off-data points too.
    for (double x : {-2.0, -0.5, 0.25, 1.5})
        for (double y : {-1.5, 0.0, 0.75, 2.0})
            CHECK(primal.score({x, y}) == doctest::Approx(dual.score({x, y})).epsilon(1e-9).scale(1.0));
}

}  // namespace

TEST_CASE("poly2 equivalence: XOR, primal degree-2 map and (1 + u.v)^2 kernel make the same mistakes") {
    check_lockstep(make_preset(Preset::Xor), Order::Sequential, 1, 200);
}

TEST_CASE("poly2 equivalence: lecture-4 points and circles, sequential order") {
    check_lockstep(make_preset(Preset::Lecture4), Order::Sequential, 1, 200);
    GeneratorParams params;
    params.n = 60;
    params.seed = 3;
    check_lockstep(make_preset(Preset::Circles, params), Order::Sequential, 1, 1500);
}

TEST_CASE("poly2 equivalence: random order with the same seed visits and errs alike") {
    GeneratorParams params;
    params.n = 50;
    params.seed = 7;
    check_lockstep(make_preset(Preset::XorBlobs, params), Order::Random, 42, 1500);
    check_lockstep(make_preset(Preset::Circles, params), Order::Random, 5, 1500);
}

TEST_CASE("poly2 equivalence: both converge on XOR, which the degree-2 map makes separable") {
    const Dataset data = make_preset(Preset::Xor);
    Learner primal(data, primal_poly2(Order::Sequential, 1));
    Learner dual(data, kernel_poly2(Order::Sequential, 1));
    CHECK(primal.train_until_converged());
    CHECK(dual.train_until_converged());
    CHECK(primal.mistake_indices() == dual.mistake_indices());
}
