// The six lessons of issue 24 part 2 (13-18), walked through LessonRun as a student would: every goal
// fails before the scripted student acts and passes after, and every number, vector and predict key is
// worked out here again from the lectures' formulas (a small perceptron of our own, the kernels'
// formulas, hand-made margins), never by evaluating the step's own key expression.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "core/facts/goal_facts.hpp"
#include "core/learn/kernel.hpp"
#include "core/lesson/lesson_run.hpp"
#include "core/session/session.hpp"
#include "core/theory/theory.hpp"

using namespace pl;

namespace {

std::string text(double x) {
    std::ostringstream out;
    out.precision(17);
    out << x;
    return out.str();
}
std::string text(const std::vector<double>& v) {
    std::string out;
    for (double x : v) out += (out.empty() ? "" : ", ") + text(x);
    return out;
}

// The lecture's perceptron, written out: features z (the point, with a 1 appended for a bias), the
// mistake rule y (w.z) <= 0 and the update w += eta y z, visiting the points in order.
struct OwnRun {
    std::vector<std::vector<double>> z;
    std::vector<int> y;
    double eta = 1.0;
    std::vector<double> w;
    std::size_t visits = 0, mistakes = 0, positive_mistakes = 0;
    OwnRun(const Dataset& data, bool bias, double rate) : y(data.labels), eta(rate) {
        for (const Vec& p : data.points) {
            z.push_back(p);
            if (bias) z.back().push_back(1.0);
        }
        w.assign(z.front().size(), 0.0);
    }
    double score(std::size_t i) const {
        double s = 0;
        for (std::size_t k = 0; k < w.size(); ++k) s += w[k] * z[i][k];
        return s;
    }
    bool visit() {  // true on a mistake
        const std::size_t i = visits++ % z.size();
        if (y[i] * score(i) > 0) return false;
        for (std::size_t k = 0; k < w.size(); ++k) w[k] += eta * y[i] * z[i][k];
        ++mistakes;
        if (y[i] > 0) ++positive_mistakes;
        return true;
    }
    void converge() {
        for (;;) {
            std::size_t before = mistakes;
            for (std::size_t k = 0; k < z.size(); ++k) visit();
            if (mistakes == before) return;
        }
    }
};

// The walk: a step's verdict before and after the student's move.
struct Walk {
    Session session;
    LessonRun run;
    explicit Walk(const char* id) { REQUIRE(run.open_builtin(session, id, 0, true).empty()); }
    void at(std::size_t step) {  // 1-based
        if (run.step() != step - 1) REQUIRE(run.go_to(session, step - 1));
    }
    bool check() { return run.check(session).passed; }
    void goal_fails_then_passes(std::size_t step, const std::function<void(Session&)>& act) {
        at(step);
        CAPTURE(step);
        REQUIRE(run.current().goal.has_value());
        CHECK_FALSE(check());
        act(session);
        CHECK_MESSAGE(check(), run.verdict().message);
    }
    void typed_passes(std::size_t step, const std::string& answer) {
        at(step);
        CAPTURE(step);
        REQUIRE(run.set_answer(answer).empty());
        CHECK_MESSAGE(check(), run.verdict().message);
        CHECK_FALSE(run.verdict().out_of_tries);
    }
    void typed_fails(std::size_t step, const std::string& answer) {
        at(step);
        REQUIRE(run.set_answer(answer).empty());
        CHECK_FALSE(check());
    }
    void choices_pass(std::size_t step, const std::vector<std::size_t>& picks) {
        at(step);
        CAPTURE(step);
        for (std::size_t k : picks) run.choose(k);
        CHECK_MESSAGE(check(), run.verdict().message);
    }
    // Predict, then step: the prediction and the new w, judged against the real visit Check makes.
    void predict_passes(std::size_t step, bool mistake, const std::vector<double>& next_w) {
        at(step);
        CAPTURE(step);
        REQUIRE(run.current().predict);
        const std::size_t visits = session.learner().visits();
        run.predict(mistake);
        REQUIRE(run.set_answer(text(next_w)).empty());
        CHECK_MESSAGE(check(), run.verdict().message);
        CHECK(session.learner().visits() == visits + 1);
    }
};

void configure(Session& s, const std::function<void(TrainConfig&)>& change) {
    TrainConfig c = s.state().config;
    change(c);
    s.set_config(c);
}
void set_unit(Session& s, double w1, double w2, double k) {
    HandUnit unit = s.state().hand;
    unit.w1 = w1;
    unit.w2 = w2;
    unit.k = k;
    REQUIRE(s.set_hand_unit(unit));
}

// min over a 1-D or 2-D data set of y (w.x - k) / |w|: the unit's geometric margin, by hand.
double unit_margin(const Dataset& d, double w1, double w2, double k) {
    double worst = INFINITY;
    for (std::size_t i = 0; i < d.size(); ++i) {
        const double sum = w1 * d.points[i][0] + (d.points[i].size() > 1 ? w2 * d.points[i][1] : 0.0);
        worst = std::fmin(worst, d.labels[i] * (sum - k));
    }
    return worst / std::sqrt(w1 * w1 + (d.dim > 1 ? w2 * w2 : 0.0));
}

// gamma* through the origin of 2-D points, by trying 200,000 unit directions (no solver involved).
double gamma_by_search(const Dataset& d) {
    double best = -INFINITY;
    for (int k = 0; k < 200000; ++k) {
        const double a = 2 * std::acos(-1.0) * k / 200000.0, c = std::cos(a), s = std::sin(a);
        double worst = INFINITY;
        for (std::size_t i = 0; i < d.size(); ++i) worst = std::fmin(worst, d.labels[i] * (c * d.points[i][0] + s * d.points[i][1]));
        best = std::fmax(best, worst);
    }
    return best;
}

// Positive semi-definite by a Cholesky factorisation with a small tolerance on the pivots.
bool psd(std::vector<std::vector<double>> m) {
    const std::size_t n = m.size();
    for (std::size_t j = 0; j < n; ++j) {
        double pivot = m[j][j];
        for (std::size_t k = 0; k < j; ++k) pivot -= m[j][k] * m[j][k];
        if (pivot < -1e-12) return false;
        const double root = pivot > 1e-12 ? std::sqrt(pivot) : 0.0;
        m[j][j] = root;
        for (std::size_t i = j + 1; i < n; ++i) {
            double v = m[i][j];
            for (std::size_t k = 0; k < j; ++k) v -= m[i][k] * m[j][k];
            if (root == 0.0) { if (std::fabs(v) > 1e-9) return false; m[i][j] = 0.0; }
            else m[i][j] = v / root;
        }
    }
    return true;
}

std::size_t test_points_right(const Dataset& test, const std::vector<double>& w, double b) {
    std::size_t right = 0;
    for (std::size_t i = 0; i < test.size(); ++i)
        if (test.labels[i] * (w[0] * test.points[i][0] + w[1] * test.points[i][1] + b) > 0) ++right;
    return right;
}

}  // namespace

