// Conversions between the Swift side's row-major storage and the
// column-major working copies of the factorizations, in cache-sized tiles.
// Internal linkage: each kernel variant gets its own copy.
#pragma once

#include <algorithm>

#include "CoreStatus.h"

namespace core {
namespace {

/// Writes `scale` times the transpose of the row-major rows×columns `source`
/// into `destination` (row-major columns×rows), in 32×32 tiles so that both
/// sides stay in cache. Converting between the Swift side's row-major
/// storage and a column-major working copy is exactly this.
template <class T>
void copyTransposed(const T* source, Index rows, Index columns, T scale, T* destination) {
  constexpr Index tile = 32;
  for (Index i0 = 0; i0 < rows; i0 += tile) {
    const Index i1 = std::min(rows, i0 + tile);
    for (Index j0 = 0; j0 < columns; j0 += tile) {
      const Index j1 = std::min(columns, j0 + tile);
      for (Index i = i0; i < i1; ++i) {
        for (Index j = j0; j < j1; ++j) destination[j * rows + i] = source[i * columns + j] * scale;
      }
    }
  }
}

/// Writes the lower triangle of the column-major n×n `source`, times
/// `scale`, into the row-major `destination`, with zeros above the diagonal.
template <class T>
void copyLowerToRowMajor(const T* source, Index n, T scale, T* destination) {
  copyTransposed(source, n, n, scale, destination);
  for (Index i = 0; i < n; ++i) std::fill(destination + i * n + i + 1, destination + (i + 1) * n, T(0));
}

}  // namespace
}  // namespace core
