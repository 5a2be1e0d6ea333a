// The AVX2+FMA variant of the complex LU family (see
// src/dense/MatrixProductsAVX2.cpp for how the variants are kept apart).
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "KernelVariants.hpp"

#if defined(__x86_64__) && defined(__clang__) && !defined(LINEAR_ALGEBRA_BASELINE_ONLY)

// The core's own entry points (the real product the complex one runs on)
// are declared before the AVX2 region, as they are compiled: baseline.
#include "MatrixCore.h"

#include "AVX2Prologue.hpp"
#include "ComplexLUKernels.hpp"

namespace core::avx2 {

Status complexLUFactor(const float* a, Index n, float* lu, Index* rowOrder, bool* singular) {
  return factorImpl(a, n, lu, rowOrder, singular);
}
Status complexLUFactor(const double* a, Index n, double* lu, Index* rowOrder, bool* singular) {
  return factorImpl(a, n, lu, rowOrder, singular);
}
Status complexLUSolve(const float* lu, const Index* rowOrder, Index n, const float* b, Index nrhs, float* x) {
  return solveFactorsImpl(lu, rowOrder, n, b, nrhs, x);
}
Status complexLUSolve(const double* lu, const Index* rowOrder, Index n, const double* b, Index nrhs, double* x) {
  return solveFactorsImpl(lu, rowOrder, n, b, nrhs, x);
}
Status complexSolve(const float* a, Index n, const float* b, Index nrhs, float* x) {
  return solveImpl(a, n, b, nrhs, x);
}
Status complexSolve(const double* a, Index n, const double* b, Index nrhs, double* x) {
  return solveImpl(a, n, b, nrhs, x);
}
Status complexInverse(const float* a, Index n, float* out) { return inverseImpl(a, n, out); }
Status complexInverse(const double* a, Index n, double* out) { return inverseImpl(a, n, out); }
Status complexDeterminant(const float* a, Index n, float* out) { return determinantImpl(a, n, out); }
Status complexDeterminant(const double* a, Index n, double* out) { return determinantImpl(a, n, out); }

}  // namespace core::avx2

#include "AVX2Epilogue.hpp"

#else  // no AVX2 variant: never called, since avx2::isUsable() is false

namespace core::avx2 {
Status complexLUFactor(const float*, Index, float*, Index*, bool*) { return Status::internalError; }
Status complexLUFactor(const double*, Index, double*, Index*, bool*) { return Status::internalError; }
Status complexLUSolve(const float*, const Index*, Index, const float*, Index, float*) { return Status::internalError; }
Status complexLUSolve(const double*, const Index*, Index, const double*, Index, double*) {
  return Status::internalError;
}
Status complexSolve(const float*, Index, const float*, Index, float*) { return Status::internalError; }
Status complexSolve(const double*, Index, const double*, Index, double*) { return Status::internalError; }
Status complexInverse(const float*, Index, float*) { return Status::internalError; }
Status complexInverse(const double*, Index, double*) { return Status::internalError; }
Status complexDeterminant(const float*, Index, float*) { return Status::internalError; }
Status complexDeterminant(const double*, Index, double*) { return Status::internalError; }
}  // namespace core::avx2

#endif

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
