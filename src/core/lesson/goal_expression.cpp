// Goal expressions: a hand-written recursive-descent parser (grammar and limits in goal_expression.hpp;
// the tokens in goal_lexer.cpp). Evaluation and explanations live in goal_evaluate.cpp.
#include "core/lesson/goal_expression.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "core/lesson/goal_lexer.hpp"
#include "core/base/decimal.hpp"

namespace pl {

std::string_view to_string(GoalOp op) {
    switch (op) {
        case GoalOp::Equal: return "==";
        case GoalOp::NotEqual: return "!=";
        case GoalOp::Less: return "<";
        case GoalOp::LessEqual: return "<=";
        case GoalOp::Greater: return ">";
        case GoalOp::GreaterEqual: return ">=";
    }
    return "==";
}

namespace {

using goal_lexer::keyword;
using goal_lexer::quoted;
using goal_lexer::split_choices;
using goal_lexer::Token;

// [SECTION] Parser
class Parser {
public:
    explicit Parser(std::string_view text) : text_(text), tokens_(goal_lexer::lex(text)) {}

    GoalParse run() {
        GoalParse result;
        result.goal.text = std::string(text_);
        const bool parsed = parse_or() && expect_end();
        if (!parsed) {
            result.error = "position " + std::to_string(error_position_) + ": " + error_;
            result.position = error_position_;
            return result;
        }
        result.ok = true;
        result.goal.nodes = std::move(nodes_);
        return result;
    }

    // A number alone (parse_goal_number).
    GoalNumberParse run_number() {
        GoalNumberParse result;
        number_only_ = true;
        result.number.text = std::string(text_);
        GoalComparison& c = result.number.expression;
        bool parsed = parse_sum(c, "at the start, ");
        if (parsed && peek().kind != Token::Kind::End) {
            const Token& t = peek();
            parsed = t.kind == Token::Kind::Close ? fail(t, "found ')' without a matching '('")
                                                  : fail(t, "expected an operator or the end after " + quoted(previous_) + ", " + found(t));
        }
        if (!parsed) {
            result.error = "position " + std::to_string(error_position_) + ": " + error_;
            result.position = error_position_;
            result.number.expression = GoalComparison{};
            return result;
        }
        c.left = c.right = c.terms.size() - 1;
        result.ok = true;
        return result;
    }

private:
    const Token& peek() const { return tokens_[next_]; }
    const Token& take() { return tokens_[next_ < tokens_.size() - 1 ? next_++ : next_]; }

    std::size_t position_of(std::size_t offset) const {
        std::size_t characters = 0;
        for (std::size_t k = 0; k < offset && k < text_.size(); ++k)
            if ((static_cast<unsigned char>(text_[k]) & 0xC0) != 0x80) ++characters;
        return characters + 1;
    }

    bool fail(const Token& at, std::string message) {
        if (error_.empty()) {
            error_ = std::move(message);
            error_position_ = position_of(at.offset);
        }
        return false;
    }

    std::string what() const { return number_only_ ? "number" : "goal"; }
    std::string found(const Token& t) const {
        if (t.kind == Token::Kind::End) return number_only_ ? "found the end" : "found the end of the goal";
        if (t.kind == Token::Kind::Bad && !t.text.empty() && static_cast<unsigned char>(t.text[0]) < 0x20)
            return "found a control character";
        std::string out = "found " + quoted(t.text);
        if (!t.hint.empty()) out += " (" + t.hint + ")";
        return out;
    }

    bool enter(const Token& at) {
        if (++depth_ <= kMaxGoalDepth) return true;
        return fail(at, "the " + what() + " nests '(' and 'not' more than " + std::to_string(kMaxGoalDepth) + " levels deep");
    }

    std::size_t push(GoalNode node) {
        nodes_.push_back(std::move(node));
        return nodes_.size() - 1;
    }

    // or_expr / and_expr: a chain of operands becomes one node with all of them as children.
    bool parse_chain(GoalNode::Kind kind, std::string_view word, bool (Parser::*operand)()) {
        if (!(this->*operand)()) return false;
        std::vector<std::size_t> children{nodes_.size() - 1};
        while (keyword(peek(), word)) {
            previous_ = take().text;
            if (!(this->*operand)()) return false;
            children.push_back(nodes_.size() - 1);
        }
        if (children.size() > 1) {
            GoalNode node;
            node.kind = kind;
            node.children = std::move(children);
            push(std::move(node));
        }
        return true;
    }
    bool parse_or() { return parse_chain(GoalNode::Kind::Or, "or", &Parser::parse_and); }
    bool parse_and() { return parse_chain(GoalNode::Kind::And, "and", &Parser::parse_unary); }

