// Feature maps: sizes, values, and the identity phi(u).phi(v) = (1 + u.v)^2 behind the Poly2 lift.
#include <doctest/doctest.h>

#include <string>

#include "core/learn/lift.hpp"

using namespace pl;

TEST_CASE("lift: values of every map on a 2-D point") {
    const Vec x{2.0, -3.0};
    CHECK(apply_lift(LiftKind::None, x) == Vec{2.0, -3.0});
    CHECK(apply_lift(LiftKind::Product, x) == Vec{2.0, -3.0, -6.0});  // x1*x2 = -6
    CHECK(apply_lift(LiftKind::Radial, x) == Vec{2.0, -3.0, 13.0});   // 4 + 9
    CHECK(apply_lift(LiftKind::Constant, x) == Vec{2.0, -3.0, 1.0});
    const Vec p = apply_lift(LiftKind::Poly2, x);
    REQUIRE(p.size() == 6);
    const double r2 = 1.4142135623730951;
    CHECK(p[0] == 1.0);
    CHECK(p[1] == doctest::Approx(2.0 * r2));
    CHECK(p[2] == doctest::Approx(-3.0 * r2));
    CHECK(p[3] == doctest::Approx(-6.0 * r2));
    CHECK(p[4] == 4.0);
    CHECK(p[5] == 9.0);
}

TEST_CASE("lift: lifted_dim matches apply_lift for dimensions 0..5") {
    for (int d = 0; d <= 5; ++d) {
        const Vec x(static_cast<std::size_t>(d), 0.5);
        for (LiftKind kind : {LiftKind::None, LiftKind::Product, LiftKind::Radial, LiftKind::Poly2, LiftKind::Constant}) {
            CHECK(static_cast<int>(apply_lift(kind, x).size()) == lifted_dim(kind, d));
            for (BiasMode bias : {BiasMode::Absorbed, BiasMode::Explicit, BiasMode::None})
                CHECK(static_cast<int>(learner_features(x, kind, bias).size()) == learner_dim(kind, bias, d));
        }
    }
    CHECK(lifted_dim(LiftKind::Poly2, 2) == 6);
    CHECK(lifted_dim(LiftKind::Poly2, 3) == 10);
    CHECK(lifted_dim(LiftKind::None, -4) == 0);  // nonsense input dimension: treated as 0, no crash
}

TEST_CASE("lift: Product and Radial outside 2-D (missing coordinates read as 0)") {
    CHECK(apply_lift(LiftKind::Product, Vec{3.0}) == Vec{3.0, 0.0});          // x2 missing -> 3*0
    CHECK(apply_lift(LiftKind::Product, Vec{}) == Vec{0.0});
    CHECK(apply_lift(LiftKind::Product, Vec{1.0, 2.0, 5.0}) == Vec{1.0, 2.0, 5.0, 2.0});  // x1*x2 only
    CHECK(apply_lift(LiftKind::Radial, Vec{1.0, 2.0, 2.0}) == Vec{1.0, 2.0, 2.0, 9.0});   // |x|^2
    CHECK(apply_lift(LiftKind::Poly2, Vec{}) == Vec{1.0});
}

TEST_CASE("lift: Poly2 dot product equals the polynomial kernel (1 + u.v)^2 in 1..4 dimensions") {
    const Vec u_all{0.3, -1.2, 2.0, 0.7};
    const Vec v_all{-0.5, 0.4, 1.1, -2.2};
    for (std::size_t d = 1; d <= 4; ++d) {
        const Vec u(u_all.begin(), u_all.begin() + static_cast<std::ptrdiff_t>(d));
        const Vec v(v_all.begin(), v_all.begin() + static_cast<std::ptrdiff_t>(d));
        const double k = 1.0 + dot(u, v);
        CHECK(dot(apply_lift(LiftKind::Poly2, u), apply_lift(LiftKind::Poly2, v)) == doctest::Approx(k * k).epsilon(1e-12));
    }
}

TEST_CASE("lift: learner_features appends the constant only for an absorbed bias") {
    const Vec x{1.0, 2.0};
    CHECK(learner_features(x, LiftKind::None, BiasMode::Absorbed) == Vec{1.0, 2.0, 1.0});
    CHECK(learner_features(x, LiftKind::None, BiasMode::Explicit) == Vec{1.0, 2.0});
    CHECK(learner_features(x, LiftKind::None, BiasMode::None) == Vec{1.0, 2.0});
    CHECK(learner_features(x, LiftKind::Product, BiasMode::Absorbed) == Vec{1.0, 2.0, 2.0, 1.0});
}

TEST_CASE("lift: every map has a display formula") {
    for (LiftKind kind : {LiftKind::None, LiftKind::Product, LiftKind::Radial, LiftKind::Poly2, LiftKind::Constant})
        CHECK(std::string(lift_formula(kind)).find("phi") != std::string::npos);
}
