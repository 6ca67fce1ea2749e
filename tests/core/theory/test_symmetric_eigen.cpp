// Eigenvalues of symmetric matrices (Householder + QL) against hand values and an independent cyclic Jacobi
// solver written here.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "core/learn/rng.hpp"
#include "core/theory/symmetric_eigen.hpp"

using namespace pl;

namespace {

// Cyclic Jacobi rotations until the off-diagonal part vanishes: slow, simple, and a different method.
std::vector<double> jacobi_eigenvalues(std::vector<double> a, std::size_t n) {
    for (int sweep = 0; sweep < 100; ++sweep) {
        double off = 0.0;
        for (std::size_t p = 0; p < n; ++p)
            for (std::size_t q = p + 1; q < n; ++q) off += a[p * n + q] * a[p * n + q];
        if (off < 1e-30) break;
        for (std::size_t p = 0; p < n; ++p)
            for (std::size_t q = p + 1; q < n; ++q) {
                if (a[p * n + q] == 0.0) continue;
                const double theta = (a[q * n + q] - a[p * n + p]) / (2.0 * a[p * n + q]);
                const double t = (theta >= 0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1.0));
                const double c = 1.0 / std::sqrt(t * t + 1.0), s = t * c;
                for (std::size_t k = 0; k < n; ++k) {  // columns p, q
                    const double akp = a[k * n + p], akq = a[k * n + q];
                    a[k * n + p] = c * akp - s * akq;
                    a[k * n + q] = s * akp + c * akq;
                }
                for (std::size_t k = 0; k < n; ++k) {  // rows p, q
                    const double apk = a[p * n + k], aqk = a[q * n + k];
                    a[p * n + k] = c * apk - s * aqk;
                    a[q * n + k] = s * apk + c * aqk;
                }
            }
    }
    std::vector<double> values(n);
    for (std::size_t i = 0; i < n; ++i) values[i] = a[i * n + i];
    std::sort(values.begin(), values.end());
    return values;
}

}  // namespace

TEST_CASE("symmetric eigenvalues: hand-computed matrices") {
    CHECK(symmetric_eigenvalues({}, 0).empty());
    CHECK(symmetric_eigenvalues({-3.5}, 1) == std::vector<double>{-3.5});
    const auto two = symmetric_eigenvalues({2, 1, 1, 2}, 2);  // 1 and 3
    REQUIRE(two.size() == 2);
    CHECK(two[0] == doctest::Approx(1.0).epsilon(1e-15));
    CHECK(two[1] == doctest::Approx(3.0).epsilon(1e-15));
    // All ones (4 x 4): eigenvalues 0, 0, 0, 4; the Gram matrix of a rank-one kernel.
    const auto ones = symmetric_eigenvalues(std::vector<double>(16, 1.0), 4);
    CHECK(std::fabs(ones[0]) < 1e-14);
    CHECK(ones[3] == doctest::Approx(4.0).epsilon(1e-14));
    // A tridiagonal Toeplitz matrix (2 on the diagonal, -1 beside it), n = 5: 2 - 2 cos(k pi / 6).
    std::vector<double> t(25, 0.0);
    for (std::size_t i = 0; i < 5; ++i) {
        t[i * 5 + i] = 2.0;
        if (i + 1 < 5) t[i * 5 + i + 1] = t[(i + 1) * 5 + i] = -1.0;
    }
    const auto toeplitz = symmetric_eigenvalues(t, 5);
    for (int k = 1; k <= 5; ++k)
        CHECK(toeplitz[static_cast<std::size_t>(k - 1)] == doctest::Approx(2.0 - 2.0 * std::cos(k * M_PI / 6.0)).epsilon(1e-14));
}

TEST_CASE("symmetric eigenvalues: random matrices agree with Jacobi, step by step") {
    Rng rng(31);
    for (std::size_t n : {3u, 8u, 25u, 60u}) {
        std::vector<double> a(n * n);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j <= i; ++j) a[i * n + j] = a[j * n + i] = rng.uniform(-1.0, 1.0);
        const auto reference = jacobi_eigenvalues(a, n);
        SymmetricEigenvalues solver(a, n);
        std::size_t steps = 0;
        while (!solver.step()) ++steps;
        CHECK(steps == n - 1);  // one row per step, then QL
        REQUIRE_FALSE(solver.failed());
        REQUIRE(solver.values().size() == n);
        double trace = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            CHECK(solver.values()[i] == doctest::Approx(reference[i]).epsilon(1e-10).scale(1.0));
            trace += a[i * n + i];
        }
        double sum = 0.0;
        for (double v : solver.values()) sum += v;
        CHECK(sum == doctest::Approx(trace).epsilon(1e-12).scale(1.0));
    }
}
