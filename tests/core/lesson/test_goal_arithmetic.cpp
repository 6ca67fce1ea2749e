// Goals that compare facts with facts (issue 24): arithmetic on both sides of a comparison, its
// precedence, functions, undefined values, the explanations, the messages with their positions, and a
// property test against an evaluator written here independently of the parser.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <string>

#include "core/lesson/goal_expression.hpp"
#include "core/session/session.hpp"

using namespace pl;

namespace {

// 4 points, 2 mistakes, R = 2.5, γ* = 0.5, bound 25, margin −0.25, accuracy 0.75.
GoalFacts facts() {
    GoalFacts f;
    f.points = 4;
    f.positives = 3;
    f.negatives = 1;
    f.separable = true;
    f.mistakes = 2;
    f.epochs = 1;
    f.visits = 5;
    f.accuracy = 0.75;
    f.R = 2.5;
    f.gamma_star = 0.5;
    f.bound = 25;
    f.margin = -0.25;
    f.test_accuracy = 0.5;
    return f;
}

bool holds(const std::string& goal, const GoalFacts& f = facts()) {
    const GoalParse parsed = parse_goal(goal);
    INFO(goal << " -> " << parsed.error);
    REQUIRE(parsed.ok);
    return evaluate_goal(parsed.goal, f);
}

std::string error_of(const std::string& goal) {
    const GoalParse parsed = parse_goal(goal);
    INFO(goal);
    REQUIRE_FALSE(parsed.ok);
    return parsed.error;
}

std::string message_of(const std::string& goal, const GoalFacts& f = facts()) {
    const GoalParse parsed = parse_goal(goal);
    INFO(goal << " -> " << parsed.error);
    REQUIRE(parsed.ok);
    return check_goal(parsed.goal, f).message;
}

}  // namespace

TEST_CASE("goal arithmetic: facts compared with facts, and with computed numbers") {
    CHECK(holds("mistakes <= bound"));
    CHECK_FALSE(holds("bound <= mistakes"));
    CHECK(holds("bound == (R / gamma_star) * (R / gamma_star)"));  // 2.5 / 0.5 = 5, squared 25
    CHECK(holds("margin >= -0.6 * gamma_star"));                   // −0.25 >= −0.3
    CHECK_FALSE(holds("margin >= 0.9 * gamma_star"));
    CHECK(holds("points == positives + negatives"));
    CHECK(holds("visits - mistakes == 3"));
    CHECK(holds("5 - 1 - 1 == 3"));          // left to right
    CHECK(holds("8 / 2 / 2 == 2"));
    CHECK(holds("1 + 2 * 3 == 7"));          // * before +
    CHECK(holds("(1 + 2) * 3 == 9"));
    CHECK(holds("-mistakes == -2"));
    CHECK(holds("mistakes-1 == 1"));         // a '-' after a name is a minus
    CHECK(holds("mistakes -1 == 1"));
    CHECK(holds("- -2 == 2"));
    CHECK(holds("sqrt(bound) == 5"));
    CHECK(holds("abs(margin) == 0.25"));
    CHECK(holds("min(accuracy, test_accuracy) == 0.5"));
    CHECK(holds("max(accuracy, test_accuracy, 0.6) == 0.75"));
    CHECK(holds("abs(margin - gamma_star) < 0.8"));
    CHECK(holds("0.1 + 0.2 == 0.3"));        // the usual tolerance of ==
}

TEST_CASE("goal arithmetic: groups of numbers and groups of conditions side by side") {
    CHECK(holds("(mistakes + 1) <= bound and separable"));
    CHECK(holds("((mistakes + 1) <= bound)"));
    CHECK(holds("(points == 4 or converged) and (visits) == 5"));
    CHECK(holds("not (mistakes * 20 < bound)"));
    CHECK_FALSE(holds("not ((mistakes) * 20 >= bound)"));
}

TEST_CASE("goal arithmetic: a value that does not exist makes the comparison false, with the reason") {
    GoalFacts f = facts();
    f.set_undefined(GoalName::GammaStar, "the data are not separable");
    CHECK_FALSE(holds("mistakes <= R / gamma_star", f));
    CHECK(holds("not (mistakes <= R / gamma_star)", f));
    CHECK(message_of("mistakes <= R / gamma_star", f) == "Not yet: γ* is undefined: the data are not separable.");
    CHECK_FALSE(holds("mistakes / 0 < 1"));
    CHECK(message_of("mistakes / (epochs - 1) < 1") == "Not yet: 'mistakes / (epochs - 1)' has no value: it divides by 0.");
    CHECK(message_of("sqrt(margin) > 0") == "Not yet: 'sqrt(margin)' has no value: the square root of a negative number.");
    CHECK(message_of("bound * 1e308 * 10 > 0") == "Not yet: 'bound * 1e+308' has no value: it is too large.");  // the first to overflow
}

TEST_CASE("goal arithmetic: what a failed check says names each side and its value") {
    GoalFacts f = facts();
    f.mistakes = 30;
    CHECK(message_of("mistakes <= bound", f) == "Not yet: mistakes <= bound is not met: mistakes is 30, the bound (R/γ*)² is 25.");
    CHECK(message_of("margin >= 0.9 * gamma_star") ==
          "Not yet: margin >= 0.9 * gamma_star is not met: the margin is -0.25, 0.9 * gamma_star is 0.45.");
    CHECK(message_of("points >= 5") == "Not yet: points >= 5 is not met: points is 4.");  // as before
    CHECK(message_of("not (mistakes <= bound)") ==
          "Not yet: mistakes <= bound holds (mistakes is 2, the bound (R/γ*)² is 25), but the goal asks for the opposite.");
    CHECK(message_of("1 > 2") == "Not yet: 1 > 2 is not met.");
    CHECK(message_of("(mistakes+1)*2<=-bound") ==
          "Not yet: (mistakes + 1) * 2 <= -bound is not met: (mistakes + 1) * 2 is 6, -bound is -25.");
}

