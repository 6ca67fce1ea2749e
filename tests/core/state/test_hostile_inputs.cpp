// Hostile and odd inputs at the core level: every way in (CSV, links, JSON, clicks, settings) fed with
// NaN, infinities, huge numbers, empty or degenerate data, 100,000 points, 50 MB files and megabytes of
// junk. Each test checks a clear message or sane behaviour, and that no NaN appears where a student
// would see it. Crashes found by the fuzzers (tests/fuzz, docs/fuzzing.md) become regression inputs here.
// The limits themselves are in src/core/base/limits.hpp.
//
// [SECTION] index
//   CSV: non-finite and huge numbers, 50 MB files, too many columns
//   Session: refused clicks, empty data, 100,000 points
//   Theory: one class, a point with both labels, everything at the origin
//   Kernels at the edges of their parameters
//   Learning rates: zero, negative, NaN, enormous
//   Links and JSON: megabytes of junk, deep nesting, a link asking for hours of replay
//   Test points and hand mode: too many points in all, mismatched dimensions, non-finite w and k
//   Regression inputs from fuzzing
// Words mode's hostile inputs (TSV, messages in links and JSON) are in test_hostile_words.cpp.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include "core/facts/goal_facts.hpp"
#include "core/learn/csv.hpp"
#include "core/learn/decision_field.hpp"
#include "core/learn/kernel.hpp"
#include "core/learn/learner.hpp"
#include "core/learn/rng.hpp"
#include "core/session/session.hpp"
#include "core/base/decimal.hpp"
#include "core/state/state_codec.hpp"
#include "core/state/state_json.hpp"
#include "core/theory/theory.hpp"
#include "test_hostile_helpers.hpp"

using namespace pl;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

bool all_finite(const std::vector<double>& v) {
    for (double x : v)
        if (!std::isfinite(x)) return false;
    return true;
}

using test::contains;  // contains, seconds, kFewSeconds: test_hostile_helpers.hpp
using test::kFewSeconds;
using test::seconds;

Dataset two_points(double a, double b) {
    Dataset d;
    d.dim = 2;
    d.add({a, b}, +1);
    d.add({-1.0, -1.0}, -1);
    return d;
}

// n points on a 1/8 grid, labelled by the side of the line x - y = 0.5 (separable with margin).
Dataset grid_points(std::size_t n) {
    Dataset d;
    d.dim = 2;
    d.points.reserve(n);
    d.labels.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const double x = static_cast<double>(i % 400) / 8.0 - 25.0;
        const double y = static_cast<double>(i / 400) / 8.0 - 15.0;
        d.add({x, y}, x - y > 0.5 ? 1 : -1);
    }
    return d;
}

TrainConfig with_algorithm(Algorithm a) {
    TrainConfig c;
    c.algorithm = a;
    return c;
}

const Algorithm kAllAlgorithms[] = {Algorithm::Perceptron, Algorithm::Pocket,   Algorithm::Averaged,
                                    Algorithm::Voted,      Algorithm::Logistic, Algorithm::Kernel};

// Checks a learner's answer is made of finite numbers.
void check_finite_learner(const Learner& learner) {
    CHECK(all_finite(learner.weights()));
    CHECK(all_finite(learner.alphas()));
    CHECK(std::isfinite(learner.bias()));
    CHECK(all_finite(learner.pocket_weights()));
    CHECK(all_finite(learner.averaged_weights()));
}

}  // namespace

// [SECTION] CSV: non-finite and huge numbers, 50 MB files, too many columns

