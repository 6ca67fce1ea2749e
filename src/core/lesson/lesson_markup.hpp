// The small text markup of lesson texts, split into runs for the lesson card to draw.
//
//   * Paragraphs are separated by one or more blank lines. Inside a paragraph, line breaks are spaces
//     (the card re-wraps the text to its width, down to a phone) and spaces at line ends are dropped.
//   * **bold** (may contain `code`), `code` (shown as written: no markup inside).
//   * A backslash makes the next *, ` or \ plain text: \*\* is two stars. A single * is always plain
//     (w*, γ* need no escape).
//   * Everything else, Unicode math included (w ← w + ηyx, ‖x‖ ≤ R), is plain text.
// A '**' or '`' that is never closed within its paragraph is an error (lessons refuse it at load time,
// so an author sees it at once); the runs then show that marker as plain text.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pl {

enum class RunStyle { Plain, Bold, Code };

struct TextRun {
    RunStyle style = RunStyle::Plain;
    std::string text;
};
using TextParagraph = std::vector<TextRun>;  // never empty; adjacent runs differ in style

struct MarkupResult {
    std::vector<TextParagraph> paragraphs;
    std::string error;         // "" when fine, else "an unclosed '**' (bold) that starts at position 12"
    std::size_t position = 0;  // 1-based character position of the marker in error
};
MarkupResult parse_markup(std::string_view text);

}  // namespace pl
