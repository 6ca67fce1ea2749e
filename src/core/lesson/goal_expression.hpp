// Lesson goals: small boolean expressions over the facts of goal_facts.hpp, e.g.
//     separable == false and points >= 5
//     converged and (lift == xy or lift == poly2)
//     not (mistakes > 3)
//
// [SECTION] The language
//   goal        := or_expr
//   or_expr     := and_expr ( "or" and_expr )*
//   and_expr    := unary ( "and" unary )*
//   unary       := "not" unary | "(" or_expr ")" | comparison
//   comparison  := sum op sum                               (numbers: facts with facts, or numbers)
//                | name op value  |  boolean-name          (a bare "converged" means "converged == true")
//   op          := == | != | < | <= | > | >=
//   value       := true | false (boolean names) | word (word names)
//   sum         := product ( ("+" | "-") product )*
//   product     := factor ( ("*" | "/") factor )*
//   factor      := "-" factor | power
//   power       := primary ( "^" factor )?
//   primary     := number | numeric-name | "(" sum ")"
//                | sqrt "(" sum ")" | abs "(" sum ")" | min "(" sum ("," sum)+ ")" | max "(" ... ")"
// So "not" binds tighter than "and", which binds tighter than "or": "not a and b or c" is
// "((not a) and b) or c"; in numbers * and / bind tighter than + and -, as usual, and "^" (a power)
// tighter still, chaining to the right and binding tighter than a sign on its left, as in mathematics:
// -2^2 is -4, 2^-1 is 0.5, 2^3^2 is 2^9 = 512, 2*3^2 is 18.
//     mistakes <= bound            margin >= 0.9 * gamma_star        bound == (R / gamma_star)^2
//     abs(margin - gamma_star) < 0.01              min(accuracy, test_accuracy) >= 0.9
// A "(" that opens a group of numbers is told from one that opens a group of conditions by what follows
// its ")": an arithmetic or comparison operator means numbers ("(mistakes + 1) <= bound"). Keywords (and, or, not, true, false) are case-insensitive; names are exact
// (goal_names() in goal_facts.hpp). Numbers: [-]digits[.digits][e[+|-]digits]. Words are checked when
// the goal is parsed against the enum's names (names.hpp; its aliases are accepted), so a typo is an
// error at load time, not a goal that silently never passes. Booleans and words compare only with == and
// !=. Numbers: == and != treat values within a relative 1e-9 (absolute 1e-12 near 0) as equal, and <=, >=
// include that tolerance, so "accuracy == 0.3" holds for 0.30000000000000004.
// A comparison whose fact is undefined (goal_facts.hpp) is false; "not" of it is true. So is one whose
// arithmetic has no value: a division by 0, the square root of a negative number, a negative number to
// a power that is not whole ((-8)^(1/3)), 0 to a negative power, a result too large (10^400).
//
// [SECTION] Limits and errors
// At most kMaxGoalLength bytes, kMaxGoalDepth nested "(" / "not", and as many signs or powers ("^") in a
// row (each nests the parser one level deeper). Parsing never throws or crashes on
// any input; an error carries the 1-based character position (UTF-8 characters, as an editor counts
// them) and says what was expected and what was found, with a suggestion when there is an obvious one:
//     position 8: expected a comparison operator after 'points', found '=' (did you mean '=='?)
//     position 1: unknown name 'point' (did you mean 'points'?)
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/facts/goal_facts.hpp"

