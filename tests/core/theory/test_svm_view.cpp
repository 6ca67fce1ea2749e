// Lecture 001's hard-margin SVM (svm_view.hpp), checked against an independent 2-D solve: the widest line
// is fixed by two points (one per class: the perpendicular bisector) or three (two of one class and one of
// the other: the line parallel to the two, halfway to the third), so trying every such pair and triple and
// keeping the feasible one with the largest margin is the exact answer. Also lecture 004's four points
// solved by hand, the reasons when there is no SVM, and the kernel dual on the XOR corners.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/learn/dataset.hpp"
#include "core/learn/kernel.hpp"
#include "core/learn/rng.hpp"
#include "core/session/session.hpp"
#include "core/facts/snapshot_json.hpp"
#include "core/state/state_json.hpp"
#include "core/theory/kernel_theory.hpp"
#include "core/theory/svm_view.hpp"
#include "core/theory/theory.hpp"

using namespace pl;

namespace {

struct UnitLine {
    double ux = 0, uy = 0, b = 0, margin = -1;  // u unit; y (u.x + b) >= margin for every point
};

bool feasible(const Dataset& d, const UnitLine& l) {
    for (std::size_t i = 0; i < d.size(); ++i)
        if (d.labels[i] * (l.ux * d.points[i][0] + l.uy * d.points[i][1] + l.b) < l.margin - 1e-9) return false;
    return true;
}

// Brute force over the pairs and triples that can pin the widest line down.
UnitLine widest_line_by_search(const Dataset& d) {
    UnitLine best;
    auto consider = [&](const UnitLine& l) {
        if (l.margin > best.margin && feasible(d, l)) best = l;
    };
    const std::size_t n = d.size();
    for (std::size_t p = 0; p < n; ++p)
        for (std::size_t q = 0; q < n; ++q) {
            if (d.labels[p] != 1 || d.labels[q] != -1) continue;
            const double dx = d.points[p][0] - d.points[q][0], dy = d.points[p][1] - d.points[q][1];
            const double len = std::hypot(dx, dy);
            if (len == 0) continue;
            UnitLine l{dx / len, dy / len, 0, len / 2};
            l.b = -(l.ux * (d.points[p][0] + d.points[q][0]) + l.uy * (d.points[p][1] + d.points[q][1])) / 2;
            consider(l);
        }
    for (std::size_t a1 = 0; a1 < n; ++a1)
        for (std::size_t a2 = a1 + 1; a2 < n; ++a2)
            for (std::size_t c = 0; c < n; ++c) {
                if (d.labels[a1] != d.labels[a2] || d.labels[c] == d.labels[a1]) continue;
                const double tx = d.points[a2][0] - d.points[a1][0], ty = d.points[a2][1] - d.points[a1][1];
                const double len = std::hypot(tx, ty);
                if (len == 0) continue;
                double nx = -ty / len, ny = tx / len;
                double h = nx * (d.points[a1][0] - d.points[c][0]) + ny * (d.points[a1][1] - d.points[c][1]);
                if (h < 0) { nx = -nx; ny = -ny; h = -h; }
                if (h == 0) continue;
                const double s = d.labels[a1];
                UnitLine l{s * nx, s * ny, 0, h / 2};
                l.b = -s * (nx * d.points[a1][0] + ny * d.points[a1][1] - h / 2);
                consider(l);
            }
    return best;
}

Dataset random_separable(Rng& rng) {
    const double angle = rng.uniform(0, 6.283185307179586), offset = rng.uniform(-1, 1);
    const double ux = std::cos(angle), uy = std::sin(angle);
    const std::size_t n = 5 + static_cast<std::size_t>(rng.uniform(0, 8));
    Dataset d;
    while (d.size() < n || std::count(d.labels.begin(), d.labels.end(), 1) == 0 ||
           std::count(d.labels.begin(), d.labels.end(), -1) == 0) {
        const Vec x{rng.uniform(-3, 3), rng.uniform(-3, 3)};
        const double s = ux * x[0] + uy * x[1] + offset;
        if (std::fabs(s) < 0.2) continue;  // a gap, so the set is separable with room to spare
        d.add(x, s > 0 ? 1 : -1);
    }
    return d;
}

TrainConfig linear_config() {
    TrainConfig c;
    c.bias = BiasMode::Absorbed;
    return c;
}

}  // namespace

