// The goal language's lexer and the text helpers of its messages (goal_lexer.hpp), and
// closest_spelling (goal_expression.hpp), which lessons use for unknown keys too.
#include "core/lesson/goal_lexer.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace pl::goal_lexer {

namespace {

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

}  // namespace

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
        const bool after_operand = !tokens.empty() && (tokens.back().kind == Token::Kind::Word ||
                                                       tokens.back().kind == Token::Kind::Number ||
                                                       tokens.back().kind == Token::Kind::Close);
        if (is_word_start(c)) {
            std::size_t j = i + 1;
            while (j < s.size() && is_word_char(s[j])) ++j;
            push(Token::Kind::Word, j - i);
        } else if (const std::size_t end = after_operand && c == '-' ? i : scan_number(s, i); end > i) {
            push(Token::Kind::Number, end - i);
        } else if (c == '(') { push(Token::Kind::Open, 1);
        } else if (c == ')') { push(Token::Kind::Close, 1);
        } else if (c == '+') { push(Token::Kind::Plus, 1);
        } else if (c == '-') { push(Token::Kind::Minus, 1);
        } else if (c == '*') { push(Token::Kind::Star, 1);
        } else if (c == '/') { push(Token::Kind::Slash, 1);
        } else if (c == '^') { push(Token::Kind::Caret, 1);
        } else if (c == ',') { push(Token::Kind::Comma, 1);
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
            else if (ch == "\xC3\x97" || ch == "\xC2\xB7" || ch == "\xE2\x8B\x85") hint = "write '*'";
            else if (ch == "\xC3\xB7") hint = "write '/'";
            else if (ch == "\xE2\x88\x92") hint = "write '-'";
            else if (ch == "\xE2\x88\x9A") hint = "write 'sqrt(...)'";
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

namespace detail {

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

}  // namespace detail

}  // namespace pl::goal_lexer

namespace pl {

std::string closest_spelling(std::string_view text, const std::vector<std::string>& candidates) {
    if (text.size() > 40) return {};
    using goal_lexer::detail::edit_distance;
    using goal_lexer::detail::lower;
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

}  // namespace pl

namespace pl::goal_lexer {

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

}  // namespace pl::goal_lexer