TEST_CASE("lesson mcculloch-pitts: gates by hand, margins worked out, the threshold learnt as a weight") {
    Walk walk("mcculloch-pitts");
    walk.goal_fails_then_passes(1, [](Session& s) { set_unit(s, 1, 1, 1.5); });

    // OR with the lecture's w = (1, 1), k = 1: (1, 0) and (0, 1) sum to exactly k.
    walk.at(2);
    const double or_margin = unit_margin(walk.session.state().data, 1, 1, 1);
    CHECK(or_margin == 0.0);
    walk.typed_fails(2, "0.35");
    walk.typed_passes(2, text(or_margin));

    walk.goal_fails_then_passes(3, [](Session& s) { set_unit(s, 1, 1, 0.5); });
    CHECK(unit_margin(walk.session.state().data, 1, 1, 0.5) == doctest::Approx(0.5 / std::sqrt(2.0)));

    // NOT with w = -1: the input 0 is -k above k, the input 1 is 1 + k below; equal at k = -1/2.
    walk.at(4);
    const Dataset& not_data = walk.session.state().data;
    REQUIRE(not_data.dim == 1);
    const double k = -1.0 / 2.0;
    CHECK(-k == doctest::Approx(1.0 + k));
    CHECK(unit_margin(not_data, -1, 0, k) == doctest::Approx(0.5));
    CHECK(unit_margin(not_data, -1, 0, 0) == 0.0);  // the lecture's NOT(x) = -x as a unit: a tie
    walk.typed_passes(4, "-1/2");

    // (w1, w2, -k).(x1, x2, 1) = w.x - k on every input; a wrong choice shows its own feedback.
    walk.at(5);
    for (const Vec& x : make_gate(Gate::And).data.points) CHECK(1 * x[0] + 1 * x[1] + (-1.5) * 1 == x[0] + x[1] - 1.5);
    walk.run.choose(1);
    CHECK_FALSE(walk.check());
    CHECK(walk.run.verdict().message.find("wrong way round") != std::string::npos);
    walk.choices_pass(5, {0});

    // AND with the bias absorbed: four visits, then (0, 0) scores w0 = 0, a mistake.
    OwnRun own(make_gate(Gate::And).data, true, 1.0);
    for (int i = 0; i < 4; ++i) own.visit();
    CHECK(own.w == std::vector<double>{1, 1, 0});
    const bool mistake = own.visit();
    CHECK(mistake);
    CHECK(own.w == std::vector<double>{1, 1, -1});
    walk.predict_passes(6, mistake, own.w);

    walk.goal_fails_then_passes(7, [](Session& s) { s.train_until_converged(); });
}

