#include "core/base/table_cells.hpp"

#include <cstdio>

namespace pl {

namespace {
bool digit(char c) { return c >= '0' && c <= '9'; }

// [+-]digits[.digits][(e|E)[+-]digits], or with the digits after the point only: a number, not a formula.
bool plain_number(std::string_view t) {
    std::size_t i = 0;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    std::size_t digits = 0;
    while (i < t.size() && digit(t[i])) ++i, ++digits;
    if (i < t.size() && t[i] == '.') {
        ++i;
        while (i < t.size() && digit(t[i])) ++i, ++digits;
    }
    if (digits == 0) return false;
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        ++i;
        if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
        std::size_t exponent = 0;
        while (i < t.size() && digit(t[i])) ++i, ++exponent;
        if (exponent == 0) return false;
    }
    return i == t.size();
}
}  // namespace

bool spreadsheet_formula(std::string_view text) {
    if (text.empty()) return false;
    switch (text[0]) {
        case '=': case '@': case '\t': case '\r': return true;
        case '+': case '-': return !plain_number(text);
        default: return false;
    }
}

namespace {
// A formula, or apostrophes in front of one: read_tsv_text takes one apostrophe off such a cell, so
// writing one in front keeps "'=x" (a message that starts so) apart from "=x".
bool needs_apostrophe(std::string_view text) {
    const std::size_t start = text.find_first_not_of('\'');
    return start != std::string_view::npos && spreadsheet_formula(text.substr(start));
}
}  // namespace

std::string neutral_cell_text(std::string_view text) {
    return needs_apostrophe(text) ? "'" + std::string(text) : std::string(text);
}

std::string csv_cell(std::string_view text) {
    const std::string cell = neutral_cell_text(text);
    if (cell.find_first_of(",\"\r\n") == std::string::npos) return cell;
    std::string out = "\"";
    for (char c : cell) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string tsv_cell(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    return neutral_cell_text(out);
}

std::string read_tsv_text(std::string_view cell) {
    // Only the apostrophe tsv_cell adds: one in front of what would be a formula without it. A message
    // that really starts with an apostrophe and then a letter keeps it.
    if (cell.size() >= 2 && cell[0] == '\'' && needs_apostrophe(cell.substr(1))) return std::string(cell.substr(1));
    return std::string(cell);
}

std::string printable_text(std::string_view text) {
    std::string out;
    const auto hex = [&out](unsigned byte) {
        char code[8];
        std::snprintf(code, sizeof code, "\\x%02X", byte);
        out += code;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0u;
        if (byte < 0x20 || byte == 0x7F) {
            hex(byte);
        } else if (byte == 0xC2 && next >= 0x80 && next <= 0x9F) {  // a C1 control (CSI is U+009B)
            hex(next);
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

}  // namespace pl
