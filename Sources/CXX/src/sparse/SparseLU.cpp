// Sparse LU's exported functions: each runs the AVX2+FMA variant when the
// CPU has it (see KernelVariants.hpp), else the baseline compiled here; and
// the solves and release of any sparse factorization.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "KernelVariants.hpp"
#include "SparseLUKernels.hpp"

namespace core {

Status sparseLUFactor(Index n, const Index* rowStarts, const std::int32_t* columnIndices, const float* values,
                      SparseFactorization** factorization) noexcept {
  return detail::guarded([&] {
    return avx2::isUsable() ? avx2::sparseLUFactor(n, rowStarts, columnIndices, values, factorization)
                            : sparseLUFactorImpl(n, rowStarts, columnIndices, values, factorization);
  });
}
Status sparseLUFactor(Index n, const Index* rowStarts, const std::int32_t* columnIndices, const double* values,
                      SparseFactorization** factorization) noexcept {
  return detail::guarded([&] {
    return avx2::isUsable() ? avx2::sparseLUFactor(n, rowStarts, columnIndices, values, factorization)
                            : sparseLUFactorImpl(n, rowStarts, columnIndices, values, factorization);
  });
}

Status sparseFactorizationSolve(const SparseFactorization* factorization, const float* b, Index nrhs,
                                float* x) noexcept {
  return detail::guarded([&] { return factorization->solve(b, nrhs, x); });
}
Status sparseFactorizationSolve(const SparseFactorization* factorization, const double* b, Index nrhs,
                                double* x) noexcept {
  return detail::guarded([&] { return factorization->solve(b, nrhs, x); });
}

SparseFactorization::~SparseFactorization() = default;

void sparseFactorizationDestroy(SparseFactorization* factorization) noexcept { delete factorization; }

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