TEST_CASE("lesson test-points: the perceptron's line against the max-margin line on held-out points") {
    Walk walk("test-points");
    walk.goal_fails_then_passes(1, [](Session& s) { s.train_until_converged(); });
    const Session& s = walk.session;
    const Dataset& test = s.state().held_out;
    REQUIRE(test.size() == 15);
    const Vec& w = s.learner().weights();  // (w1, w2, w0): the bias absorbed
    REQUIRE(w.size() == 3);
    const std::size_t right = test_points_right(test, {w[0], w[1]}, w[2]);
    const Separator best = max_margin_with_bias(s.state().data.points, s.state().data.labels);
    REQUIRE(best.separable);
    const std::size_t best_right = test_points_right(test, best.w, best.b);
    CHECK(right == 10);  // the success text: five of fifteen wrong
    CHECK(best_right == 15);
    walk.typed_fails(2, "4");
    walk.typed_passes(2, text(static_cast<double>(test.size() - right)));

    // Statement 1 is false (training accuracy 1, test points missed); statement 3 is what the run shows.
    CHECK(goal_facts(s).accuracy == 1.0);
    CHECK(right < best_right);
    CHECK(best.margin > goal_facts(s).margin);
    walk.choices_pass(3, {0, 2});

    walk.goal_fails_then_passes(4, [](Session& session) {
        configure(session, [](TrainConfig& c) { c.order = Order::Random; c.seed = 2; });
        session.train_until_converged();
    });
    const Vec& again = walk.session.learner().weights();
    CHECK(test_points_right(test, {again[0], again[1]}, again[2]) == 15);
}