TEST_CASE("hostile csv: NaN, infinities and numbers beyond a double are refused with the line") {
    struct Case { const char* text; std::size_t line; const char* says; };
    const Case cases[] = {
        {"1,2,1\nnan,2,1\n", 2, "not a finite number"},
        {"1,2,1\n-1,-NaN,-1\n", 2, "not a finite number"},
        {"x,y,label\n1,inf,1\n", 2, "not a finite number"},
        {"1,-Infinity,1\n", 1, "not a finite number"},
        {"1,2,1\n1e999,2,1\n", 2, "too large for a double"},
        {"1,2,1\n-1e400,2,-1\n", 2, "too large for a double"},
        {"1,2,nan\n", 1, "not a class label"},
        {"1,2,inf\n", 1, "not a class label"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        const CsvResult r = parse_csv(c.text);
        CHECK_FALSE(r.ok);
        REQUIRE_FALSE(r.errors.empty());
        CHECK(r.errors.front().line == c.line);
        CAPTURE(r.errors.front().message);
        CHECK(contains(r.errors.front().message, c.says));
        CHECK(contains(r.summary(), "line " + std::to_string(c.line)));
        for (const Vec& p : r.data.points) CHECK(all_finite(p));  // the partial data never holds NaN
    }
}

// Guards the coordinate limit (kMaxAbsCoordinate) on the CSV way in. A finite but huge coordinate
// such as 1e300 would make R infinite and the learner diverge within a few visits, and the share link
// would clamp the point, so the link would no longer reproduce the screen. parse_csv refuses it on its
// line, and Session::replace_data (validate() in dataset.cpp) refuses it with a notice.
TEST_CASE("hostile csv: coordinates beyond +-1e6 are refused") {
    const CsvResult r = parse_csv("1e300,1,1\n-1,-1,-1\n");
    CHECK_FALSE(r.ok);
    REQUIRE_FALSE(r.errors.empty());
    CHECK(r.errors.front().line == 1);
    CHECK(r.errors.front().message == "column 1: '1e300' is larger than 1000000 in size (the widget's coordinate limit)");
    CHECK(parse_csv("1000000,1,1\n-1000000,-1,-1\n").ok);  // the limit itself is fine
    CHECK_FALSE(parse_csv("1000000.5,1,1\n").ok);
}

TEST_CASE("hostile session: replace_data refuses coordinates beyond +-1e6") {
    Session session;
    CHECK_FALSE(session.replace_data(two_points(1e300, 1.0), "big.csv"));
    CHECK(contains(session.notice(), "larger than " + shortest_decimal(kMaxAbsCoordinate)));
    CHECK(session.state().data.size() == 4);
}

TEST_CASE("hostile csv: a 50 MB file finishes in a few seconds: rows stop at the cap") {
    // ~3 million valid rows (a 1 MB block repeated); the UI's cap (100,000 points) ends the parse
    // early with a message.
    std::string block;
    char line[64];
    for (unsigned k = 0; block.size() < 1024u * 1024u; ++k) {
        const int length = std::snprintf(line, sizeof line, "%u.%03u,-%u.5,%d\n", k % 1000u, k % 997u, k % 613u,
                                         (k & 1u) ? 1 : -1);
        block.append(line, static_cast<std::size_t>(length));
    }
    std::string text;
    text.reserve(51u * 1024u * 1024u);
    text += "x1,x2,label\n";
    while (text.size() < 50u * 1024u * 1024u) text += block;
    CsvResult r;
    const double took = seconds([&] { r = parse_csv(text); });
    CHECK(took < kFewSeconds);
    CHECK_FALSE(r.ok);
    REQUIRE_FALSE(r.errors.empty());
    CHECK(r.errors.front().line == 100002);  // header + 100,000 rows, then the one too many
    CHECK(contains(r.errors.front().message, "the limit is 100000"));
    CHECK(r.data.size() == 100000);  // the partial data: every row before the cap
}

TEST_CASE("hostile csv: 50 MB of comments, or of junk lines, is scanned to the end quickly") {
    std::string text(50u * 1024u * 1024u, '#');
    for (std::size_t i = 100; i < text.size(); i += 100) text[i] = '\n';
    CsvResult r;
    double took = seconds([&] { r = parse_csv(text); });
    CHECK(took < kFewSeconds);
    CHECK_FALSE(r.ok);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors.front().message == "the file has no data rows");

    // A line of junk every 64 bytes: about 820,000 errors, only the first few kept.
    for (std::size_t i = 0; i < text.size(); ++i) text[i] = (i % 64 == 63) ? '\n' : 'x';
    took = seconds([&] { r = parse_csv(text); });
    CHECK(took < kFewSeconds);
    CHECK_FALSE(r.ok);
    CHECK(r.errors.size() == CsvResult::kMaxReportedErrors);
    CHECK(r.had_header);  // the first line has no number in it, so it is read as a header
    CHECK(r.error_count == 50u * 1024u * 1024u / 64u - 1);
    CHECK(contains(r.summary(), "more errors"));
}

// Guards the dimension limit (kMaxDimension) on the CSV way in, which links and JSON also enforce.
// Without it a 20-column CSV would import but its share link be refused when opened, and a single
// 4 MB row would become one 2,000,000-D point. parse_csv refuses the first row with more than
// kMaxDimension coordinates, and Session::replace_data refuses such data with a notice.
TEST_CASE("hostile csv: more than 16 coordinates is refused") {
    std::string row;
    for (int i = 0; i < 20; ++i) row += "1,";
    row += "1\n";
    const CsvResult r = parse_csv(row);
    CHECK_FALSE(r.ok);
    CHECK_FALSE(r.errors.empty());
    if (!r.errors.empty()) CHECK(r.errors.front().line == 1);

    Dataset wide;
    wide.dim = 20;
    wide.add(Vec(20, 0.5), 1);
    Session session;
    CHECK_FALSE(session.replace_data(wide, "wide.csv"));
    CHECK_FALSE(session.notice().empty());
    CHECK(validate_state(session.state()).empty());  // what the session holds can always be shared
}

