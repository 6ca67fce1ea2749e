// Numbers, labels and counts as a person reads them: the canvas, the panels, the accessible mirror and the
// CLI all say them the same way. The ground floor (core/base), so the theory can quote a number without
// reaching up to the sentences of core/facts (describe.hpp builds on these). display_number() is for what
// a person reads (a few significant digits); shortest_decimal() (decimal.hpp) writes the exact text that
// links and JSON need.
#pragma once
#include <cstddef>
#include <string>

namespace pl {

// "0.707", "−1.5" (a real minus sign), "1.2e+03", "n/a" for NaN, "∞" / "−∞"; `significant` digits, no
// trailing zeros.
std::string display_number(double value, int significant = 4);
// "+1" or "−1" (a real minus sign).
std::string label_text(int label);
// "1 mistake", "3 mistakes": a count and its noun, singular or plural.
std::string count_text(std::size_t count, const char* singular, const char* plural);
// "point 3" for index 2: points are numbered from 1 wherever people read them (0-based only in JSON).
std::string point_name(std::size_t index);

}  // namespace pl
