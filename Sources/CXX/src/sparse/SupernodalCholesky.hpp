// Supernodal Cholesky A = L Lᵀ of a symmetric positive definite matrix that
// is already permuted (the caller orders it; see SparseCholesky.cpp), after
// Ng & Peyton, "Block sparse Cholesky algorithms on advanced uniprocessor
// computers" (1993), and Davis, "Direct Methods for Sparse Linear Systems"
// (2006), ch. 4:
//
// - symbolic: the elimination tree (Liu's algorithm with path compression),
//   column counts and row structures by row-subtree traversals, and the
//   fundamental supernodes (consecutive columns whose structures nest);
// - numeric, right-looking by supernode: each supernode's dense panel (its
//   rows × its columns, column-major) is factored by a blocked panel
//   Cholesky whose updates are products on the core's packed kernel, then
//   its Schur complement L21 L21ᵀ (lower half, by column blocks) is
//   subtracted from its ancestors' panels through relative row indices;
// - solves: forward and backward substitution by supernode.
//
// No Eigen here; the dense products go through core::multiply.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "CoreStatus.h"
#include "MatrixCore.h"

namespace core::sparse {
namespace {

/// C (m×n, column-major, ldc) -= A (m×k, column-major, lda) · B (n×k,
/// column-major, ldb)ᵀ. Large products go through the packed kernel.
template <class T>
void subtractProductNT(Index m, Index n, Index k, const T* a, Index lda, const T* b, Index ldb, T* c, Index ldc,
                       std::vector<T>& scratch) {
  if (m <= 0 || n <= 0 || k <= 0) return;
  if (m * n * k < 32 * 32 * 32) {
    for (Index j = 0; j < n; ++j) {
      T* cj = c + j * ldc;
      for (Index p = 0; p < k; ++p) {
        const T bjp = b[j + p * ldb];
        if (bjp == T(0)) continue;
        const T* ap = a + p * lda;
        for (Index i = 0; i < m; ++i) cj[i] -= ap[i] * bjp;
      }
    }
    return;
  }
  // Row-major: X (n×k) = B, Y (k×m) = Aᵀ; X·Y = (A Bᵀ)ᵀ, which is C's
  // column-major layout.
  scratch.resize(static_cast<std::size_t>(n * k + k * m + n * m));
  T* x = scratch.data();
  T* y = x + n * k;
  T* product = y + k * m;
  for (Index p = 0; p < k; ++p) {
    const T* bp = b + p * ldb;
    for (Index j = 0; j < n; ++j) x[j * k + p] = bp[j];
    std::copy(a + p * lda, a + p * lda + m, y + p * m);
  }
  multiply(x, y, product, n, k, m);
  for (Index j = 0; j < n; ++j) {
    T* cj = c + j * ldc;
    const T* pj = product + j * m;
    for (Index i = 0; i < m; ++i) cj[i] -= pj[i];
  }
}

template <class T>
class SupernodalCholesky {
 public:
  /// Factors the n×n matrix whose lower triangle is given row by row
  /// (`rowStarts`, `columns` with j <= i, `values`); false when it is not
  /// positive definite.
  bool factor(Index n, const std::vector<Index>& rowStarts, const std::vector<std::int32_t>& columns,
              const std::vector<T>& values) {
    n_ = n;
    symbolic(rowStarts, columns);
    return numeric(rowStarts, columns, values);
  }

  /// Solves L Lᵀ x = b in place.
  void solve(T* x) const {
    const Index supernodes = static_cast<Index>(first_.size()) - 1;
    for (Index s = 0; s < supernodes; ++s) {
      const Index f = first_[s], k = first_[s + 1] - f, rows = rowCount(s);
      const T* panel = panels_.data() + panelStart_[s];
      const std::int32_t* r = rows_.data() + rowStart_[s];
      for (Index j = 0; j < k; ++j) {
        const T* column = panel + j * rows;
        const T value = x[f + j] / column[j];
        x[f + j] = value;
        for (Index i = j + 1; i < rows; ++i) x[r[i]] -= column[i] * value;
      }
    }
    for (Index s = supernodes - 1; s >= 0; --s) {
      const Index f = first_[s], k = first_[s + 1] - f, rows = rowCount(s);
      const T* panel = panels_.data() + panelStart_[s];
      const std::int32_t* r = rows_.data() + rowStart_[s];
      for (Index j = k - 1; j >= 0; --j) {
        const T* column = panel + j * rows;
        T sum = x[f + j];
        for (Index i = j + 1; i < rows; ++i) sum -= column[i] * x[r[i]];
        x[f + j] = sum / column[j];
      }
    }
  }

