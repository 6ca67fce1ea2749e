#include "core/base/display_text.hpp"

#include <cmath>
#include <cstdio>

namespace pl {

std::string display_number(double value, int significant) {
    if (std::isnan(value)) return "n/a";
    if (std::isinf(value)) return value > 0 ? "\xE2\x88\x9E" : "\xE2\x88\x92\xE2\x88\x9E";
    if (value == 0.0) value = 0.0;  // no "-0"
    char text[48];
    std::snprintf(text, sizeof text, "%.*g", significant, std::fabs(value));
    // A real minus sign, as label_text() writes "−1": a screen reader says "minus" for it, and a
    // coordinate reads the same as the label beside it. The exponent's sign stays ASCII ("1e-05").
    return (value < 0 ? std::string("\xE2\x88\x92") : std::string()) + text;
}

std::string label_text(int label) { return label > 0 ? "+1" : "\xE2\x88\x92" "1"; }

std::string count_text(std::size_t count, const char* singular, const char* plural) {
    return std::to_string(count) + " " + (count == 1 ? singular : plural);
}

std::string point_name(std::size_t index) { return "point " + std::to_string(index + 1); }

}  // namespace pl
