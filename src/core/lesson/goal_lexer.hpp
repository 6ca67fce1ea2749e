// The goal language's tokens (goal_expression.hpp has the grammar): the lexer, keywords, and the
// small text helpers the parser's messages use. Internal to the lesson room: the parser in
// goal_expression.cpp is its one user.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/lesson/goal_expression.hpp"

namespace pl::goal_lexer {

struct Token {
    enum class Kind { Word, Number, Op, Open, Close, Plus, Minus, Star, Slash, Caret, Comma, End, Bad } kind = Kind::End;
    std::string_view text;  // the bytes of the token ("" for End)
    std::size_t offset = 0; // byte offset in the goal
    GoalOp op = GoalOp::Equal;
    std::string hint;       // Bad: what to write instead ("did you mean '=='?")
};

// The tokens of `text`, ending with one End token. Never fails: what it cannot read is a Bad token.
// A '-' is part of a number ("-1") unless it follows an operand (a name, a number or ')'), where it
// is a minus sign ("mistakes - 1"). Before a '^' the parser gives such a number's sign back to the
// whole power, so "-2^2" is -(2^2) as in mathematics.
std::vector<Token> lex(std::string_view text);

// `t` is the word `word` in any case (keywords: and, or, not, true, false).
bool keyword(const Token& t, std::string_view word);
// 'text' in quotes for a message, cut to 40 bytes, control characters as '?'.
std::string quoted(std::string_view text);
// "a|b|c" -> {"a", "b", "c"}.
std::vector<std::string> split_choices(const std::string& joined);

}  // namespace pl::goal_lexer
