// goal_facts(session): each fact read from a live session, checked against values worked out by hand
// on the lecture's data sets, and the reasons given for facts that have no value.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "core/lesson/goal_expression.hpp"
#include "core/session/session.hpp"
#include "core/state/state_codec.hpp"

using namespace pl;

namespace {

WidgetState lecture4(BiasMode bias) {
    WidgetState state = default_link_state();  // (1,2)+ (2,1)+ (-1,-1)- (-1,1)-
    state.config.bias = bias;
    return state;
}

bool goal_holds(const std::string& goal, const Session& session) {
    const GoalParse parsed = parse_goal(goal);
    REQUIRE(parsed.ok);
    return evaluate_goal(parsed.goal, goal_facts(session));
}

}  // namespace

TEST_CASE("facts: the lecture's four points after the first update (no bias)") {
    Session session(lecture4(BiasMode::None));
    GoalFacts f = goal_facts(session);
    CHECK(f.points == 4);
    CHECK(f.positives == 2);
    CHECK(f.negatives == 2);
    CHECK(f.mistakes == 0);
    CHECK(f.margin == 0.0);  // w = 0: no hyperplane yet, margin 0 (defined)
    CHECK(f.defined(GoalName::Margin));
    CHECK(f.accuracy == 0.0);  // every score is 0, and ties count as wrong

    session.step();  // (1,2) is a mistake: w = (1, 2)
    f = goal_facts(session);
    CHECK(f.mistakes == 1);
    CHECK(f.visits == 1);
    CHECK(f.epochs == 0);
    CHECK_FALSE(f.converged);
    CHECK(f.accuracy == doctest::Approx(0.75));  // (-1,1) scores +1 but is negative
    // Margin: min y (w.x)/|w| = -1/sqrt(5), attained by (-1, 1).
    CHECK(f.margin == doctest::Approx(-1.0 / std::sqrt(5.0)));
    // Through the origin the closest point of conv{y x} to 0 is (1, 0): gamma* = 1, R = sqrt(5), bound 5.
    CHECK(f.separable);
    CHECK(f.R == doctest::Approx(std::sqrt(5.0)));
    CHECK(f.gamma_star == doctest::Approx(1.0));
    CHECK(f.bound == doctest::Approx(5.0));
    CHECK(f.algorithm == Algorithm::Perceptron);
    CHECK(f.bias == BiasMode::None);
    CHECK(f.support_vectors == 0);
    CHECK_FALSE(f.defined(GoalName::Kernel));
    CHECK(f.why_undefined(GoalName::Kernel) ==
          "the algorithm is the perceptron, not the kernel perceptron, so no kernel is in use");

    session.train_until_converged();  // second mistake on (-1,1): w = (2, 1), then a clean epoch
    f = goal_facts(session);
    CHECK(f.converged);
    CHECK(f.mistakes == 2);
    CHECK(f.epochs == 2);
    CHECK(f.visits == 8);
    CHECK(f.accuracy == 1.0);
    CHECK(f.margin == doctest::Approx(1.0 / std::sqrt(5.0)));  // (2,1).(-1,1) = -1, |w| = sqrt(5)
}

TEST_CASE("facts: the margin leaves the absorbed bias weight out of |w|") {
    // 1-D threshold data; the absorbed learner ends at w = (2.25, -3): boundary x = 4/3. The nearest
    // point is 1.25, at distance 1/12 along the line; dividing by |(2.25, -3)| would give 0.05 instead.
    WidgetState state = default_link_state();
    state.data = make_preset(Preset::Bias1D);
    Session session(state);
    session.train_until_converged();
    REQUIRE(session.learner().weights().size() == 2);
    CHECK(session.learner().weights()[0] == doctest::Approx(2.25));
    CHECK(session.learner().weights()[1] == doctest::Approx(-3.0));
    CHECK(goal_facts(session).margin == doctest::Approx(1.0 / 12.0));
}

