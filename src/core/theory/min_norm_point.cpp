// Wolfe's minimum-norm-point algorithm (see min_norm_point.hpp).
#include "core/theory/min_norm_point.hpp"

#include <algorithm>
#include <cmath>

namespace pl::detail {

namespace {

// Solves A x = rhs (n x n, row-major) by Gaussian elimination with partial pivoting.
// False when A is singular to working precision.
bool solve_linear(std::vector<double> a, std::vector<double>& rhs, std::size_t n) {
    double largest_diagonal = 0;
    for (std::size_t i = 0; i < n; ++i) largest_diagonal = std::max(largest_diagonal, std::fabs(a[i * n + i]));
    const double tiny = largest_diagonal * 1e-30;
    for (std::size_t col = 0; col < n; ++col) {
        std::size_t pivot = col;
        for (std::size_t r = col + 1; r < n; ++r)
            if (std::fabs(a[r * n + col]) > std::fabs(a[pivot * n + col])) pivot = r;
        if (!(std::fabs(a[pivot * n + col]) > tiny)) return false;
        if (pivot != col) {
            for (std::size_t c = 0; c < n; ++c) std::swap(a[col * n + c], a[pivot * n + c]);
            std::swap(rhs[col], rhs[pivot]);
        }
        for (std::size_t r = col + 1; r < n; ++r) {
            const double factor = a[r * n + col] / a[col * n + col];
            if (factor == 0.0) continue;
            for (std::size_t c = col; c < n; ++c) a[r * n + c] -= factor * a[col * n + c];
            rhs[r] -= factor * rhs[col];
        }
    }
    for (std::size_t i = n; i-- > 0;) {
        double sum = rhs[i];
        for (std::size_t c = i + 1; c < n; ++c) sum -= a[i * n + c] * rhs[c];
        rhs[i] = sum / a[i * n + i];
        if (!std::isfinite(rhs[i])) return false;
    }
    return true;
}

// Weights (summing to 1, possibly negative) of the point of aff{points} closest to the origin.
// Written as c_0 + sum_k beta_k (c_k - c_0): the normal equations of the differences are better
// conditioned than the bordered Gram system.
bool affine_minimizer(const std::vector<Vec>& points, std::vector<double>& alpha) {
    const std::size_t m = points.size();
    alpha.assign(m, 0.0);
    if (m == 1) { alpha[0] = 1.0; return true; }
    const std::size_t k = m - 1;
    std::vector<Vec> diff(k);
    for (std::size_t i = 0; i < k; ++i) {
        diff[i] = points[i + 1];
        add_scaled(diff[i], -1.0, points[0]);
    }
    std::vector<double> gram(k * k), rhs(k);
    for (std::size_t i = 0; i < k; ++i) {
        for (std::size_t j = i; j < k; ++j) gram[i * k + j] = gram[j * k + i] = dot(diff[i], diff[j]);
        rhs[i] = -dot(diff[i], points[0]);
    }
    if (!solve_linear(std::move(gram), rhs, k)) return false;
    double rest = 1.0;
    for (std::size_t i = 0; i < k; ++i) { alpha[i + 1] = rhs[i]; rest -= rhs[i]; }
    alpha[0] = rest;
    return true;
}

Vec combine(const std::vector<Vec>& points, const std::vector<double>& weights) {
    Vec x(points.front().size(), 0.0);
    for (std::size_t i = 0; i < points.size(); ++i) add_scaled(x, weights[i], points[i]);
    return x;
}

}  // namespace

MinNormPoint min_norm_point(const VertexOracle& oracle, std::size_t max_iterations) {
    const double scale = std::max(oracle.scale_squared(), 1e-300);
    const double gap_tolerance = 1e-14 * scale;  // stop when no vertex improves |x|^2 by more than this
    const double zero_tolerance = 1e-28 * scale;  // |x|^2 below this: x is the origin

    MinNormPoint result;
    std::vector<Vec> points{oracle.vertex(oracle.start())};
    result.corral = {oracle.start()};
    result.weights = {1.0};
    result.x = points.front();

    std::vector<double> alpha;
    for (result.iterations = 0; result.iterations < max_iterations; ++result.iterations) {
        const double norm2 = squared_norm(result.x);
        if (norm2 <= zero_tolerance) { result.converged = true; return result; }
        const std::size_t q = oracle.minimize(result.x);
        Vec vq = oracle.vertex(q);
        if (norm2 - dot(result.x, vq) <= gap_tolerance ||
            std::find(result.corral.begin(), result.corral.end(), q) != result.corral.end()) {
            result.converged = true;
            return result;
        }
        points.push_back(std::move(vq));
        result.corral.push_back(q);
        result.weights.push_back(0.0);

        // Minor cycles: each removes at least one vertex, so there are fewer than corral.size() of them.
        while (true) {
            if (!affine_minimizer(points, alpha)) {
                // The new vertex is affinely dependent on the corral to working precision: the current x
                // is as good as this arithmetic can do.
                points.pop_back();
                result.corral.pop_back();
                result.weights.pop_back();
                result.converged = true;
                return result;
            }
            if (std::all_of(alpha.begin(), alpha.end(), [](double a) { return a > 0.0; })) {
                result.weights = alpha;
                break;
            }
            // Walk from the current weights toward alpha until the first weight reaches zero.
            double theta = 1.0;
            std::size_t leaving = 0;
            for (std::size_t i = 0; i < alpha.size(); ++i) {
                if (alpha[i] > 0.0) continue;
                const double t = result.weights[i] / (result.weights[i] - alpha[i]);
                if (t < theta) { theta = t; leaving = i; }
            }
            double total = 0;
            for (std::size_t i = 0; i < alpha.size(); ++i) {
                result.weights[i] = (1.0 - theta) * result.weights[i] + theta * alpha[i];
                if (i == leaving || result.weights[i] <= 0.0) result.weights[i] = 0.0;
                total += result.weights[i];
            }
            for (std::size_t i = alpha.size(); i-- > 0;) {
                if (result.weights[i] > 0.0) { result.weights[i] /= total; continue; }
                points.erase(points.begin() + static_cast<std::ptrdiff_t>(i));
                result.corral.erase(result.corral.begin() + static_cast<std::ptrdiff_t>(i));
                result.weights.erase(result.weights.begin() + static_cast<std::ptrdiff_t>(i));
            }
        }
        result.x = combine(points, result.weights);
    }
    return result;  // iteration cap reached: converged stays false
}

}  // namespace pl::detail
