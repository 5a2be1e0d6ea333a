// The AVX2+FMA variant of the LU-family kernels (see MatrixProductsAVX2.cpp
// for how the variants are kept apart).
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "KernelVariants.hpp"

#if defined(__x86_64__) && defined(__clang__) && !defined(LINEAR_ALGEBRA_BASELINE_ONLY)

#include "AVX2Prologue.hpp"
#include "LUKernels.hpp"

namespace core::avx2 {

Status luFactor(const float* a, Index n, float* lu, Index* rowOrder, bool* singular) {
  return luFactorImpl(a, n, lu, rowOrder, singular);
}
Status luFactor(const double* a, Index n, double* lu, Index* rowOrder, bool* singular) {
  return luFactorImpl(a, n, lu, rowOrder, singular);
}
Status luSolve(const float* lu, const Index* rowOrder, Index n, const float* b, Index nrhs, float* x) {
  return luSolveImpl(lu, rowOrder, n, b, nrhs, x);
}
Status luSolve(const double* lu, const Index* rowOrder, Index n, const double* b, Index nrhs, double* x) {
  return luSolveImpl(lu, rowOrder, n, b, nrhs, x);
}
Status solve(const float* a, Index n, const float* b, Index nrhs, float* x) { return solveImpl(a, n, b, nrhs, x); }
Status solve(const double* a, Index n, const double* b, Index nrhs, double* x) { return solveImpl(a, n, b, nrhs, x); }
Status inverse(const float* a, Index n, float* out) { return inverseImpl(a, n, out); }
Status inverse(const double* a, Index n, double* out) { return inverseImpl(a, n, out); }
Status determinant(const float* a, Index n, float* out) { return determinantImpl(a, n, out); }
Status determinant(const double* a, Index n, double* out) { return determinantImpl(a, n, out); }

}  // namespace core::avx2

#include "AVX2Epilogue.hpp"

#else  // no AVX2 variant: never called, since avx2::isUsable() is false

namespace core::avx2 {
Status luFactor(const float*, Index, float*, Index*, bool*) { return Status::internalError; }
Status luFactor(const double*, Index, double*, Index*, bool*) { return Status::internalError; }
Status luSolve(const float*, const Index*, Index, const float*, Index, float*) { return Status::internalError; }
Status luSolve(const double*, const Index*, Index, const double*, Index, double*) { return Status::internalError; }
Status solve(const float*, Index, const float*, Index, float*) { return Status::internalError; }
Status solve(const double*, Index, const double*, Index, double*) { return Status::internalError; }
Status inverse(const float*, Index, float*) { return Status::internalError; }
Status inverse(const double*, Index, double*) { return Status::internalError; }
Status determinant(const float*, Index, float*) { return Status::internalError; }
Status determinant(const double*, Index, double*) { return Status::internalError; }
}  // namespace core::avx2

#endif

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