TEST_CASE("facts: kernel perceptron margin equals the explicit degree-2 map's") {
    WidgetState kernel = default_link_state();
    kernel.data = make_preset(Preset::Xor);
    kernel.config.algorithm = Algorithm::Kernel;
    kernel.config.kernel.type = KernelType::Polynomial;  // (1 + u.v)^2
    kernel.config.bias = BiasMode::None;
    Session dual(kernel);
    dual.train_until_converged();

    WidgetState primal = kernel;
    primal.config.algorithm = Algorithm::Perceptron;
    primal.config.lift = LiftKind::Poly2;
    Session explicit_map(primal);
    explicit_map.train_until_converged();

    const GoalFacts d = goal_facts(dual), p = goal_facts(explicit_map);
    CHECK(d.mistakes == p.mistakes);
    CHECK(d.margin > 0.0);
    CHECK(d.margin == doctest::Approx(p.margin));
    CHECK(d.support_vectors == 4);  // every XOR corner was a mistake once
    CHECK(d.kernel == KernelType::Polynomial);
    CHECK(d.defined(GoalName::Kernel));
    CHECK(goal_holds("kernel == poly and algorithm == kernel and support_vectors == 4", dual));
    // The theory is measured in the kernel's feature space, from the Gram matrix: with (1 + u.v)^2 and no
    // bias that is the explicit degree-2 map's space, so R, gamma* and the bound agree with the primal run's.
    REQUIRE(d.defined(GoalName::R));
    REQUIRE(d.defined(GoalName::GammaStar));
    CHECK(d.separable);
    CHECK(p.separable);
    CHECK(d.R == doctest::Approx(p.R).epsilon(1e-12));
    CHECK(d.gamma_star == doctest::Approx(p.gamma_star).epsilon(1e-9));
    CHECK(d.bound == doctest::Approx(p.bound).epsilon(1e-8));

    // The sigmoid kernel tanh(x.y - 1) is not a dot product on the XOR corners (its Gram matrix has the
    // eigenvalue -1.757): then there is no feature space and the facts say why.
    WidgetState sigmoid = kernel;
    sigmoid.config.kernel.type = KernelType::Sigmoid;
    sigmoid.config.kernel.scale = 1.0;
    sigmoid.config.kernel.theta = -1.0;
    Session not_psd(sigmoid);
    const GoalFacts s = goal_facts(not_psd);
    CHECK_FALSE(s.defined(GoalName::R));
    CHECK_FALSE(s.defined(GoalName::Separable));
    CHECK(s.why_undefined(GoalName::GammaStar).find("not a dot product on these points") != std::string::npos);
}

TEST_CASE("facts: undefined facts carry a reason the goal check repeats") {
    WidgetState empty = default_link_state();
    empty.data.points.clear();
    empty.data.labels.clear();
    Session nothing(empty);
    GoalFacts f = goal_facts(nothing);
    for (GoalName name : {GoalName::Accuracy, GoalName::Margin, GoalName::Separable, GoalName::R, GoalName::GammaStar,
                          GoalName::Bound}) {
        CHECK_FALSE(f.defined(name));
        CHECK(f.why_undefined(name) == "there are no points");
    }
    CHECK(f.points == 0);

    WidgetState xor_state = default_link_state();
    xor_state.data = make_preset(Preset::Xor);
    Session xor_session(xor_state);
    f = goal_facts(xor_session);
    CHECK(f.defined(GoalName::Separable));
    CHECK_FALSE(f.separable);
    CHECK(f.why_undefined(GoalName::GammaStar) == "the data are not separable");
    const GoalParse parsed = parse_goal("gamma_star > 0");
    REQUIRE(parsed.ok);
    CHECK(check_goal(parsed.goal, f).message == "Not yet: γ* is undefined: the data are not separable.");

    WidgetState voted = lecture4(BiasMode::Absorbed);
    voted.config.algorithm = Algorithm::Voted;
    Session voted_session(voted);
    voted_session.train_until_converged();
    f = goal_facts(voted_session);
    CHECK_FALSE(f.defined(GoalName::Margin));
    CHECK(f.why_undefined(GoalName::Margin).find("vote of many hyperplanes") != std::string::npos);
    CHECK(f.accuracy == 1.0);
}

TEST_CASE("facts: the same goal fails before an edit and passes after it") {
    Session session(lecture4(BiasMode::Absorbed));
    CHECK_FALSE(goal_holds("points == 5 and separable == false", session));
    session.add_point({-1, 0}, +1);  // a positive point on the segment between the two negatives
    CHECK(goal_holds("points == 5 and separable == false", session));
    CHECK(goal_holds("not (gamma_star > 0)", session));  // undefined now, so the comparison is false
}
