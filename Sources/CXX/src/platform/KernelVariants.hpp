// The instruction-set variants of the kernels and how one is chosen: once,
// at first use, from CPUID. A binary built with a plain `swift build -c
// release` thus runs AVX2+FMA code on CPUs that have it and the baseline
// (SSE2 on x86-64, NEON on arm64) everywhere else; on CPUs with AVX-512
// the packed product kernel under every AVX2 variant uses zmm registers.
#pragma once

#include <cstdint>

#include "CoreStatus.h"
#include "StridedProduct.h"

namespace core {

struct SparseFactorization;

/// The kernel variants, lowest first.
enum class InstructionSetLevel { baseline, avx2, avx512 };

/// The highest variant the dispatch may choose: `LINEAR_ALGEBRA_SIMD` set to
/// `baseline` or `avx2` caps it (read once, at first use); unset or any
/// other value leaves it to the CPU. Tests use it to run the lower variants
/// on a CPU that has the higher ones.
InstructionSetLevel instructionSetCeiling() noexcept;

/// Whether the prime code's POPCNT variants may run: the CPU has the
/// instruction (x86-64) and `LINEAR_ALGEBRA_SIMD` is not `baseline`, which
/// runs the portable bit counts, as it runs the dense kernels' baseline.
bool popcntIsUsable() noexcept;

}  // namespace core

