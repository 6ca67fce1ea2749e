// The goal facts added for the lessons of issue 24 part 2: order, loss, max_margin_test_accuracy,
// gram_psd and gram_min_eigenvalue, each checked against values worked out by hand.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "core/facts/goal_facts.hpp"
#include "core/lesson/goal_expression.hpp"
#include "core/session/session.hpp"
#include "core/state/state_codec.hpp"

using namespace pl;

namespace {
bool goal_holds(const std::string& goal, const Session& session) {
    const GoalParse parsed = parse_goal(goal);
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    return evaluate_goal(parsed.goal, goal_facts(session));
}
}  // namespace

TEST_CASE("facts: the perceptron loss of the lecture's four points, from w = 0 to convergence") {
    WidgetState state = default_link_state();  // (1,2)+ (2,1)+ (-1,-1)- (-1,1)-
    state.config.bias = BiasMode::None;
    Session s(state);
    GoalFacts f = goal_facts(s);
    CHECK(f.defined(GoalName::Loss));
    CHECK(f.loss == 0.0);  // w = 0: every score 0, max(0, -0) = 0, although every point is a mistake
    s.step();              // w = (1, 2): only (-1, 1) is on the wrong side, with score 1
    CHECK(goal_facts(s).loss == 1.0);
    CHECK(goal_holds("loss == 1 and loss < mistakes + 1", s));
    s.train_until_converged();
    CHECK(goal_facts(s).loss == 0.0);

    WidgetState explicit_bias = default_link_state();  // b counts: w = (1, 2), b = 1 after one visit
    explicit_bias.config.bias = BiasMode::Explicit;
    explicit_bias.trained_visits = 1;
    Session e(explicit_bias);
    REQUIRE(e.learner().bias() == 1.0);
    CHECK(goal_facts(e).loss == 2.0);  // (-1, 1) scores 1 + 1 = 2 with label -1; the rest are right

    WidgetState empty = default_link_state();
    empty.data = Dataset{};
    Session none(empty);
    CHECK(goal_facts(none).why_undefined(GoalName::Loss) == "there are no points");
}

TEST_CASE("facts: order is a word fact, and the max-margin line's test accuracy") {
    WidgetState state = default_link_state();
    Session s(state);
    CHECK(goal_holds("order == sequential", s));
    CHECK_FALSE(goal_holds("order == random", s));
    CHECK(goal_facts(s).why_undefined(GoalName::MaxMarginTestAccuracy) == "there are no test points");

    TrainConfig random = s.state().config;
    random.order = Order::Random;
    s.set_config(random);
    CHECK(goal_holds("order == random", s));
    CHECK_FALSE(parse_goal("order == shuffled").ok);  // a typo is refused when the lesson loads

    // Test points (3, 0)+ and (0, -3)-: the max-margin line of the four points is right on both, so its
    // accuracy is 1, while w = 0 (no training yet) gets neither.
    REQUIRE(s.add_test_point({3, 0}, +1));
    REQUIRE(s.add_test_point({0, -3}, -1));
    const GoalFacts f = goal_facts(s);
    REQUIRE(f.defined(GoalName::MaxMarginTestAccuracy));
    CHECK(f.max_margin_test_accuracy == 1.0);
    CHECK(f.test_accuracy == 0.0);
    CHECK(goal_holds("test_accuracy < max_margin_test_accuracy", s));
}

TEST_CASE("facts: the Gram matrix check of the kernel perceptron") {
    WidgetState state = default_link_state();
    Session plain(state);
    CHECK_FALSE(goal_facts(plain).defined(GoalName::GramPsd));
    CHECK(goal_facts(plain).why_undefined(GoalName::GramPsd).find("not the kernel perceptron") != std::string::npos);

    state.config.algorithm = Algorithm::Kernel;
    state.config.kernel.type = KernelType::Rbf;
    Session rbf(state);
    GoalFacts f = goal_facts(rbf);
    CHECK(f.defined(GoalName::GramPsd));
    CHECK(f.gram_psd);  // PSD for any points: not computed
    CHECK_FALSE(f.defined(GoalName::GramMinEigenvalue));

    // Sigmoid on the four points with the bias absorbed: K~ = tanh(u.v) + 1 has a negative eigenvalue,
    // tanh(0.1 u.v - 0.5) + 1 has none (test_lesson_new_lessons.cpp checks both by a Cholesky factorisation).
    state.config.kernel.type = KernelType::Sigmoid;
    Session sigmoid(state);
    f = goal_facts(sigmoid);
    REQUIRE(f.defined(GoalName::GramPsd));
    CHECK_FALSE(f.gram_psd);
    REQUIRE(f.defined(GoalName::GramMinEigenvalue));
    CHECK(f.gram_min_eigenvalue < 0);
    CHECK(goal_holds("gram_min_eigenvalue < 0 and gram_psd == false", sigmoid));
    state.config.kernel.scale = 0.1;
    state.config.kernel.theta = -0.5;
    Session gentle(state);
    f = goal_facts(gentle);
    CHECK(f.gram_psd);
    CHECK(f.gram_min_eigenvalue > 0);
}
