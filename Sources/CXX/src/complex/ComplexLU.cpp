// The complex LU family's exported functions: each runs the AVX2+FMA
// kernels when the CPU has them (see KernelVariants.hpp), else the baseline
// compiled here (ComplexLUKernels.hpp).
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "ComplexCore.h"

#include "ComplexLUKernels.hpp"
#include "KernelVariants.hpp"

namespace core {

using detail::guarded;

Status complexLUFactor(const float* a, Index n, float* lu, Index* rowOrder, bool* singular) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::complexLUFactor(a, n, lu, rowOrder, singular) : factorImpl(a, n, lu, rowOrder, singular); });
}
Status complexLUFactor(const double* a, Index n, double* lu, Index* rowOrder, bool* singular) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::complexLUFactor(a, n, lu, rowOrder, singular) : factorImpl(a, n, lu, rowOrder, singular); });
}

Status complexLUSolve(const float* lu, const Index* rowOrder, Index n, const float* b, Index nrhs,
                      float* x) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::complexLUSolve(lu, rowOrder, n, b, nrhs, x) : solveFactorsImpl(lu, rowOrder, n, b, nrhs, x); });
}
Status complexLUSolve(const double* lu, const Index* rowOrder, Index n, const double* b, Index nrhs,
                      double* x) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::complexLUSolve(lu, rowOrder, n, b, nrhs, x) : solveFactorsImpl(lu, rowOrder, n, b, nrhs, x); });
}

Status complexSolve(const float* a, Index n, const float* b, Index nrhs, float* x) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::complexSolve(a, n, b, nrhs, x) : solveImpl(a, n, b, nrhs, x); });
}
Status complexSolve(const double* a, Index n, const double* b, Index nrhs, double* x) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::complexSolve(a, n, b, nrhs, x) : solveImpl(a, n, b, nrhs, x); });
}

Status complexInverse(const float* a, Index n, float* out) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::complexInverse(a, n, out) : inverseImpl(a, n, out); });
}
Status complexInverse(const double* a, Index n, double* out) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::complexInverse(a, n, out) : inverseImpl(a, n, out); });
}

Status complexDeterminant(const float* a, Index n, float* out) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::complexDeterminant(a, n, out) : determinantImpl(a, n, out); });
}
Status complexDeterminant(const double* a, Index n, double* out) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::complexDeterminant(a, n, out) : determinantImpl(a, n, out); });
}

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
