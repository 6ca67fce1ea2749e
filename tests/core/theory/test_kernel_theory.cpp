// The kernel learner's theory in its feature space (kernel_theory.hpp), checked against independent solves:
// the primal max-margin solver on explicit features (linear kernel: [x, 1] or x; degree-2 polynomial: the
// explicit Poly2 map), a brute-force search over every face of the hull on tiny sets, R computed by hand,
// and the limits and reasons. The mistake-bound property test and the proof view are in
// test_kernel_proof.cpp.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/learn/dataset.hpp"
#include "core/learn/kernel.hpp"
#include "core/learn/lift.hpp"
#include "core/learn/rng.hpp"
#include "core/theory/kernel_theory.hpp"
#include "core/theory/theory.hpp"
#include "../learn/test_learner_helpers.hpp"

using namespace pl;

namespace {

using test::kernel_config;  // test_learner_helpers.hpp

bool relative_close(double a, double b, double rel) { return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b)); }

// Points on the integer grid of [-range, range]^2, labels from `label_of`; points too near the boundary
// (|score| < gap) are skipped, so the set is separable by that rule.
template <class Rule>
Dataset grid_set(std::size_t n, int range, double gap, Rng& rng, Rule label_of) {
    Dataset d;
    d.dim = 2;
    for (std::size_t tries = 0; d.size() < n && tries < 100 * n; ++tries) {
        const Vec x{static_cast<double>(static_cast<int>(rng.below(2 * range + 1)) - range),
                    static_cast<double>(static_cast<int>(rng.below(2 * range + 1)) - range)};
        const double score = label_of(x);
        if (std::fabs(score) < gap) continue;
        d.add(x, score > 0 ? 1 : -1);
    }
    return d;
}

std::vector<Vec> explicit_space(const Dataset& d, LiftKind lift, bool constant) {
    std::vector<Vec> zs;
    for (const Vec& x : d.points) {
        Vec z = apply_lift(lift, x);
        if (constant) z.push_back(1.0);
        zs.push_back(z);
    }
    return zs;
}

// [SECTION] Brute force: the minimum-norm point of conv{p_i} is the affine minimiser of one of its faces,
// so try every subset, keep those whose affine minimiser lies in the face (all weights >= 0) and take the
// shortest. Uses only the Gram matrix G_ij = y_i y_j K~(x_i, x_j); 2^n bordered systems by elimination.
bool solve_dense(std::vector<std::vector<double>> a, std::vector<double>& b) {
    const std::size_t n = b.size();
    for (std::size_t c = 0; c < n; ++c) {
        std::size_t p = c;
        for (std::size_t r = c + 1; r < n; ++r)
            if (std::fabs(a[r][c]) > std::fabs(a[p][c])) p = r;
        if (std::fabs(a[p][c]) < 1e-13) return false;
        std::swap(a[p], a[c]);
        std::swap(b[p], b[c]);
        for (std::size_t r = c + 1; r < n; ++r) {
            const double f = a[r][c] / a[c][c];
            for (std::size_t k = c; k < n; ++k) a[r][k] -= f * a[c][k];
            b[r] -= f * b[c];
        }
    }
    for (std::size_t i = n; i-- > 0;) {
        for (std::size_t k = i + 1; k < n; ++k) b[i] -= a[i][k] * b[k];
        b[i] /= a[i][i];
    }
    return true;
}

double brute_force_gamma(const Dataset& d, const TrainConfig& c) {
    const std::size_t n = d.size();
    std::vector<std::vector<double>> g(n, std::vector<double>(n));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            g[i][j] = d.labels[i] * d.labels[j] *
                      learner_kernel(c, apply_lift(c.lift, d.points[i]), apply_lift(c.lift, d.points[j]));
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t mask = 1; mask < (std::size_t{1} << n); ++mask) {
        std::vector<std::size_t> s;
        for (std::size_t i = 0; i < n; ++i)
            if (mask >> i & 1) s.push_back(i);
        const std::size_t m = s.size();
        std::vector<std::vector<double>> a(m + 1, std::vector<double>(m + 1, 0.0));
        std::vector<double> b(m + 1, 0.0);
        for (std::size_t p = 0; p < m; ++p) {
            for (std::size_t q = 0; q < m; ++q) a[p][q] = g[s[p]][s[q]];
            a[p][m] = a[m][p] = 1.0;
        }
        b[m] = 1.0;
        if (!solve_dense(a, b)) continue;
        if (std::any_of(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(m), [](double w) { return w < -1e-12; })) continue;
        double xx = 0.0;
        for (std::size_t p = 0; p < m; ++p)
            for (std::size_t q = 0; q < m; ++q) xx += b[p] * b[q] * g[s[p]][s[q]];
        best = std::min(best, xx);
    }
    return std::sqrt(std::max(0.0, best));
}

}  // namespace

