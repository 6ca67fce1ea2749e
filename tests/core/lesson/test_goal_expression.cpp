// The goal language (goal_expression.hpp) against hand-made facts: every operator, the precedence of
// not > and > or, booleans and words, undefined facts, and the error messages with their positions.
#include <doctest/doctest.h>

#include <string>

#include "core/lesson/goal_expression.hpp"

using namespace pl;

namespace {

// Facts of a small hand-made situation: 4 points (3 positive), separable, 2 mistakes so far.
GoalFacts sample_facts() {
    GoalFacts f;
    f.points = 4;
    f.positives = 3;
    f.negatives = 1;
    f.separable = true;
    f.converged = false;
    f.mistakes = 2;
    f.epochs = 1;
    f.visits = 5;
    f.accuracy = 0.75;
    f.R = 2.5;
    f.gamma_star = 0.5;
    f.bound = 25;
    f.margin = -0.25;
    f.algorithm = Algorithm::Kernel;
    f.kernel = KernelType::Polynomial;
    f.lift = LiftKind::Product;
    f.bias = BiasMode::None;
    f.support_vectors = 2;
    return f;
}

bool holds(const std::string& goal, const GoalFacts& facts = sample_facts()) {
    const GoalParse parsed = parse_goal(goal);
    INFO(goal << " -> " << parsed.error);
    REQUIRE(parsed.ok);
    return evaluate_goal(parsed.goal, facts);
}

std::string error_of(const std::string& goal) {
    const GoalParse parsed = parse_goal(goal);
    INFO(goal);
    REQUIRE_FALSE(parsed.ok);
    CHECK(parsed.position >= 1);
    return parsed.error;
}

}  // namespace

TEST_CASE("goal: every comparison operator on numbers") {
    CHECK(holds("points == 4"));
    CHECK_FALSE(holds("points == 5"));
    CHECK(holds("points != 5"));
    CHECK_FALSE(holds("points != 4"));
    CHECK(holds("mistakes < 3"));
    CHECK_FALSE(holds("mistakes < 2"));
    CHECK(holds("mistakes <= 2"));
    CHECK_FALSE(holds("mistakes <= 1"));
    CHECK(holds("accuracy > 0.5"));
    CHECK_FALSE(holds("accuracy > 0.75"));
    CHECK(holds("accuracy >= 0.75"));
    CHECK_FALSE(holds("accuracy >= 0.76"));
    CHECK(holds("margin < 0 and margin > -0.3 and margin >= -0.25"));
    CHECK(holds("bound == 25 and R == 2.5 and gamma_star == 0.5 and support_vectors == 2"));
    CHECK(holds("positives == 3 and negatives == 1 and epochs == 1 and visits == 5"));
    CHECK(holds("points>=4"));                 // no spaces needed
    CHECK(holds("points == 4e0 and accuracy == 75e-2"));
}

TEST_CASE("goal: == and <= forgive rounding in the last bits, < and > do not invent it") {
    GoalFacts f = sample_facts();
    f.accuracy = 0.1 + 0.2;  // 0.30000000000000004
    CHECK(holds("accuracy == 0.3", f));
    CHECK(holds("accuracy <= 0.3", f));
    CHECK_FALSE(holds("accuracy > 0.3", f));
    CHECK_FALSE(holds("accuracy != 0.3", f));
    f.accuracy = 0.301;
    CHECK_FALSE(holds("accuracy == 0.3", f));
    CHECK(holds("accuracy > 0.3", f));
}

TEST_CASE("goal: booleans, the bare boolean shorthand and words") {
    CHECK(holds("separable == true"));
    CHECK(holds("separable != false"));
    CHECK(holds("converged == false"));
    CHECK(holds("separable"));
    CHECK_FALSE(holds("converged"));
    CHECK(holds("not converged"));
    CHECK(holds("separable == TRUE and not (converged)"));
    CHECK(holds("algorithm == kernel and kernel == poly and lift == xy and bias == none"));
    CHECK(holds("algorithm != perceptron"));
    CHECK(holds("algorithm == dual"));       // an alias names.hpp accepts
    CHECK(holds("lift == PRODUCT"));         // words are case-insensitive, like everywhere else
    CHECK_FALSE(holds("kernel == rbf"));
}