namespace core::avx2 {

/// Whether this build has the AVX2+FMA variant and this CPU can run it.
bool isUsable() noexcept;

/// The SIMD instruction sets of the AVX2+FMA variant, as Eigen names them.
const char* instructionSets() noexcept;

// The AVX2+FMA kernels (MatrixProductsAVX2.cpp); call only when isUsable().
Status multiply(const float* a, const float* b, float* c, Index m, Index k, Index n);
Status multiply(const double* a, const double* b, double* c, Index m, Index k, Index n);
Status multiplyVector(const float* a, const float* x, float* y, Index m, Index n);
Status multiplyVector(const double* a, const double* x, double* y, Index m, Index n);
Status multiplyStrided(const float* a, Index lda, const float* b, Index ldb, float* c, Index ldc, Index m, Index k,
                       Index n, float alpha, float beta, RightFactorForm form);
Status multiplyStrided(const double* a, Index lda, const double* b, Index ldb, double* c, Index ldc, Index m,
                       Index k, Index n, double alpha, double beta, RightFactorForm form);

// The AVX2+FMA LU family (MatrixLUAVX2.cpp); call only when isUsable().
Status luFactor(const float* a, Index n, float* lu, Index* rowOrder, bool* singular);
Status luFactor(const double* a, Index n, double* lu, Index* rowOrder, bool* singular);
Status luSolve(const float* lu, const Index* rowOrder, Index n, const float* b, Index nrhs, float* x);
Status luSolve(const double* lu, const Index* rowOrder, Index n, const double* b, Index nrhs, double* x);
Status solve(const float* a, Index n, const float* b, Index nrhs, float* x);
Status solve(const double* a, Index n, const double* b, Index nrhs, double* x);
Status inverse(const float* a, Index n, float* out);
Status inverse(const double* a, Index n, double* out);
Status determinant(const float* a, Index n, float* out);
Status determinant(const double* a, Index n, double* out);


// The AVX2+FMA sparse LU (src/sparse/SparseLUAVX2.cpp); call only when isUsable().
Status sparseLUFactor(Index n, const Index* rowStarts, const std::int32_t* columnIndices, const float* values,
                      SparseFactorization** factorization);
Status sparseLUFactor(Index n, const Index* rowStarts, const std::int32_t* columnIndices, const double* values,
                      SparseFactorization** factorization);

// The AVX2+FMA complex LU family (src/complex/ComplexLUAVX2.cpp), on
// interleaved complex storage; call only when isUsable().
Status complexLUFactor(const float* a, Index n, float* lu, Index* rowOrder, bool* singular);
Status complexLUFactor(const double* a, Index n, double* lu, Index* rowOrder, bool* singular);
Status complexLUSolve(const float* lu, const Index* rowOrder, Index n, const float* b, Index nrhs, float* x);
Status complexLUSolve(const double* lu, const Index* rowOrder, Index n, const double* b, Index nrhs, double* x);
Status complexSolve(const float* a, Index n, const float* b, Index nrhs, float* x);
Status complexSolve(const double* a, Index n, const double* b, Index nrhs, double* x);
Status complexInverse(const float* a, Index n, float* out);
Status complexInverse(const double* a, Index n, double* out);
Status complexDeterminant(const float* a, Index n, float* out);
Status complexDeterminant(const double* a, Index n, double* out);

// The AVX2+FMA Cholesky kernels (MatrixCholeskyAVX2.cpp); call only when isUsable().
Status cholesky(const float* a, Index n, float* lower);
Status cholesky(const double* a, Index n, double* lower);
Status choleskySolve(const float* lower, Index n, const float* b, Index nrhs, float* x);
Status choleskySolve(const double* lower, Index n, const double* b, Index nrhs, double* x);
Status triangularSolve(const float* a, Index n, bool lower, const float* b, Index nrhs, float* x);
Status triangularSolve(const double* a, Index n, bool lower, const double* b, Index nrhs, double* x);
Status ldltFactor(const float* a, Index n, float* lower, Index* order, float* diagonal, float* offDiagonal);
Status ldltFactor(const double* a, Index n, double* lower, Index* order, double* diagonal, double* offDiagonal);
Status ldltSolve(const float* lower, const Index* order, const float* diagonal, const float* offDiagonal, Index n,
                 const float* b, Index nrhs, float* x);
Status ldltSolve(const double* lower, const Index* order, const double* diagonal, const double* offDiagonal, Index n,
                 const double* b, Index nrhs, double* x);


// The AVX2+FMA QR kernels (MatrixQRAVX2.cpp); call only when isUsable().
Status qr(const float* a, Index m, Index n, float* q, float* r);
Status qr(const double* a, Index m, Index n, double* q, double* r);
Status qrSolve(const float* q, const float* r, Index m, Index n, const float* b, Index nrhs, float* x);
Status qrSolve(const double* q, const double* r, Index m, Index n, const double* b, Index nrhs, double* x);


// The AVX2+FMA SVD family (MatrixSVDAVX2.cpp); call only when isUsable().
Status svd(const float* a, Index m, Index n, bool full, float* u, float* singularValues, float* v);
Status svd(const double* a, Index m, Index n, bool full, double* u, double* singularValues, double* v);
Status singularValues(const float* a, Index m, Index n, float* values);
Status singularValues(const double* a, Index m, Index n, double* values);
Status leastSquares(const float* a, Index m, Index n, const float* b, Index nrhs, float* x);
Status leastSquares(const double* a, Index m, Index n, const double* b, Index nrhs, double* x);
Status pseudoInverse(const float* a, Index m, Index n, float* out);
Status pseudoInverse(const double* a, Index m, Index n, double* out);

// The AVX2+FMA QR iterations and eigenvector back substitutions of the
// general eigenproblem (src/complex/HessenbergQRAVX2.cpp), with the
// conventions of HessenbergQR.hpp, ComplexHessenbergQR.hpp,
// QuasiTriangularEigenvectors.hpp and TriangularEigenvectors.hpp; complex
// matrices interleaved. Call only when isUsable().
bool hessenbergQR(float* h, Index ld, Index n, bool wantT, float* z, Index ldz, float* real, float* imaginary);
bool hessenbergQR(double* h, Index ld, Index n, bool wantT, double* z, Index ldz, double* real, double* imaginary);
bool complexHessenbergQR(float* h, Index ld, Index n, bool wantT, float* z, Index ldz, float* values);
bool complexHessenbergQR(double* h, Index ld, Index n, bool wantT, double* z, Index ldz, double* values);
void quasiTriangularEigenvectors(const float* t, Index ld, Index n, const float* real, const float* imaginary,
                                 float* x, Index ldx);
void quasiTriangularEigenvectors(const double* t, Index ld, Index n, const double* real, const double* imaginary,
                                 double* x, Index ldx);
void triangularEigenvectors(const float* t, Index ld, Index n, float* x, Index ldx);
void triangularEigenvectors(const double* t, Index ld, Index n, double* x, Index ldx);

// The column-major complex matrix-vector products y = Aᴴ v and y = A u of
// the SVD's and the Hessenberg reduction's panels
// (src/complex/ComplexMatrixVector.hpp, compiled by HessenbergQRAVX2.cpp),
// on interleaved storage; call only when isUsable().
void complexAdjointTimes(const float* a, Index lda, Index rows, Index columns, const float* v, float* y);
void complexAdjointTimes(const double* a, Index lda, Index rows, Index columns, const double* v, double* y);
void complexTimes(const float* a, Index lda, Index rows, Index columns, const float* u, float* y);
void complexTimes(const double* a, Index lda, Index rows, Index columns, const double* u, double* y);

// The AVX2+FMA symmetric eigensolver (MatrixEigenAVX2.cpp); call only when isUsable().
Status symmetricEigen(const float* a, Index n, float* values, float* vectors);
Status symmetricEigen(const double* a, Index n, double* values, double* vectors);

}  // namespace core::avx2

namespace core::avx512 {

/// Whether this build has the AVX-512 packed product kernel and this CPU
/// (and OS) can run it. Implies avx2::isUsable().
bool isUsable() noexcept;

// The AVX-512 packed kernel (PackedProductAVX512.cpp), reached through
// packed::multiply in the AVX2 variants; call only when isUsable().
// C (m×n, row-major, leading dimension cStride) = αAB + βC, with element
// (i, j) of A at a[i·aRowStride + j·aColumnStride], and likewise for B, or
// with `bComplexPairs` B = Z′ from the complex Z at b (RightFactorForm).
void multiplyPacked(Index m, Index n, Index k, double alpha, const double* a, Index aRowStride,
                    Index aColumnStride, const double* b, Index bRowStride, Index bColumnStride,
                    bool bComplexPairs, double beta, double* c, Index cStride);
void multiplyPacked(Index m, Index n, Index k, float alpha, const float* a, Index aRowStride, Index aColumnStride,
                    const float* b, Index bRowStride, Index bColumnStride, bool bComplexPairs, float beta, float* c,
                    Index cStride);

}  // namespace core::avx512
