// Matrix and matrix-vector products, transposition and the Frobenius norm,
// computed by Eigen on Swift-owned row-major storage.
#include "MatrixCore.h"

#include "KernelVariants.hpp"
#include "ProductKernels.hpp"

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

}  // namespace

// Each product goes to the AVX2+FMA variant when the CPU has it (decided
// once), else to the baseline kernels compiled in this file.

Status multiply(const float* a, const float* b, float* c, Index m, Index k, Index n) noexcept {
  return guarded([&] {
    return avx2::isUsable() ? avx2::multiply(a, b, c, m, k, n) : multiplyKernel(a, b, c, m, k, n);
  });
}
Status multiply(const double* a, const double* b, double* c, Index m, Index k, Index n) noexcept {
  return guarded([&] {
    return avx2::isUsable() ? avx2::multiply(a, b, c, m, k, n) : multiplyKernel(a, b, c, m, k, n);
  });
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
