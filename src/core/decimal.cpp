#include "decimal.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace pl {

namespace {
bool is_digit(char c) { return c >= '0' && c <= '9'; }
}  // namespace

bool is_plain_decimal(std::string_view s, bool allow_plus) {
    std::size_t i = 0, mantissa_digits = 0;
    if (i < s.size() && (s[i] == '-' || (allow_plus && s[i] == '+'))) ++i;
    while (i < s.size() && is_digit(s[i])) { ++i; ++mantissa_digits; }
    if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && is_digit(s[i])) { ++i; ++mantissa_digits; }
    }
    if (mantissa_digits == 0) return false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
        std::size_t exponent_digits = 0;
        while (i < s.size() && is_digit(s[i])) { ++i; ++exponent_digits; }
        if (exponent_digits == 0) return false;
    }
    return i == s.size();
}

double decimal_to_double(std::string_view text) {
    char small[64];  // strtod needs a NUL-terminated string; numbers are nearly always short
    if (text.size() < sizeof small) {
        std::memcpy(small, text.data(), text.size());
        small[text.size()] = '\0';
        return std::strtod(small, nullptr);
    }
    const std::string large(text);
    return std::strtod(large.c_str(), nullptr);
}

std::string shortest_decimal(double value) {
    char buffer[40];
    for (int digits = 15; digits <= 17; ++digits) {
        std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
        if (digits == 17 || std::strtod(buffer, nullptr) == value) break;
    }
    std::string out;
    for (const char* p = buffer; *p; ++p)
        if (*p != '+') out += *p;
    return out;
}

}  // namespace pl
