// Sparse products with vectors and dense matrices: our own CSR row loops,
// split across the matrix threads by entry counts (no Eigen).
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "CompressedRows.hpp"
#include "Guarded.hpp"
#include "SparseCore.h"

namespace core {
namespace {

template <class T>
Status multiplyVectorImpl(Index rows, Index columns, const Index* rowStarts, const std::int32_t* columnIndices,
                          const T* values, const T* x, T* y) {
  if (rows < 0 || columns < 0 || rowStarts == nullptr) return Status::invalidArgument;
  sparse::multiplyVector(sparse::CompressedRows<T>{rows, columns, rowStarts, columnIndices, values}, x, y);
  return Status::ok;
}

template <class T>
Status multiplyDenseImpl(Index rows, Index columns, const Index* rowStarts, const std::int32_t* columnIndices,
                         const T* values, const T* b, Index k, T* c) {
  if (rows < 0 || columns < 0 || k < 0 || rowStarts == nullptr) return Status::invalidArgument;
  const sparse::CompressedRows<T> a{rows, columns, rowStarts, columnIndices, values};
  if (k == 1) {
    sparse::multiplyVector(a, b, c);
    return Status::ok;
  }
  sparse::forRowsBalanced(a, k, [&](Index begin, Index end) {
    for (Index i = begin; i < end; ++i) {
      T* out = c + i * k;
      std::fill(out, out + k, T(0));
      for (Index e = rowStarts[i]; e < rowStarts[i + 1]; ++e) {
        const T v = values[e];
        const T* row = b + columnIndices[e] * k;
        for (Index j = 0; j < k; ++j) out[j] += v * row[j];
      }
    }
  });
  return Status::ok;
}

}  // namespace

Status sparseMultiplyVector(Index rows, Index columns, const Index* rowStarts, const std::int32_t* columnIndices,
                            const float* values, const float* x, float* y) noexcept {
  return detail::guarded([&] { return multiplyVectorImpl(rows, columns, rowStarts, columnIndices, values, x, y); });
}
Status sparseMultiplyVector(Index rows, Index columns, const Index* rowStarts, const std::int32_t* columnIndices,
                            const double* values, const double* x, double* y) noexcept {
  return detail::guarded([&] { return multiplyVectorImpl(rows, columns, rowStarts, columnIndices, values, x, y); });
}

Status sparseMultiplyDense(Index rows, Index columns, const Index* rowStarts, const std::int32_t* columnIndices,
                           const float* values, const float* b, Index k, float* c) noexcept {
  return detail::guarded(
      [&] { return multiplyDenseImpl(rows, columns, rowStarts, columnIndices, values, b, k, c); });
}
Status sparseMultiplyDense(Index rows, Index columns, const Index* rowStarts, const std::int32_t* columnIndices,
                           const double* values, const double* b, Index k, double* c) noexcept {
  return detail::guarded(
      [&] { return multiplyDenseImpl(rows, columns, rowStarts, columnIndices, values, b, k, c); });
}

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
