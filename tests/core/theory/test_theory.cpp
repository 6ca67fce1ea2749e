// Theory: radius, margins, exact max-margin separators (checked against hand computations and against
// independent brute-force solvers), separability reasons, the mistake bound, convex hulls, analyze().
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/learn/dataset.hpp"
#include "core/learn/lift.hpp"
#include "core/theory/theory.hpp"

using namespace pl;

namespace {

constexpr double kTight = 1e-9;

bool close(double a, double b, double rel = kTight) { return std::fabs(a - b) <= rel * std::max(1.0, std::fabs(b)); }

void check_vec(const Vec& got, const Vec& expected) {
    REQUIRE(got.size() == expected.size());
    for (std::size_t i = 0; i < got.size(); ++i) CHECK(close(got[i], expected[i]));
}

std::vector<std::size_t> sorted(std::vector<std::size_t> v) {
    std::sort(v.begin(), v.end());
    return v;
}

std::vector<Vec> augmented(const Dataset& d) {
    std::vector<Vec> zs;
    for (const Vec& x : d.points) {
        Vec z = x;
        z.push_back(1.0);
        zs.push_back(z);
    }
    return zs;
}

// [SECTION] Independent reference solvers for small sets (brute force, different method)

// Distance from p to segment [a, b] in 2-D.
double point_segment(const Vec& p, const Vec& a, const Vec& b) {
    const double dx = b[0] - a[0], dy = b[1] - a[1];
    const double len2 = dx * dx + dy * dy;
    double t = len2 > 0 ? ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2 : 0.0;
    t = std::min(1.0, std::max(0.0, t));
    const double ex = a[0] + t * dx - p[0], ey = a[1] + t * dy - p[1];
    return std::sqrt(ex * ex + ey * ey);
}

// Distance between two disjoint 2-D convex hulls = min distance between a segment (or point) of one
// class and a segment (or point) of the other; for non-crossing segments it is a point-segment distance.
double hull_distance_2d(const Dataset& d) {
    std::vector<Vec> pos, neg;
    for (std::size_t i = 0; i < d.size(); ++i) (d.labels[i] > 0 ? pos : neg).push_back(d.points[i]);
    double best = std::numeric_limits<double>::infinity();
    for (const Vec& a : pos)
        for (const Vec& b : pos)
            for (const Vec& p : neg) best = std::min(best, point_segment(p, a, b));
    for (const Vec& a : neg)
        for (const Vec& b : neg)
            for (const Vec& p : pos) best = std::min(best, point_segment(p, a, b));
    return best;
}

// Min-norm point of conv(vs) in 3-D by trying every subset of at most 3 vertices.
double min_norm_brute_3d(const std::vector<Vec>& vs) {
    double best = std::numeric_limits<double>::infinity();
    const auto consider = [&](const Vec& x) {
        const double xx = squared_norm(x);
        for (const Vec& v : vs)
            if (dot(v, x) < xx - 1e-12) return;  // not optimal: some vertex improves
        best = std::min(best, std::sqrt(xx));
    };
    const std::size_t n = vs.size();
    for (std::size_t i = 0; i < n; ++i) consider(vs[i]);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
            Vec d = vs[j];
            add_scaled(d, -1.0, vs[i]);
            const double dd = squared_norm(d);
            if (dd == 0) continue;
            const double t = -dot(vs[i], d) / dd;
            if (t <= 0 || t >= 1) continue;
            Vec x = vs[i];
            add_scaled(x, t, d);
            consider(x);
        }
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
            for (std::size_t k = j + 1; k < n; ++k) {
                Vec d1 = vs[j], d2 = vs[k];
                add_scaled(d1, -1.0, vs[i]);
                add_scaled(d2, -1.0, vs[i]);
                const double a11 = dot(d1, d1), a12 = dot(d1, d2), a22 = dot(d2, d2);
                const double r1 = -dot(d1, vs[i]), r2 = -dot(d2, vs[i]);
                const double det = a11 * a22 - a12 * a12;
                if (std::fabs(det) < 1e-14) continue;
                const double s = (r1 * a22 - r2 * a12) / det, t = (a11 * r2 - a12 * r1) / det;
                if (s <= 0 || t <= 0 || s + t >= 1) continue;
                Vec x = vs[i];
                add_scaled(x, s, d1);
                add_scaled(x, t, d2);
                consider(x);
            }
    return best;
}

}  // namespace