TEST_CASE("kernel theory: the linear kernel equals the primal max-margin solver on [x, 1] and on x") {
    Rng rng(2024);
    for (int trial = 0; trial < 40; ++trial) {
        const double a = rng.normal(), b = rng.normal(), c = rng.uniform(-2.0, 2.0);
        const Dataset d = grid_set(12 + rng.below(20), 6, 0.5, rng, [&](const Vec& x) { return a * x[0] + b * x[1] + c; });
        for (BiasMode bias : {BiasMode::Absorbed, BiasMode::Explicit, BiasMode::None}) {
            CAPTURE(trial);
            CAPTURE(static_cast<int>(bias));
            const KernelTheory k = kernel_theory(d, kernel_config(KernelType::Linear, bias));
            const std::vector<Vec> zs = explicit_space(d, LiftKind::None, bias != BiasMode::None);
            const Separator primal = max_margin_through_origin(zs, d.labels);
            CHECK(k.R == doctest::Approx(radius(zs)).epsilon(1e-14));
            CAPTURE(k.reason);
            CAPTURE(primal.margin);
            CAPTURE(primal.reason);
            REQUIRE_FALSE(k.undecided);
            REQUIRE(k.separable == primal.separable);
            if (!primal.separable) continue;
            CHECK(relative_close(k.gamma_star, primal.margin, 1e-9));
            CHECK(k.gamma_star <= k.gamma_upper);
            CHECK(relative_close(k.gamma_star, k.gamma_upper, 1e-6));
            CHECK(relative_close(k.bound, mistake_bound(radius(zs), primal.margin), 1e-8));
        }
    }
    // Lecture 004's four points: unbiased gamma* = 1 and bound 5 (hand computation in test_theory.cpp).
    const KernelTheory lecture = kernel_theory(test::lecture_four_points(), kernel_config(KernelType::Linear, BiasMode::None));
    CHECK(lecture.gamma_star == doctest::Approx(1.0).epsilon(1e-12));
    CHECK(lecture.bound == doctest::Approx(5.0).epsilon(1e-12));
    const KernelTheory xor_set = kernel_theory(make_preset(Preset::Xor), kernel_config(KernelType::Linear, BiasMode::Absorbed));
    CHECK_FALSE(xor_set.separable);
    CHECK_FALSE(xor_set.undecided);
    CHECK(xor_set.reason.find("origin lies in the convex hull") != std::string::npos);
}

TEST_CASE("kernel theory: the degree-2 polynomial kernel equals the primal solver on the explicit Poly2 map") {
    Rng rng(77);
    int separable_sets = 0;
    for (int trial = 0; trial < 40; ++trial) {
        const double a = rng.normal(), b = rng.normal(), c = rng.normal(), r = rng.uniform(1.0, 12.0);
        const Dataset d = grid_set(10 + rng.below(25), 5, 0.5, rng,
                                   [&](const Vec& x) { return a * x[0] * x[0] + b * x[1] * x[1] + c * x[0] * x[1] - r; });
        for (BiasMode bias : {BiasMode::None, BiasMode::Absorbed}) {
            CAPTURE(trial);
            TrainConfig config = kernel_config(KernelType::Polynomial, bias);
            config.kernel.degree = 2;
            config.kernel.coef0 = 1.0;
            const KernelTheory k = kernel_theory(d, config);
            const std::vector<Vec> zs = explicit_space(d, LiftKind::Poly2, bias != BiasMode::None);
            const Separator primal = max_margin_through_origin(zs, d.labels);
            CHECK(k.R == doctest::Approx(radius(zs)).epsilon(1e-13));
            REQUIRE_FALSE(k.undecided);
            REQUIRE(k.separable == primal.separable);
            if (!primal.separable) continue;
            ++separable_sets;
            CHECK(relative_close(k.gamma_star, primal.margin, 1e-8));
        }
    }
    CHECK(separable_sets > 40);
    // XOR: (1 + u.v)^2 separates the corners; the explicit map gives the same numbers.
    TrainConfig config = kernel_config(KernelType::Polynomial, BiasMode::None);
    const KernelTheory x = kernel_theory(make_preset(Preset::Xor), config);
    const Separator p = max_margin_through_origin(explicit_space(make_preset(Preset::Xor), LiftKind::Poly2, false),
                                                  make_preset(Preset::Xor).labels);
    REQUIRE(x.separable);
    CHECK(x.gamma_star == doctest::Approx(p.margin).epsilon(1e-12));
}