    bool parse_unary() {
        const Token& t = peek();
        if (keyword(t, "not")) {
            if (!enter(t)) return false;
            previous_ = take().text;
            if (!parse_unary()) return false;
            GoalNode node;
            node.kind = GoalNode::Kind::Not;
            node.children = {nodes_.size() - 1};
            push(std::move(node));
            --depth_;
            return true;
        }
        if (t.kind == Token::Kind::Open && !opens_numbers(next_)) {
            if (!enter(t)) return false;
            const std::size_t open_offset = t.offset;
            previous_ = take().text;
            if (!parse_or()) return false;
            const Token& close = peek();
            if (close.kind != Token::Kind::Close) {
                if (close.kind == Token::Kind::End)
                    return fail(close, "expected ')' to close the '(' at position " +
                                           std::to_string(position_of(open_offset)) + ", " + found(close));
                return fail(close, "expected 'and', 'or' or ')' after " + quoted(previous_) + ", " + found(close));
            }
            previous_ = take().text;
            --depth_;
            return true;
        }
        return parse_comparison();
    }

    bool parse_comparison() {
        const Token& t = peek();
        const bool word = t.kind == Token::Kind::Word;
        if (!word && t.kind != Token::Kind::Number && t.kind != Token::Kind::Open && t.kind != Token::Kind::Minus)
            return fail(t, "expected a name (such as 'points'), 'not' or '(', " + found(t));
        if (word && (keyword(t, "and") || keyword(t, "or") || keyword(t, "true") || keyword(t, "false")))
            return fail(t, "expected a name (such as 'points'), 'not' or '(', " + found(t));
        GoalName name = GoalName::Points;
        if (word && find_goal_name(t.text, name) && goal_name_info(name).kind != GoalValueKind::Number)
            return parse_named_comparison(name);
        if (word && !is_function(t) && !weight_name(t) && !find_goal_name(t.text, name)) return unknown_name(t);
        return parse_numeric_comparison();
    }

    // A true-or-false or a word fact: "separable == false", "converged", "lift == xy".
    bool parse_named_comparison(GoalName name) {
        const Token& t = peek();
        GoalComparison c;
        c.name = name;
        c.position = position_of(t.offset);
        const GoalNameInfo& info = goal_name_info(c.name);
        previous_ = take().text;

        const Token& op = peek();
        if (op.kind != Token::Kind::Op) {
            const bool ends = op.kind == Token::Kind::End || op.kind == Token::Kind::Close || keyword(op, "and") ||
                              keyword(op, "or");
            if (info.kind == GoalValueKind::Boolean && ends) return push_comparison(c);  // bare "converged"
            return fail(op, "expected a comparison operator after " + quoted(comparison_name(c)) + ", " + found(op));
        }
        c.op = op.op;
        if (c.op != GoalOp::Equal && c.op != GoalOp::NotEqual)
            return fail(op, quoted(info.text) + (info.kind == GoalValueKind::Boolean ? " is true or false" : " holds a word") +
                                ", so it compares only with == or !=, not " + quoted(op.text));
        take();
        const std::string after = "after " + quoted(comparison_name(c) + " " + std::string(op.text)) + ", ";

        const Token& value = peek();
        switch (info.kind) {
            case GoalValueKind::Number: break;  // parse_numeric_comparison
            case GoalValueKind::Boolean:
                if (!keyword(value, "true") && !keyword(value, "false"))
                    return fail(value, "expected true or false " + after + found(value));
                c.boolean = keyword(value, "true");
                break;
            case GoalValueKind::Word: {
                if (value.kind != Token::Kind::Word || !parse_goal_word(c.name, value.text, c.word)) {
                    const std::string choices = goal_word_choices(c.name);
                    std::string message = "expected one of " + choices + " " + after + found(value);
                    if (value.kind == Token::Kind::Word) {
                        const std::string guess = closest_spelling(value.text, split_choices(choices));
                        if (!guess.empty()) message += " (did you mean '" + guess + "'?)";
                    }
                    return fail(value, message);
                }
                break;
            }
        }
        previous_ = take().text;
        return push_comparison(c);
    }

