// The AVX2+FMA variant of the general eigenproblem's QR iterations and
// back substitutions, and of the complex SVD panels' matrix-vector
// products (see src/dense/MatrixProductsAVX2.cpp for how the variants are
// kept apart). These kernels use no Eigen.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "KernelVariants.hpp"

#if defined(__x86_64__) && defined(__clang__) && !defined(LINEAR_ALGEBRA_BASELINE_ONLY)

#include "AVX2Prologue.hpp"
#include "ComplexHessenbergQR.hpp"
#include "ComplexMatrixVector.hpp"
#include "HessenbergQR.hpp"
#include "QuasiTriangularEigenvectors.hpp"
#include "TriangularEigenvectors.hpp"

namespace core::avx2 {
namespace {

template <class T>
std::complex<T>* asComplex(T* data) {
  return reinterpret_cast<std::complex<T>*>(data);
}

template <class T>
const std::complex<T>* asComplex(const T* data) {
  return reinterpret_cast<const std::complex<T>*>(data);
}

}  // namespace

bool hessenbergQR(float* h, Index ld, Index n, bool wantT, float* z, Index ldz, float* real, float* imaginary) {
  return detail::hessenbergQR(h, ld, n, wantT, z, ldz, real, imaginary);
}
bool hessenbergQR(double* h, Index ld, Index n, bool wantT, double* z, Index ldz, double* real, double* imaginary) {
  return detail::hessenbergQR(h, ld, n, wantT, z, ldz, real, imaginary);
}
bool complexHessenbergQR(float* h, Index ld, Index n, bool wantT, float* z, Index ldz, float* values) {
  return detail::complexHessenbergQR(asComplex(h), ld, n, wantT, z ? asComplex(z) : nullptr, ldz, asComplex(values));
}
bool complexHessenbergQR(double* h, Index ld, Index n, bool wantT, double* z, Index ldz, double* values) {
  return detail::complexHessenbergQR(asComplex(h), ld, n, wantT, z ? asComplex(z) : nullptr, ldz, asComplex(values));
}
void quasiTriangularEigenvectors(const float* t, Index ld, Index n, const float* real, const float* imaginary,
                                 float* x, Index ldx) {
  detail::quasiTriangularEigenvectors(t, ld, n, real, imaginary, x, ldx);
}
void quasiTriangularEigenvectors(const double* t, Index ld, Index n, const double* real, const double* imaginary,
                                 double* x, Index ldx) {
  detail::quasiTriangularEigenvectors(t, ld, n, real, imaginary, x, ldx);
}
void triangularEigenvectors(const float* t, Index ld, Index n, float* x, Index ldx) {
  detail::triangularEigenvectors(asComplex(t), ld, n, asComplex(x), ldx);
}
void triangularEigenvectors(const double* t, Index ld, Index n, double* x, Index ldx) {
  detail::triangularEigenvectors(asComplex(t), ld, n, asComplex(x), ldx);
}
void complexAdjointTimes(const float* a, Index lda, Index rows, Index columns, const float* v, float* y) {
  detail::adjointTimes(asComplex(a), lda, rows, columns, asComplex(v), asComplex(y));
}
void complexAdjointTimes(const double* a, Index lda, Index rows, Index columns, const double* v, double* y) {
  detail::adjointTimes(asComplex(a), lda, rows, columns, asComplex(v), asComplex(y));
}
void complexTimes(const float* a, Index lda, Index rows, Index columns, const float* u, float* y) {
  detail::times(asComplex(a), lda, rows, columns, asComplex(u), asComplex(y));
}
void complexTimes(const double* a, Index lda, Index rows, Index columns, const double* u, double* y) {
  detail::times(asComplex(a), lda, rows, columns, asComplex(u), asComplex(y));
}

}  // namespace core::avx2

#include "AVX2Epilogue.hpp"

#else  // no AVX2 variant: never called, since avx2::isUsable() is false

namespace core::avx2 {
bool hessenbergQR(float*, Index, Index, bool, float*, Index, float*, float*) { return false; }
bool hessenbergQR(double*, Index, Index, bool, double*, Index, double*, double*) { return false; }
bool complexHessenbergQR(float*, Index, Index, bool, float*, Index, float*) { return false; }
bool complexHessenbergQR(double*, Index, Index, bool, double*, Index, double*) { return false; }
void quasiTriangularEigenvectors(const float*, Index, Index, const float*, const float*, float*, Index) {}
void quasiTriangularEigenvectors(const double*, Index, Index, const double*, const double*, double*, Index) {}
void triangularEigenvectors(const float*, Index, Index, float*, Index) {}
void triangularEigenvectors(const double*, Index, Index, double*, Index) {}
void complexAdjointTimes(const float*, Index, Index, Index, const float*, float*) {}
void complexAdjointTimes(const double*, Index, Index, Index, const double*, double*) {}
void complexTimes(const float*, Index, Index, Index, const float*, float*) {}
void complexTimes(const double*, Index, Index, Index, const double*, double*) {}
}  // namespace core::avx2

#endif

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