TEST_CASE("hostile csv: one very wide row is read in linear time") {
    // Whatever the column policy, a 1 MB line must not take quadratic time.
    std::string row;
    for (int i = 0; i < 250000; ++i) row += "1,";
    row += "1\n";
    CsvResult r;
    CHECK(seconds([&] { r = parse_csv(row); }) < kFewSeconds);
    CHECK(r.data.size() <= 1);
}

// [SECTION] Session: refused clicks, empty data, 100,000 points

TEST_CASE("hostile session: add_point refuses NaN, infinities and 1e300 with a notice") {
    const Vec bad[] = {{kNaN, 0.0}, {0.0, kInf}, {-kInf, 1.0}, {1e300, 0.0}, {0.0, -1.0000001e6}};
    for (const Vec& x : bad) {
        Session session;
        const std::size_t before = session.state().data.size();
        CHECK_FALSE(session.add_point(x, +1));
        CHECK(session.state().data.size() == before);
        CHECK_FALSE(session.can_undo());  // nothing happened, nothing to undo
        CHECK(contains(session.notice(), "finite number"));
    }
    Session session;
    CHECK(session.add_point({1e6, -1e6}, -1));  // the limit itself is allowed
    CHECK(session.state().data.points.back() == Vec{1e6, -1e6});

    // Dragging a point to NaN is refused the same way and leaves it where it was.
    const Vec first = session.state().data.points[0];
    session.begin_move(0);
    CHECK_FALSE(session.move_point(0, {kNaN, 1.0}));
    session.end_move();
    CHECK(session.state().data.points[0] == first);
    CHECK(contains(session.notice(), "finite number"));

    // Labels are never refused: a label > 0 is +1, anything else (here 0) is -1.
    CHECK(session.add_point({0.5, 0.5}, 0));
    CHECK(session.state().data.labels.back() == -1);
}

TEST_CASE("hostile session: replace_data refuses NaN with a notice") {
    Session session;
    CHECK_FALSE(session.replace_data(two_points(kNaN, 1.0), "nan.csv"));
    CHECK(contains(session.notice(), "Data not loaded"));
    CHECK(session.state().data.size() == 4);  // the lecture points are still there
}

TEST_CASE("hostile session: no data at all: training does nothing and says so") {
    for (Algorithm a : kAllAlgorithms) {
        CAPTURE(static_cast<int>(a));
        WidgetState state = Session::default_state();
        state.data.points.clear();
        state.data.labels.clear();
        state.config = with_algorithm(a);
        Session session(state);
        const Update u = session.step();
        CHECK_FALSE(u.visited);
        CHECK_FALSE(session.next_mistake().visited);
        CHECK(session.epoch() == 0);
        CHECK_FALSE(session.train_until_converged());
        CHECK(session.run_visits(1000) == 0);
        const Learner& learner = session.learner();
        CHECK(learner.visits() == 0);
        CHECK(learner.mistakes() == 0);
        CHECK_FALSE(learner.converged());
        CHECK_FALSE(learner.capped());
        CHECK(session.state().trained_visits == 0);
        check_finite_learner(learner);
        CHECK(std::isfinite(learner.field().eval({0.3, -0.7})));
        CHECK(learner.training_accuracy() == 0.0);
        const TheorySummary& t = session.theory();
        CHECK(t.n == 0);
        CHECK_FALSE(t.separable);
        CHECK(t.best.reason == "no points");
        if (a != Algorithm::Kernel) CHECK(t.R == 0.0);  // (RBF kernel: R is NaN, "not applicable")
    }
    // Clearing an existing session reaches the same state.
    Session session;
    session.train_until_converged();
    CHECK(session.clear_points());
    CHECK(session.learner().visits() == 0);
    CHECK_FALSE(session.step().visited);
    CHECK_FALSE(session.clear_points());  // nothing left to clear
}

TEST_CASE("hostile session: 100,000 points are accepted, the next click is refused") {
    Session session;
    CHECK(session.replace_data(grid_points(kMaxPoints - 1), "grid"));
    CHECK(session.add_point({0.25, 0.5}, +1));
    CHECK(session.state().data.size() == kMaxPoints);
    CHECK_FALSE(session.add_point({0.5, 0.25}, -1));
    CHECK(session.state().data.size() == kMaxPoints);
    CHECK(contains(session.notice(), "at most " + std::to_string(kMaxPoints) + " points"));

    // The exact max-margin solver declines politely instead of freezing the UI.
    const TheorySummary& t = session.theory();
    CHECK(t.n == kMaxPoints);
    CHECK(t.best.undecided);
    CHECK(contains(t.best.reason, "too many points"));

    // A few epochs over 100,000 points finish (the grid with the line x - y = 0.5 is separable).
    for (int e = 0; e < 3; ++e) session.epoch();
    CHECK(session.learner().epochs_completed() == 3);
    CHECK(session.state().trained_visits == 3 * kMaxPoints);
    check_finite_learner(session.learner());
    // (A CSV one row longer than the cap: see the 50 MB test above.)
}