    // [SECTION] Numbers: "mistakes <= bound", "margin >= 0.9 * gamma_star", "points >= 5"
    bool parse_numeric_comparison() {
        GoalComparison c;
        c.position = position_of(peek().offset);
        const std::size_t first = next_;
        if (!parse_sum(c, "")) return false;
        c.left = c.terms.size() - 1;
        const std::string left_text = source(first);
        const Token& op = peek();
        if (op.kind != Token::Kind::Op)
            return fail(op, "expected a comparison operator after " + quoted(left_text) + ", " + found(op));
        c.op = op.op;
        take();
        if (!parse_sum(c, "after " + quoted(left_text + " " + std::string(op.text)) + ", ")) return false;
        c.right = c.terms.size() - 1;
        return push_comparison(c);
    }

    // sum := product (("+" | "-") product)*;  product := factor (("*" | "/") factor)*.
    // context: what the first factor of a comparison's right side says when it is missing
    // ("after 'points >=', "), "" elsewhere.
    bool parse_sum(GoalComparison& c, const std::string& context) {
        if (!parse_product(c, context)) return false;
        while (peek().kind == Token::Kind::Plus || peek().kind == Token::Kind::Minus) {
            const GoalTerm::Kind kind = peek().kind == Token::Kind::Plus ? GoalTerm::Kind::Add : GoalTerm::Kind::Subtract;
            const std::size_t left = c.terms.size() - 1;
            previous_ = take().text;
            if (!parse_product(c, "")) return false;
            push_term(c, kind, {left, c.terms.size() - 1});
        }
        return true;
    }
    bool parse_product(GoalComparison& c, const std::string& context) {
        if (!parse_factor(c, context)) return false;
        while (peek().kind == Token::Kind::Star || peek().kind == Token::Kind::Slash) {
            const GoalTerm::Kind kind = peek().kind == Token::Kind::Star ? GoalTerm::Kind::Multiply : GoalTerm::Kind::Divide;
            const std::size_t left = c.terms.size() - 1;
            previous_ = take().text;
            if (!parse_factor(c, "")) return false;
            push_term(c, kind, {left, c.terms.size() - 1});
        }
        return true;
    }

    // factor := "-" factor | power;  power := primary ("^" factor)?. So "^" binds tighter than a sign on
    // its left and takes one on its right, and chains to the right, as in mathematics: -2^2 is -(2^2),
    // 2^-1 is 2^(-1), 2^3^2 is 2^(3^2).
    bool parse_factor(GoalComparison& c, const std::string& context) {
        const Token& t = peek();
        if (t.kind == Token::Kind::Minus) {
            const Token& after = tokens_[next_ + 1];
            const bool operand = after.kind == Token::Kind::Word || after.kind == Token::Kind::Number ||
                                 after.kind == Token::Kind::Open || after.kind == Token::Kind::Minus;
            if (!operand) {
                const std::string expected = "expected a number or a name " + (context.empty() ? "after " + quoted(previous_) + ", " : context);
                return fail(t, (context.empty() ? expected : "expected a number " + context) + found(t));
            }
            if (++signs_ > kMaxGoalDepth)
                return fail(t, "the " + what() + " has more than " + std::to_string(kMaxGoalDepth) + " signs in a row");
            previous_ = take().text;
            if (!parse_factor(c, "")) return false;
            --signs_;
            push_term(c, GoalTerm::Kind::Negate, {c.terms.size() - 1});
            return true;
        }
        // The lexer reads "-2" as one number; before a "^" its sign is taken off and put back around
        // the power, so "-2^2" means what "- 2^2" does.
        const bool signed_base = t.kind == Token::Kind::Number && !t.text.empty() && t.text[0] == '-' &&
                                 tokens_[next_ + 1].kind == Token::Kind::Caret;
        if (!parse_primary(c, context)) return false;
        if (peek().kind != Token::Kind::Caret) return true;
        const Token& caret = peek();
        if (++powers_ > kMaxGoalDepth)
            return fail(caret, "the " + what() + " has more than " + std::to_string(kMaxGoalDepth) + " powers ('^') in a row");
        const std::size_t base = c.terms.size() - 1;
        if (signed_base) c.terms[base].number = -c.terms[base].number;
        previous_ = take().text;
        if (!parse_factor(c, "")) return false;
        --powers_;
        push_term(c, GoalTerm::Kind::Power, {base, c.terms.size() - 1});
        if (signed_base) push_term(c, GoalTerm::Kind::Negate, {c.terms.size() - 1});
        return true;
    }

