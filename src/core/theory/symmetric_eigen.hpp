// Eigenvalues of a real symmetric matrix, for the question "is this kernel's Gram matrix positive
// semi-definite on these points?" (the sigmoid kernel, and the polynomial kernel with c < 0, are not in
// general: it depends on their parameters and on the data).
//
// Householder reduction to tridiagonal form, then the implicit QL algorithm with Wilkinson-style shifts
// (the classic tred2 / tqli pair, eigenvalues only). The reduction costs (2/3) n^3 and is resumable: each
// step() reduces one row, O(n^2), so a caller can spread an n = 400 matrix over several frames; the QL
// phase is O(n^2) in all and runs as the last step. Backward stable: every computed eigenvalue is exact for
// a matrix within about n * epsilon * |A| of A.
#pragma once
#include <cstddef>
#include <vector>

namespace pl {

class SymmetricEigenvalues {
public:
    // matrix: n x n, row-major; only the lower triangle is read.
    SymmetricEigenvalues(std::vector<double> matrix, std::size_t n);

    bool step();  // one unit of work; true once the eigenvalues are ready (or the QL phase failed)
    bool done() const { return done_; }
    bool failed() const { return failed_; }  // QL did not converge (not seen in practice; values() empty)
    const std::vector<double>& values() const { return values_; }  // ascending
    std::size_t size() const { return n_; }
    std::size_t rows_left() const { return row_ + 1; }  // rows the reduction has still to do (progress)

private:
    void reduce_row(std::size_t i);
    void ql();

    std::vector<double> a_;  // the matrix, overwritten by the reduction
    std::size_t n_;
    std::size_t row_;        // next row to reduce (counts down to 1)
    std::vector<double> diagonal_, off_diagonal_;
    std::vector<double> values_;
    bool done_ = false, failed_ = false;
};

// All at once: ascending eigenvalues (empty when the QL phase failed).
std::vector<double> symmetric_eigenvalues(std::vector<double> matrix, std::size_t n);

}  // namespace pl
