// The Cholesky kernels, compiled once per instruction-set variant
// (MatrixCholesky.cpp for the baseline, MatrixCholeskyAVX2.cpp for
// AVX2+FMA); everything here has internal linkage.
//
// Eigen's LLT reports success on a matrix holding NaN, so the core checks the
// input (the lower triangle it reads) and the factor's diagonal itself.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "EigenSetup.hpp"
#include "StorageOrder.hpp"
#include "ThreadPool.hpp"
#include <Eigen/Cholesky>

#if defined(__AVX2__) && defined(__FMA__)
#include "PackedProduct.hpp"
#endif

namespace core {
namespace {

using namespace detail;

/// Rows or columns per part when a Cholesky step is split across threads.
constexpr Index choleskyRowsPerPart = 32;

/// Factors the lower triangle of `w` in place, blocked and right-looking:
/// Eigen's LLT on each diagonal block (calling thread), then L₂₁ = A₂₁ L₁₁⁻ᵀ
/// in parts of rows and A₂₂ −= L₂₁ L₂₁ᵀ in parts of columns across the pool.
/// Only the lower triangle is read or kept. Returns false when a pivot is
/// not positive (the matrix is not positive definite).
template <class T>
bool factorLowerInPlace(ColumnMajorMatrix<T>& w) {
  const Index n = w.rows();
  const Index blockSize = n <= 128 ? n : (n <= 512 ? 64 : 128);
  for (Index top = 0; top < n; top += blockSize) {
    const Index width = std::min(blockSize, n - top), first = top + width, below = n - first;
    auto diagonal = w.block(top, top, width, width);
    if (Eigen::internal::llt_inplace<T, Eigen::Lower>::blocked(diagonal) >= 0) return false;
    if (below == 0) break;
    const Index parts = below < 4 * choleskyRowsPerPart
                            ? 1
                            : std::max<Index>(1, std::min<Index>(below / choleskyRowsPerPart,
                                                                 4 * parallel::threadCount()));
    parallel::forRange(below, parts, 8, [&](Index begin, Index end) {
      auto rows = w.block(first + begin, top, end - begin, width);
      diagonal.template triangularView<Eigen::Lower>().adjoint().template solveInPlace<Eigen::OnTheRight>(rows);
    });
    // Left columns of A₂₂ have more rows below the diagonal: more parts
    // than threads, taken as they come, even the load out.
    parallel::forRange(below, parts, 8, [&](Index begin, Index end) {
      const Index column = first + begin, columns = end - begin, height = n - column;
#if defined(__AVX2__) && defined(__FMA__)
      // Column-major blocks read as their transposes: (A₂₂)ᵀ −= L₂₁ L₂₁ᵀ
      // with the left factor read down its columns.
      const packed::Operand<T> left{&w.coeffRef(column, top), 1, n}, right{&w.coeffRef(column, top), n, 1};
      packed::multiply<T>(columns, height, width, T(-1), left, right, T(1), &w.coeffRef(column, column), n);
#else
      w.block(column, column, height, columns).noalias() -=
          w.block(column, top, height, width) * w.block(column, top, columns, width).transpose();
#endif
    });
  }
  return true;
}

template <class T>
Status choleskyImpl(const T* a, Index n, T* lower) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  // Only the lower triangle counts: check it and find its scale on the
  // input (the first i + 1 entries of row i), so that the copy scales as it
  // goes.
  MagnitudeScan<T> lowerTriangle;
  for (Index i = 0; i < n; ++i) {
    const auto row = scanMagnitudes(a + i * n, i + 1);
    if (!row.allFinite) return Status::notPositiveDefinite;
    lowerTriangle.largest = std::max(lowerTriangle.largest, row.largest);
  }
  // A = 4^h Â exactly (an even power of two, so L = 2^h L̂), only near the
  // ends of the range (rangeShiftExponent, rounded away from zero to an
  // even shift): L's entries are square roots of A's scale, and scaling
  // every matrix into [0.5, 1) flushed the small diagonal of wide-range ones
  // (diag(1e200, 1e-200) was not positive definite).
  const int shift = lowerTriangle.rangeShiftExponent();
  const int h = shift > 0 ? (shift + 1) / 2 : -((1 - shift) / 2);
  ColumnMajorMatrix<T> w = uninitializedWorkingMatrix<T>(n, n);
  copyTransposed(a, n, n, std::ldexp(T(1), -2 * h), w.data());
  if (!factorLowerInPlace(w)) return Status::notPositiveDefinite;
  const auto diagonal = w.diagonal();
  // A zero or non-finite diagonal entry means the matrix was singular or its
  // squares overflowed: not positive definite to working precision.
  if (!diagonal.allFinite() || (diagonal.array() <= T(0)).any()) return Status::notPositiveDefinite;
  memory::adviseLargePagesFor(lower, n * n);
  copyLowerToRowMajor(w.data(), n, std::ldexp(T(1), h), lower);
  return Status::ok;
}

template <class T>
Status choleskySolveImpl(const T* lower, Index n, const T* b, Index nrhs, T* x) {
  if (n < 0 || nrhs < 0) return Status::invalidArgument;
  if (n == 0 || nrhs == 0) return Status::ok;
  MatrixMap<T> solution(x, n, nrhs);
  solution = ConstMatrixMap<T>(b, n, nrhs);
  const ConstMatrixMap<T> factor(lower, n, n);
  factor.template triangularView<Eigen::Lower>().solveInPlace(solution);
  factor.transpose().template triangularView<Eigen::Upper>().solveInPlace(solution);
  return Status::ok;
}

/// Solves `a x = b` with the triangle of the row-major n×n `a` named by
/// `lower` (the other triangle is not read): Eigen's blocked substitution,
/// on one vector when `b` has one column. A zero on the diagonal gives
/// infinities or NaN; the Swift layer checks the diagonal first.
template <class T>
Status triangularSolveImpl(const T* a, Index n, bool lower, const T* b, Index nrhs, T* x) {
  if (n < 0 || nrhs < 0) return Status::invalidArgument;
  if (n == 0 || nrhs == 0) return Status::ok;
  const ConstMatrixMap<T> matrix(a, n, n);
  const auto solve = [&](auto& solution) {
    if (lower) {
      matrix.template triangularView<Eigen::Lower>().solveInPlace(solution);
    } else {
      matrix.template triangularView<Eigen::Upper>().solveInPlace(solution);
    }
  };
  if (nrhs == 1) {
    Eigen::Map<Eigen::Matrix<T, Eigen::Dynamic, 1>> solution(x, n);
    solution = Eigen::Map<const Eigen::Matrix<T, Eigen::Dynamic, 1>>(b, n);
    solve(solution);
  } else {
    MatrixMap<T> solution(x, n, nrhs);
    solution = ConstMatrixMap<T>(b, n, nrhs);
    solve(solution);
  }
  return Status::ok;
}

}  // namespace
}  // namespace core
