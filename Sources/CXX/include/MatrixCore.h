/// Dense linear algebra over Swift-owned storage.
///
/// Every matrix is row-major and contiguous: element (i, j) of an m×n matrix
/// is at `data[i * n + j]`. Inputs are read in place; outputs are written into
/// caller-allocated storage that must not overlap any input. Each function
/// exists for `float` and `double`. Shapes are checked by the Swift layer
/// before any call; the core only re-checks what would otherwise corrupt
/// memory and answers `Status::invalidArgument`.
#pragma once

#include "CoreStatus.h"

namespace core {

// MARK: Threads (ThreadPool.cpp)

/// Number of threads the matrix kernels use for large products and the LU
/// family, the calling thread included (default: the machine's hardware
/// threads). Small problems always stay on the calling thread.
int matrixThreadCount() noexcept;

/// Sets the matrix thread count; values below 1 restore the default.
void setMatrixThreadCount(int count) noexcept;

// MARK: Memory (LargePages.cpp)

/// Marks fresh storage of `bytes` bytes at `start` for transparent huge
/// pages, before its first write (Linux; elsewhere nothing). The Swift
/// layer calls it for large buffers it fills itself; the core marks the
/// results it writes on its own.
void adviseLargePages(void* start, Index bytes) noexcept;

// MARK: Products and element-wise kernels (MatrixProducts.cpp)

/// `c (m×n) = a (m×k) * b (k×n)`.
Status multiply(const float* a, const float* b, float* c, Index m, Index k, Index n) noexcept;
/// `c (m×n) = a (m×k) * b (k×n)`.
Status multiply(const double* a, const double* b, double* c, Index m, Index k, Index n) noexcept;

/// `y (m) = a (m×n) * x (n)`.
Status multiplyVector(const float* a, const float* x, float* y, Index m, Index n) noexcept;
/// `y (m) = a (m×n) * x (n)`.
Status multiplyVector(const double* a, const double* x, double* y, Index m, Index n) noexcept;

/// `out (n×m) = aᵀ` for an m×n `a`.
Status transpose(const float* a, float* out, Index m, Index n) noexcept;
/// `out (n×m) = aᵀ` for an m×n `a`.
Status transpose(const double* a, double* out, Index m, Index n) noexcept;

/// Copies the `rows`×`columns` block at `source` (rows `sourceStride`
/// elements apart) into the contiguous `destination`; large blocks with
/// streaming stores, across the pool (BlockCopy.cpp).
Status copyBlock(const float* source, Index sourceStride, Index rows, Index columns, float* destination) noexcept;
/// Copies a block into contiguous storage (see the float overload).
Status copyBlock(const double* source, Index sourceStride, Index rows, Index columns,
                 double* destination) noexcept;

/// Copies the `rows`×`columns` block at `source` (rows `sourceStride`
/// elements apart) into `destination`, whose rows are `destinationStride`
/// elements apart (a block of a larger matrix, as stacking writes them);
/// large blocks as `copyBlock` copies them.
Status copyBlockInto(const float* source, Index sourceStride, Index rows, Index columns, float* destination,
                     Index destinationStride) noexcept;
/// Copies a block into a block of a larger matrix (see the float overload).
Status copyBlockInto(const double* source, Index sourceStride, Index rows, Index columns, double* destination,
                     Index destinationStride) noexcept;

/// Frobenius norm of `count` values, without overflow or underflow in the
/// intermediate sum of squares.
Status frobeniusNorm(const float* a, Index count, float* norm) noexcept;
/// Frobenius norm of `count` values, without overflow or underflow in the
/// intermediate sum of squares.
Status frobeniusNorm(const double* a, Index count, double* norm) noexcept;

// MARK: LU family (MatrixLU.cpp)

/// Partial-pivoting LU of the n×n `a`: `P a = L U`.
///
/// Writes L (unit lower, diagonal not stored) and U packed into `lu`, and
/// `rowOrder` such that row i of `P a` is row `rowOrder[i]` of `a`. Sets
/// `*singular` when a pivot is zero or the reciprocal condition estimate is
/// below machine epsilon.
Status luFactor(const float* a, Index n, float* lu, Index* rowOrder, bool* singular) noexcept;
/// Partial-pivoting LU of the n×n `a`: `P a = L U` (see the float overload).
Status luFactor(const double* a, Index n, double* lu, Index* rowOrder, bool* singular) noexcept;

/// Solves `a x = b` from a packed LU made by `luFactor`; `b` and `x` are n×nrhs.
Status luSolve(const float* lu, const Index* rowOrder, Index n, const float* b, Index nrhs,
               float* x) noexcept;
/// Solves `a x = b` from a packed LU made by `luFactor`; `b` and `x` are n×nrhs.
Status luSolve(const double* lu, const Index* rowOrder, Index n, const double* b, Index nrhs,
               double* x) noexcept;

/// Solves `a x = b` for the n×n `a`; `Status::singular` when `a` is singular
/// to working precision.
Status solve(const float* a, Index n, const float* b, Index nrhs, float* x) noexcept;
/// Solves `a x = b` for the n×n `a`; `Status::singular` when `a` is singular
/// to working precision.
Status solve(const double* a, Index n, const double* b, Index nrhs, double* x) noexcept;

/// Inverse of the n×n `a`; `Status::singular` when `a` is singular to
/// working precision.
Status inverse(const float* a, Index n, float* out) noexcept;
/// Inverse of the n×n `a`; `Status::singular` when `a` is singular to
/// working precision.
Status inverse(const double* a, Index n, double* out) noexcept;

/// Determinant of the n×n `a` (1 for n = 0).
Status determinant(const float* a, Index n, float* out) noexcept;
/// Determinant of the n×n `a` (1 for n = 0).
Status determinant(const double* a, Index n, double* out) noexcept;

// MARK: QR (MatrixQR.cpp)

/// Thin Householder QR of the m×n `a`: `q` is m×k with orthonormal columns,
/// `r` is k×n upper triangular, k = min(m, n).
Status qr(const float* a, Index m, Index n, float* q, float* r) noexcept;
/// Thin Householder QR of the m×n `a` (see the float overload).
Status qr(const double* a, Index m, Index n, double* q, double* r) noexcept;

/// Least-squares solution of `a x ≈ b` from a thin QR with m >= n:
/// `x = R⁻¹ Qᵀ b`. `Status::singular` when a diagonal entry of R is at most
/// m·eps times the largest (A rank-deficient to working precision).
Status qrSolve(const float* q, const float* r, Index m, Index n, const float* b, Index nrhs,
               float* x) noexcept;
/// Least-squares solution of `a x ≈ b` from a thin QR (see the float overload).
Status qrSolve(const double* q, const double* r, Index m, Index n, const double* b, Index nrhs,
               double* x) noexcept;

// MARK: Cholesky (MatrixCholesky.cpp)

/// Cholesky factor of the n×n symmetric `a` (lower triangle read): `a = L Lᵀ`.
/// `Status::notPositiveDefinite` for indefinite, singular or non-finite input.
Status cholesky(const float* a, Index n, float* lower) noexcept;
/// Cholesky factor of the n×n symmetric `a` (see the float overload).
Status cholesky(const double* a, Index n, double* lower) noexcept;

/// Solves `L Lᵀ x = b` for a Cholesky factor `lower`; `b`, `x` are n×nrhs.
Status choleskySolve(const float* lower, Index n, const float* b, Index nrhs, float* x) noexcept;
/// Solves `L Lᵀ x = b` for a Cholesky factor `lower`; `b`, `x` are n×nrhs.
Status choleskySolve(const double* lower, Index n, const double* b, Index nrhs,
                     double* x) noexcept;

/// Solves `a x = b` by substitution with the lower (`lower == true`) or upper
/// triangle of the n×n `a`; the other triangle is not read. `b`, `x` are
/// n×nrhs. The caller checks the diagonal for zeros.
Status triangularSolve(const float* a, Index n, bool lower, const float* b, Index nrhs, float* x) noexcept;
/// Solves `a x = b` with one triangle of `a` (see the float overload).
Status triangularSolve(const double* a, Index n, bool lower, const double* b, Index nrhs,
                       double* x) noexcept;

// MARK: Symmetric indefinite LDLᵀ (MatrixCholesky.cpp)

/// Bunch–Kaufman factorization `P a Pᵀ = L D Lᵀ` of the symmetric n×n `a`
/// (lower triangle read). Writes the unit lower triangular `lower` (n×n),
/// `order` (row i of `P a Pᵀ` is row `order[i]` of `a`), D's diagonal and,
/// at the first row of each 2×2 block, its off-diagonal entry in
/// `offDiagonal` (0 elsewhere). NaN or infinity gives a D of NaN.
Status ldltFactor(const float* a, Index n, float* lower, Index* order, float* diagonal,
                  float* offDiagonal) noexcept;
/// Bunch–Kaufman factorization of the symmetric `a` (see the float overload).
Status ldltFactor(const double* a, Index n, double* lower, Index* order, double* diagonal,
                  double* offDiagonal) noexcept;

/// Solves `a x = b` from `ldltFactor`'s outputs; `b`, `x` are n×nrhs.
/// `Status::singular` when a block of D is zero or not finite.
Status ldltSolve(const float* lower, const Index* order, const float* diagonal, const float* offDiagonal,
                 Index n, const float* b, Index nrhs, float* x) noexcept;
/// Solves `a x = b` from `ldltFactor`'s outputs (see the float overload).
Status ldltSolve(const double* lower, const Index* order, const double* diagonal, const double* offDiagonal,
                 Index n, const double* b, Index nrhs, double* x) noexcept;

// MARK: SVD and what is built on it (MatrixSVD.cpp)

/// Singular value decomposition `a = U Σ Vᵀ` of the m×n `a`, values
/// descending. Thin (`full == false`): U is m×k, V is n×k with k = min(m, n);
/// full: U is m×m, V is n×n. Non-finite input gives NaN outputs.
Status svd(const float* a, Index m, Index n, bool full, float* u, float* singularValues,
           float* v) noexcept;
/// Singular value decomposition of the m×n `a` (see the float overload).
Status svd(const double* a, Index m, Index n, bool full, double* u, double* singularValues,
           double* v) noexcept;

/// The min(m, n) singular values of the m×n `a`, descending.
Status singularValues(const float* a, Index m, Index n, float* values) noexcept;
/// The min(m, n) singular values of the m×n `a`, descending.
Status singularValues(const double* a, Index m, Index n, double* values) noexcept;

/// Minimum-norm least-squares solution of `a x ≈ b` (a m×n, b m×nrhs, x
/// n×nrhs), treating singular values below max(m, n)·eps·σ_max as zero.
Status leastSquares(const float* a, Index m, Index n, const float* b, Index nrhs,
                    float* x) noexcept;
/// Minimum-norm least-squares solution of `a x ≈ b` (see the float overload).
Status leastSquares(const double* a, Index m, Index n, const double* b, Index nrhs,
                    double* x) noexcept;

/// Moore-Penrose pseudo-inverse (n×m) of the m×n `a`, with the cut-off
/// max(m, n)·eps·σ_max.
Status pseudoInverse(const float* a, Index m, Index n, float* out) noexcept;
/// Moore-Penrose pseudo-inverse (n×m) of the m×n `a` (see the float overload).
Status pseudoInverse(const double* a, Index m, Index n, double* out) noexcept;

// MARK: Symmetric eigenproblem (MatrixEigen.cpp)

/// Eigenvalues (ascending) and eigenvectors (columns of the n×n `vectors`) of
/// the symmetric n×n `a`, of which only the lower triangle is read.
/// Non-finite input gives NaN outputs.
Status symmetricEigen(const float* a, Index n, float* values, float* vectors) noexcept;
/// Symmetric eigendecomposition (see the float overload).
Status symmetricEigen(const double* a, Index n, double* values, double* vectors) noexcept;

}  // namespace core
