// The AVX2+FMA variant of the sparse LU kernel (see MatrixProductsAVX2.cpp
// for how the variants are kept apart).
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "KernelVariants.hpp"

#if defined(__x86_64__) && defined(__clang__) && !defined(LINEAR_ALGEBRA_BASELINE_ONLY)

#include "AVX2Prologue.hpp"
#include "SparseLUKernels.hpp"

namespace core::avx2 {

Status sparseLUFactor(Index n, const Index* rowStarts, const std::int32_t* columnIndices, const float* values,
                      SparseFactorization** factorization) {
  return sparseLUFactorImpl(n, rowStarts, columnIndices, values, factorization);
}
Status sparseLUFactor(Index n, const Index* rowStarts, const std::int32_t* columnIndices, const double* values,
                      SparseFactorization** factorization) {
  return sparseLUFactorImpl(n, rowStarts, columnIndices, values, factorization);
}

}  // namespace core::avx2

#include "AVX2Epilogue.hpp"

#else  // no AVX2 variant: never called, since avx2::isUsable() is false

#include "SparseCore.h"

namespace core::avx2 {
Status sparseLUFactor(Index, const Index*, const std::int32_t*, const float*, SparseFactorization**) {
  return Status::internalError;
}
Status sparseLUFactor(Index, const Index*, const std::int32_t*, const double*, SparseFactorization**) {
  return Status::internalError;
}
}  // namespace core::avx2

#endif

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
