// The AVX2+FMA variant of the QR kernels (see MatrixProductsAVX2.cpp for how
// the variants are kept apart).
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "KernelVariants.hpp"

#if defined(__x86_64__) && defined(__clang__) && !defined(LINEAR_ALGEBRA_BASELINE_ONLY)

#include "AVX2Prologue.hpp"
#include "QRKernels.hpp"

namespace core::avx2 {

Status qr(const float* a, Index m, Index n, float* q, float* r) { return qrImpl(a, m, n, q, r); }
Status qr(const double* a, Index m, Index n, double* q, double* r) { return qrImpl(a, m, n, q, r); }
Status qrSolve(const float* q, const float* r, Index m, Index n, const float* b, Index nrhs, float* x) {
  return qrSolveImpl(q, r, m, n, b, nrhs, x);
}
Status qrSolve(const double* q, const double* r, Index m, Index n, const double* b, Index nrhs, double* x) {
  return qrSolveImpl(q, r, m, n, b, nrhs, x);
}

}  // namespace core::avx2

#include "AVX2Epilogue.hpp"

#else  // no AVX2 variant: never called, since avx2::isUsable() is false

namespace core::avx2 {
Status qr(const float*, Index, Index, float*, float*) { return Status::internalError; }
Status qr(const double*, Index, Index, double*, double*) { return Status::internalError; }
Status qrSolve(const float*, const float*, Index, Index, const float*, Index, float*) { return Status::internalError; }
Status qrSolve(const double*, const double*, Index, Index, const double*, Index, double*) {
  return Status::internalError;
}
}  // namespace core::avx2

#endif

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
