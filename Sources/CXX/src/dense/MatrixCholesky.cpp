// Cholesky factorization a = L Lᵀ of a symmetric positive definite matrix,
// and solves with its factor: the exported functions, each running the
// AVX2+FMA kernels when the CPU has them (see KernelVariants.hpp), else the
// baseline compiled here.
#include "MatrixCore.h"

#include "CholeskyKernels.hpp"
#include "KernelVariants.hpp"

namespace core {

Status cholesky(const float* a, Index n, float* lower) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::cholesky(a, n, lower) : choleskyImpl(a, n, lower); });
}
Status cholesky(const double* a, Index n, double* lower) noexcept {
  return guarded([&] { return avx2::isUsable() ? avx2::cholesky(a, n, lower) : choleskyImpl(a, n, lower); });
}

Status choleskySolve(const float* lower, Index n, const float* b, Index nrhs, float* x) noexcept {
  return guarded([&] {
    return avx2::isUsable() ? avx2::choleskySolve(lower, n, b, nrhs, x) : choleskySolveImpl(lower, n, b, nrhs, x);
  });
}
Status choleskySolve(const double* lower, Index n, const double* b, Index nrhs, double* x) noexcept {
  return guarded([&] {
    return avx2::isUsable() ? avx2::choleskySolve(lower, n, b, nrhs, x) : choleskySolveImpl(lower, n, b, nrhs, x);
  });
}
Status triangularSolve(const float* a, Index n, bool lower, const float* b, Index nrhs, float* x) noexcept {
  return guarded([&] {
    return avx2::isUsable() ? avx2::triangularSolve(a, n, lower, b, nrhs, x)
                            : triangularSolveImpl(a, n, lower, b, nrhs, x);
  });
}
Status triangularSolve(const double* a, Index n, bool lower, const double* b, Index nrhs, double* x) noexcept {
  return guarded([&] {
    return avx2::isUsable() ? avx2::triangularSolve(a, n, lower, b, nrhs, x)
                            : triangularSolveImpl(a, n, lower, b, nrhs, x);
  });
}

}  // namespace core
