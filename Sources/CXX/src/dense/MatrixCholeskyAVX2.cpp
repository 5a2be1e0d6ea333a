// The AVX2+FMA variant of the Cholesky kernels (see MatrixProductsAVX2.cpp
// for how the variants are kept apart).
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "KernelVariants.hpp"

#if defined(__x86_64__) && defined(__clang__) && !defined(LINEAR_ALGEBRA_BASELINE_ONLY)

#include "AVX2Prologue.hpp"
#include "CholeskyKernels.hpp"
#include "SymmetricIndefiniteKernels.hpp"

namespace core::avx2 {

Status cholesky(const float* a, Index n, float* lower) { return choleskyImpl(a, n, lower); }
Status cholesky(const double* a, Index n, double* lower) { return choleskyImpl(a, n, lower); }
Status choleskySolve(const float* lower, Index n, const float* b, Index nrhs, float* x) {
  return choleskySolveImpl(lower, n, b, nrhs, x);
}
Status choleskySolve(const double* lower, Index n, const double* b, Index nrhs, double* x) {
  return choleskySolveImpl(lower, n, b, nrhs, x);
}
Status triangularSolve(const float* a, Index n, bool lower, const float* b, Index nrhs, float* x) {
  return triangularSolveImpl(a, n, lower, b, nrhs, x);
}
Status triangularSolve(const double* a, Index n, bool lower, const double* b, Index nrhs, double* x) {
  return triangularSolveImpl(a, n, lower, b, nrhs, x);
}
Status ldltFactor(const float* a, Index n, float* lower, Index* order, float* diagonal, float* offDiagonal) {
  return ldltFactorImpl(a, n, lower, order, diagonal, offDiagonal);
}
Status ldltFactor(const double* a, Index n, double* lower, Index* order, double* diagonal, double* offDiagonal) {
  return ldltFactorImpl(a, n, lower, order, diagonal, offDiagonal);
}
Status ldltSolve(const float* lower, const Index* order, const float* diagonal, const float* offDiagonal, Index n,
                 const float* b, Index nrhs, float* x) {
  return ldltSolveImpl(lower, order, diagonal, offDiagonal, n, b, nrhs, x);
}
Status ldltSolve(const double* lower, const Index* order, const double* diagonal, const double* offDiagonal, Index n,
                 const double* b, Index nrhs, double* x) {
  return ldltSolveImpl(lower, order, diagonal, offDiagonal, n, b, nrhs, x);
}

}  // namespace core::avx2

#include "AVX2Epilogue.hpp"

#else  // no AVX2 variant: never called, since avx2::isUsable() is false

namespace core::avx2 {
Status cholesky(const float*, Index, float*) { return Status::internalError; }
Status cholesky(const double*, Index, double*) { return Status::internalError; }
Status choleskySolve(const float*, Index, const float*, Index, float*) { return Status::internalError; }
Status choleskySolve(const double*, Index, const double*, Index, double*) { return Status::internalError; }
Status triangularSolve(const float*, Index, bool, const float*, Index, float*) { return Status::internalError; }
Status triangularSolve(const double*, Index, bool, const double*, Index, double*) { return Status::internalError; }
Status ldltFactor(const float*, Index, float*, Index*, float*, float*) { return Status::internalError; }
Status ldltFactor(const double*, Index, double*, Index*, double*, double*) { return Status::internalError; }
Status ldltSolve(const float*, const Index*, const float*, const float*, Index, const float*, Index, float*) {
  return Status::internalError;
}
Status ldltSolve(const double*, const Index*, const double*, const double*, Index, const double*, Index, double*) {
  return Status::internalError;
}
}  // namespace core::avx2

#endif

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