TEST_CASE("radius and margins") {
    const std::vector<Vec> xs{{3, 4}, {-1, 0}, {0, 0}};
    CHECK(radius(xs) == 5.0);
    CHECK(radius({}) == 0.0);
    const Vec w{2, 0};
    CHECK(functional_margin(w, 1.0, {3, 4}, 1) == 7.0);
    CHECK(functional_margin(w, 1.0, {3, 4}, -1) == -7.0);
    CHECK(geometric_margin(w, 1.0, {3, 4}, 1) == 3.5);
    CHECK(geometric_margin({0, 0}, 1.0, {3, 4}, 1) == 0.0);
    const SetMargin m = margin_on_set(w, 1.0, xs, {1, -1, 1});
    CHECK(m.functional == 1.0);  // (-1,0) with y=-1: -(−2+1) = 1 ; (0,0): 1 ; (3,4): 7
    CHECK(m.geometric == 0.5);
    CHECK(m.argmin == 1);
    const SetMargin empty = margin_on_set(w, 0.0, {}, {});
    CHECK(std::isinf(empty.functional));
}

TEST_CASE("mistake bound") {
    CHECK(mistake_bound(2.0, 1.0) == 4.0);
    CHECK(mistake_bound(3.0, 0.5) == 36.0);
    CHECK(std::isinf(mistake_bound(1.0, 0.0)));
    CHECK(std::isinf(mistake_bound(1.0, -1.0)));
    CHECK(std::isinf(mistake_bound(1.0, std::nan(""))));
}

TEST_CASE("max margin with bias: two points") {
    const Separator s = max_margin_with_bias({{0, 0}, {2, 0}}, {1, -1});
    REQUIRE(s.separable);
    check_vec(s.w, {-1, 0});
    CHECK(close(s.b, 1.0));
    CHECK(close(s.margin, 1.0));
    CHECK(sorted(s.support) == std::vector<std::size_t>{0, 1});
}

TEST_CASE("max margin with bias: AND and the lecture 004 set") {
    const Dataset gate = make_preset(Preset::And);
    const Separator s = max_margin_with_bias(gate.points, gate.labels);
    REQUIRE(s.separable);
    const double r = 1.0 / std::sqrt(2.0);
    check_vec(s.w, {r, r});  // the line x1 + x2 = 1
    CHECK(close(s.b, -r));
    CHECK(close(s.margin, r));
    CHECK(sorted(s.support) == std::vector<std::size_t>{1, 2, 3});

    const Dataset four = make_preset(Preset::Lecture4);
    const Separator t = max_margin_with_bias(four.points, four.labels);
    REQUIRE(t.separable);
    const double s5 = std::sqrt(5.0);
    check_vec(t.w, {2 / s5, 1 / s5});  // closest pair (1,2) and (-1,1)
    CHECK(close(t.b, -1.5 / s5));
    CHECK(close(t.margin, s5 / 2));
    CHECK(sorted(t.support) == std::vector<std::size_t>{0, 3});
}