  /// Stored entries of L's panels (the dense diagonal blocks' upper parts included).
  Index storedCount() const { return static_cast<Index>(panels_.size()); }

 private:
  Index n_ = 0;
  std::vector<Index> first_;         ///< supernode s holds columns [first_[s], first_[s+1])
  std::vector<std::int32_t> super_;  ///< the supernode of each column
  std::vector<Index> rowStart_;      ///< rows_ of s: [rowStart_[s], rowStart_[s+1])
  std::vector<std::int32_t> rows_;   ///< each supernode's row structure, ascending, its own columns first
  std::vector<Index> panelStart_;    ///< each supernode's column-major panel in panels_
  std::vector<T> panels_;

  Index rowCount(Index s) const { return rowStart_[s + 1] - rowStart_[s]; }

  void symbolic(const std::vector<Index>& rowStarts, const std::vector<std::int32_t>& columns) {
    const Index n = n_;
    std::vector<Index> parent(static_cast<std::size_t>(n), -1), ancestor(static_cast<std::size_t>(n), -1);
    for (Index i = 0; i < n; ++i) {
      for (Index e = rowStarts[i]; e < rowStarts[i + 1]; ++e) {
        Index j = columns[e];
        while (j != -1 && j < i) {
          const Index next = ancestor[j];
          ancestor[j] = i;
          if (next == -1) parent[j] = i;
          j = next;
        }
      }
    }
    // Column counts by row subtrees: row i of L is the union of the tree
    // paths from each j < i of row i of A up to i.
    std::vector<Index> count(static_cast<std::size_t>(n), 1), mark(static_cast<std::size_t>(n), -1);
    forEachEntryOfL(rowStarts, columns, parent, mark, [&](Index, Index k) { ++count[k]; });
    // Fundamental supernodes.
    first_.assign(1, 0);
    super_.assign(static_cast<std::size_t>(n), 0);
    for (Index j = 1; j < n; ++j) {
      const bool joins = parent[j - 1] == j && count[j - 1] == count[j] + 1 && j - first_.back() < 4096;
      if (!joins) first_.push_back(j);
      super_[j] = static_cast<std::int32_t>(first_.size() - 1);
    }
    first_.push_back(n);
    const Index supernodes = static_cast<Index>(first_.size()) - 1;
    if (n == 0) first_.assign(1, 0);
    rowStart_.assign(static_cast<std::size_t>(std::max<Index>(supernodes, 0)) + 1, 0);
    panelStart_.assign(rowStart_.size(), 0);
    for (Index s = 0; s < supernodes; ++s) {
      const Index rows = count[first_[s]];
      rowStart_[s + 1] = rowStart_[s] + rows;
      panelStart_[s + 1] = panelStart_[s] + rows * (first_[s + 1] - first_[s]);
    }
    rows_.assign(static_cast<std::size_t>(rowStart_.back()), 0);
    std::vector<Index> filled(static_cast<std::size_t>(std::max<Index>(supernodes, 0)), 0);
    for (Index s = 0; s < supernodes; ++s) {
      rows_[rowStart_[s]] = static_cast<std::int32_t>(first_[s]);
      filled[s] = 1;
    }
    std::fill(mark.begin(), mark.end(), -1);
    forEachEntryOfL(rowStarts, columns, parent, mark, [&](Index i, Index k) {
      const Index s = super_[k];
      if (first_[s] == k) rows_[rowStart_[s] + filled[s]++] = static_cast<std::int32_t>(i);
    });
  }

  /// Calls visit(i, k) for every entry L(i, k), i > k, row by row.
  template <class Visit>
  void forEachEntryOfL(const std::vector<Index>& rowStarts, const std::vector<std::int32_t>& columns,
                       const std::vector<Index>& parent, std::vector<Index>& mark, Visit visit) const {
    for (Index i = 0; i < n_; ++i) {
      mark[i] = i;
      for (Index e = rowStarts[i]; e < rowStarts[i + 1]; ++e) {
        for (Index k = columns[e]; k != -1 && mark[k] != i; k = parent[k]) {
          visit(i, k);
          mark[k] = i;
        }
      }
    }
  }

