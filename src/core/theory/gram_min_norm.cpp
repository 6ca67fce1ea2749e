// Wolfe's minimum-norm-point algorithm through a Gram matrix (see gram_min_norm.hpp).
#include "core/theory/gram_min_norm.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace pl::detail {

namespace {
// |x|^2 at or below this share of max G_ii counts as the origin: the margin would be below 1e-9 R, and an
// affine solve whose answer is the origin leaves about this much rounding behind.
constexpr double kZeroShare = 1e-18;
// Stop when no vertex improves |x|^2 by more than this share of |x|^2 (the certificate's relative gap).
constexpr double kOptimalGap = 1e-12;
// A new Cholesky pivot^2 below this share of its diagonal entry: the vertex is affinely dependent on the
// corral to working precision.
constexpr double kDependentShare = 1e-14;
}  // namespace

GramMinNormPoint::GramMinNormPoint(std::size_t n, ColumnFunction column_function, std::vector<double> diagonal,
                                   std::size_t max_iterations, double max_work)
    : n_(n), column_function_(std::move(column_function)), diagonal_(std::move(diagonal)),
      max_iterations_(max_iterations), max_work_(max_work) {
    if (n_ == 0 || diagonal_.size() != n_) {
        status_ = Status::Zero;
        return;
    }
    scale_ = std::max(1e-300, *std::max_element(diagonal_.begin(), diagonal_.end()));
    // Start from the shortest point, as the primal solver does.
    const std::size_t start =
        static_cast<std::size_t>(std::min_element(diagonal_.begin(), diagonal_.end()) - diagonal_.begin());
    g_.assign(n_, 0.0);
    add_to_corral(start);  // a single point is never dependent (M = G_ss + 1 >= 1)
    lambda_ = {1.0};
    update_products();
}

const std::vector<double>& GramMinNormPoint::column(std::size_t j) {
    auto found = columns_.find(j);
    if (found != columns_.end()) return found->second;
    std::vector<double>& out = columns_[j];
    out.assign(n_, 0.0);
    column_function_(j, out);
    work_ += static_cast<double>(n_);
    return out;
}

double GramMinNormPoint::relative_gap() const {
    if (!(squared_norm_ > 0.0) || g_.empty()) return 1.0;
    return 1.0 - *std::min_element(g_.begin(), g_.end()) / squared_norm_;
}

void GramMinNormPoint::update_products() {
    std::fill(g_.begin(), g_.end(), 0.0);
    for (std::size_t k = 0; k < corral_.size(); ++k) {
        const std::vector<double>& c = columns_.at(corral_[k]);
        const double weight = lambda_[k];
        if (weight == 0.0) continue;
        for (std::size_t i = 0; i < n_; ++i) g_[i] += weight * c[i];
    }
    squared_norm_ = 0.0;
    for (std::size_t k = 0; k < corral_.size(); ++k) squared_norm_ += lambda_[k] * g_[corral_[k]];
    work_ += static_cast<double>(n_ * corral_.size());
}

// M gains the row (G_{q c_k} + 1)_k and the diagonal G_qq + 1: one forward substitution.
bool GramMinNormPoint::add_to_corral(std::size_t q) {
    const std::vector<double>& c = column(q);
    const std::size_t m = corral_.size();
    std::vector<double> row(m + 1, 0.0);
    double rest = c[q] + 1.0;
    for (std::size_t k = 0; k < m; ++k) {
        double value = c[corral_[k]] + 1.0;
        const std::vector<double>& lk = cholesky_[k];
        for (std::size_t t = 0; t < k; ++t) value -= lk[t] * row[t];
        row[k] = value / lk[k];
        rest -= row[k] * row[k];
    }
    work_ += 0.5 * static_cast<double>(m * m);
    if (!(rest > kDependentShare * (c[q] + 1.0))) {
        columns_.erase(q);
        return false;
    }
    row[m] = std::sqrt(rest);
    cholesky_.push_back(std::move(row));
    corral_.push_back(q);
    lambda_.push_back(0.0);
    return true;
}

// a = M^-1 1 / (1^T M^-1 1): the affine combination of the corral closest to the origin.
bool GramMinNormPoint::affine_minimizer(std::vector<double>& alpha) const {
    const std::size_t m = corral_.size();
    alpha.assign(m, 1.0);
    for (std::size_t i = 0; i < m; ++i) {  // L y = 1
        double value = alpha[i];
        for (std::size_t t = 0; t < i; ++t) value -= cholesky_[i][t] * alpha[t];
        alpha[i] = value / cholesky_[i][i];
    }
    for (std::size_t i = m; i-- > 0;) {  // L^T z = y
        double value = alpha[i];
        for (std::size_t k = i + 1; k < m; ++k) value -= cholesky_[k][i] * alpha[k];
        alpha[i] = value / cholesky_[i][i];
    }
    double total = 0.0;
    for (double a : alpha) total += a;
    if (!(total > 0.0) || !std::isfinite(total)) return false;
    for (double& a : alpha) a /= total;
    return true;
}

