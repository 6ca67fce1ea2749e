// Numbers as text, read and written the same way in every format (CSV files, links, JSON, messages).
// Only plain decimal syntax is accepted: strtod alone would also take hex floats, "nan(...)", "inf"
// and leading spaces.
// strtod is correctly rounded in glibc and in Emscripten's musl, so a text reads to the same double
// natively and in the browser (std::from_chars for double is missing from Emscripten's libc++).
// strtod follows the C locale's decimal point; the widget never changes the locale.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace pl {

// [sign] digits [. digits] [e [sign] digits] with at least one mantissa digit. The leading sign may
// be '-' and, if allow_plus, '+'.
bool is_plain_decimal(std::string_view text, bool allow_plus);

// The double nearest to `text` (which must pass is_plain_decimal); overflow gives +-HUGE_VAL.
double decimal_to_double(std::string_view text);

// The shortest of %.15g / %.16g / %.17g that reads back to the same double, without '+' ("1e20",
// not "1e+20": a '+' is fragile in URLs, where form decoders make it a space). Plain decimal syntax
// for every finite value; "inf", "-inf" or "nan" otherwise.
std::string shortest_decimal(double value);

// A count with its thousands grouped, as the sheets and tables state counts: 100000 -> "100,000".
std::string grouped_count(std::size_t n);

}  // namespace pl