namespace pl {

inline constexpr std::size_t kMaxGoalLength = 1000;  // bytes
inline constexpr std::size_t kMaxGoalDepth = 32;     // nested "(" and "not"

enum class GoalOp { Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual };
std::string_view to_string(GoalOp op);  // "==", ...

// One operand of arithmetic, in the flat tree of a numeric comparison (children index its terms).
struct GoalTerm {
    enum class Kind { Number, Fact, Negate, Add, Subtract, Multiply, Divide, Power, Sqrt, Abs, Min, Max } kind = Kind::Number;
    double number = 0.0;                 // Number
    GoalName name = GoalName::Points;    // Fact (a numeric name)
    std::string argument;                // Fact weight_WORD: the word
    std::vector<std::size_t> children;   // Negate, Sqrt, Abs: one; Add ... Power: two (Power: base, exponent); Min, Max: two or more
};

struct GoalComparison {
    GoalName name = GoalName::Points;  // Boolean and Word names; numbers: the first fact named, if any
    GoalOp op = GoalOp::Equal;
    bool boolean = true;   // Boolean names
    std::string word;      // Word names: the canonical name
    std::string argument;  // weight_WORD: the word (a-z, 0-9)
    std::size_t position = 1;  // 1-based character position of the comparison's first token
    // Numbers: both sides as arithmetic ("points >= 5" too: a fact and a number).
    std::vector<GoalTerm> terms;
    std::size_t left = 0, right = 0;  // roots in terms
    bool numeric() const { return !terms.empty(); }
};

// The parsed expression as a flat tree (nodes refer to each other by index; the root is last).
struct GoalNode {
    enum class Kind { Compare, And, Or, Not } kind = Kind::Compare;
    std::vector<std::size_t> children;  // And/Or: two or more; Not: one
    GoalComparison compare;             // Kind::Compare only
};

struct Goal {
    std::string text;             // as written
    std::vector<GoalNode> nodes;  // empty for a default-constructed Goal (which never passes)
    std::size_t root() const { return nodes.size() - 1; }
};

struct GoalParse {
    bool ok = false;
    Goal goal;
    std::string error;         // "position 8: expected ..." when !ok
    std::size_t position = 0;  // the position named in the error (1-based characters)
};
GoalParse parse_goal(std::string_view text);

// A number alone, in the arithmetic of goals (`sum` above): the key of a numeric exercise ("bound",
// "(R / gamma_star)^2", "39/7") or a student's typed answer ("39/7", "sqrt(5)", "-2.5", "(2.449/1.038)^2").
// Same limits and messages as goals ("position 4: expected a number or a name after '/', found the end").
struct GoalNumber {
    std::string text;               // as written
    GoalComparison expression;      // terms; expression.left is the root
    bool uses_facts() const;        // names a fact (a student's answer must not)
};
struct GoalNumberParse {
    bool ok = false;
    GoalNumber number;
    std::string error;
    std::size_t position = 0;
};
GoalNumberParse parse_goal_number(std::string_view text);
// The value on these facts, or false and why it has none ("γ* is undefined: the data are not separable").
bool goal_number_value(const GoalNumber& number, const GoalFacts& facts, double& out, std::string& why);

// Canonical text of a comparison ("points >= 5", "separable == true", "weight_the == 0",
// "mistakes <= bound"), for messages. comparison_name: its (first) name as written ("points", "weight_the").
std::string comparison_name(const GoalComparison& comparison);
std::string describe_comparison(const GoalComparison& comparison);

bool evaluate_goal(const Goal& goal, const GoalFacts& facts);

// Every fact a goal reads (each once, in order of first use): the lesson card offers the training
// buttons when a goal reads mistakes, epochs, visits or converged.
std::vector<GoalName> goal_fact_names(const Goal& goal);
// Canonical text of one side of a numeric comparison ("0.9 * gamma_star").
std::string describe_term(const GoalComparison& comparison, std::size_t term);

// What a "Check" button says. passed: the goal holds. reasons: when it does not, the comparisons that
// keep it from holding (or, under "not", that hold although the goal wants them not to), each as one
// sentence: "points >= 5 is not met: points is 4", "γ* is undefined: the data are not separable".
// message: "Not yet: " and the reasons joined by "; ", or "" when passed.
struct GoalCheck {
    bool passed = false;
    std::vector<std::string> reasons;
    std::string message;
};
GoalCheck check_goal(const Goal& goal, const GoalFacts& facts);

// The candidate spelled most like `text` (ignoring case; edit distance at most max(2, half its
// length)), else the first candidate that starts with `text` (3 characters or more), else "". Used for unknown names here and unknown keys in lessons.
std::string closest_spelling(std::string_view text, const std::vector<std::string>& candidates);

}  // namespace pl
