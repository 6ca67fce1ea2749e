// Householder tridiagonalisation + implicit QL (see symmetric_eigen.hpp). The two loops follow the classic
// tred2 / tqli formulation (eigenvalues only), written 0-based.
#include "core/theory/symmetric_eigen.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace pl {

SymmetricEigenvalues::SymmetricEigenvalues(std::vector<double> matrix, std::size_t n)
    : a_(std::move(matrix)), n_(n), row_(n > 0 ? n - 1 : 0), diagonal_(n, 0.0), off_diagonal_(n, 0.0) {
    if (a_.size() != n * n) a_.assign(n * n, 0.0);
    if (n_ <= 1) {
        if (n_ == 1) values_ = {a_[0]};
        done_ = true;
    }
}

// Reduces row i: a Householder reflection zeroes a[i][0..i-2] and leaves the off-diagonal entry in e[i].
void SymmetricEigenvalues::reduce_row(std::size_t i) {
    const std::size_t n = n_;
    auto at = [&](std::size_t r, std::size_t c) -> double& { return a_[r * n + c]; };
    std::vector<double>& e = off_diagonal_;
    const std::size_t l = i - 1;
    double h = 0.0;
    if (l > 0) {
        double scale = 0.0;
        for (std::size_t k = 0; k < i; ++k) scale += std::fabs(at(i, k));
        if (scale == 0.0) {
            e[i] = at(i, l);
        } else {
            for (std::size_t k = 0; k < i; ++k) {
                at(i, k) /= scale;
                h += at(i, k) * at(i, k);
            }
            double f = at(i, l);
            double g = f >= 0.0 ? -std::sqrt(h) : std::sqrt(h);
            e[i] = scale * g;
            h -= f * g;
            at(i, l) = f - g;
            f = 0.0;
            for (std::size_t j = 0; j < i; ++j) {
                g = 0.0;
                for (std::size_t k = 0; k <= j; ++k) g += at(j, k) * at(i, k);
                for (std::size_t k = j + 1; k < i; ++k) g += at(k, j) * at(i, k);
                e[j] = g / h;
                f += e[j] * at(i, j);
            }
            const double hh = f / (h + h);
            for (std::size_t j = 0; j < i; ++j) {
                f = at(i, j);
                e[j] = g = e[j] - hh * f;
                for (std::size_t k = 0; k <= j; ++k) at(j, k) -= f * e[k] + g * at(i, k);
            }
        }
    } else {
        e[i] = at(i, l);
    }
}

// Implicit QL on the tridiagonal matrix (d, e): d becomes the eigenvalues.
void SymmetricEigenvalues::ql() {
    const std::size_t n = n_;
    std::vector<double>& d = diagonal_;
    std::vector<double>& e = off_diagonal_;
    for (std::size_t i = 0; i < n; ++i) d[i] = a_[i * n + i];
    for (std::size_t i = 1; i < n; ++i) e[i - 1] = e[i];
    e[n - 1] = 0.0;
    constexpr double kEps = std::numeric_limits<double>::epsilon();
    constexpr int kMaxSweeps = 60;
    for (std::size_t l = 0; l < n; ++l) {
        int sweeps = 0;
        std::size_t m = l;
        do {
            for (m = l; m + 1 < n; ++m) {
                const double dd = std::fabs(d[m]) + std::fabs(d[m + 1]);
                if (std::fabs(e[m]) <= kEps * dd) break;
            }
            if (m != l) {
                if (sweeps++ == kMaxSweeps) { failed_ = true; return; }
                double g = (d[l + 1] - d[l]) / (2.0 * e[l]);
                double r = std::hypot(g, 1.0);
                g = d[m] - d[l] + e[l] / (g + (g >= 0.0 ? std::fabs(r) : -std::fabs(r)));
                double s = 1.0, c = 1.0, p = 0.0;
                bool underflow = false;
                for (std::size_t i = m; i-- > l;) {
                    const double f = s * e[i];
                    const double b = c * e[i];
                    r = std::hypot(f, g);
                    e[i + 1] = r;
                    if (r == 0.0) {  // recover from underflow
                        d[i + 1] -= p;
                        e[m] = 0.0;
                        underflow = true;
                        break;
                    }
                    s = f / r;
                    c = g / r;
                    g = d[i + 1] - p;
                    r = (d[i] - g) * s + 2.0 * c * b;
                    p = s * r;
                    d[i + 1] = g + p;
                    g = c * r - b;
                }
                if (underflow) continue;
                d[l] -= p;
                e[l] = g;
                e[m] = 0.0;
            }
        } while (m != l);
    }
    values_ = d;
    std::sort(values_.begin(), values_.end());
}

bool SymmetricEigenvalues::step() {
    if (done_) return true;
    if (row_ >= 1) {
        reduce_row(row_);
        --row_;
        return false;
    }
    off_diagonal_[0] = 0.0;
    ql();
    done_ = true;
    return true;
}

std::vector<double> symmetric_eigenvalues(std::vector<double> matrix, std::size_t n) {
    SymmetricEigenvalues solver(std::move(matrix), n);
    while (!solver.step()) {}
    return solver.failed() ? std::vector<double>{} : solver.values();
}

}  // namespace pl