TEST_CASE("lesson perceptron-loss: the loss, its subgradient and the logistic step, by hand") {
    Walk walk("perceptron-loss");
    walk.at(1);
    const Dataset& d = walk.session.state().data;
    OwnRun own(d, false, 1.0);
    own.visit();
    REQUIRE(own.w == std::vector<double>{1, 2});
    double loss = 0;
    for (std::size_t i = 0; i < d.size(); ++i) loss += std::fmax(0.0, -d.labels[i] * own.score(i));
    CHECK(loss == 1.0);
    walk.typed_fails(1, "0");
    walk.typed_passes(1, text(loss));

    // The slope of -y (w.x) at the mistake (-1, 1), y = -1, by central differences: -y x = (-1, 1).
    const auto term = [](double w1, double w2) { return std::fmax(0.0, -(-1.0) * (w1 * -1.0 + w2 * 1.0)); };
    const double h = 1e-6;
    CHECK((term(1 + h, 2) - term(1 - h, 2)) / (2 * h) == doctest::Approx(-1.0));
    CHECK((term(1, 2 + h) - term(1, 2 - h)) / (2 * h) == doctest::Approx(1.0));
    walk.choices_pass(2, {0});

    OwnRun half(d, false, 0.5);
    for (int i = 0; i < 3; ++i) half.visit();
    CHECK(half.w == std::vector<double>{0.5, 1});
    const bool mistake = half.visit();
    CHECK(mistake);
    walk.predict_passes(3, mistake, half.w);

    // Logistic SGD with hard predictions: on a mistake y_hat = -y, so (y_hat - y) / y = -2 for both labels.
    for (double y : {-1.0, 1.0}) CHECK((-y - y) / y == -2.0);
    walk.typed_passes(4, "-2");

    walk.goal_fails_then_passes(5, [](Session& s) { s.train_until_converged(); });

    // w = 0 has loss 0 and no point right; the loss scales with w.
    OwnRun zero(d, false, 1.0);
    double zero_loss = 0, right = 0;
    for (std::size_t i = 0; i < d.size(); ++i) {
        zero_loss += std::fmax(0.0, -d.labels[i] * zero.score(i));
        right += d.labels[i] * zero.score(i) > 0 ? 1 : 0;
    }
    CHECK(zero_loss == 0.0);
    CHECK(right == 0.0);
    own.w = {3, 6};  // 3 times (1, 2): 3 times the loss
    double scaled = 0;
    for (std::size_t i = 0; i < d.size(); ++i) scaled += std::fmax(0.0, -d.labels[i] * own.score(i));
    CHECK(scaled == 3.0 * loss);
    walk.choices_pass(6, {0, 2});
}

TEST_CASE("lesson bias-and-order: b += y predicted visit by visit, and what a random order changes") {
    Walk walk("bias-and-order");
    walk.at(1);
    const Dataset d = walk.session.state().data;
    OwnRun own(d, true, 1.0);  // the explicit b is one more weight on a constant 1 (lecture 001)
    bool mistake = own.visit();
    CHECK(mistake);
    CHECK(own.w == std::vector<double>{1, 3, 1});
    walk.predict_passes(1, mistake, own.w);

    own.visit();
    mistake = own.visit();
    CHECK(mistake);
    CHECK(own.w == std::vector<double>{-1, 2, 0});
    walk.predict_passes(2, mistake, own.w);

    walk.goal_fails_then_passes(3, [](Session& s) { s.train_until_converged(); });

    OwnRun full(d, true, 1.0);
    full.converge();
    CHECK(full.mistakes == 7);      // the numbers the step quotes
    CHECK(full.w.back() == -1.0);
    CHECK(full.visits == 20);       // the step's state: visits=20
    walk.typed_fails(4, "4");
    walk.typed_passes(4, text(static_cast<double>(full.positive_mistakes)));

    walk.goal_fails_then_passes(5, [](Session& s) {
        configure(s, [](TrainConfig& c) { c.order = Order::Random; c.seed = 2; });
        s.train_until_converged();
    });

    // The seeds the feedback quotes, and what stays: every order converges, R and gamma* do not move.
    std::vector<std::size_t> mistakes;
    std::vector<Vec> finals;
    double bound = -1;
    for (std::uint64_t seed : {1, 2, 3}) {
        WidgetState state = walk.session.state();
        state.config.seed = seed;
        state.trained_visits = 0;
        Session run(state);
        CHECK(run.train_until_converged());
        mistakes.push_back(run.learner().mistakes());
        finals.push_back(run.learner().weights());
        if (bound < 0) bound = run.theory().bound;
        CHECK(run.theory().bound == bound);
    }
    CHECK(mistakes == std::vector<std::size_t>{9, 5, 5});
    CHECK(finals[0] != finals[1]);
    walk.choices_pass(6, {0, 1, 3});
}

