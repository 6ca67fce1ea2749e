// The mistake bound in the kernel learner's feature space holds (a property test over many random separable
// sets, kernels, bias modes and orders), and the proof view through alpha and K records what a direct
// computation with the Gram matrix gives; the session computes a big solve a slice at a time.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <set>

#include "core/learn/dataset.hpp"
#include "core/learn/kernel.hpp"
#include "core/learn/learner.hpp"
#include "core/learn/lift.hpp"
#include "core/learn/rng.hpp"
#include "core/session/session.hpp"
#include "core/theory/kernel_theory.hpp"
#include "../learn/test_learner_helpers.hpp"

using namespace pl;

namespace {

using test::kernel_config;  // test_learner_helpers.hpp

// Distinct points of the integer grid [-range, range]^2 labelled by the sign of `rule` (points with
// |rule| < 0.5 are skipped); `rule` = nullptr labels at random.
template <class Rule>
Dataset labelled_grid(std::size_t n, int range, Rng& rng, Rule rule) {
    Dataset d;
    d.dim = 2;
    std::set<std::pair<int, int>> used;
    for (std::size_t tries = 0; d.size() < n && tries < 200 * n; ++tries) {
        const int a = static_cast<int>(rng.below(2 * range + 1)) - range;
        const int b = static_cast<int>(rng.below(2 * range + 1)) - range;
        if (!used.insert({a, b}).second) continue;
        const Vec x{a * 0.5, b * 0.5};
        const double score = rule(x, rng);
        if (std::fabs(score) < 0.25) continue;
        d.add(x, score > 0 ? 1 : -1);
    }
    return d;
}

// w . w* and |w|^2 of the kernel learner computed directly from alpha, b and the Gram matrix:
// w = sum alpha_i y_i phi~(x_i) (joint [w, b] over [psi(x), 1] with an explicit bias), w* = sum beta_j phi~(x_j).
std::pair<double, double> direct_proof_numbers(const Learner& learner, const KernelTheory& k) {
    const TrainConfig& c = learner.config();
    const Dataset& d = learner.data();
    const bool joint = c.bias == BiasMode::Explicit;
    const double offset = c.bias == BiasMode::Absorbed ? 1.0 : 0.0;  // what the engine adds to K
    double projection = 0.0, squared = 0.0, beta_sum = 0.0;
    for (double beta : k.dual) beta_sum += beta;
    for (std::size_t i = 0; i < d.size(); ++i) {
        const double ai = learner.alphas()[i] * d.labels[i];
        for (std::size_t j = 0; j < d.size(); ++j) {
            const double kij = kernel_eval(c.kernel, apply_lift(c.lift, d.points[i]), apply_lift(c.lift, d.points[j])) + offset;
            projection += ai * k.dual[j] * kij;
            squared += ai * learner.alphas()[j] * d.labels[j] * kij;
        }
    }
    if (joint) {
        projection += learner.bias() * beta_sum;
        squared += learner.bias() * learner.bias();
    }
    return {projection, squared};
}

}  // namespace

