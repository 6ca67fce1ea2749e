// Dense vectors of any dimension, as plain std::vector<double>.
// Kept deliberately tiny: the learners need dot products and "w += s * x", nothing more.
#pragma once
#include <cmath>
#include <cstddef>
#include <vector>

namespace pl {

using Vec = std::vector<double>;

inline double dot(const Vec& a, const Vec& b) {
    double sum = 0.0;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) sum += a[i] * b[i];
    return sum;
}

inline double squared_norm(const Vec& a) { return dot(a, a); }
inline double norm(const Vec& a) { return std::sqrt(squared_norm(a)); }

inline double squared_distance(const Vec& a, const Vec& b) {
    double sum = 0.0;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) sum += (a[i] - b[i]) * (a[i] - b[i]);
    return sum;
}

// target += scale * x   (the perceptron update is add_scaled(w, eta * y, x))
inline void add_scaled(Vec& target, double scale, const Vec& x) {
    for (std::size_t i = 0; i < target.size() && i < x.size(); ++i) target[i] += scale * x[i];
}

}  // namespace pl
