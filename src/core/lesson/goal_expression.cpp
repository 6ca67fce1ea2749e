// Goal expressions: a hand-written lexer and recursive-descent parser (grammar and limits in
// goal_expression.hpp). Evaluation and explanations live in goal_evaluate.cpp.
#include "core/lesson/goal_expression.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "core/state/decimal.hpp"

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

// [SECTION] Lexer
struct Token {
    enum class Kind { Word, Number, Op, Open, Close, End, Bad } kind = Kind::End;
    std::string_view text;  // the bytes of the token ("" for End)
    std::size_t offset = 0; // byte offset in the goal
    GoalOp op = GoalOp::Equal;
    std::string hint;       // Bad: what to write instead ("did you mean '=='?")
};

bool is_word_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::size_t utf8_length(unsigned char lead) {
    if (lead >= 0xF0 && lead <= 0xF4) return 4;
    if (lead >= 0xE0 && lead < 0xF0) return 3;
    if (lead >= 0xC2 && lead < 0xE0) return 2;
    return 1;
}

// Scans [-]digits[.digits][e[+|-]digits] from i; returns the end, or i when there is no number.
std::size_t scan_number(std::string_view s, std::size_t i) {
    std::size_t j = i;
    if (j < s.size() && s[j] == '-') ++j;
    const std::size_t digits_start = j;
    while (j < s.size() && is_digit(s[j])) ++j;
    if (j == digits_start) return i;  // a digit must come first (".5" is refused with a hint)
    if (j + 1 < s.size() && s[j] == '.' && is_digit(s[j + 1])) {
        ++j;
        while (j < s.size() && is_digit(s[j])) ++j;
    }
    if (j < s.size() && (s[j] == 'e' || s[j] == 'E')) {
        std::size_t k = j + 1;
        if (k < s.size() && (s[k] == '+' || s[k] == '-')) ++k;
        if (k < s.size() && is_digit(s[k])) {
            while (k < s.size() && is_digit(s[k])) ++k;
            j = k;
        }
    }
    return j;
}

std::vector<Token> lex(std::string_view s) {
    std::vector<Token> tokens;
    std::size_t i = 0;
    auto push = [&](Token::Kind kind, std::size_t length, std::string hint = {}) {
        Token t;
        t.kind = kind;
        t.text = s.substr(i, length);
        t.offset = i;
        t.hint = std::move(hint);
        tokens.push_back(std::move(t));
        i += length;
    };
    auto push_op = [&](GoalOp op, std::size_t length) {
        push(Token::Kind::Op, length);
        tokens.back().op = op;
    };
    while (i < s.size()) {
        const char c = s[i];
        const char next = i + 1 < s.size() ? s[i + 1] : '\0';
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') { ++i; continue; }
        if (is_word_start(c)) {
            std::size_t j = i + 1;
            while (j < s.size() && is_word_char(s[j])) ++j;
            push(Token::Kind::Word, j - i);
        } else if (const std::size_t end = scan_number(s, i); end > i) {
            push(Token::Kind::Number, end - i);
        } else if (c == '(') { push(Token::Kind::Open, 1);
        } else if (c == ')') { push(Token::Kind::Close, 1);
        } else if (c == '=' && next == '=') { push_op(GoalOp::Equal, 2);
        } else if (c == '!' && next == '=') { push_op(GoalOp::NotEqual, 2);
        } else if (c == '<' && next == '=') { push_op(GoalOp::LessEqual, 2);
        } else if (c == '>' && next == '=') { push_op(GoalOp::GreaterEqual, 2);
        } else if (c == '<') { push_op(GoalOp::Less, 1);
        } else if (c == '>') { push_op(GoalOp::Greater, 1);
        } else if (c == '=' && next == '<') { push(Token::Kind::Bad, 2, "did you mean '<='?");
        } else if (c == '=' && next == '>') { push(Token::Kind::Bad, 2, "did you mean '>='?");
        } else if (c == '=') { push(Token::Kind::Bad, 1, "did you mean '=='?");
        } else if (c == '!') { push(Token::Kind::Bad, 1, "write 'not' to negate, or '!=' for 'differs from'");
        } else if (c == '&') { push(Token::Kind::Bad, next == '&' ? 2 : 1, "write 'and'");
        } else if (c == '|') { push(Token::Kind::Bad, next == '|' ? 2 : 1, "write 'or'");
        } else if (c == '"' || c == '\'') { push(Token::Kind::Bad, 1, "write words without quotes");
        } else if (c == '.' && is_digit(next)) { push(Token::Kind::Bad, 1, "write a digit before the point, as in 0.5");
        } else {
            const std::size_t length = std::min(utf8_length(static_cast<unsigned char>(c)), s.size() - i);
            const std::string_view ch = s.substr(i, length);
            std::string hint;
            if (ch == "\xE2\x89\xA5") hint = "write '>='";
            else if (ch == "\xE2\x89\xA4") hint = "write '<='";
            else if (ch == "\xE2\x89\xA0") hint = "write '!='";
            else if (ch == "\xE2\x88\xA7") hint = "write 'and'";
            else if (ch == "\xE2\x88\xA8") hint = "write 'or'";
            else if (ch == "\xC2\xAC") hint = "write 'not'";
            push(Token::Kind::Bad, length, std::move(hint));
        }
    }
    Token end;
    end.offset = s.size();
    tokens.push_back(end);
    return tokens;
}