TEST_CASE("svm primal equals a brute-force search over pairs and triples on 20 random separable sets") {
    Rng rng(20250925);
    for (int set = 0; set < 20; ++set) {
        const Dataset d = random_separable(rng);
        CAPTURE(set);
        CAPTURE(d.size());
        const UnitLine line = widest_line_by_search(d);
        REQUIRE(line.margin > 0);
        const SvmView view = svm_view(d, linear_config(), analyze(d, linear_config()));
        const SvmPrimal& svm = view.primal;
        REQUIRE(svm.separable);
        CHECK_FALSE(view.dual.applies);
        CHECK(svm.margin == doctest::Approx(line.margin).epsilon(1e-7));
        CHECK(1.0 / std::hypot(svm.w[0], svm.w[1]) == doctest::Approx(line.margin).epsilon(1e-7));
        CHECK(svm.w[0] == doctest::Approx(line.ux / line.margin).epsilon(1e-7).scale(1.0 / line.margin));
        CHECK(svm.w[1] == doctest::Approx(line.uy / line.margin).epsilon(1e-7).scale(1.0 / line.margin));
        CHECK(svm.b == doctest::Approx(line.b / line.margin).epsilon(1e-7).scale(1.0 / line.margin));
        std::vector<std::size_t> expected_support;
        for (std::size_t i = 0; i < d.size(); ++i)
            if (d.labels[i] * (line.ux * d.points[i][0] + line.uy * d.points[i][1] + line.b) <= line.margin * (1 + 1e-7))
                expected_support.push_back(i);
        CHECK(svm.support == expected_support);
        REQUIRE(svm.constraint.size() == d.size());
        for (std::size_t i = 0; i < d.size(); ++i) {
            CHECK(svm.constraint[i] >= 1 - 1e-9);
            const bool on_margin = std::binary_search(svm.support.begin(), svm.support.end(), i);
            if (on_margin) CHECK(svm.constraint[i] == doctest::Approx(1.0).epsilon(1e-9));
            else CHECK(svm.constraint[i] > 1 + 1e-9);
        }
    }
}

TEST_CASE("svm primal of lecture 004's four points, solved by hand") {
    // Positives (1, 2), (2, 1); negatives (-1, -1), (-1, 1). The closest points of the two hulls are
    // (1, 2) and (-1, 1) (sqrt 5 apart; the foot of (-1, 1) on the positive segment falls outside it),
    // so the widest line is their perpendicular bisector: normal (2, 1), through (0, 1.5), margin sqrt 5 / 2.
    // Scaled to functional margin 1: w = (2, 1) * 2/5 = (0.8, 0.4), b = -1.5 * 2/5 = -0.6.
    Dataset d;
    d.add({1, 2}, 1);
    d.add({2, 1}, 1);
    d.add({-1, -1}, -1);
    d.add({-1, 1}, -1);
    const SvmPrimal svm = svm_view(d, linear_config(), analyze(d, linear_config())).primal;
    REQUIRE(svm.separable);
    CHECK(svm.w[0] == doctest::Approx(0.8).epsilon(1e-12));
    CHECK(svm.w[1] == doctest::Approx(0.4).epsilon(1e-12));
    CHECK(svm.b == doctest::Approx(-0.6).epsilon(1e-12));
    CHECK(svm.margin == doctest::Approx(std::sqrt(5.0) / 2).epsilon(1e-12));
    CHECK(svm.support == std::vector<std::size_t>{0, 3});
    // (1, 2): 0.8 + 0.8 - 0.6; (2, 1): 1.6 + 0.4 - 0.6; (-1, -1): -(-0.8 - 0.4 - 0.6); (-1, 1): -(-0.8 + 0.4 - 0.6).
    const double expected[] = {1.0, 1.4, 1.8, 1.0};
    for (std::size_t i = 0; i < 4; ++i) CHECK(svm.constraint[i] == doctest::Approx(expected[i]).epsilon(1e-12));
}

TEST_CASE("no svm for data no line separates, or for one class, and the solver's reason is given") {
    Dataset xor_points;
    xor_points.add({1, 1}, 1);
    xor_points.add({-1, -1}, 1);
    xor_points.add({1, -1}, -1);
    xor_points.add({-1, 1}, -1);
    const SvmPrimal crossed = svm_view(xor_points, linear_config(), analyze(xor_points, linear_config())).primal;
    CHECK_FALSE(crossed.separable);
    CHECK(crossed.reason.find("overlap") != std::string::npos);
    CHECK(crossed.w.empty());
    CHECK(crossed.support.empty());

    Dataset one_class;
    one_class.add({1, 1}, 1);
    one_class.add({2, 0}, 1);
    const SvmPrimal alone = svm_view(one_class, linear_config(), analyze(one_class, linear_config())).primal;
    CHECK_FALSE(alone.separable);
    CHECK(alone.reason.find("only one class") != std::string::npos);
}

TEST_CASE("svm with a lift is solved in the lifted space the canvas draws") {
    // XOR is separable after the x1 x2 lift: the constraint values are taken on apply_lift(x).
    Dataset d;
    d.add({1, 1}, 1);
    d.add({-1, -1}, 1);
    d.add({1, -1}, -1);
    d.add({-1, 1}, -1);
    TrainConfig config = linear_config();
    config.lift = LiftKind::Product;
    const SvmPrimal svm = svm_view(d, config, analyze(d, config)).primal;
    REQUIRE(svm.separable);
    for (double c : svm.constraint) CHECK(c == doctest::Approx(1.0).epsilon(1e-9));
}