TEST_CASE("kernel theory: gamma* agrees with a brute-force search over every face on tiny sets") {
    Rng rng(5);
    for (int trial = 0; trial < 60; ++trial) {
        Dataset d;
        d.dim = 2;
        const std::size_t n = 2 + rng.below(6);
        while (d.size() < n) {
            const Vec x{rng.uniform(-2.0, 2.0), rng.uniform(-2.0, 2.0)};
            d.add({snap_to_grid(x[0]), snap_to_grid(x[1])}, rng.below(2) == 0 ? -1 : 1);
        }
        TrainConfig config;
        switch (trial % 4) {
            case 0: config = kernel_config(KernelType::Rbf, BiasMode::None); config.kernel.gamma = 1.5; break;
            case 1: config = kernel_config(KernelType::Gaussian, BiasMode::Absorbed); config.kernel.sigma = 0.7; break;
            case 2: config = kernel_config(KernelType::Polynomial, BiasMode::None); config.kernel.degree = 3; break;
            default: config = kernel_config(KernelType::Rbf, BiasMode::Explicit); config.kernel.gamma = 0.5; config.lift = LiftKind::Product; break;
        }
        CAPTURE(trial);
        const KernelTheory k = kernel_theory(d, config);
        const double brute = brute_force_gamma(d, config);
        REQUIRE_FALSE(k.undecided);
        if (brute < 1e-9) {
            CHECK_FALSE(k.separable);
            continue;
        }
        REQUIRE(k.separable);
        CHECK(relative_close(k.gamma_star, brute, 1e-7));
        // w* = sum_j dual_j phi~(x_j) is a unit vector, and its margins are what the reference says.
        double ww = 0.0;
        for (std::size_t i = 0; i < d.size(); ++i) {
            double f = 0.0;
            for (std::size_t j = 0; j < d.size(); ++j) {
                const double kij = learner_kernel(config, apply_lift(config.lift, d.points[i]), apply_lift(config.lift, d.points[j]));
                f += k.dual[j] * kij;
                ww += k.dual[i] * k.dual[j] * kij;
            }
            CHECK(k.reference.point_margins[i] == doctest::Approx(d.labels[i] * f).epsilon(1e-9).scale(1.0));
            CHECK(k.reference.point_margins[i] >= k.gamma_star * (1 - 1e-12));
        }
        CHECK(ww == doctest::Approx(1.0).epsilon(1e-9));
        REQUIRE_FALSE(k.support.empty());
        CHECK(k.reference.point_margins[k.support.front()] == doctest::Approx(k.gamma_star).epsilon(1e-9));
    }
}

TEST_CASE("kernel theory: R = max sqrt K~(x, x), with K + 1 when the bias is absorbed or explicit") {
    const Dataset lecture = test::lecture_four_points();
    TrainConfig rbf = kernel_config(KernelType::Rbf, BiasMode::Absorbed);
    CHECK(kernel_theory(lecture, rbf).R == doctest::Approx(std::sqrt(2.0)).epsilon(1e-15));  // K(x, x) = 1
    rbf.bias = BiasMode::Explicit;
    CHECK(kernel_theory(lecture, rbf).R == doctest::Approx(std::sqrt(2.0)).epsilon(1e-15));
    rbf.bias = BiasMode::None;
    CHECK(kernel_theory(lecture, rbf).R == 1.0);
    TrainConfig poly = kernel_config(KernelType::Polynomial, BiasMode::None);  // (|x|^2 + 1)^2, |x|^2 <= 5
    CHECK(kernel_theory(lecture, poly).R == doctest::Approx(6.0).epsilon(1e-15));
    poly.bias = BiasMode::Absorbed;
    CHECK(kernel_theory(lecture, poly).R == doctest::Approx(std::sqrt(37.0)).epsilon(1e-15));
    poly.lift = LiftKind::Product;  // the lift comes first: phi = (x1, x2, x1 x2), |phi|^2 = 9 at (1, 2)
    CHECK(kernel_theory(lecture, poly).R == doctest::Approx(std::sqrt(101.0)).epsilon(1e-15));
}