TEST_CASE("max margin through the origin: hand-computed sets") {
    const Dataset four = make_preset(Preset::Lecture4);
    // Raw 2-D: the points y*x are (1,2) (2,1) (1,1) (1,-1); the closest point of their hull is (1,0).
    const Separator raw = max_margin_through_origin(four.points, four.labels);
    REQUIRE(raw.separable);
    check_vec(raw.w, {1, 0});
    CHECK(close(raw.margin, 1.0));
    CHECK(raw.b == 0.0);
    CHECK(sorted(raw.support) == std::vector<std::size_t>{0, 2, 3});

    // Bias absorbed: min-norm point (1, 2/13, -3/13), found by exact rational brute force.
    const Separator aug = max_margin_through_origin(augmented(four), four.labels);
    REQUIRE(aug.separable);
    const double len = std::sqrt(182.0);
    check_vec(aug.w, {13 / len, 2 / len, -3 / len});
    CHECK(close(aug.margin, std::sqrt(14.0 / 13.0)));
    CHECK(sorted(aug.support) == std::vector<std::size_t>{0, 3});

    // AND, absorbed: min-norm point (1,1,-1)/3, margin 1/sqrt(3).
    const Dataset gate = make_preset(Preset::And);
    const Separator a = max_margin_through_origin(augmented(gate), gate.labels);
    REQUIRE(a.separable);
    const double r3 = 1 / std::sqrt(3.0);
    check_vec(a.w, {r3, r3, -r3});
    CHECK(close(a.margin, r3));
}

TEST_CASE("XOR: not separable raw, separable after the product lift") {
    const Dataset x = make_preset(Preset::Xor);
    const Separator raw = max_margin_with_bias(x.points, x.labels);
    CHECK_FALSE(raw.separable);
    CHECK_FALSE(raw.undecided);
    CHECK(raw.reason.find("convex hulls") != std::string::npos);
    CHECK_FALSE(linearly_separable(x.points, x.labels, true));
    CHECK_FALSE(linearly_separable(augmented(x), x.labels, false));

    std::vector<Vec> lifted;
    for (const Vec& p : x.points) lifted.push_back(learner_features(p, LiftKind::Product, BiasMode::Absorbed));
    CHECK(linearly_separable(lifted, x.labels, false));
    const Separator s = max_margin_through_origin(lifted, x.labels);
    REQUIRE(s.separable);
    check_vec(s.w, {0, 0, -1, 0});  // -x1*x2 > 0 exactly when the signs differ
    CHECK(close(s.margin, 1.0));
    CHECK(s.support.size() == 4);
}

TEST_CASE("reasons for no separator") {
    SUBCASE("no points") {
        const Separator s = max_margin_with_bias({}, {});
        CHECK_FALSE(s.separable);
        CHECK(s.reason == "no points");
        CHECK_FALSE(linearly_separable({}, {}, true));
    }
    SUBCASE("only one class") {
        const std::vector<Vec> xs{{1, 1}, {2, 0}};
        const Separator s = max_margin_with_bias(xs, {1, 1});
        CHECK_FALSE(s.separable);
        CHECK(s.reason.find("only one class") != std::string::npos);
        CHECK(linearly_separable(xs, {1, 1}, true));  // trivially, by the bias alone
        CHECK(linearly_separable(xs, {1, 1}, false)); // both on one side of the line x1 + x2 = 0
    }
    SUBCASE("a point with both labels") {
        const std::vector<Vec> xs{{1, 1}, {0, 2}, {1, 1}};
        const Separator s = max_margin_with_bias(xs, {1, -1, -1});
        CHECK_FALSE(s.separable);
        CHECK(s.reason.find("both labels") != std::string::npos);
        CHECK(s.reason.find("point 1 and point 3") != std::string::npos);
        CHECK(max_margin_through_origin(xs, {1, -1, -1}).reason.find("both labels") != std::string::npos);
    }
    SUBCASE("a point at the origin cannot be classified through the origin") {
        const Separator s = max_margin_through_origin({{0, 0}, {1, 1}}, {1, -1});
        CHECK_FALSE(s.separable);
        CHECK(s.reason.find("origin") != std::string::npos);
    }
    SUBCASE("through the origin: classes on both sides") {
        const Separator s = max_margin_through_origin({{1, 0}, {2, 0}, {3, 0}}, {1, -1, 1});
        CHECK_FALSE(s.separable);
        CHECK(s.reason.find("origin") != std::string::npos);
    }
    SUBCASE("touching hulls are not strictly separable") {
        // The segment (0,0)-(2,0) and the point (1,0): the point is on the other class's hull.
        const Separator s = max_margin_with_bias({{0, 0}, {2, 0}, {1, 0}}, {1, 1, -1});
        CHECK_FALSE(s.separable);
    }
    SUBCASE("too many points") {
        SolverLimits limits;
        limits.max_points = 3;
        const Separator s = max_margin_with_bias({{0, 0}, {1, 0}, {2, 0}, {3, 0}}, {1, 1, -1, -1}, limits);
        CHECK_FALSE(s.separable);
        CHECK(s.undecided);
        CHECK(s.reason.find("too many points") != std::string::npos);
    }
}

