// The LU-family kernels: factorization with partial pivoting, solves,
// inverse and determinant. Eigen does not report singularity (its inverse
// of a singular matrix is full of infinities), so the core decides it: a
// zero pivot, or a reciprocal condition estimate below machine epsilon.
//
// Compiled once per instruction-set variant (MatrixLU.cpp for the baseline,
// MatrixLUAVX2.cpp for AVX2+FMA); everything here has internal linkage.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "EigenSetup.hpp"
#include "StorageOrder.hpp"
#include "ThreadPool.hpp"
#include <Eigen/LU>

#if defined(__AVX2__) && defined(__FMA__)
#include "PackedProduct.hpp"
#include "Substitution.hpp"
#endif

namespace core {
namespace {

using namespace detail;

/// A partial-pivoting LU of Â = A / 2^e (exact; see luScaleExponent): P Â = L U,
/// so U = Û·2^e, x = Â⁻¹(b / 2^e), A⁻¹ = Â⁻¹ / 2^e and det A = 2^(e·n) det Â.
/// The rcond is unchanged by the scaling.
template <class T>
struct LUFactors {
  /// L (unit lower, diagonal not stored) and U, packed, column-major.
  ColumnMajorMatrix<T> lu;
  /// P as LAPACK's ipiv: from i = 0 up, row i was swapped with row
  /// transpositions[i] (≥ i).
  std::vector<int> transpositions;
  /// ‖Â‖₁, for the condition estimate.
  T normOne = 0;

  Index size() const { return lu.rows(); }