TEST_CASE("lesson kernels-psd: R of the RBF kernel, sigma against gamma, and the sigmoid kernel's Gram matrix") {
    Walk walk("kernels-psd");
    walk.goal_fails_then_passes(1, [](Session& s) { s.train_until_converged(); });

    walk.at(2);
    KernelParams rbf;
    rbf.type = KernelType::Rbf;
    rbf.gamma = walk.session.state().config.kernel.gamma;
    double R = 0;
    for (const Vec& x : walk.session.state().data.points) R = std::fmax(R, std::sqrt(kernel_eval(rbf, x, x)));
    CHECK(R == 1.0);
    walk.typed_passes(2, text(R));

    // exp(-|u-v|^2 / (2 sigma^2)) with sigma = 2 against exp(-gamma |u-v|^2): gamma = 1/8.
    const double gamma = 1.0 / (2.0 * 2.0 * 2.0);
    for (double distance : {0.5, 1.0, 3.0}) CHECK(std::exp(-distance * distance / 8.0) == doctest::Approx(std::exp(-gamma * distance * distance)));
    walk.typed_fails(3, "0.25");
    walk.typed_passes(3, "1/8");

    // The Gram matrix tanh(eta u.v + theta) + 1 (the bias absorbed) on the four points.
    walk.at(4);
    const Dataset d = walk.session.state().data;
    const auto gram = [&](double eta, double theta) {
        std::vector<std::vector<double>> m(d.size(), std::vector<double>(d.size()));
        for (std::size_t i = 0; i < d.size(); ++i)
            for (std::size_t j = 0; j < d.size(); ++j)
                m[i][j] = std::tanh(eta * (d.points[i][0] * d.points[j][0] + d.points[i][1] * d.points[j][1]) + theta) + 1.0;
        return m;
    };
    CHECK_FALSE(psd(gram(1.0, 0.0)));  // the step's setting
    CHECK(psd(gram(0.1, -0.5)));       // the hint's
    walk.goal_fails_then_passes(4, [](Session& s) {
        configure(s, [](TrainConfig& c) { c.kernel.scale = 0.1; c.kernel.theta = -0.5; });
        s.train_until_converged();
    });
    walk.choices_pass(5, {0, 1, 3});
}

TEST_CASE("lesson normalised-bound: 1/gamma^2 inside the unit circle, and the same run four times larger") {
    Walk walk("normalised-bound");
    walk.at(1);
    const Dataset small = walk.session.state().data;
    double R_small = 0;
    for (const Vec& x : small.points) R_small = std::fmax(R_small, std::hypot(x[0], x[1]));
    CHECK(R_small <= 1.0);
    const double gamma_small = gamma_by_search(small);
    CHECK(gamma_small == doctest::Approx(0.25).epsilon(1e-6));
    walk.typed_fails(1, "5");
    walk.typed_passes(1, text(1.0 / (gamma_small * gamma_small)));

    walk.goal_fails_then_passes(2, [](Session& s) { s.train_until_converged(); });
    CHECK(walk.session.learner().mistakes() == 2);

    walk.at(3);
    const Dataset big = walk.session.state().data;
    double R_big = 0;
    for (const Vec& x : big.points) R_big = std::fmax(R_big, std::hypot(x[0], x[1]));
    const double gamma_big = gamma_by_search(big);
    CHECK(R_big == doctest::Approx(4 * R_small));
    CHECK(gamma_big == doctest::Approx(4 * gamma_small).epsilon(1e-6));
    const double ratio = R_big / gamma_big;
    CHECK(ratio * ratio == doctest::Approx(5.0).epsilon(1e-6));
    walk.typed_passes(3, text(ratio * ratio));

    OwnRun a(small, false, 1.0), b(big, false, 1.0);
    a.converge();
    b.converge();
    CHECK(a.mistakes == b.mistakes);
    for (std::size_t k = 0; k < 2; ++k) CHECK(b.w[k] == 4 * a.w[k]);  // every w of the run, 4 times
    walk.typed_fails(4, "8");
    walk.typed_passes(4, text(static_cast<double>(b.mistakes)));
    walk.choices_pass(5, {0, 1, 2});
}
