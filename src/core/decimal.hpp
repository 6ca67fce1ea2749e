// Reading numbers from text the same way in every format (CSV files, links). Only plain decimal
// syntax is accepted: strtod alone would also take hex floats, "nan(...)", "inf" and leading spaces.
// strtod is correctly rounded in glibc and in Emscripten's musl, so a text reads to the same double
// natively and in the browser (std::from_chars for double is missing from Emscripten's libc++).
// strtod follows the C locale's decimal point; the widget never changes the locale.
#pragma once
#include <string_view>

namespace pl {

// [sign] digits [. digits] [e [sign] digits] with at least one mantissa digit. The leading sign may
// be '-' and, if allow_plus, '+'.
bool is_plain_decimal(std::string_view text, bool allow_plus);

// The double nearest to `text` (which must pass is_plain_decimal); overflow gives +-HUGE_VAL.
double decimal_to_double(std::string_view text);

}  // namespace pl
