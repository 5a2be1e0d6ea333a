// The LU family's exported functions: each runs the AVX2+FMA kernels when
// the CPU has them (see KernelVariants.hpp), else the baseline compiled here.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "MatrixCore.h"

#include "KernelVariants.hpp"
#include "LUKernels.hpp"

namespace core {
Status luFactor(const float* a, Index n, float* lu, Index* rowOrder, bool* singular) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::luFactor(a, n, lu, rowOrder, singular) : luFactorImpl(a, n, lu, rowOrder, singular); });
}
Status luFactor(const double* a, Index n, double* lu, Index* rowOrder, bool* singular) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::luFactor(a, n, lu, rowOrder, singular) : luFactorImpl(a, n, lu, rowOrder, singular); });
}

Status luSolve(const float* lu, const Index* rowOrder, Index n, const float* b, Index nrhs,
               float* x) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::luSolve(lu, rowOrder, n, b, nrhs, x) : luSolveImpl(lu, rowOrder, n, b, nrhs, x); });
}
Status luSolve(const double* lu, const Index* rowOrder, Index n, const double* b, Index nrhs,
               double* x) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::luSolve(lu, rowOrder, n, b, nrhs, x) : luSolveImpl(lu, rowOrder, n, b, nrhs, x); });
}

Status solve(const float* a, Index n, const float* b, Index nrhs, float* x) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::solve(a, n, b, nrhs, x) : solveImpl(a, n, b, nrhs, x); });
}
Status solve(const double* a, Index n, const double* b, Index nrhs, double* x) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::solve(a, n, b, nrhs, x) : solveImpl(a, n, b, nrhs, x); });
}

Status inverse(const float* a, Index n, float* out) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::inverse(a, n, out) : inverseImpl(a, n, out); });
}
Status inverse(const double* a, Index n, double* out) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::inverse(a, n, out) : inverseImpl(a, n, out); });
}

Status determinant(const float* a, Index n, float* out) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::determinant(a, n, out) : determinantImpl(a, n, out); });
}
Status determinant(const double* a, Index n, double* out) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::determinant(a, n, out) : determinantImpl(a, n, out); });
}

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