TEST_CASE("goal arithmetic: the names a goal reads, for the card's training buttons") {
    const GoalParse parsed = parse_goal("accuracy >= 0.5 and mistakes <= bound or converged");
    REQUIRE(parsed.ok);
    CHECK(goal_fact_names(parsed.goal) == std::vector<GoalName>{GoalName::Accuracy, GoalName::Mistakes, GoalName::Bound, GoalName::Converged});
}

TEST_CASE("goal arithmetic: mistakes point at the place, with a suggestion where there is one") {
    CHECK(error_of("mistakes <= boundd") == "position 13: expected a number after 'mistakes <=', found 'boundd' (did you mean 'bound'?)");
    CHECK(error_of("mistakes <= bound +") == "position 20: expected a number or a name after '+', found the end of the goal");
    CHECK(error_of("mistakes + <= 3") == "position 12: expected a number or a name after '+', found '<='");
    CHECK(error_of("sqrt 4 > 1") == "position 6: expected '(' after 'sqrt', found '4'");
    CHECK(error_of("min(points) > 1") == "position 1: 'min' takes two or more numbers, separated by ','");
    CHECK(error_of("abs(points, 1) > 1") == "position 1: 'abs' takes one number");
    CHECK(error_of("sqrt(points > 1") == "position 13: expected ',' or an operator or ')' after 'points', found '>'");
    CHECK(error_of("points * separable > 1") == "position 10: 'separable' is true or false, so it is no number to calculate or compare with");
    CHECK(error_of("points + 1") == "position 11: expected a comparison operator after 'points + 1', found the end of the goal");
    CHECK(error_of("points × 2 > 1") == "position 8: expected a comparison operator after 'points', found '×' (write '*')");
    CHECK(error_of("points \xE2\x88\x92 1 > 1") == "position 8: expected a comparison operator after 'points', found '\xE2\x88\x92' (write '-')");
    CHECK(error_of("(points + ) > 1") == "position 11: expected a number or a name after '+', found ')'");
    std::string signs(40, '-');
    CHECK(error_of(signs + "1 < 2") == "position 33: the goal has more than 32 signs in a row");
    CHECK(error_of("((((((((((((((((((((((((((((((((((points)))))))))))))))))))))))))))))))))) > 1") ==
          "position 33: the goal nests '(' and 'not' more than 32 levels deep");
}

namespace {

// An independent reference: random expressions built as text with their value computed here, in
// doubles, by the same rules the language states (no parser involved).
struct Made {
    std::string text;
    double value;
};

Made make(std::mt19937& rng, int depth, const GoalFacts& f) {
    std::uniform_int_distribution<int> pick(0, depth <= 0 ? 2 : 9);
    switch (pick(rng)) {
        case 0: { const int n = std::uniform_int_distribution<int>(1, 9)(rng); return {std::to_string(n), double(n)}; }
        case 1: return {"mistakes", double(f.mistakes)};
        case 2: return {"R", f.R};
        case 3: { Made a = make(rng, depth - 1, f), b = make(rng, depth - 1, f); return {"(" + a.text + " + " + b.text + ")", a.value + b.value}; }
        case 4: { Made a = make(rng, depth - 1, f), b = make(rng, depth - 1, f); return {"(" + a.text + " - " + b.text + ")", a.value - b.value}; }
        case 5: { Made a = make(rng, depth - 1, f), b = make(rng, depth - 1, f); return {a.text + " * " + b.text, a.value * b.value}; }
        case 6: { Made a = make(rng, depth - 1, f); return {"abs(" + a.text + ")", std::fabs(a.value)}; }
        case 7: { Made a = make(rng, depth - 1, f), b = make(rng, depth - 1, f); return {"max(" + a.text + ", " + b.text + ")", std::max(a.value, b.value)}; }
        case 8: { Made a = make(rng, depth - 1, f); return {"-" + a.text, -a.value}; }
        default: { Made a = make(rng, depth - 1, f); return {"sqrt(abs(" + a.text + "))", std::sqrt(std::fabs(a.value))}; }
    }
}

}  // namespace

TEST_CASE("goal arithmetic: 500 random expressions agree with a reference evaluator") {
    std::mt19937 rng(24);
    const GoalFacts f = facts();
    for (int k = 0; k < 500; ++k) {
        const Made a = make(rng, 4, f);
        const Made b = make(rng, 3, f);
        const bool less = a.value < b.value && std::fabs(a.value - b.value) > 1e-9 * std::max(std::fabs(a.value), std::fabs(b.value)) + 1e-12;
        INFO(a.text << " < " << b.text << " (" << a.value << " vs " << b.value << ")");
        CHECK(holds(a.text + " < " + b.text, f) == less);
        char exact[40];
        std::snprintf(exact, sizeof exact, "%.17g", a.value);  // every digit of the reference value
        CHECK(holds(a.text + " == " + exact, f));
    }
}

TEST_CASE("goal arithmetic: 'mistakes <= bound' on a real run agrees with the theory panel's numbers") {
    Session session;  // the lecture's four points, trained until it converges
    REQUIRE(session.train_until_converged());
    const GoalFacts f = goal_facts(session);
    REQUIRE(f.defined(GoalName::Bound));
    CHECK(holds("mistakes <= bound", f) == (static_cast<double>(f.mistakes) <= f.bound + 1e-9));
    CHECK(holds("bound == R * R / (gamma_star * gamma_star)", f));
    CHECK(holds("margin <= gamma_star", f));  // no separator beats the best one
}
