// The symmetric indefinite factorization P A Pᵀ = L D Lᵀ with Bunch–Kaufman
// pivoting (D of 1×1 and 2×2 blocks), blocked as LAPACK's ?sytrf/?lasyf
// for the lower triangle: a panel of columns is factored left-looking,
// each column updated by a matrix-vector product with the panel's finished
// columns, while W = L D is kept for the panel; the trailing matrix then
// takes one rank-k update A₂₂ −= L₂₁ W₂₁ᵀ in column parts across the pool
// (the packed product kernel in the AVX2 variant), as the blocked
// Cholesky does. Interchanges are applied to every finished column as they
// happen, so L is in the P A Pᵀ form (as LU's), not LAPACK's product of
// permutations. Compiled once per instruction-set variant with the
// Cholesky kernels; everything here has internal linkage.
//
// Bunch and Kaufman, "Some stable methods for calculating inertia and
// solving symmetric linear systems", Math. Comp. 31 (1977); Anderson and
// Dongarra, LAPACK Working Note 5 (blocked form).
#pragma once

#include <algorithm>
#include <cmath>

#include "EigenSetup.hpp"
#include "MagnitudeScan.hpp"
#include "StorageOrder.hpp"
#include "ThreadPool.hpp"

#if defined(__AVX2__) && defined(__FMA__)
#include "PackedProduct.hpp"
#endif