TEST_CASE("1-D: a threshold needs the bias") {
    const Dataset d = make_preset(Preset::Bias1D);
    CHECK_FALSE(linearly_separable(d.points, d.labels, false));
    const Separator s = max_margin_with_bias(d.points, d.labels);
    REQUIRE(s.separable);
    check_vec(s.w, {1});
    CHECK(close(s.b, -1.5));
    CHECK(close(s.margin, 0.25));
    CHECK(linearly_separable(augmented(d), d.labels, false));
}

TEST_CASE("single point: one mistake at most (the lecture quiz)") {
    const Dataset d = make_preset(Preset::SinglePoint);
    const TheorySummary t = analyze(d, TrainConfig{});
    REQUIRE(t.separable);
    CHECK(close(t.R, t.gamma_star));
    CHECK(close(t.bound, 1.0));
}

TEST_CASE("random separable sets agree with independent brute-force solvers") {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        GeneratorParams p;
        p.n = 10;
        p.seed = seed;
        p.margin = 0.05 * static_cast<double>(seed);
        const Dataset d = make_preset(Preset::SeparableMargin, p);
        const Separator s = max_margin_with_bias(d.points, d.labels);
        REQUIRE(s.separable);
        CHECK(close(norm(s.w), 1.0));
        CHECK(close(s.margin, 0.5 * hull_distance_2d(d)));
        CHECK(s.margin >= p.margin);
        for (std::size_t i = 0; i < d.size(); ++i) CHECK(functional_margin(s.w, s.b, d.points[i], d.labels[i]) >= s.margin - 1e-12);

        const std::vector<Vec> zs = augmented(d);
        std::vector<Vec> signed_points;
        for (std::size_t i = 0; i < zs.size(); ++i) {
            Vec v = zs[i];
            for (double& c : v) c *= d.labels[i];
            signed_points.push_back(v);
        }
        const Separator o = max_margin_through_origin(zs, d.labels);
        const double reference = min_norm_brute_3d(signed_points);
        if (std::isinf(reference) || reference < 1e-9) {
            CHECK_FALSE(o.separable);
        } else {
            REQUIRE(o.separable);
            CHECK(close(o.margin, reference));
        }
    }
}

TEST_CASE("non-separable generated sets") {
    GeneratorParams p;
    p.n = 200;
    for (Preset preset : {Preset::Circles, Preset::Moons, Preset::XorBlobs, Preset::Spirals}) {
        const Dataset d = make_preset(preset, p);
        const Separator s = max_margin_with_bias(d.points, d.labels);
        CHECK_FALSE(s.separable);
        CHECK_FALSE(s.undecided);
    }
    // Circles become separable when |x|^2 is a feature (noise 0 keeps the disc and ring apart).
    p.noise = 0.0;
    const Dataset c = make_preset(Preset::Circles, p);
    std::vector<Vec> lifted;
    for (const Vec& x : c.points) lifted.push_back(learner_features(x, LiftKind::Radial, BiasMode::Absorbed));
    CHECK(linearly_separable(lifted, c.labels, false));
}

TEST_CASE("solver on a few thousand points stays exact and returns") {
    GeneratorParams p;
    p.n = 3000;
    p.margin = 0.3;
    const Dataset d = make_preset(Preset::SeparableMargin, p);
    const Separator s = max_margin_with_bias(d.points, d.labels);
    REQUIRE(s.separable);
    CHECK(s.margin >= 0.3);
    const SetMargin m = margin_on_set(s.w, s.b, d.points, d.labels);
    CHECK(close(m.geometric, s.margin));
}

