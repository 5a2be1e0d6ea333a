// Cholesky factorization a = L Lᵀ of a symmetric positive definite matrix,
// the symmetric indefinite LDLᵀ, triangular solves, and solves with their
// factors: the exported functions, each running the AVX2+FMA kernels when
// the CPU has them (see KernelVariants.hpp), else the baseline compiled here.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "MatrixCore.h"

#include "CholeskyKernels.hpp"
#include "SymmetricIndefiniteKernels.hpp"
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
Status ldltFactor(const float* a, Index n, float* lower, Index* order, float* diagonal, float* offDiagonal) noexcept {
  return guarded([&] {
    return avx2::isUsable() ? avx2::ldltFactor(a, n, lower, order, diagonal, offDiagonal)
                            : ldltFactorImpl(a, n, lower, order, diagonal, offDiagonal);
  });
}
Status ldltFactor(const double* a, Index n, double* lower, Index* order, double* diagonal,
                  double* offDiagonal) noexcept {
  return guarded([&] {
    return avx2::isUsable() ? avx2::ldltFactor(a, n, lower, order, diagonal, offDiagonal)
                            : ldltFactorImpl(a, n, lower, order, diagonal, offDiagonal);
  });
}
Status ldltSolve(const float* lower, const Index* order, const float* diagonal, const float* offDiagonal, Index n,
                 const float* b, Index nrhs, float* x) noexcept {
  return guarded([&] {
    return avx2::isUsable() ? avx2::ldltSolve(lower, order, diagonal, offDiagonal, n, b, nrhs, x)
                            : ldltSolveImpl(lower, order, diagonal, offDiagonal, n, b, nrhs, x);
  });
}
Status ldltSolve(const double* lower, const Index* order, const double* diagonal, const double* offDiagonal, Index n,
                 const double* b, Index nrhs, double* x) noexcept {
  return guarded([&] {
    return avx2::isUsable() ? avx2::ldltSolve(lower, order, diagonal, offDiagonal, n, b, nrhs, x)
                            : ldltSolveImpl(lower, order, diagonal, offDiagonal, n, b, nrhs, x);
  });
}

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
