// Sparse Cholesky: Eigen's simplicial LDLᵀ (no square roots; a quarter
// faster than its LLᵀ on 2-D grids) with an approximate minimum degree
// ordering, kept between solves; positive definite means every d_i > 0. The CSR arrays of A, read as compressed
// columns, are Aᵀ; its upper triangle is A's lower triangle, which is what
// the factorization reads.
#include "SparseCore.h"
#include "SparseSetup.hpp"

#include <Eigen/OrderingMethods>
#include <Eigen/SparseCholesky>

namespace core {
namespace {

template <class T>
struct CholeskyFactorization final : SparseFactorization {
  Eigen::SimplicialLDLT<sparse::ColumnMajorSparse<T>, Eigen::Upper, Eigen::AMDOrdering<int>> solver;
  Index n = 0;

  Status solve(const float* b, Index nrhs, float* x) const override { return solveTyped(b, nrhs, x); }
  Status solve(const double* b, Index nrhs, double* x) const override { return solveTyped(b, nrhs, x); }

  template <class S>
  Status solveTyped(const S* b, Index nrhs, S* x) const {
    if constexpr (std::is_same_v<S, T>) {
      return sparse::solveRowMajor(solver, n, b, nrhs, x);
    } else {
      return Status::invalidArgument;
    }
  }
};

template <class T>
Status factor(Index n, const Index* rowStarts, const std::int32_t* columnIndices, const T* values,
              SparseFactorization** out) {
  if (n < 0 || rowStarts == nullptr || out == nullptr) return Status::invalidArgument;
  *out = nullptr;
  const sparse::CompressedRows<T> a{n, n, rowStarts, columnIndices, values};
  if (!sparse::fitsInt(a)) return Status::invalidArgument;
  if (!a.allFinite()) return Status::notPositiveDefinite;
  auto result = std::make_unique<CholeskyFactorization<T>>();
  result->n = n;
  if (n > 0) {
    const sparse::ColumnMajorSparse<T> transposed = sparse::transposeAsColumnMajor(a);
    result->solver.compute(transposed);
    if (result->solver.info() != Eigen::Success) return Status::notPositiveDefinite;
    const auto& d = result->solver.vectorD();
    for (Index i = 0; i < n; ++i) {
      if (!(d[i] > T(0))) return Status::notPositiveDefinite;
    }
  }
  *out = result.release();
  return Status::ok;
}

}  // namespace

Status sparseCholeskyFactor(Index n, const Index* rowStarts, const std::int32_t* columnIndices, const float* values,
                            SparseFactorization** factorization) noexcept {
  return detail::guarded([&] { return factor(n, rowStarts, columnIndices, values, factorization); });
}
Status sparseCholeskyFactor(Index n, const Index* rowStarts, const std::int32_t* columnIndices, const double* values,
                            SparseFactorization** factorization) noexcept {
  return detail::guarded([&] { return factor(n, rowStarts, columnIndices, values, factorization); });
}

}  // namespace core
