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

bool compare(const GoalComparison& c, const GoalFacts& facts) {
    GoalFactValue v;
    std::string why;
    if (!fact_of(c, facts, v, why)) return false;
    switch (v.kind) {
        case GoalValueKind::Boolean: return (v.boolean == c.boolean) == (c.op == GoalOp::Equal);
        case GoalValueKind::Word: return (v.word == c.word) == (c.op == GoalOp::Equal);
        case GoalValueKind::Number: break;
    }
    const double x = v.number, y = c.number;
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
            const GoalNameInfo& info = goal_name_info(c.name);
            const std::string label = c.name == GoalName::WordWeight ? "the weight of '" + c.argument + "'" : std::string(info.label);
            std::string reason, why;
            GoalFactValue fact;
            if (!fact_of(c, facts, fact, why)) {
                reason = label + " is undefined: " + why;
            } else {
                const std::string value = label + " is " + describe_fact_value(fact);
                reason = wanted ? describe_comparison(c) + " is not met: " + value
                                : describe_comparison(c) + " holds (" + value + "), but the goal asks for the opposite";
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
    const GoalNameInfo& info = goal_name_info(c.name);
    std::string out = comparison_name(c) + " " + std::string(to_string(c.op)) + " ";
    switch (info.kind) {
        case GoalValueKind::Number: return out + format_literal(c.number);
        case GoalValueKind::Boolean: return out + (c.boolean ? "true" : "false");
        case GoalValueKind::Word: return out + c.word;
    }
    return out;
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