    // primary := number | numeric-name | "(" sum ")" | function "(" ... ")"
    bool parse_primary(GoalComparison& c, const std::string& context) {
        const Token& t = peek();
        const std::string expected = "expected a number or a name " + (context.empty() ? "after " + quoted(previous_) + ", " : context);
        if (t.kind == Token::Kind::Number) {
            GoalTerm term;
            term.number = decimal_to_double(t.text);
            if (!std::isfinite(term.number)) return fail(t, "the number " + quoted(t.text) + " is too large");
            c.terms.push_back(std::move(term));
            previous_ = take().text;
            return true;
        }
        if (t.kind == Token::Kind::Open) return parse_group(c);
        if (t.kind == Token::Kind::Word && is_function(t)) return parse_call(c);
        if (t.kind == Token::Kind::Word && !keyword(t, "and") && !keyword(t, "or") && !keyword(t, "not")) {
            GoalTerm term;
            term.kind = GoalTerm::Kind::Fact;
            if (weight_name(t)) {
                term.name = GoalName::WordWeight;
                term.argument = std::string(t.text.substr(kWordWeightPrefix.size()));
                const bool word = !term.argument.empty() &&
                                  term.argument.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789") == std::string::npos;
                if (!word)
                    return fail(t, "after 'weight_' comes a word of a-z and 0-9 as the messages spell it (weight_the), " + found(t));
            } else if (find_goal_name(t.text, term.name)) {
                const GoalNameInfo& info = goal_name_info(term.name);
                if (info.kind != GoalValueKind::Number)
                    return fail(t, quoted(info.text) + (info.kind == GoalValueKind::Boolean ? " is true or false" : " holds a word") +
                                       ", so it is no number to calculate or compare with");
            } else {
                if (context.empty() && c.terms.empty()) return unknown_name(t);
                std::string message = (context.empty() ? expected : "expected a number " + context) + found(t);
                const std::string guess = closest_spelling(t.text, numeric_names());
                if (!guess.empty()) message += " (did you mean '" + guess + "'?)";
                return fail(t, message);
            }
            if (!named_) { c.name = term.name; c.argument = term.argument; named_ = true; }
            c.terms.push_back(std::move(term));
            previous_ = take().text;
            return true;
        }
        return fail(t, (context.empty() ? expected : "expected a number " + context) + found(t));
    }

    // "(" sum ")" inside numbers.
    bool parse_group(GoalComparison& c) {
        const Token& open = peek();
        if (!enter(open)) return false;
        previous_ = take().text;
        if (!parse_sum(c, "")) return false;
        if (!close_group(open, "an operator")) return false;
        --depth_;
        return true;
    }

    // sqrt(x), abs(x), min(a, b, ...), max(a, b, ...).
    bool parse_call(GoalComparison& c) {
        const Token& name = peek();
        const std::string function(name.text);
        previous_ = take().text;
        const Token& open = peek();
        if (open.kind != Token::Kind::Open) return fail(open, "expected '(' after " + quoted(function) + ", " + found(open));
        if (!enter(open)) return false;
        previous_ = take().text;
        std::vector<std::size_t> arguments;
        for (;;) {
            if (!parse_sum(c, "")) return false;
            arguments.push_back(c.terms.size() - 1);
            if (peek().kind != Token::Kind::Comma) break;
            previous_ = take().text;
        }
        if (!close_group(open, "',' or an operator")) return false;
        --depth_;
        const bool many = function == "min" || function == "max";
        if (many && arguments.size() < 2)
            return fail(name, quoted(function) + " takes two or more numbers, separated by ','");
        if (!many && arguments.size() != 1) return fail(name, quoted(function) + " takes one number");
        const GoalTerm::Kind kind = function == "sqrt" ? GoalTerm::Kind::Sqrt : function == "abs" ? GoalTerm::Kind::Abs
                                   : function == "min" ? GoalTerm::Kind::Min : GoalTerm::Kind::Max;
        push_term(c, kind, std::move(arguments));
        return true;
    }

    bool close_group(const Token& open, const std::string& or_what) {
        const Token& close = peek();
        if (close.kind == Token::Kind::Close) {
            previous_ = take().text;
            return true;
        }
        if (close.kind == Token::Kind::End)
            return fail(close, "expected ')' to close the '(' at position " + std::to_string(position_of(open.offset)) +
                                   ", " + found(close));
        return fail(close, "expected " + or_what + " or ')' after " + quoted(previous_) + ", " + found(close));
    }

    static void push_term(GoalComparison& c, GoalTerm::Kind kind, std::vector<std::size_t> children) {
        GoalTerm term;
        term.kind = kind;
        term.children = std::move(children);
        c.terms.push_back(std::move(term));
    }

