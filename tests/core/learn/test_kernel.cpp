// Kernel values by hand, the Mercer flag, and the portable exp/tanh against the C library.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "core/learn/kernel.hpp"
#include "core/learn/portable_math.hpp"
#include "core/learn/rng.hpp"

using namespace pl;

namespace {
// |a - b| relative to the larger magnitude (doctest::Approx is absolute near 0, too lax for exp(-700)).
double relative_difference(double a, double b) {
    const double scale = std::fmax(std::fabs(a), std::fabs(b));
    return scale == 0.0 ? 0.0 : std::fabs(a - b) / scale;
}
}  // namespace

TEST_CASE("kernel: hand-computed values for a = (1, 2), b = (3, 4)") {
    const Vec a{1.0, 2.0}, b{3.0, 4.0};
    KernelParams p;
    p.type = KernelType::Linear;
    CHECK(kernel_eval(p, a, b) == 11.0);  // 3 + 8
    p.type = KernelType::Polynomial;
    p.degree = 2;
    p.coef0 = 1.0;
    CHECK(kernel_eval(p, a, b) == 144.0);  // (11 + 1)^2
    p.degree = 3;
    p.coef0 = 0.0;
    CHECK(kernel_eval(p, a, b) == 1331.0);  // 11^3
    p.degree = 0;
    CHECK(kernel_eval(p, a, b) == 1.0);  // x^0
    p.type = KernelType::Gaussian;
    p.sigma = 2.0;  // |a-b|^2 = 8, 2 sigma^2 = 8 -> e^-1
    CHECK(kernel_eval(p, a, b) == doctest::Approx(std::exp(-1.0)).epsilon(1e-15));
    p.sigma = 0.0;  // degenerate: identity indicator
    CHECK(kernel_eval(p, a, b) == 0.0);
    CHECK(kernel_eval(p, a, a) == 1.0);
    p.type = KernelType::Rbf;
    p.gamma = 0.5;  // exp(-0.5 * 8) = e^-4
    CHECK(kernel_eval(p, a, b) == doctest::Approx(std::exp(-4.0)).epsilon(1e-15));
    CHECK(kernel_eval(p, a, a) == 1.0);
    p.type = KernelType::Sigmoid;
    p.scale = 0.1;
    p.theta = -0.5;  // tanh(1.1 - 0.5) = tanh(0.6)
    CHECK(kernel_eval(p, a, b) == doctest::Approx(std::tanh(0.6)).epsilon(1e-15));
}

TEST_CASE("kernel: only the sigmoid kernel is flagged as not positive semi-definite") {
    CHECK(is_positive_semidefinite(KernelType::Linear));
    CHECK(is_positive_semidefinite(KernelType::Polynomial));
    CHECK(is_positive_semidefinite(KernelType::Gaussian));
    CHECK(is_positive_semidefinite(KernelType::Rbf));
    CHECK_FALSE(is_positive_semidefinite(KernelType::Sigmoid));
    // A concrete witness: with scale 1, theta -2 the 2x2 Gram matrix of x = 1 and x = 2 has
    // K11 = tanh(-1) < 0 on its diagonal, impossible for a PSD matrix.
    KernelParams p;
    p.type = KernelType::Sigmoid;
    p.scale = 1.0;
    p.theta = -2.0;
    CHECK(kernel_eval(p, Vec{1.0}, Vec{1.0}) < 0.0);
    CHECK(std::string(kernel_formula(KernelType::Rbf)).find("gamma") != std::string::npos);
}

TEST_CASE("kernel: portable exp, expm1, tanh and sigmoid agree with libm to a few ulps") {
    Rng rng(7);
    for (int k = 0; k < 20000; ++k) {
        const double x = rng.uniform(-700.0, 700.0);
        const double small = rng.uniform(-3.0, 3.0);
        // about 4 ulps of slack; the portable versions are typically within 1 ulp
        CHECK(relative_difference(portable::exp(x), std::exp(x)) < 1e-15);
        CHECK(relative_difference(portable::exp(small), std::exp(small)) < 1e-15);
        CHECK(relative_difference(portable::expm1(small * 1e-3), std::expm1(small * 1e-3)) < 1e-15);
        CHECK(relative_difference(portable::tanh(small), std::tanh(small)) < 1e-15);
        CHECK(relative_difference(portable::tanh(small * 1e-6), std::tanh(small * 1e-6)) < 1e-15);
    }
    CHECK(portable::exp(0.0) == 1.0);
    CHECK(portable::exp(1000.0) == HUGE_VAL);
    CHECK(portable::exp(-1000.0) == 0.0);
    CHECK(portable::tanh(50.0) == 1.0);
    CHECK(portable::tanh(-50.0) == -1.0);
    CHECK(portable::tanh(0.0) == 0.0);
    CHECK(portable::sigmoid(0.0) == 0.5);
    CHECK(portable::sigmoid(1e6) == 1.0);
    CHECK(portable::sigmoid(-1e6) == 0.0);
    CHECK(portable::sigmoid(-HUGE_VAL) == 0.0);
    CHECK(portable::sigmoid(HUGE_VAL) == 1.0);
    CHECK(portable::sigmoid(-3.0) == doctest::Approx(1.0 / (1.0 + std::exp(3.0))).epsilon(1e-15));
}
