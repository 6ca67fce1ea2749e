#include "core/learn/kernel.hpp"

#include <cmath>

#include "core/learn/portable_math.hpp"

namespace pl {

namespace {
// base^exponent by repeated squaring: only multiplications, so the same bits on every target
// (std::pow is a libm call and is not guaranteed to round identically everywhere).
double integer_power(double base, int exponent) {
    double result = 1.0;
    double factor = base;
    for (int e = exponent; e > 0; e >>= 1) {
        if (e & 1) result *= factor;
        factor *= factor;
    }
    return result;
}
}  // namespace

double kernel_eval(const KernelParams& params, const Vec& a, const Vec& b) {
    switch (params.type) {
        case KernelType::Linear: return dot(a, b);
        case KernelType::Polynomial: {
            // High degrees overflow to inf, and inf - inf between two support points is NaN: keep the
            // value finite (1e150 is far beyond anything the shader or the eye can tell apart).
            const double value = integer_power(dot(a, b) + params.coef0, params.degree);
            constexpr double kLimit = 1e150;
            if (std::isnan(value)) return 0.0;
            return value > kLimit ? kLimit : value < -kLimit ? -kLimit : value;
        }
        case KernelType::Gaussian: {
            const double d2 = squared_distance(a, b);
            if (!(params.sigma > 0.0)) return d2 == 0.0 ? 1.0 : 0.0;
            return portable::exp(-d2 / (2.0 * params.sigma * params.sigma));
        }
        case KernelType::Rbf: return portable::exp(-params.gamma * squared_distance(a, b));
        case KernelType::Sigmoid: return portable::tanh(params.scale * dot(a, b) + params.theta);
    }
    return 0.0;
}

bool is_positive_semidefinite(KernelType type) { return type != KernelType::Sigmoid; }

const char* kernel_formula(KernelType type) {
    switch (type) {
        case KernelType::Linear: return "K(x, y) = x.y";
        case KernelType::Polynomial: return "K(x, y) = (x.y + c)^p";
        case KernelType::Gaussian: return "K(x, y) = exp(-|x - y|^2 / (2 sigma^2))";
        case KernelType::Rbf: return "K(x, y) = exp(-gamma |x - y|^2)";
        case KernelType::Sigmoid: return "K(x, y) = tanh(eta x.y + theta)";
    }
    return "";
}

}  // namespace pl