// [SECTION] Theory: one class, a point with both labels, everything at the origin

TEST_CASE("hostile theory: one class only: trivially separable, but no best separator") {
    Dataset d;
    d.dim = 2;
    d.add({1.0, 2.0}, +1);
    d.add({-3.0, 0.5}, +1);
    d.add({0.0, -1.0}, +1);
    const TheorySummary t = analyze(d, TrainConfig{});
    CHECK_FALSE(t.best.separable);
    CHECK(contains(t.best.reason, "only one class"));
    CHECK(contains(t.best.reason, "positive"));
    // In the learner space [x, 1] the points lie on one side of a hyperplane through the origin.
    CHECK(t.separable);
    CHECK(std::isfinite(t.bound));
    CHECK(linearly_separable(d.points, d.labels, true));

    WidgetState state;
    state.data = d;
    state.preset = "one class";
    Session session(state);
    CHECK(session.train_until_converged());
    check_finite_learner(session.learner());
    CHECK(session.learner().training_accuracy() == 1.0);
}

TEST_CASE("hostile theory: the same point with both labels: no separator, and the theory says why") {
    Dataset d;
    d.dim = 2;
    d.add({1.0, 1.0}, +1);
    d.add({2.0, -1.0}, -1);
    d.add({1.0, 1.0}, -1);
    const TheorySummary t = analyze(d, TrainConfig{});
    CHECK_FALSE(t.separable);
    CHECK(contains(t.why_not, "both labels"));
    CHECK(contains(t.why_not, "point 1 and point 3"));
    CHECK(contains(t.best.reason, "both labels"));
    CHECK(std::isinf(t.bound));

    TrainConfig config;
    config.max_epochs = 50;
    Learner learner(d, config);
    CHECK_FALSE(learner.train_until_converged());
    CHECK(learner.capped());
    CHECK(learner.epochs_completed() == 50);
    check_finite_learner(learner);
}

TEST_CASE("hostile theory: all points at the origin") {
    Dataset mixed;
    mixed.dim = 2;
    for (int i = 0; i < 4; ++i) mixed.add({0.0, 0.0}, i % 2 ? 1 : -1);
    CHECK(contains(analyze(mixed, TrainConfig{}).why_not, "both labels"));

    // One class at the origin with no bias: every hyperplane through the origin passes through it.
    Dataset same;
    same.dim = 2;
    for (int i = 0; i < 4; ++i) same.add({0.0, 0.0}, +1);
    TrainConfig no_bias;
    no_bias.bias = BiasMode::None;
    no_bias.max_epochs = 20;
    const TheorySummary t = analyze(same, no_bias);
    CHECK_FALSE(t.separable);
    CHECK(contains(t.why_not, "at the origin"));
    CHECK(t.R == 0.0);
    CHECK(std::isinf(t.bound));

    // The learner scores 0 on every visit (a tie is a mistake), but w += y * 0 changes nothing: it
    // runs to the epoch cap and stops.
    for (Algorithm a : kAllAlgorithms) {
        CAPTURE(static_cast<int>(a));
        TrainConfig config = no_bias;
        config.algorithm = a;
        config.kernel.type = KernelType::Linear;
        Learner learner(same, config);
        CHECK_FALSE(learner.train_until_converged());
        CHECK(learner.capped());
        check_finite_learner(learner);
        CHECK(std::isfinite(learner.field().eval({1.0, 1.0})));
    }
    // With the bias absorbed the constant feature separates them at once.
    Learner absorbed(same, TrainConfig{});
    CHECK(absorbed.train_until_converged());
}

// [SECTION] Kernels at the edges of their parameters

