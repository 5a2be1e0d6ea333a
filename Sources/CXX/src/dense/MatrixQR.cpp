// Householder QR and least squares through it: the exported functions, each
// running the AVX2+FMA kernels when the CPU has them (see
// KernelVariants.hpp), else the baseline compiled here.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "MatrixCore.h"

#include "KernelVariants.hpp"
#include "QRKernels.hpp"

namespace core {

Status qr(const float* a, Index m, Index n, float* q, float* r) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::qr(a, m, n, q, r) : qrImpl(a, m, n, q, r); });
}
Status qr(const double* a, Index m, Index n, double* q, double* r) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::qr(a, m, n, q, r) : qrImpl(a, m, n, q, r); });
}

Status qrSolve(const float* q, const float* r, Index m, Index n, const float* b, Index nrhs,
               float* x) noexcept {
  return guarded([&] {
    return avx2::isUsable() ? avx2::qrSolve(q, r, m, n, b, nrhs, x) : qrSolveImpl(q, r, m, n, b, nrhs, x);
  });
}
Status qrSolve(const double* q, const double* r, Index m, Index n, const double* b, Index nrhs,
               double* x) noexcept {
  return guarded([&] {
    return avx2::isUsable() ? avx2::qrSolve(q, r, m, n, b, nrhs, x) : qrSolveImpl(q, r, m, n, b, nrhs, x);
  });
}

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
