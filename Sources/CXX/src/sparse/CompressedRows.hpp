// The core's view of a Swift-owned CSR matrix (see SparseCore.h), and the
// threaded row loops of its products. No Eigen here. Everything is in an
// anonymous namespace: a translation unit compiled for AVX2 (see
// SparseLUAVX2.cpp) gets its own copies, so the linker never mixes variants.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "CoreStatus.h"
#include "ThreadPool.hpp"

namespace core::sparse {
namespace {

/// A CSR matrix read in place.
template <class T>
struct CompressedRows {
  Index rows;
  Index columns;
  const Index* rowStarts;
  const std::int32_t* columnIndices;
  const T* values;

  Index nonzeroCount() const { return rowStarts[rows]; }

  /// y[i] = row i · x for the rows [begin, end).
  void multiplyRows(const T* x, T* y, Index begin, Index end) const {
    for (Index i = begin; i < end; ++i) {
      T sum = 0;
      const Index stop = rowStarts[i + 1];
      for (Index k = rowStarts[i]; k < stop; ++k) sum += values[k] * x[columnIndices[k]];
      y[i] = sum;
    }
  }

  /// Whether every value is finite.
  bool allFinite() const {
    const Index count = nonzeroCount();
    for (Index k = 0; k < count; ++k) {
      if (!std::isfinite(values[k])) return false;
    }
    return true;
  }
};

/// Runs `body(firstRow, endRow)` over the rows of `a` in parts of about
/// equal entry counts, on the matrix threads when the matrix is large.
template <class T, class Body>
void forRowsBalanced(const CompressedRows<T>& a, Index extraWorkPerEntry, Body&& body) {
  const Index work = a.nonzeroCount() * std::max<Index>(1, extraWorkPerEntry) + a.rows;
  const Index parts = parallel::partsFor(work, 200'000);
  if (parts <= 1) {
    body(Index(0), a.rows);
    return;
  }
  const Index total = a.nonzeroCount();
  auto rowAt = [&](Index part) -> Index {
    if (part >= parts) return a.rows;
    const Index target = total / parts * part;
    return static_cast<Index>(std::lower_bound(a.rowStarts, a.rowStarts + a.rows + 1, target) - a.rowStarts);
  };
  parallel::forRange(parts, parts, 1, [&](Index begin, Index end) {
    for (Index part = begin; part < end; ++part) {
      const Index first = std::min(rowAt(part), a.rows);
      const Index last = std::min(rowAt(part + 1), a.rows);
      if (first < last) body(first, last);
    }
  });
}

/// y = A x on the matrix threads.
template <class T>
void multiplyVector(const CompressedRows<T>& a, const T* x, T* y) {
  forRowsBalanced(a, 1, [&](Index begin, Index end) { a.multiplyRows(x, y, begin, end); });
}

}  // namespace
}  // namespace core::sparse
