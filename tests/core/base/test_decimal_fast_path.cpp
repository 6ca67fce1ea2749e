// decimal_to_double's fast path (Clinger: at most 15 significant digits, a power of ten up to 22) must
// give exactly the double strtod gives, bit for bit, since links and files read the same everywhere.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include "core/base/decimal.hpp"

using namespace pl;

namespace {
bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }
double by_strtod(const std::string& s) { return std::strtod(s.c_str(), nullptr); }
}  // namespace

TEST_CASE("decimal: the fast path reads what strtod reads, bit for bit") {
    for (const char* s : {"0", "-0", "0.0", "-0.000", "1", "-1", "0.1", "0.3", "1.5e3", "2.5E-3", "123456789012345",
                          "1234567890123456", "0.000001", "1e22", "1e23", "1e-22", "1e-23", "9007199254740993", ".5", "5.",
                          "-.25", "3.14159265358979", "0.30000000000000004", "1e-400", "-1e-400", "1e308", "4.9e-324", "007.50"}) {
        CAPTURE(s);
        CHECK(same_bits(decimal_to_double(s), by_strtod(s)));
    }
    // Random decimals the way CSV files and links write them: fixed and exponent notation, up to 17 digits.
    std::mt19937_64 rng(14);
    int checked = 0;
    for (int i = 0; i < 200000; ++i) {
        const int digits = 1 + static_cast<int>(rng() % 17);
        std::string s = rng() % 2 ? "-" : "";
        const int point = static_cast<int>(rng() % static_cast<std::uint64_t>(digits + 1));
        for (int d = 0; d < digits; ++d) {
            if (d == point && d > 0) s += '.';
            s += static_cast<char>('0' + rng() % 10);
        }
        if (rng() % 3 == 0) s += "e" + std::to_string(static_cast<int>(rng() % 61) - 30);
        CAPTURE(s);
        REQUIRE(same_bits(decimal_to_double(s), by_strtod(s)));
        ++checked;
    }
    CHECK(checked == 200000);
}