  /// Writes P as a row order: row i of P Â is row rowOrder[i] of Â. Replays
  /// the swaps on the identity.
  void writeRowOrder(Index* rowOrder) const {
    for (Index i = 0; i < size(); ++i) rowOrder[i] = i;
    for (Index i = 0; i < size(); ++i) std::swap(rowOrder[i], rowOrder[transpositions[static_cast<std::size_t>(i)]]);
  }
};

/// The trailing columns are cut into parts of at least this many columns,
/// one part per thread.
constexpr Index luColumnsPerPart = 64;

/// With the factorization's look-ahead, the trailing columns beyond the next
/// panel are updated in pieces of this many columns, taken by whichever
/// thread is free (the caller joins once the next panel is factored).
/// 64 and 128 measured alike at n = 1024; 256 left threads idle at the end.
constexpr Index lookAheadColumns = 128;

/// Applies the row swaps of panel [top, top + width) to columns [first, last)
/// of `w`, one column at a time (a contiguous run in column-major storage).
template <class T>
void swapRows(ColumnMajorMatrix<T>& w, const int* transpositions, Index top, Index width, Index first, Index last) {
  for (Index c = first; c < last; ++c) {
    T* column = &w.coeffRef(0, c);
    for (Index i = top; i < top + width; ++i) std::swap(column[i], column[transpositions[i]]);
  }
}

#if defined(__AVX2__) && defined(__FMA__)
/// Rows per substitution step in the triangular solves below: the rest of
/// each diagonal block's work runs on the packed product kernel, several
/// times faster than Eigen's triangular solve at these shapes.
constexpr Index substitutionRows = substitution::maximumRows;

/// Overwrites `columns` columns of `x` (rows [0, size), leading dimension
/// `xStride`) with L⁻¹x, for L the unit lower triangle of the size×size
/// column-major block at `l` (leading dimension `lStride`): substitution in
/// steps of substitutionRows, the rows below each step updated on the
/// packed product kernel.
template <class T>
void solveUnitLowerInSteps(const T* l, Index lStride, Index size, T* x, Index xStride, Index columns) {
  for (Index r = 0; r < size; r += substitutionRows) {
    const Index step = std::min(substitutionRows, size - r), rest = size - r - step;
    substitution::solveUnitLower(l + r + r * lStride, lStride, step, x + r, xStride, columns);
    if (rest > 0) {
      // In row-major terms, Xᵀ₂ −= Xᵀ₁ L₂₁ᵀ for the rows below the step.
      packed::multiply<T>(columns, rest, step, T(-1), {x + r, xStride}, {l + (r + step) + r * lStride, lStride}, T(1),
                          x + r + step, xStride);
    }
  }
}

/// Overwrites rows [top, top + height) of columns [first, first + columns)
/// of `x` with L⁻¹ times them, for L the unit lower diagonal block of `lu`
/// at (top, top).
template <class T>
void solveUnitLowerBlock(const ColumnMajorMatrix<T>& lu, Index top, Index height, ColumnMajorMatrix<T>& x,
                         Index first, Index columns) {
  const Index n = lu.rows();
  solveUnitLowerInSteps(lu.data() + top + top * n, n, height, &x.coeffRef(top, first), x.rows(), columns);
}

/// Overwrites rows [top, top + height) of columns [first, first + columns)
/// of `x` with U⁻¹ times them, for U the upper diagonal block of `lu` at
/// (top, top).
template <class T>
void solveUpperBlock(const ColumnMajorMatrix<T>& lu, Index top, Index height, ColumnMajorMatrix<T>& x, Index first,
                     Index columns) {
  const Index n = lu.rows(), stride = x.rows();
  for (Index end = height; end > 0;) {
    const Index step = std::min(substitutionRows, end), start = end - step;
    substitution::solveUpper(lu.data() + (top + start) + (top + start) * n, n, step, &x.coeffRef(top + start, first),
                             stride, columns);
    if (start > 0) {
      // Xᵀ₀ −= Xᵀ₁ U₀₁ᵀ for the rows above the step.
      packed::multiply<T>(columns, start, step, T(-1), {&x.coeffRef(top + start, first), stride},
                          {lu.data() + top + (top + start) * n, n}, T(1), &x.coeffRef(top, first), stride);
    }
    end = start;
  }
}
#endif

/// A₂₂ −= A₂₁ A₁₂ for column-major blocks with leading dimension `stride`:
/// A₂₂ (rows × columns) at `target`, A₂₁ (rows × depth) at `left`, A₁₂
/// (depth × columns) at `right`. On AVX2+FMA the packed kernel takes it
/// from 24 rows and 24 deep (in row-major terms A₂₂ᵀ −= A₁₂ᵀ A₂₁ᵀ, every
/// operand read in place: a column-major block is a row-major view of its
/// transpose); it computes each column alike whatever other columns come
/// with it, so splitting the columns across threads changes no result.
template <class T>
void subtractProduct(T* target, const T* left, const T* right, Index rows, Index columns, Index depth,
                     Index stride) {
#if defined(__AVX2__) && defined(__FMA__)
  if (rows >= 24 && depth >= 24) {
    packed::multiply<T>(columns, rows, depth, T(-1), {right, stride}, {left, stride}, T(1), target, stride);
    return;
  }
#endif
  using Block = Eigen::Map<ColumnMajorMatrix<T>, 0, Eigen::OuterStride<>>;
  using ConstBlock = Eigen::Map<const ColumnMajorMatrix<T>, 0, Eigen::OuterStride<>>;
  Block(target, rows, columns, Eigen::OuterStride<>(stride)).noalias() -=
      ConstBlock(left, rows, depth, Eigen::OuterStride<>(stride)) *
      ConstBlock(right, depth, columns, Eigen::OuterStride<>(stride));
}

/// The right-looking update of columns [first, last) after the panel
/// [top, top + width) was factored: swap their rows as the panel did, solve
/// U₁₂ = L₁₁⁻¹ A₁₂, then A₂₂ −= L₂₁ U₁₂.
template <class T>
void updateTrailingColumns(ColumnMajorMatrix<T>& w, const int* transpositions, Index top, Index width, Index first,
                           Index last) {
  const Index n = w.rows(), below = n - top - width, columns = last - first;
  swapRows(w, transpositions, top, width, first, last);
#if defined(__AVX2__) && defined(__FMA__)
  solveUnitLowerBlock(w, top, width, w, first, columns);
#else
  w.block(top, top, width, width).template triangularView<Eigen::UnitLower>().solveInPlace(
      w.block(top, first, width, columns));
#endif
  if (below == 0) return;
  subtractProduct(&w.coeffRef(top + width, first), &w.coeffRef(top + width, top), &w.coeffRef(top, first), below,
                  columns, width, n);
}

/// Panels this narrow are factored column by column.
constexpr Index unblockedPanelWidth = 16;

/// Partial-pivoting LU of the m×width column-major panel at `a` (leading
/// dimension `stride`), in place: the unit lower L below the diagonal, U on
/// and above it. pivots[j] is the row (from the panel's top) that row j was
/// swapped with. Recursive, like LAPACK's xGETRF2: factor the left half,
/// update the right half (its swaps, U₁₂ = L₁₁⁻¹A₁₂, A₂₂ −= L₂₁U₁₂ on the
/// packed product kernel), factor the right half below, then swap the left
/// half's rows as the right half did. Row swaps run down each column, which
/// in column-major storage stays within one column; Eigen's panel LU swapped
/// whole rows across the panel and took about a third longer.
template <class T>
void factorPanelRecursively(T* a, Index m, Index width, Index stride, int* pivots) {
  using Block = Eigen::Map<ColumnMajorMatrix<T>, 0, Eigen::OuterStride<>>;
  if (width <= unblockedPanelWidth) {
    for (Index j = 0; j < width; ++j) {
      T* const column = a + j * stride;
      // The first entry of largest magnitude, as in unblocked partial
      // pivoting (NaN never compares larger, so it is not chosen).
      Index pivotRow = j;
      T largest = std::abs(column[j]);
      for (Index i = j + 1; i < m; ++i) {
        const T magnitude = std::abs(column[i]);
        if (magnitude > largest) {
          largest = magnitude;
          pivotRow = i;
        }
      }
      pivots[j] = static_cast<int>(pivotRow);
      if (pivotRow != j) {
        for (Index c = 0; c < width; ++c) std::swap(a[j + c * stride], a[pivotRow + c * stride]);
      }
      // A zero pivot leaves its column as it is (the matrix is singular;
      // the caller sees the zero on U's diagonal).
      if (column[j] != T(0)) {
        const T reciprocal = T(1) / column[j];
        for (Index i = j + 1; i < m; ++i) column[i] *= reciprocal;
      }
      for (Index c = j + 1; c < width; ++c) {
        T* const target = a + c * stride;
        const T factor = target[j];
        for (Index i = j + 1; i < m; ++i) target[i] -= column[i] * factor;
      }
    }
    return;
  }
  const Index left = std::min(width / 2 / 8 * 8, m), right = width - left, below = m - left;
  factorPanelRecursively(a, m, left, stride, pivots);
  T* const a12 = a + left * stride;
  for (Index c = 0; c < right; ++c) {
    T* const column = a12 + c * stride;
    for (Index j = 0; j < left; ++j) std::swap(column[j], column[pivots[j]]);
  }
  if (below == 0) return;
#if defined(__AVX2__) && defined(__FMA__)
  solveUnitLowerInSteps(a, stride, left, a12, stride, right);
#else
  Block u12(a12, left, right, Eigen::OuterStride<>(stride));
  Block(a, left, left, Eigen::OuterStride<>(stride)).template triangularView<Eigen::UnitLower>().solveInPlace(u12);
#endif
  subtractProduct(a12 + left, a + left, a12, below, right, left, stride);
  factorPanelRecursively(a12 + left, below, right, stride, pivots + left);
  for (Index j = left; j < width; ++j) pivots[j] += static_cast<int>(left);
  for (Index c = 0; c < left; ++c) {
    T* const column = a + c * stride;
    for (Index j = left; j < width; ++j) std::swap(column[j], column[pivots[j]]);
  }
}

/// Factors the panel of columns [top, top + width) of `w` (rows top and
/// below) on the calling thread and records its swaps as rows of `w`.
template <class T>
void factorPanel(ColumnMajorMatrix<T>& w, std::vector<int>& transpositions, Index top, Index width) {
  const Index n = w.rows();
  factorPanelRecursively(&w.coeffRef(top, top), n - top, width, n, transpositions.data() + top);
  for (Index i = top; i < top + width; ++i) transpositions[static_cast<std::size_t>(i)] += static_cast<int>(top);
}

/// Factors `w` in place, blocked and right-looking, with a look-ahead of one
/// panel: while the other threads update the trailing columns with panel k,
/// the calling thread updates the columns of panel k + 1 first and factors
/// them, so the (serial) panel factorizations overlap the (parallel)
/// updates instead of leaving the other threads idle. Pivoting is the same
/// as unblocked partial pivoting, and the result does not depend on the
/// thread count: every column gets the same updates in the same order.
template <class T>
void factorInPlace(ColumnMajorMatrix<T>& w, std::vector<int>& transpositions) {
  const Index n = w.rows();
  transpositions.assign(static_cast<std::size_t>(n), 0);
  const Index panelWidth = n <= 128 ? n : (n <= 512 ? 64 : 128);
  factorPanel(w, transpositions, 0, std::min(panelWidth, n));
  for (Index top = 0; top < n; top += panelWidth) {
    const Index width = std::min(panelWidth, n - top), first = top + width, count = n - first;
    if (count == 0) break;
    const Index nextWidth = std::min(panelWidth, count), rest = count - nextWidth;
    if ((n - top) < 3 * luColumnsPerPart || rest == 0 || parallel::threadCount() == 1) {
      updateTrailingColumns(w, transpositions.data(), top, width, first, n);
      factorPanel(w, transpositions, first, nextWidth);
      continue;
    }
    // Task 0 (the calling thread's) is the next panel; the others are the
    // remaining columns in pieces, taken by whichever thread is free.
    const Index pieces = (rest + lookAheadColumns - 1) / lookAheadColumns;
    parallel::forRange(1 + pieces, 1 + pieces, 1, [&](Index begin, Index end) {
      for (Index task = begin; task < end; ++task) {
        if (task == 0) {
          updateTrailingColumns(w, transpositions.data(), top, width, first, first + nextWidth);
          factorPanel(w, transpositions, first, nextWidth);
        } else {
          const Index left = first + nextWidth + (task - 1) * lookAheadColumns;
          updateTrailingColumns(w, transpositions.data(), top, width, left, std::min(n, left + lookAheadColumns));
        }
      }
    });
  }
  // Each panel's swaps also apply to the columns left of it (the factors of
  // earlier panels): all at once, per column, at the end.
  parallel::forRange(n, parallel::partsFor(n, 256), 8, [&](Index begin, Index end) {
    for (Index c = begin; c < end; ++c) {
      const Index panelEnd = std::min(n, (c / panelWidth + 1) * panelWidth);
      swapRows(w, transpositions.data(), panelEnd, n - panelEnd, c, c + 1);
    }
  });
}

/// ‖Â‖₁ of the working copy in `factors` (the largest column sum, with the
/// columns split across threads), then the factorization in place.
template <class T>
void factorWorkingCopy(LUFactors<T>& factors) {
  const Index n = factors.size();
  Vector<T> columnSums(n);
  const Index parts = n * n < (Index(1) << 17) ? 1 : parallel::partsFor(n, 64);
  parallel::forRange(n, parts, 1, [&](Index begin, Index end) {
    for (Index c = begin; c < end; ++c) columnSums(c) = factors.lu.col(c).cwiseAbs().sum();
  });
  factors.normOne = columnSums.maxCoeff();
  factorInPlace(factors.lu, factors.transpositions);
}

/// Factors the n×n `a` (n > 0) divided by 2^e.
template <class T>
LUFactors<T> factor(const T* a, Index n, int e) {
  LUFactors<T> factors;
  factors.lu = uninitializedWorkingMatrix<T>(n, n);
  copyTransposed(a, n, n, std::ldexp(T(1), -e), factors.lu.data());
  factorWorkingCopy(factors);
  return factors;
}

/// The e by which the LU family divides a matrix whose scan is `input`:
/// MagnitudeScan::rangeShiftExponent, 0 (the matrix is factored as it is)
/// unless its largest magnitude lies near the ends of the range. Partial
/// pivoting only compares, divides by pivots and subtracts products, so
/// dividing by a power of 2 changes no digit of the results unless
/// something overflows or turns subnormal; the scaling is for matrices near
/// the ends of the range, where growth or ‖A⁻¹‖ would overflow.
template <class T>
int luScaleExponent(const MagnitudeScan<T>& input) {
  return input.rangeShiftExponent();
}

/// Factors the n×n `a` (n > 0) divided by 2^e, e = luScaleExponent(input),
/// where `input` is the scan of `a`, made while copying it (one pass over
/// `a` instead of a scan and a copy).
template <class T>
LUFactors<T> factorScanning(const T* a, Index n, MagnitudeScan<T>& input, int& e) {
  LUFactors<T> factors;
  factors.lu = uninitializedWorkingMatrix<T>(n, n);
  input = copyTransposedScanning(a, n, n, factors.lu.data());
  e = luScaleExponent(input);
  if (e != 0) factors.lu *= std::ldexp(T(1), -e);
  factorWorkingCopy(factors);
  return factors;
}

/// Overwrites the columns of `x` (n×k, column-major) with Â⁻¹ x.
template <class T, class Columns>
void solveInPlace(const LUFactors<T>& f, Columns&& x) {
  for (Index i = 0; i < f.size(); ++i) x.row(i).swap(x.row(f.transpositions[static_cast<std::size_t>(i)]));
  f.lu.template triangularView<Eigen::UnitLower>().solveInPlace(x);
  f.lu.template triangularView<Eigen::Upper>().solveInPlace(x);
}

/// Right-hand sides that solveFewInPlace is meant for: the columns stay in
/// L1 and L2 while the factors stream past.
constexpr Index fewColumns = 5;

/// Overwrites the `count` columns at `x` (column-major, `stride` apart, n
/// entries each) with Â⁻¹ times them, in one pass over the factors for all
/// of them: column j of L (then of U) is read once and applied to every
/// column, while it is in L1. A triangular solve of one vector reads all of
/// L and U from memory (8 MiB at n = 1024) for n² multiply-adds, so a few
/// vectors cost about what one does. Each column gets the same operations
/// whatever `count` is.
///
/// - Complexity: n² multiply-adds per column, one pass over the factors.
template <class T>
void solveFewInPlace(const LUFactors<T>& f, T* x, Index stride, Index count) {
  const Index n = f.size();
  const T* const lu = f.lu.data();
  for (Index c = 0; c < count; ++c) {
    T* const column = x + c * stride;
    for (Index i = 0; i < n; ++i) std::swap(column[i], column[f.transpositions[static_cast<std::size_t>(i)]]);
  }
  // L y = P b, column by column of L.
  for (Index j = 0; j < n; ++j) {
    const T* const lower = lu + j * n;
    for (Index c = 0; c < count; ++c) {
      T* const column = x + c * stride;
      const T known = column[j];
      for (Index i = j + 1; i < n; ++i) column[i] -= lower[i] * known;
    }
  }
  // U z = y, backward, column by column of U.
  for (Index j = n - 1; j >= 0; --j) {
    const T* const upper = lu + j * n;
    for (Index c = 0; c < count; ++c) {
      T* const column = x + c * stride;
      column[j] /= upper[j];
      const T known = column[j];
      for (Index i = 0; i < j; ++i) column[i] -= upper[i] * known;
    }
  }
}

#if defined(__AVX2__) && defined(__FMA__)
/// Â⁻¹ x for many columns (the inverse's n): blocked triangular solves whose
/// updates run on the packed product kernel, as in the factorization.
///
/// With `identity`, columns [first, last) of `x` hold the identity's and are
/// not permuted: the result is then U⁻¹L⁻¹ (the inverse before its column
/// permutation), and the forward solve starts at row `first`, above which
/// the identity's columns, and so L⁻¹'s, are zero.
template <class T>
void solveManyInPlace(const LUFactors<T>& f, ColumnMajorMatrix<T>& x, Index first, Index last, bool identity) {
  const Index n = f.size(), columns = last - first, block = 128;
  if (!identity) {
    for (Index c = first; c < last; ++c) {
      T* column = &x.coeffRef(0, c);
      for (Index i = 0; i < n; ++i) std::swap(column[i], column[f.transpositions[static_cast<std::size_t>(i)]]);
    }
  }
  const T* lu = f.lu.data();
  T* xs = &x.coeffRef(0, first);
  // L y = P b, forward by blocks of rows: solve the diagonal block, then
  // subtract its contribution from the rows below (in row-major terms,
  // Yᵀ₂ −= Yᵀ₁ L₂₁ᵀ).
  for (Index top = identity ? first : 0; top < n; top += block) {
    const Index height = std::min(block, n - top), below = n - top - height;
    solveUnitLowerBlock(f.lu, top, height, x, first, columns);
    if (below > 0) {
      packed::multiply<T>(columns, below, height, T(-1), {xs + top, n}, {lu + top + height + top * n, n}, T(1),
                          xs + top + height, n);
    }
  }
  // U z = y, backward: Zᵀ₀ −= Zᵀ₁ U₀₁ᵀ for the rows above each block.
  for (Index end = n; end > 0; end -= std::min(block, end)) {
    const Index height = std::min(block, end), top = end - height;
    solveUpperBlock(f.lu, top, height, x, first, columns);
    if (top > 0) packed::multiply<T>(columns, top, height, T(-1), {xs + top, n}, {lu + top * n, n}, T(1), xs, n);
  }
}
#endif

/// Overwrites `x` with Â⁻ᵀ x: Âᵀ = Uᵀ Lᵀ P, so solve with Uᵀ, then Lᵀ, then
/// undo the swaps in reverse order.
template <class T>
void solveTransposedInPlace(const LUFactors<T>& f, Vector<T>& x) {
  f.lu.template triangularView<Eigen::Upper>().transpose().solveInPlace(x);
  f.lu.template triangularView<Eigen::UnitLower>().transpose().solveInPlace(x);
  for (Index i = f.size() - 1; i >= 0; --i) std::swap(x(i), x(f.transpositions[static_cast<std::size_t>(i)]));
}

/// Â⁻¹ x for the n×k column-major `x`, in column parts across the threads;
/// with `identity` (x = I), U⁻¹L⁻¹ instead, which is Â⁻¹ with its columns
/// permuted (see inverseImpl). Parts are taken dynamically: with the
/// identity, the left columns cost more.
template <class T>
void solveInParallel(const LUFactors<T>& f, ColumnMajorMatrix<T>& x, bool identity) {
  const Index n = f.size(), columns = x.cols();
  const Index parts = n < 3 * luColumnsPerPart
                          ? 1
                          : std::max<Index>(1, std::min<Index>(columns / 32, 4 * parallel::threadCount()));
  parallel::forRange(columns, parts, 8, [&](Index begin, Index end) {
#if defined(__AVX2__) && defined(__FMA__)
    if (n >= 256 && end - begin >= 16) {
      solveManyInPlace(f, x, begin, end, identity);
      return;
    }
#endif
    if (!identity && end - begin < 4) {
      // One column at a time: Eigen solves a vector (a Map) with its
      // triangular matrix-vector kernel, but a one-column block with its
      // general triangular matrix solve, several times slower.
      for (Index c = begin; c < end; ++c) {
        Eigen::Map<Vector<T>> column(&x.coeffRef(0, c), n);
        solveInPlace(f, column);
      }
      return;
    }
    auto part = x.middleCols(begin, end - begin);
    if (identity) {
      f.lu.template triangularView<Eigen::UnitLower>().solveInPlace(part);
      f.lu.template triangularView<Eigen::Upper>().solveInPlace(part);
    } else {
      solveInPlace(f, part);
    }
  });
}

/// Lower bound on ‖Â⁻¹‖₁ by Hager's method as refined by Higham (LAPACK's
/// xLACON): a few solves with Â and Âᵀ, O(n²).
///
/// The first solve, with the constant vector, and the solve with Higham's
/// extra vector (alternating signs, growing magnitudes, which catches the
/// matrices on which the iteration underestimates) do not depend on each
/// other, so they share one pass over the factors, together with the
/// `extra` columns (n×k, k ≤ fewColumns − 2) when given: a caller's own
/// right-hand sides, solved in place on the way.
template <class T>
T inverseNormOneEstimate(const LUFactors<T>& f, ColumnMajorMatrix<T>* extra = nullptr) {
  const Index n = f.size(), extraColumns = extra != nullptr ? extra->cols() : 0;
  ColumnMajorMatrix<T> first(n, 2 + extraColumns);
  first.col(0).setConstant(T(1) / static_cast<T>(n));
  for (Index i = 0; i < n; ++i) {
    const T magnitude = T(1) + (n > 1 ? static_cast<T>(i) / static_cast<T>(n - 1) : T(0));
    first(i, 1) = i % 2 == 0 ? magnitude : -magnitude;
  }
  if (extraColumns > 0) first.rightCols(extraColumns) = *extra;
  solveFewInPlace(f, first.data(), n, first.cols());
  if (extraColumns > 0) *extra = first.rightCols(extraColumns);
  const T alternating = T(2) * first.col(1).template lpNorm<1>() / (T(3) * static_cast<T>(n));

  Vector<T> x = Vector<T>::Constant(n, T(1) / static_cast<T>(n));
  Vector<T> y = first.col(0);
  T estimate = 0;
  Index previous = -1;
  for (int iteration = 0; iteration < 5; ++iteration) {
    if (iteration > 0) {
      y = x;
      solveFewInPlace(f, y.data(), n, 1);
    }
    const T norm = y.template lpNorm<1>();
    if (!(norm == norm)) return norm;  // NaN: nothing to estimate
    if (iteration > 0 && norm <= estimate) break;
    estimate = norm;
    Vector<T> z = y.unaryExpr([](T value) { return value >= T(0) ? T(1) : T(-1); });
    solveTransposedInPlace(f, z);
    Index largest = 0;
    const T zMax = z.cwiseAbs().maxCoeff(&largest);
    if (iteration > 0 && (largest == previous || zMax <= z.dot(x))) break;
    x.setZero();
    x(largest) = T(1);
    previous = largest;
  }
  return std::max(estimate, alternating);
}

/// Whether the factored matrix is singular to working precision. NaN input
/// is not called singular: it flows into the results, which then carry it.
///
/// With `extra` (right-hand sides, at most fewColumns − 2), a false answer
/// also means `extra` now holds Â⁻¹ times it, solved in the condition
/// estimate's first pass over the factors.
template <class T>
bool isSingular(const LUFactors<T>& f, ColumnMajorMatrix<T>* extra = nullptr) {
  const auto pivots = f.lu.diagonal();
  if ((pivots.array() == T(0)).any()) return true;
  if (!pivots.allFinite()) {
    if (extra != nullptr) solveFewInPlace(f, extra->data(), extra->rows(), extra->cols());
    return false;
  }
  const T inverseNorm = inverseNormOneEstimate(f, extra);
  if (!(inverseNorm <= std::numeric_limits<T>::max())) return !(inverseNorm != inverseNorm);
  const T reciprocalCondition = (T(1) / inverseNorm) / f.normOne;
  return reciprocalCondition < std::numeric_limits<T>::epsilon();
}

/// Non-finite input gives an all-NaN solution or inverse: never finite
/// numbers that only look like an answer.
template <class T>
bool fillWithNaNIfNonFinite(bool inputsFinite, T* out, Index outCount) {
  if (inputsFinite) return false;
  Eigen::Map<Vector<T>>(out, outCount).setConstant(std::numeric_limits<T>::quiet_NaN());
  return true;
}

template <class T>
Status luFactorImpl(const T* a, Index n, T* packed, Index* rowOrder, bool* singular) {
  if (n < 0) return Status::invalidArgument;
  *singular = false;
  if (n == 0) return Status::ok;
  MagnitudeScan<T> input;
  int e = 0;
  const auto lu = factorScanning(a, n, input, e);
  memory::adviseLargePagesFor(packed, n * n);
  copyTransposed(lu.lu.data(), n, n, T(1), packed);
  MatrixMap<T>(packed, n, n).template triangularView<Eigen::Upper>() *= std::ldexp(T(1), e);
  lu.writeRowOrder(rowOrder);
  *singular = isSingular(lu);
  return Status::ok;
}

template <class T>
Status luSolveImpl(const T* packed, const Index* rowOrder, Index n, const T* b, Index nrhs, T* x) {
  if (n < 0 || nrhs < 0) return Status::invalidArgument;
  if (n == 0 || nrhs == 0) return Status::ok;
  if (fillWithNaNIfNonFinite(allFinite(packed, n * n) && allFinite(b, n * nrhs), x, n * nrhs)) return Status::ok;
  MatrixMap<T> solution(x, n, nrhs);
  const ConstMatrixMap<T> rhs(b, n, nrhs);
  for (Index i = 0; i < n; ++i) {
    const Index source = rowOrder[i];
    if (source < 0 || source >= n) return Status::invalidArgument;
    solution.row(i) = rhs.row(source);
  }
  const ConstMatrixMap<T> lu(packed, n, n);
  lu.template triangularView<Eigen::UnitLower>().solveInPlace(solution);
  lu.template triangularView<Eigen::Upper>().solveInPlace(solution);
  return Status::ok;
}

template <class T>
Status solveImpl(const T* a, Index n, const T* b, Index nrhs, T* x) {
  if (n < 0 || nrhs < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  MagnitudeScan<T> input;
  int e = 0;
  const auto lu = factorScanning(a, n, input, e);
  const bool finite = input.allFinite && allFinite(b, n * nrhs);
  // A x = b  ⇔  Â x = b / 2^e: scaling b (not x) keeps subnormal
  // right-hand sides exact when A is tiny.
  const auto scaledRightHandSides = [&] {
    ColumnMajorMatrix<T> scaled = uninitializedWorkingMatrix<T>(n, nrhs);
    scaled.noalias() = ConstMatrixMap<T>(b, n, nrhs) * std::ldexp(T(1), -e);
    return scaled;
  };
  ColumnMajorMatrix<T> solution;
  if (finite && nrhs > 0 && nrhs <= fewColumns - 2) {
    // A few right-hand sides are solved on a second thread while the
    // condition estimate runs on this one (both only read the factors), or
    // on one thread in the estimate's first pass over the factors; the
    // solution is dropped when the matrix turns out singular. Either way
    // solveFewInPlace computes it, so it does not depend on the threads.
    solution = scaledRightHandSides();
    bool singular = false;
    if (n < 3 * luColumnsPerPart || parallel::threadCount() == 1) {
      singular = isSingular(lu, &solution);
    } else {
      parallel::forRange(2, 2, 1, [&](Index begin, Index end) {
        if (begin == 0) singular = isSingular(lu);
        if (end == 2) solveFewInPlace(lu, solution.data(), n, nrhs);
      });
    }
    if (singular) return Status::singular;
  } else {
    if (isSingular(lu)) return Status::singular;
    if (nrhs == 0) return Status::ok;
    if (fillWithNaNIfNonFinite(finite, x, n * nrhs)) return Status::ok;
    solution = scaledRightHandSides();
    solveInParallel(lu, solution, false);
  }
  memory::adviseLargePagesFor(x, n * nrhs);
  MatrixMap<T>(x, n, nrhs) = solution;
  return Status::ok;
}

template <class T>
Status inverseImpl(const T* a, Index n, T* out) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  MagnitudeScan<T> input;
  int e = 0;
  const auto lu = factorScanning(a, n, input, e);
  if (isSingular(lu)) return Status::singular;
  if (fillWithNaNIfNonFinite(input.allFinite, out, n * n)) return Status::ok;
  // Â⁻¹ = U⁻¹ L⁻¹ P: solve against the identity, then move column k of
  // U⁻¹L⁻¹ to column rowOrder[k] (P's columns) while converting to
  // row-major: the column-major U⁻¹L⁻¹ is its row-major transpose, so this
  // is a transposing copy that takes destination column rowOrder[k] from
  // source row k.
  ColumnMajorMatrix<T> unpermuted = uninitializedWorkingMatrix<T>(n, n);
  unpermuted.setIdentity();
  solveInParallel(lu, unpermuted, true);
  std::vector<Index> rowOrder(static_cast<std::size_t>(n)), sourceRows(static_cast<std::size_t>(n));
  lu.writeRowOrder(rowOrder.data());
  for (Index k = 0; k < n; ++k) sourceRows[static_cast<std::size_t>(rowOrder[static_cast<std::size_t>(k)])] = k;
  memory::adviseLargePagesFor(out, n * n);
  copyTransposed(unpermuted.data(), n, n, std::ldexp(T(1), -e), out, sourceRows.data());
  return Status::ok;
}

template <class T>
Status determinantImpl(const T* a, Index n, T* out) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) {
    *out = T(1);
    return Status::ok;
  }
  // det A = sign(P) · Π uᵢᵢ, from the unscaled factors: scaling by the
  // largest entry would flush the tiny entries of a matrix with a wide
  // range, and the determinant depends on every entry multiplicatively.
  // The product is kept as a mantissa and a separate exponent, so that it
  // neither underflows nor overflows before the final, single rounding.
  const auto lu = factor(a, n, 0);
  T mantissa = 1;
  for (Index i = 0; i < n; ++i) {
    if (lu.transpositions[static_cast<std::size_t>(i)] != i) mantissa = -mantissa;
  }
  long long exponent = 0;
  for (Index i = 0; i < n; ++i) {
    int pivotExponent = 0;
    mantissa *= std::frexp(lu.lu(i, i), &pivotExponent);
    exponent += pivotExponent;
    int renormalized = 0;
    mantissa = std::frexp(mantissa, &renormalized);
    exponent += renormalized;
  }
  // Saturate far outside the representable range instead of wrapping.
  const int clamped = static_cast<int>(std::max<long long>(-100000, std::min<long long>(100000, exponent)));
  *out = std::ldexp(mantissa, clamped);
  return Status::ok;
}

}  // namespace
}  // namespace core