    static bool is_function(const Token& t) {
        return t.kind == Token::Kind::Word && (t.text == "sqrt" || t.text == "abs" || t.text == "min" || t.text == "max");
    }
    static bool weight_name(const Token& t) {
        return t.kind == Token::Kind::Word && t.text.substr(0, kWordWeightPrefix.size()) == kWordWeightPrefix;
    }
    static std::vector<std::string> numeric_names() {
        std::vector<std::string> names;
        for (const GoalNameInfo& info : goal_names())
            if (info.kind == GoalValueKind::Number && info.name != GoalName::WordWeight) names.emplace_back(info.text);
        return names;
    }

    // Whether the "(" at token index `open` groups numbers: its matching ")" is followed by an
    // arithmetic or comparison operator ("(mistakes + 1) <= bound"), not by and/or/the end.
    bool opens_numbers(std::size_t open) const {
        std::size_t depth = 0;
        for (std::size_t k = open; k < tokens_.size(); ++k) {
            if (tokens_[k].kind == Token::Kind::Open) ++depth;
            if (tokens_[k].kind != Token::Kind::Close || --depth != 0) continue;
            switch (tokens_[k + 1].kind) {
                case Token::Kind::Op: case Token::Kind::Plus: case Token::Kind::Minus: case Token::Kind::Star:
                case Token::Kind::Slash: case Token::Kind::Caret: return true;
                default: return false;
            }
        }
        return false;
    }

    // The goal's text from token `first` to the last one taken ("0.9 * gamma_star").
    std::string source(std::size_t first) const {
        const Token& last = tokens_[next_ - 1];
        return std::string(text_.substr(tokens_[first].offset, last.offset + last.text.size() - tokens_[first].offset));
    }

    bool push_comparison(const GoalComparison& c) {
        named_ = false;
        GoalNode node;
        node.compare = c;
        push(std::move(node));
        return true;
    }

    bool unknown_name(const Token& t) {
        std::vector<std::string> names;
        for (const GoalNameInfo& info : goal_names()) names.emplace_back(info.text);
        const std::string guess = closest_spelling(t.text, names);
        std::string message = "unknown name " + quoted(t.text);
        if (!guess.empty()) {
            message += " (did you mean '" + guess + "'?)";
        } else {
            message += " (the names are";
            for (const std::string& n : names) message += " " + n;
            message += ")";
        }
        return fail(t, message);
    }

    bool expect_end() {
        const Token& t = peek();
        if (t.kind == Token::Kind::End) return true;
        if (t.kind == Token::Kind::Close) return fail(t, "found ')' without a matching '('");
        return fail(t, "expected 'and', 'or' or the end of the goal after " + quoted(previous_) + ", " + found(t));
    }

    std::string_view text_;
    std::vector<Token> tokens_;
    std::size_t next_ = 0;
    std::size_t depth_ = 0;
    std::size_t signs_ = 0;  // unary minus signs in a row
    std::size_t powers_ = 0; // "^" chained to the right ("2^2^2"): each nests a call, like a sign
    bool number_only_ = false;  // run_number: the text is a number, not a goal (the messages say so)
    bool named_ = false;     // the comparison being parsed has its first fact
    std::string_view previous_;
    std::vector<GoalNode> nodes_;
    std::string error_;
    std::size_t error_position_ = 1;
};

}  // namespace

bool GoalNumber::uses_facts() const {
    return std::any_of(expression.terms.begin(), expression.terms.end(),
                       [](const GoalTerm& t) { return t.kind == GoalTerm::Kind::Fact; });
}

namespace {
// The checks both entry points make before parsing: not too long, not blank. "" when the text may be
// parsed, else the error ("position N: ...") with `position` set. what: "goal" or "number".
std::string refusal_before_parsing(std::string_view text, const char* what, const char* blank, std::size_t& position) {
    if (text.size() > kMaxGoalLength) {
        position = kMaxGoalLength + 1;
        return "position " + std::to_string(position) + ": the " + what + " is " + std::to_string(text.size()) +
               " bytes long; at most " + std::to_string(kMaxGoalLength) + " are allowed";
    }
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        position = 1;
        return std::string("position 1: ") + blank;
    }
    return "";
}
}  // namespace

GoalNumberParse parse_goal_number(std::string_view text) {
    GoalNumberParse result;
    result.error = refusal_before_parsing(text, "number", "there is no number (expected a number such as 2.5, 39/7 or sqrt(5))",
                                          result.position);
    return result.error.empty() ? Parser(text).run_number() : result;
}

GoalParse parse_goal(std::string_view text) {
    GoalParse result;
    result.error = refusal_before_parsing(text, "goal", "the goal is empty (expected a comparison such as 'points >= 5')",
                                          result.position);
    return result.error.empty() ? Parser(text).run() : result;
}

}  // namespace pl
