/// Sparse matrices in compressed rows (CSR) over Swift-owned storage.
///
/// Row i of a rows×columns matrix holds the entries
/// `columnIndices[k]`, `values[k]` for k in `rowStarts[i] ..< rowStarts[i + 1]`
/// (`rowStarts` has rows + 1 elements, starts at 0); the column indices
/// (32-bit, so columns <= INT32_MAX) of a row are increasing and distinct.
/// The Swift layer keeps that invariant; the core reads the arrays in place.
/// Each function exists for `float` and `double`; failures come back as a
/// `Status`.
#pragma once

#include <cstdint>

#include "CoreStatus.h"

namespace core {

// MARK: Products (src/sparse/SparseProducts.cpp)

/// `y (rows) = A x (columns)`, rows split across the matrix threads by
/// their entry counts.
Status sparseMultiplyVector(Index rows, Index columns, const Index* rowStarts, const std::int32_t* columnIndices,
                            const float* values, const float* x, float* y) noexcept;
/// `y (rows) = A x (columns)` (see the float overload).
Status sparseMultiplyVector(Index rows, Index columns, const Index* rowStarts, const std::int32_t* columnIndices,
                            const double* values, const double* x, double* y) noexcept;

/// `c (rows×k) = A b (columns×k)`, both dense and row-major.
Status sparseMultiplyDense(Index rows, Index columns, const Index* rowStarts, const std::int32_t* columnIndices,
                           const float* values, const float* b, Index k, float* c) noexcept;
/// `c (rows×k) = A b (columns×k)` (see the float overload).
Status sparseMultiplyDense(Index rows, Index columns, const Index* rowStarts, const std::int32_t* columnIndices,
                           const double* values, const double* b, Index k, double* c) noexcept;

// MARK: Direct solvers (src/sparse/SparseLU.cpp, src/sparse/SparseCholesky.cpp)

/// A sparse factorization kept by the core between solves (LU or Cholesky).
struct SparseFactorization;

/// Sparse LU of the n×n `A` with a COLAMD column ordering and partial
/// pivoting (supernodal). `Status::singular` when a pivot is zero or the
/// smallest |u_ii| is below n·eps times the largest; the factorization is
/// then not returned.
Status sparseLUFactor(Index n, const Index* rowStarts, const std::int32_t* columnIndices, const float* values,
                      SparseFactorization** factorization) noexcept;
/// Sparse LU (see the float overload).
Status sparseLUFactor(Index n, const Index* rowStarts, const std::int32_t* columnIndices, const double* values,
                      SparseFactorization** factorization) noexcept;

/// Sparse Cholesky `P A Pᵀ = L Lᵀ` of the symmetric n×n `A` (its lower
/// triangle is read): an approximate minimum degree ordering, then a
/// supernodal factorization whose dense blocks use the packed product.
/// `Status::notPositiveDefinite` when a pivot is not positive or a value is
/// not finite.
Status sparseCholeskyFactor(Index n, const Index* rowStarts, const std::int32_t* columnIndices, const float* values,
                            SparseFactorization** factorization) noexcept;
/// Sparse Cholesky (see the float overload).
Status sparseCholeskyFactor(Index n, const Index* rowStarts, const std::int32_t* columnIndices, const double* values,
                            SparseFactorization** factorization) noexcept;

/// Solves `A x = b` with a factorization of matching scalar type; `b` and
/// `x` are n×nrhs, row-major.
Status sparseFactorizationSolve(const SparseFactorization* factorization, const float* b, Index nrhs,
                                float* x) noexcept;
/// Solves `A x = b` (see the float overload).
Status sparseFactorizationSolve(const SparseFactorization* factorization, const double* b, Index nrhs,
                                double* x) noexcept;

/// Frees a factorization (nullptr is ignored).
void sparseFactorizationDestroy(SparseFactorization* factorization) noexcept;

// MARK: Iterative solvers (src/sparse/SparseIterative.cpp)

/// The Krylov method of `sparseSolveIteratively`.
enum class IterativeMethodKind : int { conjugateGradient = 0, biCGSTAB = 1, leastSquaresCG = 2 };

/// The preconditioner of `sparseSolveIteratively`.
enum class PreconditionerKind : int { none = 0, jacobi = 1, incompleteCholesky = 2, incompleteLU = 3 };

/// Solves `A x = b` (least squares `min ||A x − b||` for `leastSquaresCG`,
/// where A may be rectangular) starting from the `x` given. Stops when
/// ||b − A x|| <= tolerance·||b|| (for least squares: ||Aᵀ(b − A x)|| <=
/// tolerance·||Aᵀ b||), writing the iterations used and that residual norm;
/// `Status::noConvergence` (with x and the residual still written) when
/// `maxIterations` run out or the method breaks down.
Status sparseSolveIteratively(Index rows, Index columns, const Index* rowStarts, const std::int32_t* columnIndices,
                              const float* values, const float* b, float* x, IterativeMethodKind method,
                              PreconditionerKind preconditioner, float tolerance, Index maxIterations,
                              Index* iterations, float* residualNorm) noexcept;
/// Iterative solve (see the float overload).
Status sparseSolveIteratively(Index rows, Index columns, const Index* rowStarts, const std::int32_t* columnIndices,
                              const double* values, const double* b, double* x, IterativeMethodKind method,
                              PreconditionerKind preconditioner, double tolerance, Index maxIterations,
                              Index* iterations, double* residualNorm) noexcept;

}  // namespace core