TEST_CASE("kernel theory: distinct points are separable with RBF and Gaussian, twins with opposite labels never") {
    const Dataset noise = test::random_labels(60, 2, 9);  // random labels: no line, but any RBF
    TrainConfig rbf = kernel_config(KernelType::Rbf, BiasMode::None);
    rbf.kernel.gamma = 3.0;
    const KernelTheory k = kernel_theory(noise, rbf);
    CHECK(k.separable);
    CHECK_FALSE(k.undecided);
    CHECK(k.gamma_star > 0.0);
    CHECK(k.note == "distinct points are always separable with the RBF kernel: its Gram matrix is positive definite");
    TrainConfig gaussian = kernel_config(KernelType::Gaussian, BiasMode::Absorbed);
    CHECK(kernel_theory(noise, gaussian).note.find("Gaussian kernel") != std::string::npos);

    Dataset twins = test::lecture_four_points();
    twins.add({2.0, 1.0}, -1);  // point 5 repeats point 2 with the other label
    const KernelTheory t = kernel_theory(twins, rbf);
    CHECK_FALSE(t.separable);
    CHECK_FALSE(t.undecided);
    CHECK(t.reason == "point 2 and point 5 are the same point with opposite labels: no kernel can separate them "
                      "(both have the same f(x))");
    CHECK(std::isinf(t.bound));

    Dataset at_origin = test::lecture_four_points();
    at_origin.add({0.0, 0.0}, 1);  // linear kernel, no bias: phi~(0) = 0
    const KernelTheory o = kernel_theory(at_origin, kernel_config(KernelType::Linear, BiasMode::None));
    CHECK_FALSE(o.separable);
    CHECK(o.reason.find("point 5 is the origin of the feature space") != std::string::npos);
}

TEST_CASE("kernel theory: the sigmoid kernel is PSD or not depending on its parameters, the bias and the data") {
    const Dataset xor_set = make_preset(Preset::Xor);
    TrainConfig sigmoid = kernel_config(KernelType::Sigmoid, BiasMode::None);
    sigmoid.kernel.scale = 1.0;
    sigmoid.kernel.theta = -1.0;
    // tanh(x.y - 1) on the XOR corners: eigenvalues of [[t1, t-1, t-1, t-3]...]; smallest -1.7566489096
    const KernelTheory none = kernel_theory(xor_set, sigmoid);
    REQUIRE(none.spectrum.computed);
    CHECK(none.spectrum.min_eigenvalue == doctest::Approx(-1.7566489096424949).epsilon(1e-12));
    CHECK_FALSE(none.spectrum.psd);
    CHECK_FALSE(none.applicable);
    CHECK(none.reason.find("smallest eigenvalue of the Gram matrix K(x_i, x_j) is -1.757") != std::string::npos);
    // + 1 (the absorbed bias) makes this matrix PSD: then the theory applies.
    sigmoid.bias = BiasMode::Absorbed;
    const KernelTheory absorbed = kernel_theory(xor_set, sigmoid);
    REQUIRE(absorbed.spectrum.computed);
    CHECK(absorbed.spectrum.min_eigenvalue == doctest::Approx(1.2897277141805636).epsilon(1e-12));
    CHECK(absorbed.spectrum.psd);
    CHECK(absorbed.applicable);
    CHECK(absorbed.separable);
    CHECK(absorbed.gamma_star == doctest::Approx(brute_force_gamma(xor_set, sigmoid)).epsilon(1e-9));
    // Other parameters, other data: tanh(x.y) + 1 on lecture 004's points is not PSD (-0.6450453700).
    sigmoid.kernel.theta = 0.0;
    const KernelTheory lecture = kernel_theory(test::lecture_four_points(), sigmoid);
    CHECK(lecture.spectrum.min_eigenvalue == doctest::Approx(-0.6450453700198227).epsilon(1e-12));
    CHECK_FALSE(lecture.applicable);
    // The PSD kernels are not checked (nothing to say), the polynomial one with c < 0 is.
    CHECK_FALSE(kernel_theory(xor_set, kernel_config(KernelType::Rbf, BiasMode::None)).spectrum.needed);
    TrainConfig negative = kernel_config(KernelType::Polynomial, BiasMode::None);
    negative.kernel.coef0 = -1.0;
    CHECK(kernel_theory(xor_set, negative).spectrum.needed);
}

