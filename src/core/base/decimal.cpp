#include "core/base/decimal.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstdint>
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

namespace {
// Clinger's fast path: a decimal with at most 15 significant digits and a power of ten up to 22 is an
// exact integer m (< 2^53) times or divided by an exact power of ten, so one IEEE multiplication or
// division rounds it correctly: the same double strtod gives, several times faster (musl's strtod works
// in software long double under WebAssembly; a 100,000-point CSV spent most of its import there).
bool fast_decimal(std::string_view text, double& out) {
    static constexpr double kPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                         1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    std::size_t i = 0;
    const bool negative = i < text.size() && text[i] == '-';
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    std::uint64_t mantissa = 0;
    int digits = 0, scale = 0;  // significant digits read; value = mantissa * 10^(scale + exponent)
    bool any = false, point = false;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '.' && !point) { point = true; continue; }
        if (c < '0' || c > '9') break;
        any = true;
        if (mantissa == 0 && c == '0') { if (point) --scale; continue; }  // leading zeros are not significant
        if (++digits > 15) return false;
        mantissa = mantissa * 10 + static_cast<std::uint64_t>(c - '0');
        if (point) --scale;
    }
    if (!any) return false;
    if (i < text.size()) {
        if (text[i] != 'e' && text[i] != 'E') return false;
        ++i;
        const bool minus = i < text.size() && text[i] == '-';
        if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
        int exponent = 0;
        bool exponent_digits = false;
        for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
            exponent_digits = true;
            if (exponent > 1000) return false;
            exponent = exponent * 10 + (text[i] - '0');
        }
        if (!exponent_digits || i != text.size()) return false;
        scale += minus ? -exponent : exponent;
    }
    if (scale < -22 || scale > 22) return mantissa == 0 ? (out = negative ? -0.0 : 0.0, true) : false;
    const auto m = static_cast<double>(mantissa);
    out = scale >= 0 ? m * kPowers[scale] : m / kPowers[-scale];
    if (negative) out = -out;
    return true;
}
}  // namespace

double decimal_to_double(std::string_view text) {
    if (double fast = 0; fast_decimal(text, fast)) return fast;
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

std::string grouped_count(std::size_t n) {
    const std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

}  // namespace pl
