// Goal evaluation (goal_expression.hpp): comparisons against the facts, the boolean tree, and the
// explanations a failed check gives.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/lesson/goal_expression.hpp"

namespace pl {

namespace {

std::string format_literal(double x) {
    char buffer[40];
    if (x == std::floor(x) && std::fabs(x) < 1e15) std::snprintf(buffer, sizeof buffer, "%.0f", x);
    else std::snprintf(buffer, sizeof buffer, "%.10g", x);
    return buffer;
}

bool numbers_equal(double a, double b) {
    if (a == b) return true;
    const double scale = std::max(std::fabs(a), std::fabs(b));
    return std::fabs(a - b) <= std::max(1e-12, 1e-9 * scale);
}

// The fact a comparison reads, or false and why it has no value.
bool fact_of(const GoalComparison& c, const GoalFacts& facts, GoalFactValue& value, std::string& why) {
    value = goal_fact_value(facts, c.name);
    if (c.name == GoalName::WordWeight) return facts.word_weight(c.argument, value.number, why);
    why = facts.why_undefined(c.name);
    return why.empty();
}

std::string fact_label(GoalName name, const std::string& argument) {
    return name == GoalName::WordWeight ? "the weight of '" + argument + "'" : std::string(goal_name_info(name).label);
}

// The value of term i of a numeric comparison, or false and the sentence that says why it has none
// ("γ* is undefined: the data are not separable", "'R / gamma_star' has no value: it divides by 0").
bool term_value(const GoalComparison& c, std::size_t i, const GoalFacts& facts, double& out, std::string& why) {
    const GoalTerm& t = c.terms[i];
    std::vector<double> x(t.children.size());
    for (std::size_t k = 0; k < t.children.size(); ++k)
        if (!term_value(c, t.children[k], facts, x[k], why)) return false;
    auto none = [&](const char* reason) {
        why = "'" + describe_term(c, i) + "' has no value: " + reason;
        return false;
    };
    switch (t.kind) {
        case GoalTerm::Kind::Number: out = t.number; break;
        case GoalTerm::Kind::Fact: {
            std::string reason;
            if (t.name == GoalName::WordWeight) {
                if (!facts.word_weight(t.argument, out, reason)) { why = fact_label(t.name, t.argument) + " is undefined: " + reason; return false; }
                break;
            }
            reason = facts.why_undefined(t.name);
            if (!reason.empty()) { why = fact_label(t.name, t.argument) + " is undefined: " + reason; return false; }
            out = goal_fact_value(facts, t.name).number;
            break;
        }
        case GoalTerm::Kind::Negate: out = -x[0]; break;
        case GoalTerm::Kind::Add: out = x[0] + x[1]; break;
        case GoalTerm::Kind::Subtract: out = x[0] - x[1]; break;
        case GoalTerm::Kind::Multiply: out = x[0] * x[1]; break;
        case GoalTerm::Kind::Divide:
            if (x[1] == 0.0) return none("it divides by 0");
            out = x[0] / x[1];
            break;
        case GoalTerm::Kind::Power:
            // std::pow would answer NaN or infinity; like a division by 0, these have no value.
            if (x[0] < 0.0 && x[1] != std::floor(x[1])) return none("a negative number to a power that is not a whole number");
            if (x[0] == 0.0 && x[1] < 0.0) return none("0 to a negative power divides by 0");
            out = std::pow(x[0], x[1]);
            break;
        case GoalTerm::Kind::Sqrt:
            if (x[0] < 0.0) return none("the square root of a negative number");
            out = std::sqrt(x[0]);
            break;
        case GoalTerm::Kind::Abs: out = std::fabs(x[0]); break;
        case GoalTerm::Kind::Min: out = *std::min_element(x.begin(), x.end()); break;
        case GoalTerm::Kind::Max: out = *std::max_element(x.begin(), x.end()); break;
    }
    if (!std::isfinite(out)) return none("it is too large");
    return true;
}

// Both sides of a numeric comparison, or false and why one has no value.
bool sides_of(const GoalComparison& c, const GoalFacts& facts, double& x, double& y, std::string& why) {
    return term_value(c, c.left, facts, x, why) && term_value(c, c.right, facts, y, why);
}

// "mistakes is 7, bound is 6": each side that is not a plain number, with its value.
std::string describe_sides(const GoalComparison& c, double x, double y) {
    std::string out;
    for (const auto& [term, value] : {std::pair<std::size_t, double>{c.left, x}, {c.right, y}}) {
        const GoalTerm& t = c.terms[term];
        if (t.kind == GoalTerm::Kind::Number) continue;
        GoalFactValue v;
        v.number = value;
        const std::string name = t.kind == GoalTerm::Kind::Fact ? fact_label(t.name, t.argument) : describe_term(c, term);
        out += (out.empty() ? "" : ", ") + name + " is " + describe_fact_value(v);
    }
    return out;
}

bool compare(const GoalComparison& c, const GoalFacts& facts) {
    double x = 0.0, y = 0.0;
    if (c.numeric()) {
        std::string why;
        if (!sides_of(c, facts, x, y, why)) return false;
    } else {
        GoalFactValue v;
        std::string why;
        if (!fact_of(c, facts, v, why)) return false;
        return v.kind == GoalValueKind::Boolean ? (v.boolean == c.boolean) == (c.op == GoalOp::Equal)
                                                : (v.word == c.word) == (c.op == GoalOp::Equal);
    }
    switch (c.op) {
        case GoalOp::Equal: return numbers_equal(x, y);
        case GoalOp::NotEqual: return !numbers_equal(x, y);
        case GoalOp::Less: return x < y && !numbers_equal(x, y);
        case GoalOp::LessEqual: return x < y || numbers_equal(x, y);
        case GoalOp::Greater: return x > y && !numbers_equal(x, y);
        case GoalOp::GreaterEqual: return x > y || numbers_equal(x, y);
    }
    return false;
}

bool evaluate_node(const Goal& goal, std::size_t index, const GoalFacts& facts) {
    const GoalNode& node = goal.nodes[index];
    switch (node.kind) {
        case GoalNode::Kind::Compare: return compare(node.compare, facts);
        case GoalNode::Kind::Not: return !evaluate_node(goal, node.children[0], facts);
        case GoalNode::Kind::And:
            for (std::size_t child : node.children)
                if (!evaluate_node(goal, child, facts)) return false;
            return true;
        case GoalNode::Kind::Or:
            for (std::size_t child : node.children)
                if (evaluate_node(goal, child, facts)) return true;
            return false;
    }
    return false;
}

// why(node, wanted): the comparisons that make `node` differ from `wanted`.
void explain(const Goal& goal, std::size_t index, bool wanted, const GoalFacts& facts, std::vector<std::string>& out) {
    const GoalNode& node = goal.nodes[index];
    switch (node.kind) {
        case GoalNode::Kind::Compare: {
            const GoalComparison& c = node.compare;
            const std::string label = fact_label(c.name, c.argument);
            std::string reason, why, value;
            GoalFactValue fact;
            double x = 0.0, y = 0.0;
            if (c.numeric() ? !sides_of(c, facts, x, y, why) : !fact_of(c, facts, fact, why)) {
                reason = c.numeric() ? why : label + " is undefined: " + why;
            } else {
                value = c.numeric() ? describe_sides(c, x, y) : label + " is " + describe_fact_value(fact);
                const std::string text = describe_comparison(c);
                if (value.empty()) reason = wanted ? text + " is not met" : text + " holds, but the goal asks for the opposite";
                else reason = wanted ? text + " is not met: " + value
                                     : text + " holds (" + value + "), but the goal asks for the opposite";
            }
            if (std::find(out.begin(), out.end(), reason) == out.end()) out.push_back(std::move(reason));
            return;
        }
        case GoalNode::Kind::Not: explain(goal, node.children[0], !wanted, facts, out); return;
        case GoalNode::Kind::And:
        case GoalNode::Kind::Or:
            // A failed "and" is explained by its false parts; a failed "or" by all of them (all false).
            // Under "not" the roles swap: a true "or" by its true parts, a true "and" by all of them.
            for (std::size_t child : node.children)
                if (evaluate_node(goal, child, facts) != wanted) explain(goal, child, wanted, facts, out);
            return;
    }
}

}  // namespace

std::string comparison_name(const GoalComparison& c) {
    if (c.name == GoalName::WordWeight) return std::string(kWordWeightPrefix) + c.argument;
    return std::string(goal_name_info(c.name).text);
}

std::string describe_comparison(const GoalComparison& c) {
    if (c.numeric()) return describe_term(c, c.left) + " " + std::string(to_string(c.op)) + " " + describe_term(c, c.right);
    const std::string out = comparison_name(c) + " " + std::string(to_string(c.op)) + " ";
    return out + (goal_name_info(c.name).kind == GoalValueKind::Boolean ? (c.boolean ? "true" : "false") : c.word);
}

namespace {
// How tightly a term binds when printed: a child that binds less than its parent gets parentheses.
int binding(GoalTerm::Kind kind) {
    switch (kind) {
        case GoalTerm::Kind::Add: case GoalTerm::Kind::Subtract: return 1;
        case GoalTerm::Kind::Multiply: case GoalTerm::Kind::Divide: return 2;
        case GoalTerm::Kind::Negate: return 3;
        case GoalTerm::Kind::Power: return 4;
        default: return 5;
    }
}
}  // namespace

std::string describe_term(const GoalComparison& c, std::size_t i) {
    const GoalTerm& t = c.terms[i];
    auto child = [&](std::size_t k, bool right_of_minus_or_divide) {
        const std::string text = describe_term(c, t.children[k]);
        const int inner = binding(c.terms[t.children[k]].kind), outer = binding(t.kind);
        return inner < outer || (right_of_minus_or_divide && inner == outer) ? "(" + text + ")" : text;
    };
    auto list = [&]() {
        std::string out;
        for (std::size_t k = 0; k < t.children.size(); ++k) out += (k ? ", " : "") + describe_term(c, t.children[k]);
        return out;
    };
    switch (t.kind) {
        case GoalTerm::Kind::Number: return format_literal(t.number);
        case GoalTerm::Kind::Fact:
            return t.name == GoalName::WordWeight ? std::string(kWordWeightPrefix) + t.argument : std::string(goal_name_info(t.name).text);
        case GoalTerm::Kind::Negate: return "-" + child(0, false);
        case GoalTerm::Kind::Add: return child(0, false) + " + " + child(1, false);
        case GoalTerm::Kind::Subtract: return child(0, false) + " - " + child(1, true);
        case GoalTerm::Kind::Multiply: return child(0, false) + " * " + child(1, false);
        case GoalTerm::Kind::Divide: return child(0, false) + " / " + child(1, true);
        case GoalTerm::Kind::Power: {
            // Written as mathematics writes it, "(R / gamma_star)^2". The base is grouped when it is a
            // power itself (powers chain to the right) or a negative number ("(-2)^2", not "-2^2").
            const GoalTerm& base = c.terms[t.children[0]];
            const bool negative = base.kind == GoalTerm::Kind::Number && std::signbit(base.number);
            const std::string left = child(0, true);
            return (negative ? "(" + left + ")" : left) + "^" + child(1, false);
        }
        case GoalTerm::Kind::Sqrt: return "sqrt(" + list() + ")";
        case GoalTerm::Kind::Abs: return "abs(" + list() + ")";
        case GoalTerm::Kind::Min: return "min(" + list() + ")";
        case GoalTerm::Kind::Max: return "max(" + list() + ")";
    }
    return "";
}

std::vector<GoalName> goal_fact_names(const Goal& goal) {
    std::vector<GoalName> out;
    auto add = [&](GoalName name) { if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name); };
    for (const GoalNode& node : goal.nodes) {
        if (node.kind != GoalNode::Kind::Compare) continue;
        if (!node.compare.numeric()) { add(node.compare.name); continue; }
        for (const GoalTerm& t : node.compare.terms)
            if (t.kind == GoalTerm::Kind::Fact) add(t.name);
    }
    return out;
}