TEST_CASE("hostile kernels: parameters at their edges give finite values") {
    KernelParams tiny_sigma;
    tiny_sigma.type = KernelType::Gaussian;
    tiny_sigma.sigma = 1e-9;
    KernelParams zero_sigma = tiny_sigma;
    zero_sigma.sigma = 0.0;
    KernelParams degree_20;
    degree_20.type = KernelType::Polynomial;
    degree_20.degree = 20;
    degree_20.coef0 = 1e6;
    KernelParams degree_20_negative = degree_20;
    degree_20_negative.coef0 = -1e6;
    KernelParams gamma_0;
    gamma_0.type = KernelType::Rbf;
    gamma_0.gamma = 0.0;
    KernelParams gamma_big = gamma_0;
    gamma_big.gamma = 1e6;
    KernelParams sigmoid_huge;
    sigmoid_huge.type = KernelType::Sigmoid;
    sigmoid_huge.scale = 1e300;
    sigmoid_huge.theta = -1e6;
    KernelParams sigmoid_negative = sigmoid_huge;
    sigmoid_negative.scale = -1e6;
    const KernelParams all[] = {tiny_sigma, zero_sigma, degree_20, degree_20_negative,
                                gamma_0,    gamma_big,  sigmoid_huge, sigmoid_negative};

    // Raw 2-D inputs as far as the view reaches (centre and span at most 1e6 each).
    const Vec inputs[] = {{0.0, 0.0}, {1e-9, -1e-9}, {1.0, 2.0}, {-1e6, 1e6}, {2e6, 2e6}, {-2e6, -2e6}};
    for (const KernelParams& k : all)
        for (const Vec& a : inputs)
            for (const Vec& b : inputs) {
                CAPTURE(static_cast<int>(k.type));
                CHECK(std::isfinite(kernel_eval(k, a, b)));
            }
    CHECK(kernel_eval(gamma_0, {0.0, 0.0}, {2e6, 2e6}) == 1.0);  // gamma 0: every pair looks the same
    CHECK(kernel_eval(tiny_sigma, {0.0, 0.0}, {1e-9, 0.0}) < 1.0);
    CHECK(kernel_eval(zero_sigma, {1.0, 2.0}, {1.0, 2.0}) == 1.0);
    CHECK(kernel_eval(zero_sigma, {1.0, 2.0}, {1.0, 2.5}) == 0.0);
    CHECK(std::fabs(kernel_eval(sigmoid_huge, {1.0, 1.0}, {1.0, 1.0})) == 1.0);

    // Train the kernel perceptron with each one on XOR and paint the field over the whole view range.
    Dataset xor_data;
    xor_data.dim = 2;
    xor_data.add({-1.0, -1.0}, -1);
    xor_data.add({-1.0, 1.0}, +1);
    xor_data.add({1.0, -1.0}, +1);
    xor_data.add({1.0, 1.0}, -1);
    for (const KernelParams& k : all) {
        CAPTURE(static_cast<int>(k.type));
        TrainConfig config = with_algorithm(Algorithm::Kernel);
        config.kernel = k;
        config.max_epochs = 30;
        Learner learner(xor_data, config);
        learner.train_until_converged();
        check_finite_learner(learner);
        CHECK(all_finite(learner.cached_scores()));
        const DecisionField field = learner.field();
        for (double x = -2e6; x <= 2e6; x += 4e5)
            for (double y = -2e6; y <= 2e6; y += 4e5) CHECK(std::isfinite(field.eval({x, y})));
        for (const Vec& p : xor_data.points) CHECK(std::isfinite(field.eval(p)));
    }
}

// Guards the decision field against overflow. After a lift, the degree-20 polynomial kernel reaches
// +inf inside the view, and two support points of opposite labels would give inf - inf = NaN, which
// the shader paints as garbage. Reachable from a link (four XOR points at (+-100, +-100)):
//   #d=AgQJgMAMgMAM__8YAICAGf__GP__GAA&alg=kernel&lift=xy&kernel=poly&degree=20&visits=8&preset=custom&v=1
// kernel_eval clamps its values (kernel.cpp), so the field and the scores stay finite everywhere.
TEST_CASE("hostile kernels: degree 20 after a lift keeps the decision field finite") {
    Dataset d;
    d.dim = 2;
    d.add({100.0, 100.0}, +1);
    d.add({-100.0, 100.0}, -1);
    d.add({100.0, -100.0}, -1);
    d.add({-100.0, -100.0}, +1);
    TrainConfig config = with_algorithm(Algorithm::Kernel);
    config.kernel.type = KernelType::Polynomial;
    config.kernel.degree = 20;
    config.lift = LiftKind::Product;
    Learner learner(d, config);
    // Kernel values are now clamped to +-1e150 (kernel.cpp), so here every pair looks alike and the
    // learner need not converge; what matters is that nothing becomes NaN.
    learner.train_until_converged();
    CHECK_FALSE(learner.diverged());
    const DecisionField field = learner.field();
    CHECK(std::isfinite(field.eval({1e6, 1e6})));
    CHECK(std::isfinite(field.eval({-1e6, 1e6})));
    CHECK(std::isfinite(learner.score({1e6, 1e6})));
}

// [SECTION] Learning rates: zero, negative, NaN, enormous

