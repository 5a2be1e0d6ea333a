// The AVX2+FMA variant of the product kernels. The whole of Eigen is
// compiled here a second time, under `target("avx2,fma")` and with its
// namespace renamed, so that nothing of it can be confused with the baseline
// build; MatrixProducts.cpp calls into it only when CPUID reports AVX2 and
// FMA. No compiler flag is needed, so SwiftPM's default build gets it.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "KernelVariants.hpp"

#if defined(__x86_64__) && defined(__clang__) && !defined(LINEAR_ALGEBRA_BASELINE_ONLY)

#include "AVX2Prologue.hpp"
#include "ProductKernels.hpp"

namespace core::avx2 {

const char* instructionSets() noexcept { return EigenAVX2::SimdInstructionSetsInUse(); }

Status multiply(const float* a, const float* b, float* c, Index m, Index k, Index n) {
  return multiplyKernel(a, b, c, m, k, n);
}
Status multiply(const double* a, const double* b, double* c, Index m, Index k, Index n) {
  return multiplyKernel(a, b, c, m, k, n);
}
Status multiplyStrided(const float* a, Index lda, const float* b, Index ldb, float* c, Index ldc, Index m, Index k,
                       Index n, float alpha, float beta, RightFactorForm form) {
  return multiplyStridedKernel(a, lda, b, ldb, c, ldc, m, k, n, alpha, beta, form);
}
Status multiplyStrided(const double* a, Index lda, const double* b, Index ldb, double* c, Index ldc, Index m,
                       Index k, Index n, double alpha, double beta, RightFactorForm form) {
  return multiplyStridedKernel(a, lda, b, ldb, c, ldc, m, k, n, alpha, beta, form);
}
Status multiplyVector(const float* a, const float* x, float* y, Index m, Index n) {
  return multiplyVectorKernel(a, x, y, m, n);
}
Status multiplyVector(const double* a, const double* x, double* y, Index m, Index n) {
  return multiplyVectorKernel(a, x, y, m, n);
}

}  // namespace core::avx2

#include "AVX2Epilogue.hpp"

namespace core::avx2 {

bool isUsable() noexcept {
  static const bool usable = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
                             instructionSetCeiling() >= InstructionSetLevel::avx2;
  return usable;
}

}  // namespace core::avx2

#else  // no AVX2 variant on this architecture or compiler, or a debug build

namespace core::avx2 {
bool isUsable() noexcept { return false; }
const char* instructionSets() noexcept { return ""; }
Status multiply(const float*, const float*, float*, Index, Index, Index) { return Status::internalError; }
Status multiply(const double*, const double*, double*, Index, Index, Index) { return Status::internalError; }
Status multiplyStrided(const float*, Index, const float*, Index, float*, Index, Index, Index, Index, float, float,
                       RightFactorForm) {
  return Status::internalError;
}
Status multiplyStrided(const double*, Index, const double*, Index, double*, Index, Index, Index, Index, double,
                       double, RightFactorForm) {
  return Status::internalError;
}
Status multiplyVector(const float*, const float*, float*, Index, Index) { return Status::internalError; }
Status multiplyVector(const double*, const double*, double*, Index, Index) { return Status::internalError; }
}  // namespace core::avx2

#endif

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