bool goal_number_value(const GoalNumber& number, const GoalFacts& facts, double& out, std::string& why) {
    if (number.expression.terms.empty()) {
        why = "there is no number";
        return false;
    }
    return term_value(number.expression, number.expression.left, facts, out, why);
}

bool evaluate_goal(const Goal& goal, const GoalFacts& facts) {
    return !goal.nodes.empty() && evaluate_node(goal, goal.root(), facts);
}

GoalCheck check_goal(const Goal& goal, const GoalFacts& facts) {
    GoalCheck check;
    if (goal.nodes.empty()) {
        check.message = "There is no goal to check.";
        check.reasons.push_back(check.message);
        return check;
    }
    check.passed = evaluate_node(goal, goal.root(), facts);
    if (check.passed) return check;
    explain(goal, goal.root(), true, facts, check.reasons);
    constexpr std::size_t kMaxReasons = 6;
    if (check.reasons.size() > kMaxReasons) check.reasons.resize(kMaxReasons);
    // Names keep their spelling (they are case-sensitive), so the sentence starts with "Not yet".
    check.message = "Not yet: ";
    for (std::size_t i = 0; i < check.reasons.size(); ++i) check.message += (i ? "; " : "") + check.reasons[i];
    check.message += '.';
    return check;
}

}  // namespace pl