TEST_CASE("hostile learning rate: eta 0, negative or NaN freezes the learner (visits count, w stays)") {
    // Documented in learner.cpp: eta <= 0 (or NaN) is a "frozen" learner: every visit scores the example
    // and counts a mistake, nothing is updated, so training runs to the epoch cap. (The same holds for
    // eta above 1e300, see learner_engine.hpp learning_enabled; links and JSON only allow 0 < eta <= 1e6.)
    const double etas[] = {0.0, -1.0, -1e300, kNaN, 1e301, kInf};
    for (double eta : etas) {
        for (Algorithm a : kAllAlgorithms) {
            CAPTURE(eta);
            CAPTURE(static_cast<int>(a));
            TrainConfig config = with_algorithm(a);
            config.eta = eta;
            config.max_epochs = 10;
            config.kernel.type = KernelType::Linear;
            Learner learner(make_preset(Preset::Lecture4), config);
            CHECK_FALSE(learner.train_until_converged());
            CHECK(learner.capped());
            CHECK(learner.visits() == 40);
            CHECK(learner.mistakes() == 40);  // w = 0 scores 0 everywhere: every visit is a tie
            check_finite_learner(learner);
            for (double w : learner.weights()) CHECK(w == 0.0);
            for (double alpha : learner.alphas()) CHECK(alpha == 0.0);
        }
    }
    // Session: a frozen config set directly (the UI's slider cannot do this) trains to the cap too.
    Session session;
    TrainConfig config;
    config.eta = 0.0;
    config.max_epochs = 5;
    session.set_config(config);
    CHECK_FALSE(session.train_until_converged());
    CHECK(session.learner().capped());
    CHECK(session.state().trained_visits == 20);
}

TEST_CASE("hostile learning rate: eta 1e300 on non-separable data stops with finite weights") {
    // Points as large as allowed plus XOR: the updates overflow after a few mistakes, the learner
    // refuses the update that would make w infinite (diverged()), and nothing loops forever.
    Dataset d;
    d.dim = 2;
    d.add({1e6, 1e6}, +1);
    d.add({1e6, 1e6}, -1);
    d.add({-1.0, 1.0}, +1);
    d.add({1.0, -1.0}, -1);
    for (Algorithm a : kAllAlgorithms) {
        if (a == Algorithm::Kernel) continue;  // the kernel learner ignores eta > 0
        CAPTURE(static_cast<int>(a));
        TrainConfig config = with_algorithm(a);
        config.eta = 1e300;
        config.max_epochs = 100000;
        config.logistic_decay = 0.0;
        Learner learner(d, config);
        CHECK_FALSE(learner.train_until_converged());
        CHECK(learner.diverged());  // visit 2 scores (1e306 * 1e6) * 2 = inf: not applied, stop
        CHECK(learner.visits() == 2);
        check_finite_learner(learner);
        CHECK_FALSE(learner.step().visited);  // and nothing happens after that
    }

    // XOR with small coordinates does not overflow (the weights cycle): the cap ends it.
    Dataset xor_data = make_preset(Preset::Xor);
    TrainConfig config;
    config.eta = 1e300;
    config.max_epochs = 1000;
    Learner learner(xor_data, config);
    CHECK_FALSE(learner.train_until_converged());
    CHECK((learner.capped() || learner.diverged()));
    check_finite_learner(learner);

    // The same through a Session, with the largest rate a link may ask for.
    WidgetState state = Session::default_state();
    state.data = d;
    state.config.eta = 1e6;
    state.config.max_epochs = 1'000'000;
    state.trained_visits = 200'000;  // replayed on load
    Session session(state);
    check_finite_learner(session.learner());
    CHECK(session.state().trained_visits == session.learner().visits());
}

// [SECTION] Links and JSON: megabytes of junk, deep nesting

TEST_CASE("hostile links: 2 MB of junk is refused quickly with a sentence") {
    Rng rng(2024);
    std::string random_bytes(2'000'000, '\0');
    for (char& c : random_bytes) c = static_cast<char>(rng.uniform(0.0, 256.0));
    std::string pairs;
    while (pairs.size() < 2'000'000) pairs += "a=b&";
    std::vector<std::string> junk = {
        random_bytes,
        "d=" + std::string(2'000'000, 'A') + "&v=1",   // base64 of zeros: bad point data
        "d=" + std::string(2'000'000, '_') + "&v=1",   // varints that never end
        std::string(2'000'000, '&'),
        std::string(2'000'000, '%'),
        pairs,                                        // far more than kMaxPairs
        "preset=" + std::string(2'000'000, 'x') + "&v=1",
        "#" + std::string(kMaxLinkLength + 1, 'x'),   // over the length limit
    };
    for (const std::string& text : junk) {
        CAPTURE(text.substr(0, 20));
        DecodeResult r;
        CHECK(seconds([&] { r = decode_fragment(text); }) < kFewSeconds);
        CHECK_FALSE(r.ok);
        CHECK_FALSE(r.error.empty());
        CHECK(r.warnings.size() <= kMaxWarnings + 1);
    }
}

