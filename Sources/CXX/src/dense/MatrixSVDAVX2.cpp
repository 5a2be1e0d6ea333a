// The AVX2+FMA variant of the SVD-family kernels (see MatrixProductsAVX2.cpp for
// how the variants are kept apart).
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "BidiagonalSVDEntry.hpp"
#include "KernelVariants.hpp"

#if defined(__x86_64__) && defined(__clang__) && !defined(LINEAR_ALGEBRA_BASELINE_ONLY)

#include "AVX2Prologue.hpp"
#include "SVDKernels.hpp"

namespace core::avx2 {

Status svd(const float* a, Index m, Index n, bool full, float* u, float* singularValues, float* v) { return svdImpl(a, m, n, full, u, singularValues, v); }
Status svd(const double* a, Index m, Index n, bool full, double* u, double* singularValues, double* v) { return svdImpl(a, m, n, full, u, singularValues, v); }
Status singularValues(const float* a, Index m, Index n, float* values) { return singularValuesImpl(a, m, n, values); }
Status singularValues(const double* a, Index m, Index n, double* values) { return singularValuesImpl(a, m, n, values); }
Status leastSquares(const float* a, Index m, Index n, const float* b, Index nrhs, float* x) { return leastSquaresImpl(a, m, n, b, nrhs, x); }
Status leastSquares(const double* a, Index m, Index n, const double* b, Index nrhs, double* x) { return leastSquaresImpl(a, m, n, b, nrhs, x); }
Status pseudoInverse(const float* a, Index m, Index n, float* out) { return pseudoInverseImpl(a, m, n, out); }
Status pseudoInverse(const double* a, Index m, Index n, double* out) { return pseudoInverseImpl(a, m, n, out); }
Status bidiagonalSVD(const float* d, const float* e, Index n, float* p, float* values, float* q) { return bidiagonalSVDImpl(d, e, n, p, values, q); }
Status bidiagonalSVD(const double* d, const double* e, Index n, double* p, double* values, double* q) { return bidiagonalSVDImpl(d, e, n, p, values, q); }

}  // namespace core::avx2

#include "AVX2Epilogue.hpp"

#else  // no AVX2 variant: never called, since avx2::isUsable() is false

namespace core::avx2 {
Status svd(const float*, Index, Index, bool, float*, float*, float*) { return Status::internalError; }
Status svd(const double*, Index, Index, bool, double*, double*, double*) { return Status::internalError; }
Status singularValues(const float*, Index, Index, float*) { return Status::internalError; }
Status singularValues(const double*, Index, Index, double*) { return Status::internalError; }
Status leastSquares(const float*, Index, Index, const float*, Index, float*) { return Status::internalError; }
Status leastSquares(const double*, Index, Index, const double*, Index, double*) { return Status::internalError; }
Status pseudoInverse(const float*, Index, Index, float*) { return Status::internalError; }
Status pseudoInverse(const double*, Index, Index, double*) { return Status::internalError; }
Status bidiagonalSVD(const float*, const float*, Index, float*, float*, float*) { return Status::internalError; }
Status bidiagonalSVD(const double*, const double*, Index, double*, double*, double*) { return Status::internalError; }
}  // namespace core::avx2

#endif

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
