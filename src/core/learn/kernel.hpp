// Kernels K(a, b): a dot product in some feature space, computed without building that space.
// The kernel perceptron (lecture 002) only ever touches the data through K.
#pragma once
#include "core/learn/vec.hpp"
#include "core/base/config.hpp"

namespace pl {

// Linear      a.b
// Polynomial  (a.b + c)^p           p = params.degree (p <= 0 gives 1), c = params.coef0
// Gaussian    exp(-|a-b|^2 / (2 sigma^2))   sigma <= 0 degenerates to "1 if a == b else 0"
// Rbf         exp(-gamma |a-b|^2)
// Sigmoid     tanh(scale a.b + theta)       (not a Mercer kernel, see below)
// exp and tanh come from portable_math.hpp, so values are bit-identical natively and in WebAssembly.
double kernel_eval(const KernelParams& params, const Vec& a, const Vec& b);

// True when every Gram matrix of the kernel is positive semi-definite (Mercer), i.e. the kernel really
// is phi(a).phi(b) for some phi. The sigmoid kernel is not (for some scale/theta it has negative
// eigenvalues); the polynomial kernel is PSD for coef0 >= 0, which is what the UI offers.
bool is_positive_semidefinite(KernelType type);

// Display formula, plain ASCII.
const char* kernel_formula(KernelType type);

}  // namespace pl
