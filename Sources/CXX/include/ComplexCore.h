/// Complex dense linear algebra and general eigenproblems over Swift-owned
/// storage.
///
/// A complex matrix is row-major and interleaved: element (i, j) of an m×n
/// matrix is the pair `data[2 (i n + j)]` (real part), `data[2 (i n + j) + 1]`
/// (imaginary part), the layout of `std::complex` and of Swift's
/// `Complex<Double>`. Pointers are typed as their real component so Swift
/// imports them without `std::complex`. Every function exists for `float`
/// and `double`; conventions otherwise as in MatrixCore.h.
#pragma once

#include "CoreStatus.h"

namespace core {

// MARK: Products and layout (ComplexProducts.cpp)

/// `c (m×n) = a (m×k) * b (k×n)`, complex; large products run as one real
/// product of twice the size on the packed kernel (the "4M" form).
Status complexMultiply(const float* a, const float* b, float* c, Index m, Index k, Index n) noexcept;
/// `c (m×n) = a (m×k) * b (k×n)`, complex (see the float overload).
Status complexMultiply(const double* a, const double* b, double* c, Index m, Index k, Index n) noexcept;

/// `out (n×m) = aᵀ`, or the conjugate transpose `aᴴ` when `conjugate`.
Status complexTranspose(const float* a, float* out, Index m, Index n, bool conjugate) noexcept;
/// `out (n×m) = aᵀ` or `aᴴ` (see the float overload).
Status complexTranspose(const double* a, double* out, Index m, Index n, bool conjugate) noexcept;

// MARK: LU family (ComplexLU.cpp)

/// Partial-pivoting LU of the complex n×n `a`: `P a = L U`, packed as for the
/// real `luFactor` (unit L below the diagonal, U on and above it).
Status complexLUFactor(const float* a, Index n, float* lu, Index* rowOrder, bool* singular) noexcept;
/// Partial-pivoting LU of the complex n×n `a` (see the float overload).
Status complexLUFactor(const double* a, Index n, double* lu, Index* rowOrder, bool* singular) noexcept;

/// Solves `a x = b` from `complexLUFactor`'s outputs; `b`, `x` are n×nrhs.
Status complexLUSolve(const float* lu, const Index* rowOrder, Index n, const float* b, Index nrhs,
                      float* x) noexcept;
/// Solves `a x = b` from `complexLUFactor`'s outputs (see the float overload).
Status complexLUSolve(const double* lu, const Index* rowOrder, Index n, const double* b, Index nrhs,
                      double* x) noexcept;

/// Solves `a x = b` for the complex n×n `a`; `Status::singular` when `a` is
/// singular to working precision.
Status complexSolve(const float* a, Index n, const float* b, Index nrhs, float* x) noexcept;
/// Solves `a x = b` for the complex n×n `a` (see the float overload).
Status complexSolve(const double* a, Index n, const double* b, Index nrhs, double* x) noexcept;

/// Inverse of the complex n×n `a`; `Status::singular` when `a` is singular
/// to working precision.
Status complexInverse(const float* a, Index n, float* out) noexcept;
/// Inverse of the complex n×n `a` (see the float overload).
Status complexInverse(const double* a, Index n, double* out) noexcept;

/// Determinant (one complex value, two reals) of the complex n×n `a`.
Status complexDeterminant(const float* a, Index n, float* out) noexcept;
/// Determinant of the complex n×n `a` (see the float overload).
Status complexDeterminant(const double* a, Index n, double* out) noexcept;

// MARK: QR (ComplexQR.cpp)

/// Thin Householder QR of the complex m×n `a`: `q` (m×k) has orthonormal
/// columns, `r` (k×n) is upper triangular, k = min(m, n).
Status complexQR(const float* a, Index m, Index n, float* q, float* r) noexcept;
/// Thin Householder QR of the complex m×n `a` (see the float overload).
Status complexQR(const double* a, Index m, Index n, double* q, double* r) noexcept;

/// Least-squares `x = R⁻¹ Qᴴ b` from a thin complex QR (m ≥ n);
/// `Status::singular` when a diagonal entry of R is at most m·eps times the
/// largest.
Status complexQRSolve(const float* q, const float* r, Index m, Index n, const float* b, Index nrhs,
                      float* x) noexcept;
/// Least-squares solution from a thin complex QR (see the float overload).
Status complexQRSolve(const double* q, const double* r, Index m, Index n, const double* b, Index nrhs,
                      double* x) noexcept;

// MARK: SVD and Hermitian eigenproblem (ComplexSVD.cpp, HermitianEigen.cpp)

/// Singular value decomposition `a = U Σ Vᴴ` of the complex m×n `a`, with
/// real singular values (descending) in `singularValues`; shapes as for the
/// real `svd`. Non-finite input gives NaN outputs.
Status complexSVD(const float* a, Index m, Index n, bool full, float* u, float* singularValues,
                  float* v) noexcept;
/// Complex singular value decomposition (see the float overload).
Status complexSVD(const double* a, Index m, Index n, bool full, double* u, double* singularValues,
                  double* v) noexcept;

/// The least-squares solution of `a x ≈ b` with the smallest norm for the
/// complex m×n `a` and m×nrhs `b`, into the n×nrhs `x` (all row-major,
/// interleaved): x = A⁺ b from a bidiagonal reduction whose reflectors reach
/// `b` directly (no singular vectors of A are formed). Singular values at
/// most max(m, n)·eps·σ₀ count as zero. Non-finite input gives NaN.
Status complexLeastSquares(const float* a, Index m, Index n, const float* b, Index nrhs, float* x) noexcept;
/// Complex least squares (see the float overload).
Status complexLeastSquares(const double* a, Index m, Index n, const double* b, Index nrhs, double* x) noexcept;

/// Real eigenvalues (ascending) and unitary eigenvectors of the Hermitian
/// n×n `a`, of which only the lower triangle is read.
Status hermitianEigen(const float* a, Index n, float* values, float* vectors) noexcept;
/// Hermitian eigendecomposition (see the float overload).
Status hermitianEigen(const double* a, Index n, double* values, double* vectors) noexcept;

// MARK: General eigenproblems (GeneralEigen.cpp, ComplexGeneralEigen.cpp)

/// Eigenvalues (n complex values) and, when `vectors` is not null, the
/// eigenvectors (complex n×n, columns of unit 2-norm whose largest component
/// is real) of the real n×n `a`, balanced first as LAPACK's `?geev` does.
/// Complex-conjugate eigenvalues come in adjacent pairs, positive imaginary
/// part first, with exactly conjugate vectors. Non-finite input gives NaN;
/// `Status::noConvergence` when the QR iteration gives up.
Status eigen(const float* a, Index n, float* values, float* vectors) noexcept;
/// General real eigenproblem (see the float overload).
Status eigen(const double* a, Index n, double* values, double* vectors) noexcept;

/// Eigenvalues and (when `vectors` is not null) eigenvectors of the complex
/// n×n `a`; conventions as for the real `eigen`.
Status complexEigen(const float* a, Index n, float* values, float* vectors) noexcept;
/// General complex eigenproblem (see the float overload).
Status complexEigen(const double* a, Index n, double* values, double* vectors) noexcept;

/// Real Schur form `a = Z T Zᵀ` of the real n×n `a`: `t` quasi-upper
/// triangular (1×1 and 2×2 diagonal blocks, the 2×2 ones in standard form),
/// `z` orthogonal.
Status schur(const float* a, Index n, float* t, float* z) noexcept;
/// Real Schur form (see the float overload).
Status schur(const double* a, Index n, double* t, double* z) noexcept;

/// Complex Schur form `a = Z T Zᴴ` of the complex n×n `a`: `t` upper
/// triangular, `z` unitary.
Status complexSchur(const float* a, Index n, float* t, float* z) noexcept;
/// Complex Schur form (see the float overload).
Status complexSchur(const double* a, Index n, double* t, double* z) noexcept;

/// Hessenberg form `a = Q H Qᵀ` of the real n×n `a`.
Status hessenberg(const float* a, Index n, float* h, float* q) noexcept;
/// Hessenberg form of the real n×n `a` (see the float overload).
Status hessenberg(const double* a, Index n, double* h, double* q) noexcept;

/// Hessenberg form `a = Q H Qᴴ` of the complex n×n `a`.
Status complexHessenberg(const float* a, Index n, float* h, float* q) noexcept;
/// Hessenberg form of the complex n×n `a` (see the float overload).
Status complexHessenberg(const double* a, Index n, double* h, double* q) noexcept;

}  // namespace core