TEST_CASE("kernel proof: mistakes never exceed (R / gamma*)^2 in the feature space, whatever the kernel") {
    Rng rng(4242);
    std::size_t runs = 0, tight = 0;
    for (int trial = 0; trial < 160; ++trial) {
        const double a = rng.normal(), b = rng.normal(), c = rng.normal();
        TrainConfig config;
        Dataset d;
        switch (trial % 5) {
            case 0:  // linear kernel on linearly separable points
                config = kernel_config(KernelType::Linear, trial % 2 ? BiasMode::Absorbed : BiasMode::Explicit);
                d = labelled_grid(20, 8, rng, [&](const Vec& x, Rng&) { return a * x[0] + b * x[1] + c; });
                break;
            case 1:  // (1 + u.v)^2 on a conic's two sides
                config = kernel_config(KernelType::Polynomial, trial % 2 ? BiasMode::None : BiasMode::Absorbed);
                d = labelled_grid(25, 8, rng, [&](const Vec& x, Rng&) { return a * x[0] * x[0] + b * x[1] * x[1] + c * x[0] * x[1] - 1.0; });
                break;
            case 2:  // RBF on random labels: distinct points are always separable
                config = kernel_config(KernelType::Rbf, static_cast<BiasMode>(trial % 3));
                config.kernel.gamma = 0.5 + 2.0 * static_cast<double>(trial % 4);
                d = labelled_grid(15 + rng.below(20), 6, rng, [](const Vec&, Rng& r) { return r.below(2) ? 1.0 : -1.0; });
                break;
            case 3:  // Gaussian on a circle's inside and outside, after the Product lift
                config = kernel_config(KernelType::Gaussian, BiasMode::Absorbed);
                config.kernel.sigma = 0.8;
                config.lift = LiftKind::Product;
                d = labelled_grid(30, 8, rng, [&](const Vec& x, Rng&) { return x[0] * x[0] + x[1] * x[1] - 2.0 - std::fabs(c); });
                break;
            default:  // degree 3 on a cubic's two sides
                config = kernel_config(KernelType::Polynomial, BiasMode::None);
                config.kernel.degree = 3;
                d = labelled_grid(20, 6, rng, [&](const Vec& x, Rng&) { return x[1] - a * x[0] * x[0] * x[0] - b * x[0]; });
                break;
        }
        config.order = trial % 3 == 0 ? Order::Random : Order::Sequential;
        config.seed = static_cast<std::uint64_t>(trial);
        const KernelTheory k = kernel_theory(d, config);
        CAPTURE(trial);
        CAPTURE(k.reason);
        REQUIRE_FALSE(k.undecided);
        if (!k.separable) continue;  // a degree-3 rule may fall on grid points; the others never
        config.max_epochs = static_cast<int>(std::min(1e6, k.bound + 2.0));
        Learner learner(d, config);
        CHECK(learner.train_until_converged());
        CHECK(static_cast<double>(learner.mistakes()) <= k.bound);
        ++runs;
        if (static_cast<double>(learner.mistakes()) > 0.25 * k.bound) ++tight;
    }
    CHECK(runs >= 150);
    MESSAGE(runs << " separable runs; in " << tight << " of them M exceeded a quarter of the bound");
}

TEST_CASE("kernel proof: w.w* and |w|^2 through alpha and K match the Gram matrix and the two inequalities") {
    Rng rng(8);
    for (BiasMode bias : {BiasMode::None, BiasMode::Absorbed, BiasMode::Explicit}) {
        for (int trial = 0; trial < 6; ++trial) {
            TrainConfig config = kernel_config(trial % 2 ? KernelType::Rbf : KernelType::Polynomial, bias);
            config.kernel.gamma = 1.5;
            const Dataset d = labelled_grid(25, 6, rng, [&](const Vec& x, Rng& r) {
                return trial % 2 ? (r.below(2) ? 1.0 : -1.0) : x[0] * x[1] - 0.5;
            });
            const KernelTheory k = kernel_theory(d, config);
            REQUIRE(k.separable);
            Learner learner(d, config);
            learner.set_kernel_reference(k.reference);
            learner.train_until_converged();
            const auto& proof = learner.proof();
            REQUIRE(proof.size() == learner.mistakes() + 1);  // the start, then one sample per mistake
            CHECK(proof.front().projection == 0.0);
            CHECK(proof.front().squared_norm == 0.0);
            for (const ProofSample& p : proof) {
                const double M = static_cast<double>(p.mistakes);
                CHECK(p.projection >= M * k.gamma_star * (1.0 - 1e-9) - 1e-9);    // w.w* >= M gamma*
                CHECK(p.squared_norm <= M * k.R * k.R * (1.0 + 1e-12) + 1e-9);   // |w|^2 <= M R^2
            }
            const auto [projection, squared] = direct_proof_numbers(learner, k);
            CHECK(proof.back().projection == doctest::Approx(projection).epsilon(1e-9));
            CHECK(proof.back().squared_norm == doctest::Approx(squared).epsilon(1e-9));
        }
    }
}