TEST_CASE("kernel theory: limits give a clear undecided reason") {
    GeneratorParams params;
    params.n = 2001;
    params.seed = 1;
    const Dataset many = make_preset(Preset::Circles, params);
    REQUIRE(many.size() == 2001);
    const KernelTheory big = kernel_theory(many, kernel_config(KernelType::Rbf, BiasMode::Absorbed));
    CHECK(big.undecided);
    CHECK(big.reason == "too many points for the exact feature-space solver (2001 > 2000)");
    CHECK(big.R == doctest::Approx(std::sqrt(2.0)));  // R needs only the diagonal
    CHECK(std::isinf(big.bound));

    params.n = 401;
    TrainConfig sigmoid = kernel_config(KernelType::Sigmoid, BiasMode::None);
    const KernelTheory unchecked = kernel_theory(make_preset(Preset::Moons, params), sigmoid);
    CHECK_FALSE(unchecked.applicable);
    CHECK(unchecked.undecided);
    CHECK(unchecked.spectrum.message == "not checked: the eigenvalues are computed for up to 400 points (this set has 401)");

    KernelSolverLimits tight;
    tight.max_iterations = 2;
    params.n = 300;
    TrainConfig rbf = kernel_config(KernelType::Rbf, BiasMode::None);
    rbf.kernel.gamma = 10.0;
    const KernelTheory capped = kernel_theory(make_preset(Preset::Spirals, params), rbf, tight);
    CHECK(capped.undecided);
    CHECK(capped.separable);  // distinct points with the RBF kernel: known without the solver
    CHECK(capped.reason.find("the exact solver reached its limit after 2 iterations without an answer; "
                             "gamma* is at most ") == 0);
}

TEST_CASE("kernel theory: the job can be advanced a slice at a time and gives the same answer") {
    GeneratorParams params;
    params.n = 400;
    params.seed = 3;
    const Dataset d = make_preset(Preset::Spirals, params);
    TrainConfig rbf = kernel_config(KernelType::Rbf, BiasMode::None);
    rbf.kernel.gamma = 10.0;
    KernelTheoryJob job(d, rbf);
    std::size_t slices = 0;
    while (!job.advance(std::chrono::steady_clock::now())) {  // one unit of work per call
        CHECK(job.progress().find("solving for gamma* in the feature space (iteration ") == 0);
        ++slices;
    }
    CHECK(slices > 10);
    const KernelTheory whole = kernel_theory(d, rbf);
    CHECK(job.result().gamma_star == whole.gamma_star);
    CHECK(job.result().iterations == whole.iterations);

    TrainConfig sigmoid = kernel_config(KernelType::Sigmoid, BiasMode::Absorbed);
    params.n = 120;
    KernelTheoryJob eigen(make_preset(Preset::Moons, params), sigmoid);
    REQUIRE_FALSE(eigen.advance(std::chrono::steady_clock::now()));
    CHECK(eigen.progress().find("checking the Gram matrix's eigenvalues (") == 0);
    eigen.finish();
    CHECK(eigen.result().spectrum.computed);
}

TEST_CASE("kernel theory: the formula shown is the function the learner computes, in every bias mode") {
    GeneratorParams params;
    params.n = 30;
    params.seed = 2;
    const Dataset d = make_preset(Preset::Moons, params);
    for (LiftKind lift : {LiftKind::None, LiftKind::Product}) {
        for (BiasMode bias : {BiasMode::None, BiasMode::Absorbed, BiasMode::Explicit}) {
            TrainConfig config = kernel_config(KernelType::Rbf, bias);
            config.kernel.gamma = 0.7;
            config.lift = lift;
            config.outlier_threshold = 3;  // a dropped point keeps its share of an explicit b: the text must still hold
            Learner learner(d, config);
            learner.train_until_converged();
            const std::string text = kernel_decision_formula(config);
            CAPTURE(text);
            // Read the text: "+ 1)" inside the sum, "+ b" after it, phi inside K when there is a lift.
            const bool plus_one = text.find(" + 1)") != std::string::npos;
            const bool plus_b = text.size() > 4 && text.compare(text.size() - 4, 4, " + b") == 0;
            const bool phi = text.find("K(\xCF\x86(x") != std::string::npos;
            CHECK(phi == (lift != LiftKind::None));
            for (const Vec& x : {Vec{0.3, -0.2}, Vec{1.5, 0.25}, Vec{-0.75, 0.5}}) {
                double f = 0.0;
                for (std::size_t i = 0; i < d.size(); ++i) {
                    const Vec a = phi ? apply_lift(lift, d.points[i]) : d.points[i];
                    const Vec b = phi ? apply_lift(lift, x) : x;
                    f += learner.alphas()[i] * d.labels[i] * (kernel_eval(config.kernel, a, b) + (plus_one ? 1.0 : 0.0));
                }
                if (plus_b) f += learner.bias();
                CHECK(learner.score(x) == doctest::Approx(f).epsilon(1e-12));
            }
        }
    }
    TrainConfig lecture = kernel_config(KernelType::Rbf, BiasMode::None);
    CHECK(kernel_decision_formula(lecture) == "f(x) = \xCE\xA3\xE1\xB5\xA2 \xCE\xB1\xE1\xB5\xA2 y\xE1\xB5\xA2 K(x\xE1\xB5\xA2, x)");
}
