// The AVX2+FMA variant of the symmetric eigendecomposition kernels (see MatrixProductsAVX2.cpp for
// how the variants are kept apart).
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "KernelVariants.hpp"

#if defined(__x86_64__) && defined(__clang__) && !defined(LINEAR_ALGEBRA_BASELINE_ONLY)

#include "AVX2Prologue.hpp"
#include "SymmetricEigenKernels.hpp"

namespace core::avx2 {

Status symmetricEigen(const float* a, Index n, float* values, float* vectors) { return symmetricEigenImpl(a, n, values, vectors); }
Status symmetricEigen(const double* a, Index n, double* values, double* vectors) { return symmetricEigenImpl(a, n, values, vectors); }

}  // namespace core::avx2

#include "AVX2Epilogue.hpp"

#else  // no AVX2 variant: never called, since avx2::isUsable() is false

namespace core::avx2 {
Status symmetricEigen(const float*, Index, float*, float*) { return Status::internalError; }
Status symmetricEigen(const double*, Index, double*, double*) { return Status::internalError; }
}  // namespace core::avx2

#endif

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
