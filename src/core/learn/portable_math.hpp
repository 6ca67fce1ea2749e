// exp / expm1 / tanh / logistic sigmoid built only from IEEE-exact operations (+ - * /, floor, ldexp).
// Why: libm's exp and tanh are not correctly rounded, and glibc (native) and musl (Emscripten) round
// them differently in the last bit. Kernel values and logistic steps feed back into which example is a
// mistake next, so one differing bit could make a shared link replay differently in the browser.
// These versions are accurate to about one ulp, which is plenty for a teaching widget.
#pragma once
#include <cmath>

namespace pl::portable {

namespace detail {
// 1/n! for n = 0..19, computed at compile time (constant folding is IEEE double on every compiler).
struct InverseFactorials {
    double value[20]{};
    constexpr InverseFactorials() {
        value[0] = 1.0;
        for (int n = 1; n < 20; ++n) value[n] = value[n - 1] / static_cast<double>(n);
    }
};
inline constexpr InverseFactorials kInverseFactorial{};
}  // namespace detail

// e^x. Range reduction x = k*ln2 + r with |r| <= ln2/2 (ln2 split in two so k*ln2_hi is exact),
// then a Taylor polynomial for e^r and an exact scaling by 2^k.
inline double exp(double x) {
    if (std::isnan(x)) return x;
    if (x > 709.782712893384) return HUGE_VAL;
    if (x < -745.1332191019412) return 0.0;
    constexpr double kLog2e = 1.4426950408889634;
    constexpr double kLn2Hi = 6.93147180369123816490e-01;
    constexpr double kLn2Lo = 1.90821492927058770002e-10;
    const double k = std::floor(x * kLog2e + 0.5);
    const double r = (x - k * kLn2Hi) - k * kLn2Lo;
    double p = detail::kInverseFactorial.value[14];
    for (int n = 13; n >= 0; --n) p = p * r + detail::kInverseFactorial.value[n];
    return std::ldexp(p, static_cast<int>(k));
}

// e^x - 1 without cancellation for small |x| (a Taylor series there, exp(x) - 1 elsewhere).
inline double expm1(double x) {
    if (std::isnan(x)) return x;
    if (std::fabs(x) >= 0.5) return portable::exp(x) - 1.0;
    double p = detail::kInverseFactorial.value[19];
    for (int n = 18; n >= 1; --n) p = p * x + detail::kInverseFactorial.value[n];
    return p * x;  // x * (1/1! + x/2! + x^2/3! + ...)
}

// tanh(x) = -expm1(-2|x|) / (2 + expm1(-2|x|)), with the sign of x; saturates to +-1 for |x| > 20.
inline double tanh(double x) {
    if (std::isnan(x)) return x;
    const double a = std::fabs(x);
    if (a > 20.0) return std::copysign(1.0, x);
    const double em = portable::expm1(-2.0 * a);
    return std::copysign(-em / (2.0 + em), x);
}

// 1 / (1 + e^-z), evaluated so that neither branch can overflow (never NaN for finite or infinite z).
inline double sigmoid(double z) {
    if (z >= 0.0) return 1.0 / (1.0 + portable::exp(-z));
    const double e = portable::exp(z);
    return e / (1.0 + e);
}

}  // namespace pl::portable
