// Matrix and matrix-vector products, transposition and the Frobenius norm,
// computed by Eigen on Swift-owned row-major storage.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "MatrixCore.h"

#include <algorithm>

#include "KernelVariants.hpp"
#include "ProductKernels.hpp"
#include "StridedProduct.h"

namespace core {
namespace {

using namespace detail;

template <class T>
Status transposeImpl(const T* a, T* out, Index m, Index n) {
  if (m < 0 || n < 0) return Status::invalidArgument;
  MatrixMap<T>(out, n, m).noalias() = ConstMatrixMap<T>(a, m, n).transpose();
  return Status::ok;
}

template <class T>
Status frobeniusNormImpl(const T* a, Index count, T* norm) {
  if (count < 0) return Status::invalidArgument;
  // stableNorm scales as it goes, so 1e±300 entries neither overflow nor
  // underflow; it still propagates NaN and infinity.
  *norm = count == 0 ? T(0) : Eigen::Map<const Vector<T>>(a, count).stableNorm();
  return Status::ok;
}

/// Products whose every dimension is at most this go through
/// multiplySmall: at 4×4 the general path's dispatch costs more than the
/// arithmetic.
constexpr Index smallProductDimension = 8;

/// `c = a b` for operands of at most 8×8, without allocation, dispatch or
/// anything that can throw: a fixed-size Eigen kernel for 4×4 (the common
/// geometry case), plain loops over each row of `c` otherwise.
template <class T>
void multiplySmall(const T* a, const T* b, T* c, Index m, Index k, Index n) noexcept {
  if (m == 4 && k == 4 && n == 4) {
    using Fixed = Eigen::Matrix<T, 4, 4, Eigen::RowMajor>;
    Eigen::Map<Fixed>(c).noalias() = Eigen::Map<const Fixed>(a).lazyProduct(Eigen::Map<const Fixed>(b));
    return;
  }
  for (Index i = 0; i < m; ++i) {
    T row[smallProductDimension] = {};
    for (Index p = 0; p < k; ++p) {
      const T left = a[i * k + p];
      for (Index j = 0; j < n; ++j) row[j] += left * b[p * n + j];
    }
    std::copy(row, row + n, c + i * n);
  }
}

template <class T>
bool isSmallProduct(Index m, Index k, Index n) noexcept {
  return m >= 0 && k >= 0 && n >= 0 && m <= smallProductDimension && k <= smallProductDimension &&
         n <= smallProductDimension;
}

}  // namespace

// Each product goes to the AVX2+FMA variant when the CPU has it (decided
// once), else to the baseline kernels compiled in this file; tiny ones are
// computed right here.

Status multiply(const float* a, const float* b, float* c, Index m, Index k, Index n) noexcept {
  if (isSmallProduct<float>(m, k, n)) {
    multiplySmall(a, b, c, m, k, n);
    return Status::ok;
  }
  return guarded([&] {
    return avx2::isUsable() ? avx2::multiply(a, b, c, m, k, n) : multiplyKernel(a, b, c, m, k, n);
  });
}
Status multiply(const double* a, const double* b, double* c, Index m, Index k, Index n) noexcept {
  if (isSmallProduct<double>(m, k, n)) {
    multiplySmall(a, b, c, m, k, n);
    return Status::ok;
  }
  return guarded([&] {
    return avx2::isUsable() ? avx2::multiply(a, b, c, m, k, n) : multiplyKernel(a, b, c, m, k, n);
  });
}

Status multiplyStrided(const float* a, Index lda, const float* b, Index ldb, float* c, Index ldc, Index m, Index k,
                       Index n, float alpha, float beta, RightFactorForm form) noexcept {
  return guarded([&] {
    return avx2::isUsable() ? avx2::multiplyStrided(a, lda, b, ldb, c, ldc, m, k, n, alpha, beta, form)
                            : multiplyStridedKernel(a, lda, b, ldb, c, ldc, m, k, n, alpha, beta, form);
  });
}
Status multiplyStrided(const double* a, Index lda, const double* b, Index ldb, double* c, Index ldc, Index m,
                       Index k, Index n, double alpha, double beta, RightFactorForm form) noexcept {
  return guarded([&] {
    return avx2::isUsable() ? avx2::multiplyStrided(a, lda, b, ldb, c, ldc, m, k, n, alpha, beta, form)
                            : multiplyStridedKernel(a, lda, b, ldb, c, ldc, m, k, n, alpha, beta, form);
  });
}

bool packsComplexPairs(Index m, Index k, Index n) noexcept {
  return avx2::isUsable() && std::min(m, std::min(k, n)) >= packedProductDimension;
}

Status multiplyVector(const float* a, const float* x, float* y, Index m, Index n) noexcept {
  return guarded([&] {
    return avx2::isUsable() ? avx2::multiplyVector(a, x, y, m, n) : multiplyVectorKernel(a, x, y, m, n);
  });
}
Status multiplyVector(const double* a, const double* x, double* y, Index m, Index n) noexcept {
  return guarded([&] {
    return avx2::isUsable() ? avx2::multiplyVector(a, x, y, m, n) : multiplyVectorKernel(a, x, y, m, n);
  });
}

Status transpose(const float* a, float* out, Index m, Index n) noexcept {
  return guarded([&] { return transposeImpl(a, out, m, n); });
}
Status transpose(const double* a, double* out, Index m, Index n) noexcept {
  return guarded([&] { return transposeImpl(a, out, m, n); });
}

Status frobeniusNorm(const float* a, Index count, float* norm) noexcept {
  return guarded([&] { return frobeniusNormImpl(a, count, norm); });
}
Status frobeniusNorm(const double* a, Index count, double* norm) noexcept {
  return guarded([&] { return frobeniusNormImpl(a, count, norm); });
}

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
