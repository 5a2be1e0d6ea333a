// Sparse Cholesky: an approximate minimum degree ordering (Eigen's AMD, on
// the pattern of A's lower triangle and its transpose), then our
// supernodal factorization P A Pᵀ = L Lᵀ (SupernodalCholesky.hpp), kept
// between solves. Eigen's simplicial LDLᵀ, which this replaced, took 11 s
// on a 10^6-unknown 2-D Poisson matrix; see Benchmarks/RESULTS.md.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "SparseCore.h"
#include "SparseSetup.hpp"
#include "SupernodalCholesky.hpp"

#include <Eigen/OrderingMethods>

namespace core {
namespace {

template <class T>
struct CholeskyFactorization final : SparseFactorization {
  sparse::SupernodalCholesky<T> factor;
  std::vector<std::int32_t> newIndex;  ///< row/column i of A is newIndex[i] of P A Pᵀ
  Index n = 0;

  Status solve(const float* b, Index nrhs, float* x) const override { return solveTyped(b, nrhs, x); }
  Status solve(const double* b, Index nrhs, double* x) const override { return solveTyped(b, nrhs, x); }

  template <class S>
  Status solveTyped(const S* b, Index nrhs, S* x) const {
    if constexpr (std::is_same_v<S, T>) {
      std::vector<T> work(static_cast<std::size_t>(n));
      for (Index c = 0; c < nrhs; ++c) {
        for (Index i = 0; i < n; ++i) work[newIndex[i]] = b[i * nrhs + c];
        factor.solve(work.data());
        for (Index i = 0; i < n; ++i) x[i * nrhs + c] = work[newIndex[i]];
      }
      return Status::ok;
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
    // The ordering, from the pattern of the lower triangle (read as the
    // upper triangle of the compressed-column view, which is Aᵀ).
    const sparse::ColumnMajorSparse<T> transposed = sparse::transposeAsColumnMajor(a);
    const sparse::ColumnMajorSparse<T> upper = transposed.template triangularView<Eigen::Upper>();
    Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, int> inverseOrder;
    Eigen::AMDOrdering<int>()(upper.template selfadjointView<Eigen::Upper>(), inverseOrder);
    result->newIndex.assign(static_cast<std::size_t>(n), 0);
    for (Index k = 0; k < n; ++k) result->newIndex[inverseOrder.indices()[k]] = static_cast<std::int32_t>(k);
    // P A Pᵀ's lower triangle by rows.
    const auto& newIndex = result->newIndex;
    std::vector<Index> starts(static_cast<std::size_t>(n) + 1, 0);
    for (Index i = 0; i < n; ++i) {
      for (Index e = rowStarts[i]; e < rowStarts[i + 1]; ++e) {
        if (columnIndices[e] <= i) ++starts[std::max(newIndex[i], newIndex[columnIndices[e]]) + 1];
      }
    }
    for (Index i = 0; i < n; ++i) starts[i + 1] += starts[i];
    std::vector<Index> next(starts.begin(), starts.end() - 1);
    std::vector<std::int32_t> permutedColumns(static_cast<std::size_t>(starts[n]));
    std::vector<T> permutedValues(static_cast<std::size_t>(starts[n]));
    for (Index i = 0; i < n; ++i) {
      for (Index e = rowStarts[i]; e < rowStarts[i + 1]; ++e) {
        const Index j = columnIndices[e];
        if (j > i) continue;
        const std::int32_t row = std::max(newIndex[i], newIndex[j]), column = std::min(newIndex[i], newIndex[j]);
        const Index slot = next[row]++;
        permutedColumns[slot] = column;
        permutedValues[slot] = values[e];
      }
    }
    if (!result->factor.factor(n, starts, permutedColumns, permutedValues)) return Status::notPositiveDefinite;
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

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
