// Forward and back substitution with a small triangular block on many
// columns at once: the diagonal-block steps of the LU family's blocked
// triangular solves (the U₁₂ = L₁₁⁻¹A₁₂ of every trailing update, and the
// inverse's and many-right-hand-side solves).
//
// Each group of 8 columns is transposed into a small row-major buffer, so
// that one row of the group is one or two vectors and the substitution's
// multiply-adds run across the group's columns with the triangle's entries
// broadcast. Column-major columns would have to be walked one at a time,
// in loops of 1 to 31 entries; Eigen's triangular solve took several times
// longer on these 32-row blocks.
//
// Every column goes through the same operations in the same order whether
// it is in a group or in the remainder, so the result of a column does not
// depend on which columns are solved with it (nor on the thread count).
// Internal linkage: each kernel variant gets its own copy.
#pragma once

#include <algorithm>

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

/// row i −= factor · row j, for every column of the group (one step of
/// substitution; the same multiply-add as the remainder's scalar one).
template <class T>
inline void subtractMultiple(T* target, T factor, const T* source) {
  for (Index g = 0; g < groupColumns; ++g) target[g] -= factor * source[g];
}

/// Overwrites `columns` columns of `x` (rows [0, size), leading dimension
/// `xStride`) with L⁻¹x, for L the unit lower triangle of the size×size
/// column-major block at `l` (leading dimension `lStride`; the diagonal and
/// what is above it are not read).
///
/// - Precondition: size ≤ maximumRows.
/// - Complexity: size²/2 multiply-adds per column.
template <class T>
void solveUnitLower(const T* l, Index lStride, Index size, T* x, Index xStride, Index columns) {
  Index c = 0;
  Group<T> group;
  for (; c + groupColumns <= columns; c += groupColumns) {
    T* const block = x + c * xStride;
    load(block, xStride, size, group);
    for (Index j = 0; j < size; ++j) {
      const T* const known = group.rows[j];
      for (Index i = j + 1; i < size; ++i) subtractMultiple(group.rows[i], l[i + j * lStride], known);
    }
    store(group, size, block, xStride);
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
/// NaN, as division does.
///
/// - Precondition: size ≤ maximumRows.
/// - Complexity: size²/2 multiply-adds and size divisions per column.
template <class T>
void solveUpper(const T* u, Index uStride, Index size, T* x, Index xStride, Index columns) {
  Index c = 0;
  Group<T> group;
  for (; c + groupColumns <= columns; c += groupColumns) {
    T* const block = x + c * xStride;
    load(block, xStride, size, group);
    for (Index j = size - 1; j >= 0; --j) {
      const T diagonal = u[j + j * uStride];
      for (Index g = 0; g < groupColumns; ++g) group.rows[j][g] /= diagonal;
      const T* const known = group.rows[j];
      for (Index i = 0; i < j; ++i) subtractMultiple(group.rows[i], u[i + j * uStride], known);
    }
    store(group, size, block, xStride);
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