TEST_CASE("goal: precedence is not > and > or, parentheses override") {
    // true or (false and false) = true;  (true or false) and false = false
    CHECK(holds("separable or converged and points == 5"));
    CHECK_FALSE(holds("(separable or converged) and points == 5"));
    // (not true) and false = false;  not (true and false) = true
    CHECK_FALSE(holds("not separable and converged"));
    CHECK(holds("not (separable and converged)"));
    // (not false) or false = true; and binds before or on both sides
    CHECK(holds("not converged or points == 7"));
    CHECK(holds("points == 9 or points == 4 and separable or converged"));
    CHECK_FALSE(holds("points == 9 or points == 4 and converged"));
    CHECK(holds("not not separable"));
    CHECK(holds("((((points == 4))))"));
    // The tree itself: an "or" of an "and" at the root.
    const GoalParse parsed = parse_goal("points == 1 and points == 2 or points == 3");
    REQUIRE(parsed.ok);
    const GoalNode& root = parsed.goal.nodes[parsed.goal.root()];
    CHECK(root.kind == GoalNode::Kind::Or);
    REQUIRE(root.children.size() == 2);
    CHECK(parsed.goal.nodes[root.children[0]].kind == GoalNode::Kind::And);
    CHECK(parsed.goal.nodes[root.children[1]].kind == GoalNode::Kind::Compare);
}

TEST_CASE("goal: undefined facts make comparisons false and are explained") {
    GoalFacts f = sample_facts();
    f.separable = false;
    f.set_undefined(GoalName::GammaStar, "the data are not separable");
    f.set_undefined(GoalName::Bound, "the data are not separable");
    CHECK_FALSE(holds("gamma_star > 0", f));
    CHECK_FALSE(holds("gamma_star <= 0", f));  // neither side of any comparison
    CHECK_FALSE(holds("gamma_star != 1", f));
    CHECK(holds("not (gamma_star > 1)", f));
    CHECK(holds("bound < 10 or points == 4", f));

    const GoalParse parsed = parse_goal("gamma_star > 0.1 and points >= 5");
    REQUIRE(parsed.ok);
    const GoalCheck check = check_goal(parsed.goal, f);
    CHECK_FALSE(check.passed);
    REQUIRE(check.reasons.size() == 2);
    CHECK(check.reasons[0] == "γ* is undefined: the data are not separable");
    CHECK(check.reasons[1] == "points >= 5 is not met: points is 4");
    CHECK(check.message == "Not yet: γ* is undefined: the data are not separable; points >= 5 is not met: points is 4.");
}

TEST_CASE("goal: check_goal names only what keeps the goal from holding") {
    const GoalFacts f = sample_facts();
    auto reasons = [&](const std::string& goal) {
        const GoalParse parsed = parse_goal(goal);
        REQUIRE(parsed.ok);
        return check_goal(parsed.goal, f);
    };
    GoalCheck passed = reasons("points == 4 and separable");
    CHECK(passed.passed);
    CHECK(passed.message.empty());
    CHECK(passed.reasons.empty());

    // "and": only the false part.
    GoalCheck and_check = reasons("points == 4 and accuracy >= 0.9");
    REQUIRE(and_check.reasons.size() == 1);
    CHECK(and_check.reasons[0] == "accuracy >= 0.9 is not met: accuracy is 0.75");
    CHECK(and_check.message == "Not yet: accuracy >= 0.9 is not met: accuracy is 0.75.");

    // "or": every part (all are false).
    GoalCheck or_check = reasons("points == 5 or converged");
    REQUIRE(or_check.reasons.size() == 2);
    CHECK(or_check.reasons[0] == "points == 5 is not met: points is 4");
    CHECK(or_check.reasons[1] == "converged == true is not met: converged is false");

    // "not": the part that holds although it should not.
    GoalCheck not_check = reasons("not separable");
    REQUIRE(not_check.reasons.size() == 1);
    CHECK(not_check.reasons[0] == "separable == true holds (separable is true), but the goal asks for the opposite");

    // Words are shown by their canonical names.
    GoalCheck word_check = reasons("lift == radial");
    REQUIRE(word_check.reasons.size() == 1);
    CHECK(word_check.reasons[0] == "lift == radial is not met: lift is xy");
}

