// Singular value decomposition and what is built on it: singular values,
// minimum-norm least squares and the pseudo-inverse. All of them
// bidiagonalize and back-transform in the core's own threaded code around a
// bidiagonal SVD that splits off zero entries and runs Eigen's divide and
// conquer on the rest; small matrices (at most 15 columns and 400 entries)
// take one-sided Jacobi instead (see SVDKernels.hpp).
// Non-finite input never reaches Eigen's iterations: its outputs are NaN.
//
// The exported functions run the AVX2+FMA kernels when the CPU has them
// (see KernelVariants.hpp), else the baseline compiled here.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "MatrixCore.h"

// Eigen in a namespace of this file's own: BidiagonalDivideAndConquer.hpp
// specializes BDCSVD members, which must not meet another program's Eigen.
#define Eigen EigenSVDBaseline

#include "BidiagonalSVDEntry.hpp"
#include "KernelVariants.hpp"
#include "SVDKernels.hpp"

namespace core {

Status svd(const float* a, Index m, Index n, bool full, float* u, float* singularValues,
           float* v) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::svd(a, m, n, full, u, singularValues, v) : svdImpl(a, m, n, full, u, singularValues, v); });
}
Status svd(const double* a, Index m, Index n, bool full, double* u, double* singularValues,
           double* v) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::svd(a, m, n, full, u, singularValues, v) : svdImpl(a, m, n, full, u, singularValues, v); });
}

Status singularValues(const float* a, Index m, Index n, float* values) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::singularValues(a, m, n, values) : singularValuesImpl(a, m, n, values); });
}
Status singularValues(const double* a, Index m, Index n, double* values) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::singularValues(a, m, n, values) : singularValuesImpl(a, m, n, values); });
}

Status leastSquares(const float* a, Index m, Index n, const float* b, Index nrhs,
                    float* x) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::leastSquares(a, m, n, b, nrhs, x) : leastSquaresImpl(a, m, n, b, nrhs, x); });
}
Status leastSquares(const double* a, Index m, Index n, const double* b, Index nrhs,
                    double* x) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::leastSquares(a, m, n, b, nrhs, x) : leastSquaresImpl(a, m, n, b, nrhs, x); });
}

Status pseudoInverse(const float* a, Index m, Index n, float* out) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::pseudoInverse(a, m, n, out) : pseudoInverseImpl(a, m, n, out); });
}
Status pseudoInverse(const double* a, Index m, Index n, double* out) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::pseudoInverse(a, m, n, out) : pseudoInverseImpl(a, m, n, out); });
}

Status bidiagonalSVD(const float* d, const float* e, Index n, float* p, float* values, float* q) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::bidiagonalSVD(d, e, n, p, values, q) : bidiagonalSVDImpl(d, e, n, p, values, q); });
}
Status bidiagonalSVD(const double* d, const double* e, Index n, double* p, double* values, double* q) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::bidiagonalSVD(d, e, n, p, values, q) : bidiagonalSVDImpl(d, e, n, p, values, q); });
}

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