TEST_CASE("kernel proof: with outliers dropped the explicit b keeps its share, and w.w* still matches the Gram matrix") {
    Rng rng(19);
    const Dataset d = labelled_grid(30, 5, rng, [](const Vec&, Rng& r) { return r.below(2) ? 1.0 : -1.0; });
    TrainConfig config = kernel_config(KernelType::Rbf, BiasMode::Explicit);
    config.kernel.gamma = 0.3;
    config.outlier_threshold = 2;
    const KernelTheory k = kernel_theory(d, config);
    REQUIRE(k.separable);
    Learner learner(d, config);
    learner.set_kernel_reference(k.reference);
    learner.train_until_converged();
    REQUIRE_FALSE(learner.dropped_indices().empty());
    const auto [projection, squared] = direct_proof_numbers(learner, k);
    CHECK(learner.proof().back().projection == doctest::Approx(projection).epsilon(1e-9));
    CHECK(learner.proof().back().squared_norm == doctest::Approx(squared).epsilon(1e-9));
}

TEST_CASE("kernel proof: samples recorded before w* is known get their projections when it arrives") {
    GeneratorParams params;
    params.n = 80;
    params.seed = 4;
    const Dataset d = make_preset(Preset::Moons, params);
    TrainConfig config = kernel_config(KernelType::Rbf, BiasMode::Explicit);
    config.kernel.gamma = 4.0;
    config.order = Order::Random;
    const KernelTheory k = kernel_theory(d, config);
    REQUIRE(k.separable);
    Learner known(d, config), later(d, config);
    known.set_kernel_reference(k.reference);
    later.begin_kernel_proof();
    known.train_until_converged();
    later.train_until_converged();
    REQUIRE(later.proof().size() == known.proof().size());
    CHECK(std::isnan(later.proof().back().projection));
    CHECK(later.proof().back().squared_norm == known.proof().back().squared_norm);
    later.set_kernel_reference(k.reference);
    REQUIRE(later.proof().size() == known.proof().size());
    for (std::size_t i = 0; i < known.proof().size(); ++i) {
        CHECK(later.proof()[i].mistakes == known.proof()[i].mistakes);
        CHECK(later.proof()[i].projection == doctest::Approx(known.proof()[i].projection).epsilon(1e-12));
    }
    later.end_kernel_proof();
    CHECK(later.proof().empty());
}

TEST_CASE("kernel proof: the session spreads a 2,000-point solve over short slices, then the plots get w*") {
    const WidgetState state = test::big_rbf_spirals();
    Session session(state);
    REQUIRE(session.theory_pending());  // far more than the 4 ms the rebuild may spend on it
    CHECK(session.theory_so_far().computing);
    CHECK(session.theory_so_far().R == 1.0);  // R needs only the diagonal: shown at once (RBF, no bias)
    CHECK(session.theory_progress().find("solving for gamma*") == 0);
    session.epoch();  // training goes on meanwhile, recording |w|^2
    REQUIRE_FALSE(session.learner().proof().empty());
    const std::uint64_t revision = session.revision();
    // Processor time, not wall time: other programs on a busy machine must not fail this test.
    double longest_ms = 0.0;
    std::size_t slices = 0;
    while (true) {
        const std::clock_t start = std::clock();
        const bool done = session.advance_theory(std::chrono::milliseconds(2));
        longest_ms = std::max(longest_ms, 1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC);
        ++slices;
        if (done) break;
    }
    MESSAGE("solved in " << slices << " slices; the longest took " << longest_ms << " ms");
    CHECK(slices > 3);
    CHECK(longest_ms < 60.0);  // a slice is one Wolfe cycle past the deadline, never the whole solve
    CHECK(session.revision() > revision);
    const TheorySummary& t = session.theory_so_far();
    CHECK_FALSE(t.computing);
    REQUIRE(t.separable);
    CHECK(t.gamma_star == kernel_theory(state.data, state.config).gamma_star);
    for (const ProofSample& p : session.learner().proof()) CHECK(p.projection >= static_cast<double>(p.mistakes) * t.gamma_star * (1 - 1e-9) - 1e-9);
}