TEST_CASE("goal: errors name the position and what was expected") {
    CHECK(error_of("points = 5") ==
          "position 8: expected a comparison operator after 'points', found '=' (did you mean '=='?)");
    CHECK(error_of("separable == true and points = 5") ==
          "position 30: expected a comparison operator after 'points', found '=' (did you mean '=='?)");
    CHECK(error_of("point >= 5") == "position 1: unknown name 'point' (did you mean 'points'?)");
    CHECK(error_of("mistakes >= 1 and Converged") == "position 19: unknown name 'Converged' (did you mean 'converged'?)");
    CHECK(error_of("gamma >= 1") == "position 1: unknown name 'gamma' (did you mean 'gamma_star'?)");
    CHECK(error_of("zzzzzzzzzzzz > 1").find("unknown name 'zzzzzzzzzzzz' (the names are points positives") != std::string::npos);
    CHECK(error_of("points >= ") == "position 11: expected a number after 'points >=', found the end of the goal");
    CHECK(error_of("points >= many") == "position 11: expected a number after 'points >=', found 'many'");
    CHECK(error_of("separable == 1") == "position 14: expected true or false after 'separable ==', found '1'");
    CHECK(error_of("separable < true") ==
          "position 11: 'separable' is true or false, so it compares only with == or !=, not '<'");
    CHECK(error_of("algorithm >= kernel") ==
          "position 11: 'algorithm' holds a word, so it compares only with == or !=, not '>='");
    CHECK(error_of("algorithm == kernal") ==
          "position 14: expected one of perceptron|pocket|averaged|voted|logistic|kernel after 'algorithm ==', "
          "found 'kernal' (did you mean 'kernel'?)");
    CHECK(error_of("lift == 2").find("position 9: expected one of none|xy|radial|poly2|constant") == 0);
    CHECK(error_of("points == 4 separable") ==
          "position 13: expected 'and', 'or' or the end of the goal after '4', found 'separable'");
    CHECK(error_of("(points == 4") == "position 13: expected ')' to close the '(' at position 1, found the end of the goal");
    CHECK(error_of("(points == 4 converged)") ==
          "position 14: expected 'and', 'or' or ')' after '4', found 'converged'");
    CHECK(error_of("points == 4)") == "position 12: found ')' without a matching '('");
    CHECK(error_of("points == 4 and") == "position 16: expected a name (such as 'points'), 'not' or '(', found the end of the goal");
    CHECK(error_of("and points == 4") == "position 1: expected a name (such as 'points'), 'not' or '(', found 'and'");
    CHECK(error_of("points == 4 && separable") ==
          "position 13: expected 'and', 'or' or the end of the goal after '4', found '&&' (write 'and')");
    CHECK(error_of("!separable") ==
          "position 1: expected a name (such as 'points'), 'not' or '(', found '!' (write 'not' to negate, or '!=' for 'differs from')");
    CHECK(error_of("points =< 4") == "position 8: expected a comparison operator after 'points', found '=<' (did you mean '<='?)");
    CHECK(error_of("algorithm == \"kernel\"") ==
          "position 14: expected one of perceptron|pocket|averaged|voted|logistic|kernel after 'algorithm ==', found '\"' "
          "(write words without quotes)");
    CHECK(error_of("points 5") == "position 8: expected a comparison operator after 'points', found '5'");
    CHECK(error_of("points >= 1e999") == "position 11: the number '1e999' is too large");
    CHECK(error_of("") == "position 1: the goal is empty (expected a comparison such as 'points >= 5')");
    CHECK(error_of("   ") == "position 1: the goal is empty (expected a comparison such as 'points >= 5')");
}

TEST_CASE("goal: positions count characters, not bytes") {
    // "γ* ≥ 1": γ is two bytes and ≥ three, but the author sees 6 characters; '*' is the second.
    CHECK(error_of("γ* >= 1") == "position 1: expected a name (such as 'points'), 'not' or '(', found 'γ'");
    CHECK(error_of("points ≥ 4") == "position 8: expected a comparison operator after 'points', found '≥' (write '>=')");
    CHECK(error_of("(γ) and x") == "position 2: expected a name (such as 'points'), 'not' or '(', found 'γ'");
    CHECK(error_of("points == 4 ≠") ==
          "position 13: expected 'and', 'or' or the end of the goal after '4', found '≠' (write '!=')");
    CHECK(error_of("points\x01== 4") == "position 7: expected a comparison operator after 'points', found a control character");
}