// Guards the replay budget. A link may ask for kMaxTrainedVisits replayed visits, and each
// kernel-perceptron mistake updates the cached scores of all N points (O(N) kernel evaluations):
// 100,000 random points with alg=kernel make a link of about 544 KB (within kMaxLinkLength) whose
// full replay would take hours. Session::rebuild_learner stops after kReplayTimeBudget with a notice,
// and reads the clock in chunks that shrink as N grows (a fixed chunk of 4096 visits alone once took
// about 40 s here).
// A watchdog ends the process after 90 s so that a regression fails the suite instead of hanging it.
TEST_CASE("hostile links: a shared link cannot make the kernel replay take minutes") {
    Rng rng(5);
    WidgetState state = Session::default_state();
    state.data = Dataset{};
    state.data.dim = 2;
    for (std::size_t i = 0; i < kMaxPoints; ++i)
        state.data.add({snap_to_grid(rng.uniform(-3.0, 3.0)), snap_to_grid(rng.uniform(-3.0, 3.0))},
                       rng.uniform(0.0, 1.0) < 0.5 ? 1 : -1);
    state.config.algorithm = Algorithm::Kernel;
    state.trained_visits = Session::kMaxReplayVisits;
    const DecodeResult link = decode_fragment(encode_fragment(state));
    if (!link.ok) {  // refusing such a link with a sentence is one acceptable fix
        CHECK_FALSE(link.error.empty());
        return;
    }
    static std::atomic<bool> done{false};
    std::thread([] {
        std::this_thread::sleep_for(std::chrono::seconds(90));
        if (!done) {
            std::fprintf(stderr, "hostile links: kernel replay still running after 90 s: FAILED\n");
            std::_Exit(1);
        }
    }).detach();
    std::string notice;
    std::uint64_t replayed = 0;
    const double took = seconds([&] {
        Session session(link.state);
        notice = session.notice();
        replayed = session.state().trained_visits;
    });
    done = true;
    CHECK(took < kFewSeconds);
    CHECK(replayed < Session::kMaxReplayVisits);
    CHECK(contains(notice, "partly replayed"));
}

TEST_CASE("hostile JSON: junk, deep nesting and huge numbers are refused with a sentence") {
    std::vector<std::string> junk = {
        std::string(2'000'000, '['),
        std::string(1'000'000, '[') + std::string(1'000'000, ']'),
        std::string(1'000'000, '{'),
        "{\"points\":[[1e999,0]],\"labels\":[1]}",
        "{\"points\":[[NaN,0]],\"labels\":[1]}",
        "{\"points\":[[1e300,0]],\"labels\":[1]}",
        "{\"points\":[[1,0]],\"labels\":[0.5]}",
        "{\"eta\":-1}",
        "{\"kernel\":{\"degree\":21}}",
        "{\"trainedVisits\":1e300}",
        "\xEF\xBB",
        "",
    };
    for (const std::string& text : junk) {
        CAPTURE(text.substr(0, 40));
        DecodeResult r;
        CHECK(seconds([&] { r = state_from_json(text); }) < kFewSeconds);
        CHECK_FALSE(r.ok);
        CHECK_FALSE(r.error.empty());
    }
}

// [SECTION] Test points and hand mode: too many points in all, mismatched dimensions, non-finite w and k

TEST_CASE("hostile test points: a link with 60,000 training and 60,000 test points is refused, quickly") {
    const Dataset many = grid_points(60000);
    const std::string link = "d=" + encode_points(many) + "&t=" + encode_points(many) + "&v=1";
    DecodeResult r;
    CHECK(seconds([&] { r = decode_fragment(link); }) < 5.0);
    CHECK_FALSE(r.ok);
    CHECK(contains(r.error, "60000 training and 60000 test points; the widget holds at most 100000 in all"));
    // The same through JSON.
    WidgetState s = default_link_state();
    s.data = many;
    s.held_out = many;
    const DecodeResult j = state_from_json(state_to_json(s));
    CHECK_FALSE(j.ok);
    CHECK(contains(j.error, "in all"));
    CHECK(contains(validate_state(s), "in all"));
}

TEST_CASE("hostile test points: junk, a 17-D test set, non-numbers and NaN are refused with a sentence") {
    for (const char* t : {"%%%", "AA", "_____", "EQA"}) {  // bad escapes, cut short, bad base64, dimension 17
        const DecodeResult r = decode_fragment(std::string("t=") + t + "&v=1");
        CAPTURE(t);
        CHECK_FALSE(r.ok);
        CHECK_FALSE(r.error.empty());
    }
    for (const char* json : {R"({"heldOut": {"points": [["a", 1]], "labels": [1]}})",
                             R"({"heldOut": {"points": [[null, 1]], "labels": [1]}})",
                             R"({"heldOut": {"points": [[1e300, 1]], "labels": [1]}})",
                             R"({"heldOut": {"points": [[1, 1]], "labels": [2]}})",
                             R"({"heldOut": {"points": [[1, 1]]}})", R"({"heldOut": 5})"}) {
        const DecodeResult r = state_from_json(json);
        CAPTURE(json);
        CHECK_FALSE(r.ok);
        CHECK(contains(r.error, "heldOut"));
    }
    Session session;
    for (double bad : {kNaN, kInf, -kInf, 1e300}) {
        CHECK_FALSE(session.add_test_point({bad, 0.0}, 1));
        CHECK(contains(session.notice(), "finite number"));
    }
    CHECK(session.state().held_out.empty());
}