bool keyword(const Token& t, std::string_view word) {
    if (t.kind != Token::Kind::Word || t.text.size() != word.size()) return false;
    for (std::size_t k = 0; k < word.size(); ++k)
        if (std::tolower(static_cast<unsigned char>(t.text[k])) != word[k]) return false;
    return true;
}

// [SECTION] Suggestions
std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0u : 1u)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

}  // namespace

std::string closest_spelling(std::string_view text, const std::vector<std::string>& candidates) {
    if (text.size() > 40) return {};
    const std::string t = lower(text);
    std::string best;
    std::size_t best_distance = SIZE_MAX;
    for (const std::string& c : candidates) {
        const std::size_t d = edit_distance(t, lower(c));
        if (d < best_distance) { best_distance = d; best = c; }
    }
    if (best_distance <= std::max<std::size_t>(2, (t.size() + 1) / 2)) return best;
    // A start of a longer name ("gamma" for gamma_star, "support" for support_vectors).
    if (t.size() >= 3)
        for (const std::string& c : candidates)
            if (lower(c).compare(0, t.size(), t) == 0) return c;
    return {};
}

namespace {

std::vector<std::string> split_choices(const std::string& joined) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= joined.size()) {
        const std::size_t bar = joined.find('|', start);
        out.push_back(joined.substr(start, bar == std::string::npos ? std::string::npos : bar - start));
        if (bar == std::string::npos) break;
        start = bar + 1;
    }
    return out;
}

std::string quoted(std::string_view text) {
    std::string out = "'";
    for (char c : text.substr(0, 40)) out += static_cast<unsigned char>(c) < 0x20 ? '?' : c;
    if (text.size() > 40) out += "...";
    return out + "'";
}


// [SECTION] Parser
class Parser {
public:
    explicit Parser(std::string_view text) : text_(text), tokens_(lex(text)) {}

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

    static std::string found(const Token& t) {
        if (t.kind == Token::Kind::End) return "found the end of the goal";
        if (t.kind == Token::Kind::Bad && !t.text.empty() && static_cast<unsigned char>(t.text[0]) < 0x20)
            return "found a control character";
        std::string out = "found " + quoted(t.text);
        if (!t.hint.empty()) out += " (" + t.hint + ")";
        return out;
    }

    bool enter(const Token& at) {
        if (++depth_ <= kMaxGoalDepth) return true;
        return fail(at, "the goal nests '(' and 'not' more than " + std::to_string(kMaxGoalDepth) + " levels deep");
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
        if (t.kind == Token::Kind::Open) {
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
        if (t.kind != Token::Kind::Word || keyword(t, "and") || keyword(t, "or") || keyword(t, "true") ||
            keyword(t, "false"))
            return fail(t, "expected a name (such as 'points'), 'not' or '(', " + found(t));
        GoalComparison c;
        if (t.text.substr(0, kWordWeightPrefix.size()) == kWordWeightPrefix) {
            c.name = GoalName::WordWeight;
            c.argument = std::string(t.text.substr(kWordWeightPrefix.size()));
            const bool word = !c.argument.empty() && c.argument.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789") == std::string::npos;
            if (!word)
                return fail(t, "after 'weight_' comes a word of a-z and 0-9 as the messages spell it (weight_the), " + found(t));
        } else if (!find_goal_name(t.text, c.name)) {
            return unknown_name(t);
        }
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
        if (info.kind != GoalValueKind::Number && c.op != GoalOp::Equal && c.op != GoalOp::NotEqual)
            return fail(op, quoted(info.text) + (info.kind == GoalValueKind::Boolean ? " is true or false" : " holds a word") +
                                ", so it compares only with == or !=, not " + quoted(op.text));
        take();
        const std::string after = "after " + quoted(comparison_name(c) + " " + std::string(op.text)) + ", ";

        const Token& value = peek();
        switch (info.kind) {
            case GoalValueKind::Number: {
                if (value.kind != Token::Kind::Number) return fail(value, "expected a number " + after + found(value));
                c.number = decimal_to_double(value.text);
                if (!std::isfinite(c.number)) return fail(value, "the number " + quoted(value.text) + " is too large");
                break;
            }
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

    bool push_comparison(const GoalComparison& c) {
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
    std::string_view previous_;
    std::vector<GoalNode> nodes_;
    std::string error_;
    std::size_t error_position_ = 1;
};

}  // namespace

GoalParse parse_goal(std::string_view text) {
    GoalParse result;
    if (text.size() > kMaxGoalLength) {
        result.position = kMaxGoalLength + 1;
        result.error = "position " + std::to_string(result.position) + ": the goal is " + std::to_string(text.size()) +
                       " bytes long; at most " + std::to_string(kMaxGoalLength) + " are allowed";
        return result;
    }
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        result.position = 1;
        result.error = "position 1: the goal is empty (expected a comparison such as 'points >= 5')";
        return result;
    }
    return Parser(text).run();
}

}  // namespace pl
