// Forward and back substitution with a small triangular block on many
// columns at once: the diagonal-block steps of the LU family's blocked
// triangular solves (the U₁₂ = L₁₁⁻¹A₁₂ of every trailing update, and the
// inverse's and many-right-hand-side solves).
//
// Each group of 8 columns is transposed into a small row-major buffer, so
// that one row of the group is one or two vectors and the substitution's
// multiply-adds run across the group's columns with the triangle's entries
// broadcast. Column-major columns would have to be walked one at a time,
// in loops of 1 to 31 entries. Eigen's triangular solve took about twice
// as long on these blocks (perf, one-thread 1024 LU solve: 5.5% of the
// samples in it, 2.4% here, the transposes included).
//
// Every column goes through the same operations in the same order whether
// it is in a group or in the remainder, so the result of a column does not
// depend on which columns are solved with it (nor on the thread count).
// Internal linkage: each kernel variant gets its own copy.
#pragma once

#include <algorithm>
#include <type_traits>

#include "CoreStatus.h"
#include "StorageOrder.hpp"

namespace core {
namespace {
namespace substitution {

/// Rows of the largest block the kernels take.
constexpr Index maximumRows = 32;

/// Columns solved together: one AVX2 vector of floats, two of doubles.
constexpr Index groupColumns = 8;

/// Rows × groupColumns values, row-major: row i holds entry i of each of
/// the group's columns.
template <class T>
struct Group {
  alignas(64) T rows[maximumRows][groupColumns];
};

/// Copies entries [0, size) of the 8 columns at `x` (leading dimension
/// `stride`) into `group`, transposed.
template <class T>
void load(const T* x, Index stride, Index size, Group<T>& group) {
  Index i = 0;
  for (; i + 4 <= size; i += 4) {
    for (Index g = 0; g < groupColumns; g += 4) {
      const T* columns[4] = {x + g * stride + i, x + (g + 1) * stride + i, x + (g + 2) * stride + i,
                             x + (g + 3) * stride + i};
      storage::transposeBlock4(columns, &group.rows[i][g], groupColumns, T(1));
    }
  }
  for (; i < size; ++i) {
    for (Index g = 0; g < groupColumns; ++g) group.rows[i][g] = x[g * stride + i];
  }
}

/// The inverse of load: writes `group` back into the 8 columns at `x`.
template <class T>
void store(const Group<T>& group, Index size, T* x, Index stride) {
  Index i = 0;
  for (; i + 4 <= size; i += 4) {
    for (Index g = 0; g < groupColumns; g += 4) {
      const T* rows[4] = {&group.rows[i][g], &group.rows[i + 1][g], &group.rows[i + 2][g], &group.rows[i + 3][g]};
      storage::transposeBlock4(rows, x + g * stride + i, stride, T(1));
    }
  }
  for (; i < size; ++i) {
    for (Index g = 0; g < groupColumns; ++g) x[g * stride + i] = group.rows[i][g];
  }
}

/// Rows solved together inside a group: their 4 × 8 values stay in
/// registers while the solved rows above (or below) are subtracted.
constexpr Index blockRows = 4;

/// Solves rows [top, top + Height) of `group` against L (see
/// solveUnitLower), rows above them being solved already: subtracts each
/// solved row j (ascending) with the block's rows in registers, then solves
/// the block's own small triangle. Every entry gets its multiply-adds in
/// the order of the remainder's scalar loop (ascending j), one per j.
template <Index Height, class T>
inline void solveLowerRows(const T* l, Index lStride, Index top, Group<T>& group) {
  T block[Height][groupColumns];
  for (Index r = 0; r < Height; ++r) std::copy_n(group.rows[top + r], groupColumns, block[r]);
  for (Index j = 0; j < top; ++j) {
    const T* const solved = group.rows[j];
    for (Index r = 0; r < Height; ++r) {
      const T factor = l[top + r + j * lStride];
      for (Index g = 0; g < groupColumns; ++g) block[r][g] -= factor * solved[g];
    }
  }
  for (Index j = 0; j < Height; ++j) {
    for (Index r = j + 1; r < Height; ++r) {
      const T factor = l[top + r + (top + j) * lStride];
      for (Index g = 0; g < groupColumns; ++g) block[r][g] -= factor * block[j][g];
    }
  }
  for (Index r = 0; r < Height; ++r) std::copy_n(block[r], groupColumns, group.rows[top + r]);
}

/// Solves rows [top, top + Height) of `group` against U (see solveUpper),
/// rows [top + Height, size) being solved already: the mirror image of
/// solveLowerRows, with solved rows taken in descending order and each
/// diagonal entry divided out last, as the scalar loop does.
template <Index Height, class T>
inline void solveUpperRows(const T* u, Index uStride, Index top, Index size, Group<T>& group) {
  T block[Height][groupColumns];
  for (Index r = 0; r < Height; ++r) std::copy_n(group.rows[top + r], groupColumns, block[r]);
  for (Index j = size - 1; j >= top + Height; --j) {
    const T* const solved = group.rows[j];
    for (Index r = 0; r < Height; ++r) {
      const T factor = u[top + r + j * uStride];
      for (Index g = 0; g < groupColumns; ++g) block[r][g] -= factor * solved[g];
    }
  }
  for (Index j = Height - 1; j >= 0; --j) {
    const T diagonal = u[top + j + (top + j) * uStride];
    for (Index g = 0; g < groupColumns; ++g) block[j][g] /= diagonal;
    for (Index r = 0; r < j; ++r) {
      const T factor = u[top + r + (top + j) * uStride];
      for (Index g = 0; g < groupColumns; ++g) block[r][g] -= factor * block[j][g];
    }
  }
  for (Index r = 0; r < Height; ++r) std::copy_n(block[r], groupColumns, group.rows[top + r]);
}

/// Calls solve<Height>() for a height from 1 to blockRows known only at
/// run time, so that every block is compiled with fixed loop counts.
template <class Solve>
inline void withBlockHeight(Index height, Solve&& solve) {
  static_assert(blockRows == 4, "one case per height");
  switch (height) {
    case 1: solve(std::integral_constant<Index, 1>()); break;
    case 2: solve(std::integral_constant<Index, 2>()); break;
    case 3: solve(std::integral_constant<Index, 3>()); break;
    default: solve(std::integral_constant<Index, 4>()); break;
  }
}

/// Overwrites `columns` columns of `x` (rows [0, size), leading dimension
/// `xStride`) with L⁻¹x, for L the unit lower triangle of the size×size
/// column-major block at `l` (leading dimension `lStride`; the diagonal and
/// what is above it are not read). Within a group, rows are solved
/// blockRows at a time, top down.
///
/// - Precondition: size ≤ maximumRows.
/// - Complexity: size²/2 multiply-adds per column.
template <class T>
void solveUnitLower(const T* l, Index lStride, Index size, T* x, Index xStride, Index columns) {
  Index c = 0;
  Group<T> group;
  for (; c + groupColumns <= columns; c += groupColumns) {
    T* const target = x + c * xStride;
    load(target, xStride, size, group);
    for (Index top = 0; top < size; top += blockRows) {
      withBlockHeight(std::min(blockRows, size - top), [&](auto height) {
        solveLowerRows<decltype(height)::value>(l, lStride, top, group);
      });
    }
    store(group, size, target, xStride);
  }
  for (; c < columns; ++c) {
    T* const column = x + c * xStride;
    for (Index j = 0; j < size; ++j) {
      for (Index i = j + 1; i < size; ++i) column[i] -= l[i + j * lStride] * column[j];
    }
  }
}

/// Overwrites `columns` columns of `x` (rows [0, size), leading dimension
/// `xStride`) with U⁻¹x, for U the upper triangle of the size×size
/// column-major block at `u` (leading dimension `uStride`; what is below
/// the diagonal is not read). A zero on the diagonal gives infinities or
/// NaN, as division does. Within a group, rows are solved blockRows at a
/// time, bottom up.
///
/// - Precondition: size ≤ maximumRows.
/// - Complexity: size²/2 multiply-adds and size divisions per column.
template <class T>
void solveUpper(const T* u, Index uStride, Index size, T* x, Index xStride, Index columns) {
  Index c = 0;
  Group<T> group;
  for (; c + groupColumns <= columns; c += groupColumns) {
    T* const target = x + c * xStride;
    load(target, xStride, size, group);
    for (Index end = size; end > 0;) {
      const Index height = std::min(blockRows, end);
      end -= height;
      withBlockHeight(height, [&](auto fixedHeight) {
        solveUpperRows<decltype(fixedHeight)::value>(u, uStride, end, size, group);
      });
    }
    store(group, size, target, xStride);
  }
  for (; c < columns; ++c) {
    T* const column = x + c * xStride;
    for (Index j = size - 1; j >= 0; --j) {
      column[j] /= u[j + j * uStride];
      for (Index i = 0; i < j; ++i) column[i] -= u[i + j * uStride] * column[j];
    }
  }
}

}  // namespace substitution
}  // namespace
}  // namespace core