TEST_CASE("convex hull") {
    SUBCASE("empty, one, two, repeated") {
        CHECK(convex_hull_2d({}).empty());
        CHECK(convex_hull_2d({{1, 1}}) == std::vector<std::size_t>{0});
        CHECK(sorted(convex_hull_2d({{1, 1}, {0, 0}})) == std::vector<std::size_t>{0, 1});
        CHECK(convex_hull_2d({{1, 1}, {1, 1}, {1, 1}}).size() == 1);
    }
    SUBCASE("collinear points give the two ends") {
        CHECK(sorted(convex_hull_2d({{1, 1}, {0, 0}, {3, 3}, {2, 2}})) == std::vector<std::size_t>{1, 2});
    }
    SUBCASE("square with interior, edge and repeated points, counter-clockwise") {
        const std::vector<Vec> pts{{0, 0}, {2, 0}, {2, 2}, {0, 2}, {1, 1}, {1, 0}, {2, 2}, {0, 1}};
        const std::vector<std::size_t> hull = convex_hull_2d(pts);
        CHECK(sorted(hull) == std::vector<std::size_t>{0, 1, 2, 3});
        double twice_area = 0;
        for (std::size_t i = 0; i < hull.size(); ++i) {
            const Vec& a = pts[hull[i]];
            const Vec& b = pts[hull[(i + 1) % hull.size()]];
            twice_area += a[0] * b[1] - a[1] * b[0];
        }
        CHECK(twice_area == 8.0);  // positive: counter-clockwise
    }
}

TEST_CASE("analyze: the theory panel numbers") {
    TrainConfig config;  // perceptron, bias absorbed, no lift
    const TheorySummary four = analyze(make_preset(Preset::Lecture4), config);
    CHECK(four.n == 4);
    CHECK(four.applicable);
    REQUIRE(four.separable);
    CHECK(close(four.R, std::sqrt(6.0)));
    CHECK(close(four.gamma_star, std::sqrt(14.0 / 13.0)));
    CHECK(close(four.bound, 39.0 / 7.0));
    CHECK(four.best.separable);
    CHECK(close(four.best.margin, std::sqrt(5.0) / 2));

    config.bias = BiasMode::None;
    const TheorySummary unbiased = analyze(make_preset(Preset::Lecture4), config);
    CHECK(close(unbiased.R, std::sqrt(5.0)));
    CHECK(close(unbiased.gamma_star, 1.0));
    CHECK(close(unbiased.bound, 5.0));

    config.bias = BiasMode::Explicit;  // the proof's space is [x, 1], as with the absorbed bias
    CHECK(close(analyze(make_preset(Preset::Lecture4), config).gamma_star, std::sqrt(14.0 / 13.0)));

    config = TrainConfig{};
    const TheorySummary x = analyze(make_preset(Preset::Xor), config);
    CHECK_FALSE(x.separable);
    CHECK(std::isinf(x.bound));
    CHECK(x.gamma_star == 0.0);
    CHECK_FALSE(x.why_not.empty());
    CHECK_FALSE(x.best.separable);

    config.lift = LiftKind::Product;
    const TheorySummary lifted = analyze(make_preset(Preset::Xor), config);
    REQUIRE(lifted.separable);
    CHECK(close(lifted.R, 2.0));
    CHECK(close(lifted.gamma_star, 1.0));
    CHECK(close(lifted.bound, 4.0));
    CHECK(lifted.best.separable);  // in the lifted 3-D space
    CHECK(lifted.best.w.size() == 3);

    config.algorithm = Algorithm::Kernel;
    config.kernel.type = KernelType::Rbf;
    const TheorySummary rbf = analyze(make_preset(Preset::Xor), config);
    CHECK(rbf.applicable);  // measured in the RBF kernel's feature space, through the Gram matrix
    CHECK(rbf.separable);
    CHECK(rbf.note.find("distinct points are always separable with the RBF kernel") != std::string::npos);
    config.kernel.type = KernelType::Linear;
    CHECK(close(analyze(make_preset(Preset::Xor), config).gamma_star, 1.0));
}