  bool numeric(const std::vector<Index>& rowStarts, const std::vector<std::int32_t>& columns,
               const std::vector<T>& values) {
    const Index supernodes = static_cast<Index>(first_.size()) - 1;
    panels_.assign(static_cast<std::size_t>(panelStart_.back()), T(0));
    // Scatter A's lower triangle: entry (i, j) lands in j's supernode, at
    // i's position in its row structure.
    for (Index i = 0; i < n_; ++i) {
      for (Index e = rowStarts[i]; e < rowStarts[i + 1]; ++e) {
        const Index j = columns[e];
        const Index s = super_[j];
        const std::int32_t* r = rows_.data() + rowStart_[s];
        const Index position = std::lower_bound(r, r + rowCount(s), static_cast<std::int32_t>(i)) - r;
        panels_[panelStart_[s] + (j - first_[s]) * rowCount(s) + position] += values[e];
      }
    }
    std::vector<T> update, scratch;
    std::vector<Index> relative;
    for (Index s = 0; s < supernodes; ++s) {
      const Index k = first_[s + 1] - first_[s], rows = rowCount(s), m = rows - k;
      T* panel = panels_.data() + panelStart_[s];
      if (!factorPanel(panel, rows, k, scratch)) return false;
      if (m == 0) continue;
      // U = L21 L21ᵀ, lower half, by column blocks.
      update.assign(static_cast<std::size_t>(m * m), T(0));
      const T* l21 = panel + k;
      constexpr Index block = 256;
      for (Index c = 0; c < m; c += block) {
        const Index width = std::min(block, m - c);
        // U[c:, c:c+width] -= -(L21[c:] L21[c:c+width]ᵀ): subtract, then negate when scattering.
        subtractProductNT(m - c, width, k, l21 + c, rows, l21 + c, rows, update.data() + c * m + c, m, scratch);
      }
      // Scatter −U into the ancestors (U holds −L21 L21ᵀ).
      const std::int32_t* below = rows_.data() + rowStart_[s] + k;
      for (Index c = 0; c < m;) {
        const Index t = super_[below[c]];
        const Index tFirst = first_[t], tEnd = first_[t + 1], tRows = rowCount(t);
        const std::int32_t* tRowList = rows_.data() + rowStart_[t];
        // Positions of below[c..m) in t's rows (a suffix-closed subset).
        relative.resize(static_cast<std::size_t>(m - c));
        for (Index i = c, p = 0; i < m; ++i) {
          while (tRowList[p] != below[i]) ++p;
          relative[i - c] = p;
        }
        T* tPanel = panels_.data() + panelStart_[t];
        const Index groupStart = c;
        for (; c < m && below[c] < tEnd; ++c) {
          T* target = tPanel + (below[c] - tFirst) * tRows;
          const T* source = update.data() + c * m;
          for (Index i = c; i < m; ++i) target[relative[i - groupStart]] += source[i];
        }
      }
    }
    return true;
  }

  /// Cholesky of a column-major panel (rows × k, leading dimension rows):
  /// the k×k top becomes L11, the rest L21 = A21 L11⁻ᵀ; by blocks of 64
  /// columns whose trailing updates are products.
  static bool factorPanel(T* panel, Index rows, Index k, std::vector<T>& scratch) {
    constexpr Index block = 64;
    for (Index b = 0; b < k; b += block) {
      const Index width = std::min(block, k - b);
      // Unblocked left-looking within the block.
      for (Index j = b; j < b + width; ++j) {
        T* column = panel + j * rows;
        for (Index p = b; p < j; ++p) {
          const T* previous = panel + p * rows;
          const T factor = previous[j];
          if (factor == T(0)) continue;
          for (Index i = j; i < rows; ++i) column[i] -= previous[i] * factor;
        }
        const T pivot = column[j];
        if (!(pivot > T(0)) || !std::isfinite(pivot)) return false;
        const T root = std::sqrt(pivot);
        column[j] = root;
        const T inverse = T(1) / root;
        for (Index i = j + 1; i < rows; ++i) column[i] *= inverse;
      }
      // Trailing columns of the panel: A[j:, next] -= L[j:, block] L[next, block]ᵀ.
      const Index next = b + width;
      if (next < k) {
        subtractProductNT(rows - next, k - next, width, panel + b * rows + next, rows, panel + b * rows + next, rows,
                          panel + next * rows + next, rows, scratch);
      }
    }
    return true;
  }
};

}  // namespace
}  // namespace core::sparse