TEST_CASE("goal: length and nesting are bounded, with a message") {
    std::string deep;
    for (std::size_t i = 0; i < kMaxGoalDepth; ++i) deep += "(";
    deep += "points == 4";
    for (std::size_t i = 0; i < kMaxGoalDepth; ++i) deep += ")";
    CHECK(holds(deep));
    CHECK(error_of("(" + deep + ")") == "position 33: the goal nests '(' and 'not' more than 32 levels deep");

    std::string nots;
    for (int i = 0; i < 40; ++i) nots += "not ";
    CHECK(error_of(nots + "separable") == "position 129: the goal nests '(' and 'not' more than 32 levels deep");

    std::string chain = "points == 4";
    while (chain.size() + 17 <= kMaxGoalLength) chain += " and points == 4";
    CHECK(holds(chain));  // long flat chains are fine (no recursion per "and")
    const std::string too_long(kMaxGoalLength + 1, ' ');
    CHECK(error_of(too_long) == "position 1001: the goal is 1001 bytes long; at most 1000 are allowed");
}

TEST_CASE("goal: a default Goal never passes and says so") {
    const Goal empty;
    CHECK_FALSE(evaluate_goal(empty, sample_facts()));
    const GoalCheck check = check_goal(empty, sample_facts());
    CHECK_FALSE(check.passed);
    CHECK(check.message == "There is no goal to check.");
}

TEST_CASE("goal: describe_comparison writes the canonical form") {
    const GoalParse parsed = parse_goal("accuracy>=0.8 and algorithm==DUAL and not converged and margin < -1.5");
    REQUIRE(parsed.ok);
    std::vector<std::string> described;
    for (const GoalNode& node : parsed.goal.nodes)
        if (node.kind == GoalNode::Kind::Compare) described.push_back(describe_comparison(node.compare));
    REQUIRE(described.size() == 4);
    CHECK(described[0] == "accuracy >= 0.8");
    CHECK(described[1] == "algorithm == kernel");
    CHECK(described[2] == "converged == true");
    CHECK(described[3] == "margin < -1.5");
}

TEST_CASE("goal: closest_spelling suggests only close names") {
    const std::vector<std::string> keys{"title", "text", "hint", "success"};
    CHECK(closest_spelling("hnit", keys) == "hint");
    CHECK(closest_spelling("Title", keys) == "title");
    CHECK(closest_spelling("sucess", keys) == "success");
    CHECK(closest_spelling("completely-different", keys).empty());
}

TEST_CASE("goal: hostile inputs give messages, not crashes") {
    CHECK(error_of(std::string("points\0== 4", 11)) ==
          "position 7: expected a comparison operator after 'points', found a control character");
    CHECK(error_of("\xff\xfe") == "position 1: expected a name (such as 'points'), 'not' or '(', found '\xff'");
    CHECK(error_of("points >= .5") == "position 11: expected a number after 'points >=', found '.' (write a digit before the point, as in 0.5)");
    CHECK(error_of("points >= 5.") == "position 12: expected 'and', 'or' or the end of the goal after '5', found '.'");
    CHECK(error_of("points >= -") == "position 11: expected a number after 'points >=', found '-'");
    CHECK(error_of("points >= 5abc") == "position 12: expected 'and', 'or' or the end of the goal after '5', found 'abc'");
    CHECK(holds("points >= 1e-400"));  // underflows to 0: still a number
    const std::string long_name(900, 'q');
    CHECK(error_of(long_name + " > 1").rfind("position 1: unknown name 'qqqq", 0) == 0);  // quoted, cut to 40
    CHECK(error_of(long_name + " > 1").find("...'") != std::string::npos);
    std::string many_parens;
    for (int i = 0; i < 400; ++i) many_parens += ")(";
    CHECK(error_of(many_parens) == "position 1: expected a name (such as 'points'), 'not' or '(', found ')'");
}