TEST_CASE("hostile test points: a CSV of test rows only is refused, test points without training points break nothing") {
    const CsvResult r = parse_csv("1,2,1,test\n-1,-1,-1,test\n");
    CHECK_FALSE(r.ok);
    CHECK(contains(r.summary(), "every row is a test point (split = test): at least one row must be split = train"));
    // A link or JSON state can still hold test points only.
    Dataset none, tests;
    none.dim = tests.dim = 2;
    tests.add({1, 2}, 1);
    tests.add({-1, -1}, -1);
    Session session;
    REQUIRE(session.replace_data(none, "tests.csv", tests));
    CHECK(session.state().data.empty());
    CHECK(session.state().held_out.size() == 2);
    CHECK_FALSE(session.step().visited);
    const GoalFacts f = goal_facts(session);
    CHECK(f.test_points == 2);
    CHECK(f.test_accuracy == 0.0);  // w = 0 answers 0 everywhere: on the line, wrong
    CHECK_FALSE(session.generate_test_set());
}

TEST_CASE("hostile hand mode: NaN, infinite and oversized w or k are refused in links, JSON and the session") {
    for (const char* link : {"hw1=nan&v=1", "hw2=inf&v=1", "hk=1e400&v=1", "hk=-2000000&v=1", "hw1=0x10&v=1", "hand=2&v=1"}) {
        const DecodeResult r = decode_fragment(link);
        CAPTURE(link);
        CHECK_FALSE(r.ok);
        CHECK(contains(r.error, "(h"));
    }
    CHECK_FALSE(state_from_json(R"({"hand": {"w1": "1"}})").ok);
    CHECK_FALSE(state_from_json(R"({"hand": {"on": "yes"}})").ok);
    Session session;
    session.set_hand_mode(true);
    for (double bad : {kNaN, kInf, 1e7}) {
        HandUnit unit = session.state().hand;
        unit.k = bad;
        CHECK_FALSE(session.set_hand_unit(unit));
        session.begin_hand_drag();
        CHECK_FALSE(session.drag_hand_unit(unit));
        session.end_hand_drag();
    }
    CHECK(session.state().hand.k == 1.5);
    CHECK_FALSE(session.can_redo());
    // Large but allowed values keep every fact finite.
    HandUnit huge = session.state().hand;
    huge.w1 = huge.w2 = 1e6;
    huge.k = -1e6;
    REQUIRE(session.set_hand_unit(huge));
    REQUIRE(session.replace_data(grid_points(50), "grid"));
    const UnitFacts facts = unit_facts(session.state().hand, session.state().data);
    CHECK(std::isfinite(facts.functional_margin));
    CHECK(std::isfinite(facts.geometric_margin));
    // Read-only widgets refuse every edit of test points and of w and k.
    session.set_readonly(true);
    CHECK_FALSE(session.add_test_point({1, 1}, 1));
    CHECK_FALSE(session.move_to_test(0));
    CHECK_FALSE(session.hold_out_share(0.25));
    CHECK_FALSE(session.set_hand_unit(HandUnit{}));
    CHECK_FALSE(session.load_gate(Gate::And));
    CHECK(contains(session.notice(), "read-only"));
}

// [SECTION] Regression inputs from fuzzing
// (docs/fuzzing.md lists the runs.) The long runs found no crash, leak or broken invariant; the one
// report was a timeout on a busy machine that does not reproduce. Its input is kept here anyway.

TEST_CASE("hostile regression: fuzz_csv timeout input (not reproducible) parses at once") {
    // The 141-byte input of fuzz_csv's unconfirmed timeout report (artifact ...-5e1249008a884d1f29c1c2ae3f1d2194791bf827).
    const char bytes[] =
        "#\x00``2,1\n"
        "2,1,1\n"
        "-1,-1,-1\n"
        "-1,1,1\n"
        "2,1,-1\n"
        "-1x,1x2,label\r\n"
        "\x10;0,0\r\n"
        "0,1,,1,-0\r\n"
        "1,0,0\r\n"
        "1,11,1\r\xf8\xf8\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca"
        "\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xca\xf8\xf8\xf8";
    const std::string text(bytes, sizeof bytes - 1);
    REQUIRE(text.size() == 141);
    CsvResult r;
    CHECK(seconds([&] { r = parse_csv(text); }) < 1.0);
    CHECK_FALSE(r.ok);
    REQUIRE_FALSE(r.errors.empty());
    CHECK(r.errors.front().line == 6);  // "-1x" is not a number
    CHECK(r.data.size() == 4);          // the rows before it
}