// Deleting row and column k of M: the rows below lose their k-th entry, and their trailing block of the
// factor takes a rank-one update with that removed column (L' L'^T = L33 L33^T + x x^T).
void GramMinNormPoint::remove_corral_member(std::size_t k) {
    const std::size_t m = corral_.size();
    std::vector<double> x;
    x.reserve(m - k - 1);
    for (std::size_t b = k + 1; b < m; ++b) {
        x.push_back(cholesky_[b][k]);
        cholesky_[b].erase(cholesky_[b].begin() + static_cast<std::ptrdiff_t>(k));
    }
    cholesky_.erase(cholesky_.begin() + static_cast<std::ptrdiff_t>(k));
    for (std::size_t i = 0; i < x.size(); ++i) {
        const std::size_t a = k + i;
        const double diagonal = cholesky_[a][a];
        const double r = std::hypot(diagonal, x[i]);
        const double c = r / diagonal, s = x[i] / diagonal;
        cholesky_[a][a] = r;
        for (std::size_t j = i + 1; j < x.size(); ++j) {
            double& entry = cholesky_[k + j][a];
            entry = (entry + s * x[j]) / c;
            x[j] = c * x[j] - s * entry;
        }
    }
    work_ += static_cast<double>((m - k) * (m - k));
    columns_.erase(corral_[k]);
    corral_.erase(corral_.begin() + static_cast<std::ptrdiff_t>(k));
    lambda_.erase(lambda_.begin() + static_cast<std::ptrdiff_t>(k));
}

// Rebuilds M's factor from the Gram entries, dropping the rounding that many updates accumulate.
// False when M is singular to working precision.
bool GramMinNormPoint::refactor() {
    const std::size_t m = corral_.size();
    std::vector<std::vector<double>> fresh(m);
    for (std::size_t i = 0; i < m; ++i) {
        fresh[i].assign(i + 1, 0.0);
        const std::vector<double>& ci = columns_.at(corral_[i]);
        for (std::size_t j = 0; j <= i; ++j) {
            double value = ci[corral_[j]] + 1.0;
            for (std::size_t t = 0; t < j; ++t) value -= fresh[i][t] * fresh[j][t];
            if (j < i) {
                fresh[i][j] = value / fresh[j][j];
            } else {
                if (!(value > kDependentShare * (ci[corral_[i]] + 1.0))) return false;
                fresh[i][i] = std::sqrt(value);
            }
        }
    }
    work_ += static_cast<double>(m * m * m) / 6.0;
    cholesky_ = std::move(fresh);
    return true;
}

GramMinNormPoint::Status GramMinNormPoint::step() {
    const Status status = major_cycle();
    if (status == Status::Stalled && !refactored_ && refactor()) {
        // A fresh factor may see what the updated one could not: try once more before giving up.
        refactored_ = true;
        status_ = Status::Running;
        return status_;
    }
    if (status == Status::Running) refactored_ = false;
    return status;
}

GramMinNormPoint::Status GramMinNormPoint::major_cycle() {
    if (status_ != Status::Running) return status_;
    if (iterations_ >= max_iterations_ || work_ >= max_work_) return status_ = Status::Capped;
    ++iterations_;
    if (squared_norm_ <= kZeroShare * scale_) return status_ = Status::Zero;
    const std::size_t q = static_cast<std::size_t>(std::min_element(g_.begin(), g_.end()) - g_.begin());
    if (squared_norm_ - g_[q] <= kOptimalGap * squared_norm_) return status_ = Status::Optimal;
    if (std::find(corral_.begin(), corral_.end(), q) != corral_.end()) return status_ = Status::Stalled;
    if (!add_to_corral(q)) return status_ = Status::Stalled;

    // Minor cycles: each removes at least one vertex, so there are fewer than corral_.size() of them.
    std::vector<double> alpha;
    while (true) {
        if (!affine_minimizer(alpha)) {
            status_ = Status::Stalled;  // x (the weights so far) is as good as this arithmetic can do
            break;
        }
        if (std::all_of(alpha.begin(), alpha.end(), [](double a) { return a > 0.0; })) {
            lambda_ = alpha;
            break;
        }
        // Walk from the current weights toward alpha until the first weight reaches zero.
        double theta = 1.0;
        std::size_t leaving = 0;
        for (std::size_t i = 0; i < alpha.size(); ++i) {
            if (alpha[i] > 0.0) continue;
            const double t = lambda_[i] / (lambda_[i] - alpha[i]);
            if (t < theta) { theta = t; leaving = i; }
        }
        double total = 0.0;
        for (std::size_t i = 0; i < alpha.size(); ++i) {
            lambda_[i] = (1.0 - theta) * lambda_[i] + theta * alpha[i];
            if (i == leaving || lambda_[i] <= 0.0) lambda_[i] = 0.0;
            total += lambda_[i];
        }
        for (std::size_t i = alpha.size(); i-- > 0;) {
            if (lambda_[i] > 0.0) lambda_[i] /= total;
            else remove_corral_member(i);
        }
    }
    update_products();
    // Rounding can make the entering vertex leave at once; then nothing changed and nothing will.
    if (status_ == Status::Running && std::find(corral_.begin(), corral_.end(), q) == corral_.end())
        status_ = Status::Stalled;
    return status_;
}

}  // namespace pl::detail