namespace core {
namespace {

using namespace detail;

namespace indefinite {

/// The factorization's outputs, as the Swift layer lays them out.
template <class T>
struct Factors {
  Index* order;
  T* diagonal;
  T* offDiagonal;
};

/// Factors columns [start, …) of the column-major `a` (lower triangle) into
/// L and D, stopping before the panel's `width`th column unless the panel
/// reaches the last column; returns the number of columns factored (a 2×2
/// block takes two). `w` (n × width) receives W = L D of those columns.
template <class T>
Index factorPanel(ColumnMajorMatrix<T>& a, Index start, Index width, ColumnMajorMatrix<T>& w, Factors<T> out) {
  const Index n = a.rows();
  const T alpha = (T(1) + std::sqrt(T(17))) / T(8);
  const bool reachesEnd = n - start <= width;
  Index k = start;
  while (k < n) {
    const Index j = k - start;
    if (!reachesEnd && j >= width - 1) break;
    const Index below = n - k;
    // Column k, updated with the panel's finished columns.
    w.col(j).segment(k, below) = a.col(k).segment(k, below);
    if (j > 0) w.col(j).segment(k, below).noalias() -= a.block(k, start, below, j) * w.row(k).head(j).transpose();
    const T absakk = std::abs(w(k, j));
    Index imax = k;
    T colmax = 0;
    if (below > 1) {
      Index at = 0;
      colmax = w.col(j).segment(k + 1, below - 1).cwiseAbs().maxCoeff(&at);
      imax = k + 1 + at;
    }
    Index step = 1, pivot = k;
    if (std::max(absakk, colmax) == T(0) || absakk >= alpha * colmax) {
      pivot = k;  // a zero column too: D gets a zero, L an identity column
    } else {
      // Column imax, updated, into W's next column.
      w.col(j + 1).segment(k, imax - k) = a.row(imax).segment(k, imax - k).transpose();
      w.col(j + 1).segment(imax, n - imax) = a.col(imax).segment(imax, n - imax);
      if (j > 0) {
        w.col(j + 1).segment(k, below).noalias() -= a.block(k, start, below, j) * w.row(imax).head(j).transpose();
      }
      T rowmax = 0;
      if (imax > k) rowmax = w.col(j + 1).segment(k, imax - k).cwiseAbs().maxCoeff();
      if (imax + 1 < n) rowmax = std::max(rowmax, w.col(j + 1).segment(imax + 1, n - imax - 1).cwiseAbs().maxCoeff());
      if (absakk >= alpha * colmax * (colmax / rowmax)) {
        pivot = k;
      } else if (std::abs(w(imax, j + 1)) >= alpha * rowmax) {
        pivot = imax;
        w.col(j).segment(k, below) = w.col(j + 1).segment(k, below);
      } else {
        pivot = imax;
        step = 2;
      }
    }
    const Index kk = k + step - 1;
    if (pivot != kk) {
      // The trailing matrix: the untouched column kk moves to row and
      // column `pivot` (lower storage); column kk itself is rewritten
      // from W below.
      a(pivot, pivot) = a(kk, kk);
      for (Index i = kk + 1; i < pivot; ++i) a(pivot, i) = a(i, kk);
      for (Index i = pivot + 1; i < n; ++i) a(i, pivot) = a(i, kk);
      // Rows kk and pivot of every finished column, and of W.
      a.row(kk).head(kk).swap(a.row(pivot).head(kk));
      w.row(kk).head(j + step).swap(w.row(pivot).head(j + step));
      std::swap(out.order[kk], out.order[pivot]);
    }
    if (step == 1) {
      const T d = w(k, j);
      a.col(k).segment(k, below) = w.col(j).segment(k, below);
      if (d != T(0) && below > 1) a.col(k).segment(k + 1, below - 1) /= d;
      out.diagonal[k] = d;
      out.offDiagonal[k] = 0;
    } else {
      // [L_k L_k+1] = [W_k W_k+1] D⁻¹ for the 2×2 block D, in LAPACK's
      // scaled form (no overflow in D's determinant).
      const T d21 = w(k + 1, j);
      const T d11 = w(k + 1, j + 1) / d21;
      const T d22 = w(k, j) / d21;
      const T t = T(1) / (d11 * d22 - T(1));
      const T scale = t / d21;
      for (Index i = k + 2; i < n; ++i) {
        a(i, k) = scale * (d11 * w(i, j) - w(i, j + 1));
        a(i, k + 1) = scale * (d22 * w(i, j + 1) - w(i, j));
      }
      a(k, k) = w(k, j);
      a(k + 1, k) = d21;
      a(k + 1, k + 1) = w(k + 1, j + 1);
      out.diagonal[k] = w(k, j);
      out.offDiagonal[k] = d21;
      out.diagonal[k + 1] = w(k + 1, j + 1);
      out.offDiagonal[k + 1] = 0;
    }
    k += step;
  }
  return k - start;
}

/// A(first:n, first:n) −= L W ᵀ over the panel's `count` columns from
/// `start` (lower triangle; the upper parts of the diagonal blocks are
/// written too and never read), in column parts across the pool.
template <class T>
void updateTrailing(ColumnMajorMatrix<T>& a, Index start, Index count, Index first, const ColumnMajorMatrix<T>& w) {
  const Index n = a.rows(), trailing = n - first;
  constexpr Index columnsPerPart = 32;
  const Index parts = trailing < 4 * columnsPerPart
                          ? 1
                          : std::max<Index>(1, std::min<Index>(trailing / columnsPerPart, 4 * parallel::threadCount()));
  parallel::forRange(trailing, parts, 8, [&](Index begin, Index end) {
    const Index column = first + begin, columns = end - begin, height = n - column;
#if defined(__AVX2__) && defined(__FMA__)
    // The block's transpose: Cᵀ (columns × height) −= W_c (columns × count) L_cᵀ.
    const packed::Operand<T> left{&w.coeffRef(column, 0), 1, w.rows()}, right{&a.coeffRef(column, start), n, 1};
    packed::multiply<T>(columns, height, count, T(-1), left, right, T(1), &a.coeffRef(column, column), n);
#else
    a.block(column, column, height, columns).noalias() -=
        a.block(column, start, height, count) * w.block(column, 0, columns, count).transpose();
#endif
  });
}

}  // namespace indefinite

template <class T>
Status ldltFactorImpl(const T* a, Index n, T* lower, Index* order, T* diagonal, T* offDiagonal) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  for (Index i = 0; i < n; ++i) order[i] = i;
  bool finite = true;
  for (Index i = 0; i < n && finite; ++i) finite = scanMagnitudes(a + i * n, i + 1).allFinite;
  if (!finite) {
    // NaN or infinity in the lower triangle: D of NaN, so that solves
    // report a singular matrix and the determinant is NaN.
    for (Index i = 0; i < n; ++i) {
      for (Index j = 0; j < n; ++j) lower[i * n + j] = i == j ? T(1) : T(0);
      diagonal[i] = std::numeric_limits<T>::quiet_NaN();
      offDiagonal[i] = 0;
    }
    return Status::ok;
  }
  ColumnMajorMatrix<T> w = uninitializedWorkingMatrix<T>(n, n);
  copyTransposed(a, n, n, T(1), w.data());
  const Index width = n < 128 ? n : 32;
  ColumnMajorMatrix<T> panel(n, width);
  const indefinite::Factors<T> out{order, diagonal, offDiagonal};
  for (Index start = 0; start < n;) {
    const Index count = indefinite::factorPanel(w, start, width, panel, out);
    if (start + count < n) indefinite::updateTrailing(w, start, count, start + count, panel);
    start += count;
  }
  memory::adviseLargePagesFor(lower, n * n);
  for (Index i = 0; i < n; ++i) {
    T* row = lower + i * n;
    for (Index j = 0; j < i; ++j) row[j] = w(i, j);
    row[i] = T(1);
    std::fill(row + i + 1, row + n, T(0));
  }
  // Inside a 2×2 block L is the identity; w held D's off-diagonal there.
  for (Index k = 0; k + 1 < n; ++k) {
    if (offDiagonal[k] != T(0)) lower[(k + 1) * n + k] = T(0);
  }
  return Status::ok;
}

template <class T>
Status ldltSolveImpl(const T* lower, const Index* order, const T* diagonal, const T* offDiagonal, Index n, const T* b,
                     Index nrhs, T* x) {
  if (n < 0 || nrhs < 0) return Status::invalidArgument;
  // A 2×2 block [d11 d21; d21 d22] of D is solved in LAPACK's ?sytrs form,
  // through (d11 / d21)(d22 / d21) − 1 = det / d21², which neither overflows
  // nor underflows where d11 d22 − d21² would (entries of 1e±200 made it
  // infinite or zero, and the solve called the matrix singular).
  const auto scaledDeterminant = [&](Index k) {
    return (diagonal[k] / offDiagonal[k]) * (diagonal[k + 1] / offDiagonal[k]) - T(1);
  };
  for (Index k = 0; k < n; ++k) {
    if (k + 1 < n && offDiagonal[k] != T(0)) {
      const T denominator = scaledDeterminant(k);
      if (denominator == T(0) || !std::isfinite(denominator) || !std::isfinite(offDiagonal[k])) {
        return Status::singular;
      }
      ++k;
    } else if (diagonal[k] == T(0) || !std::isfinite(diagonal[k])) {
      return Status::singular;
    }
  }
  if (n == 0 || nrhs == 0) return Status::ok;
  RowMajorMatrix<T> y(n, nrhs);
  for (Index i = 0; i < n; ++i) y.row(i) = ConstMatrixMap<T>(b, n, nrhs).row(order[i]);
  const ConstMatrixMap<T> l(lower, n, n);
  l.template triangularView<Eigen::UnitLower>().solveInPlace(y);
  for (Index k = 0; k < n; ++k) {
    if (k + 1 < n && offDiagonal[k] != T(0)) {
      const T d21 = offDiagonal[k], d11 = diagonal[k] / d21, d22 = diagonal[k + 1] / d21;
      const T denominator = scaledDeterminant(k);
      for (Index c = 0; c < nrhs; ++c) {
        const T z0 = y(k, c) / d21, z1 = y(k + 1, c) / d21;
        y(k, c) = (d22 * z0 - z1) / denominator;
        y(k + 1, c) = (d11 * z1 - z0) / denominator;
      }
      ++k;
    } else {
      y.row(k) /= diagonal[k];
    }
  }
  l.transpose().template triangularView<Eigen::UnitUpper>().solveInPlace(y);
  MatrixMap<T> solution(x, n, nrhs);
  for (Index i = 0; i < n; ++i) solution.row(order[i]) = y.row(i);
  return Status::ok;
}

}  // namespace
}  // namespace core
