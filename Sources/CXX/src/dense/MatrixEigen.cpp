// Symmetric eigendecomposition (Eigen's SelfAdjointEigenSolver: tridiagonal
// reduction and implicit symmetric QR), reading the lower triangle only.
// Non-finite input never reaches the iterations: its outputs are NaN.
//
// The exported functions run the AVX2+FMA kernel when the CPU has it (see
// KernelVariants.hpp), else the baseline compiled here.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "MatrixCore.h"

#include "KernelVariants.hpp"
#include "SymmetricEigenKernels.hpp"

namespace core {

Status symmetricEigen(const float* a, Index n, float* values, float* vectors) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::symmetricEigen(a, n, values, vectors) : symmetricEigenImpl(a, n, values, vectors); });
}
Status symmetricEigen(const double* a, Index n, double* values, double* vectors) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::symmetricEigen(a, n, values, vectors) : symmetricEigenImpl(a, n, values, vectors); });
}

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
