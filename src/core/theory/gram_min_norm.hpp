// Private to kernel_theory.cpp: Wolfe's minimum-norm-point algorithm (see min_norm_point.hpp) for points
// p_1..p_n of a feature space that is known only through their Gram matrix G_ij = p_i . p_j.
//
// The current point is x = sum_k lambda_k p_{c_k} over a small "corral" c of vertices (lambda convex), and
// everything Wolfe needs is an inner product:
//   g = G lambda          g_i = p_i . x       (the linear minimisation oracle is argmin_i g_i)
//   |x|^2 = lambda . g    restricted to the corral
//   the affine minimiser over the corral: with M = G_cc + 1 1^T (positive definite exactly when the corral
//   is affinely independent), G_cc a = mu 1 and 1^T a = 1 give M a = (mu + 1) 1, so a = M^-1 1 / (1^T M^-1 1).
// M's Cholesky factor is kept up to date as vertices enter (a new row, O(|c|^2)) and leave (a rank-one
// update of the rows below, O(|c|^2)), so no minor cycle refactors. Only the columns of G that belong to
// the corral are kept (n doubles each): memory is n * |c|, not n^2. A major cycle costs one kernel column
// for the entering vertex, O(n |c|) to update g and O(|c|^2) per minor cycle.
//
// step() runs one major cycle, so a caller can spread the work over several frames.
//
// The answer carries its own certificate: for w = x / |x|,
//   min_i p_i . w = min_i g_i / |x|   <=   gamma* = min over conv of |.|   <=   |x|
// (the left side is the margin w really achieves; the right side holds because x is in the hull), so the
// relative gap 1 - (min_i g_i) / |x|^2 bounds the relative error of either end.
#pragma once
#include <cstddef>
#include <functional>
#include <unordered_map>
#include <vector>

namespace pl::detail {

class GramMinNormPoint {
public:
    // column(j, out) fills out[i] = G_ij for i = 0..n-1 (out has size n). diagonal[i] = G_ii.
    using ColumnFunction = std::function<void(std::size_t j, std::vector<double>& out)>;

    enum class Status {
        Running,
        Optimal,  // no vertex improves x by more than the tolerance: x is the minimum-norm point
        Zero,     // |x|^2 fell to 1e-18 max G_ii: the origin is (to rounding) in the hull
        Stalled,  // rounding allows no further progress (the best vertex is already in the corral, or the
                  // corral's system became singular); certificate() says how good the answer is
        Capped    // max_iterations major cycles, or max_work, without an answer
    };

    // max_work bounds the multiply-adds (about n |c| per cycle), so a hopeless problem (a tiny margin with
    // nearly every point in the corral) ends in a known time.
    GramMinNormPoint(std::size_t n, ColumnFunction column, std::vector<double> diagonal, std::size_t max_iterations,
                     double max_work);

    Status step();  // one major cycle (does nothing once the status is not Running)
    Status status() const { return status_; }
    std::size_t iterations() const { return iterations_; }
    double work() const { return work_; }

    const std::vector<std::size_t>& corral() const { return corral_; }
    const std::vector<double>& weights() const { return lambda_; }  // convex weights of the corral's points
    const std::vector<double>& products() const { return g_; }     // g_i = p_i . x
    double squared_norm() const { return squared_norm_; }           // |x|^2
    // 1 - min_i g_i / |x|^2: the relative gap of the certificate above (1 when |x| = 0).
    double relative_gap() const;

private:
    const std::vector<double>& column(std::size_t j);
    void update_products();
    bool add_to_corral(std::size_t q);          // false: q is affinely dependent on the corral (not added)
    bool affine_minimizer(std::vector<double>& alpha) const;
    void remove_corral_member(std::size_t k);
    bool refactor();
    Status major_cycle();

    std::size_t n_;
    ColumnFunction column_function_;
    std::vector<double> diagonal_;
    std::size_t max_iterations_;
    double max_work_;
    double scale_ = 1.0;  // max G_ii (sets the tolerances)

    Status status_ = Status::Running;
    std::size_t iterations_ = 0;
    double work_ = 0.0;
    bool refactored_ = false;  // the factor was rebuilt after the last stall, with no progress since
    std::vector<std::size_t> corral_;
    std::vector<double> lambda_;
    std::vector<std::vector<double>> cholesky_;  // row k: the lower-triangular factor of M, entries 0..k
    std::vector<double> g_;
    double squared_norm_ = 0.0;
    std::unordered_map<std::size_t, std::vector<double>> columns_;  // columns of the corral's vertices
};

}  // namespace pl::detail