TEST_CASE("kernel dual on the XOR corners with an RBF kernel reproduces constraint 1 on the support vectors") {
    Dataset d;
    d.add({1, 1}, 1);
    d.add({-1, -1}, 1);
    d.add({1, -1}, -1);
    d.add({-1, 1}, -1);
    for (BiasMode bias : {BiasMode::Absorbed, BiasMode::None}) {
        CAPTURE(static_cast<int>(bias));
        TrainConfig config;
        config.algorithm = Algorithm::Kernel;
        config.kernel.type = KernelType::Rbf;
        config.kernel.gamma = 1.0;
        config.bias = bias;
        const TheorySummary theory = analyze(d, config);
        REQUIRE_FALSE(theory.computing);
        const SvmDual dual = svm_view(d, config, theory).dual;
        REQUIRE(dual.applies);
        REQUIRE(dual.separable);
        CHECK(dual.offset == (bias == BiasMode::None ? 0.0 : 1.0));
        REQUIRE(dual.support.size() == dual.alpha.size());
        REQUIRE_FALSE(dual.support.empty());
        // f(x) = sum alpha_j y_j K(x_j, x) + b with the learner's own b = offset * sum alpha_j y_j.
        double signed_sum = 0, squared_norm = 0;
        for (std::size_t k = 0; k < dual.support.size(); ++k) {
            CHECK(dual.alpha[k] >= 0);
            signed_sum += dual.alpha[k] * d.labels[dual.support[k]];
        }
        CHECK(dual.b == doctest::Approx(dual.offset * signed_sum).epsilon(1e-12));
        for (std::size_t n = 0; n < d.size(); ++n) {
            double f = dual.b;
            for (std::size_t k = 0; k < dual.support.size(); ++k) {
                const std::size_t j = dual.support[k];
                f += dual.alpha[k] * d.labels[j] * kernel_eval(config.kernel, d.points[j], d.points[n]);
            }
            const double value = d.labels[n] * f;
            CHECK(value == doctest::Approx(dual.constraint[n]).epsilon(1e-7));
            CHECK(value >= 1 - 1e-7);
            if (std::find(dual.support.begin(), dual.support.end(), n) != dual.support.end())
                CHECK(value == doctest::Approx(1.0).epsilon(1e-7));
        }
        // |v|^2 = sum alpha_i alpha_j y_i y_j K~(x_i, x_j) = 1 / gamma*^2: the margin is 1 / |v|.
        for (std::size_t a = 0; a < dual.support.size(); ++a)
            for (std::size_t c = 0; c < dual.support.size(); ++c) {
                const std::size_t i = dual.support[a], j = dual.support[c];
                squared_norm += dual.alpha[a] * dual.alpha[c] * d.labels[i] * d.labels[j] *
                                (kernel_eval(config.kernel, d.points[i], d.points[j]) + dual.offset);
            }
        CHECK(1.0 / std::sqrt(squared_norm) == doctest::Approx(dual.margin).epsilon(1e-7));
        CHECK(dual.support == std::vector<std::size_t>{0, 1, 2, 3});  // by symmetry every corner is at the margin
    }
}

TEST_CASE("state svm of the default lecture 004 data, and a state with it loads without a warning") {
    Session session;  // lecture 004's points, no bias in the learner: the SVM's b is the picture's free b
    const std::string text = snapshot_json(session.state(), session.learner(), session.theory());
    const nlohmann::json j = nlohmann::json::parse(text);
    REQUIRE(j["svm"].is_object());
    CHECK(j["svm"]["w"][0].get<double>() == doctest::Approx(0.8).epsilon(1e-12));
    CHECK(j["svm"]["w"][1].get<double>() == doctest::Approx(0.4).epsilon(1e-12));
    CHECK(j["svm"]["b"].get<double>() == doctest::Approx(-0.6).epsilon(1e-12));
    CHECK(j["svm"]["margin"].get<double>() == doctest::Approx(std::sqrt(5.0) / 2).epsilon(1e-12));
    CHECK(j["svm"]["supportVectors"] == nlohmann::json::array({0, 3}));
    CHECK_FALSE(j["svm"].contains("dual"));
    const DecodeResult r = state_from_json(text);
    CHECK(r.ok);
    CHECK(r.warnings.empty());

    Session crossed;
    crossed.load_preset(Preset::Xor, GeneratorParams{});
    CHECK(nlohmann::json::parse(snapshot_json(crossed.state(), crossed.learner(), crossed.theory()))["svm"].is_null());
}
