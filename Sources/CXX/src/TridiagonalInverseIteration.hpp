// Eigenvectors of a symmetric tridiagonal matrix by inverse iteration, as
// LAPACK's xSTEIN does it: for each eigenvalue λ (computed beforehand), a few
// solves with T − λI, factored by Gaussian elimination with partial
// pivoting, starting from a fixed pseudo-random vector; vectors whose
// eigenvalues lie within ‖T‖/(8n) of each other (a cluster) are
// reorthogonalized against each other after every solve, and coincident
// eigenvalues are nudged apart by a few ulps so that the solves differ.
// Three solves per vector, from a fixed pseudo-random start. Ranges of
// eigenvalues that start at a cluster go to different threads.
//
// O(n) per solve, O(n²) for all vectors outside clusters: the cubic part of
// a symmetric eigendecomposition is then only the reduction to tridiagonal
// form and the back-transformation, both level-3. Internal linkage, one
// copy per kernel variant.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "CoreStatus.h"
#include "ThreadPool.hpp"

namespace core {
namespace {
namespace tridiagonal {

/// From this block size up, the eigenvectors are computed in ranges across
/// the pool's threads (each range a few hundred O(n) solves).
constexpr Index inverseIterationParallelSize = 256;

/// T − λI for an unreduced tridiagonal block (diagonal d, off-diagonal e),
/// factored as P (T − λI) = L U with U upper triangular with two
/// superdiagonals. Pivots smaller than `tiny` become ±tiny: the solve is
/// meant to be nearly singular. The storage is kept between factorizations
/// (one per eigenvalue) of the same size.
template <class T>
class ShiftedFactorization {
 public:
  explicit ShiftedFactorization(Index m)
      : m_(m), inverseDiagonal_(m), first_(m), second_(m), multiplier_(m), swapped_(m) {}

  void factor(const T* d, const T* e, T lambda, T tiny) {
    const Index m = m_;
    T pivot = d[0] - lambda, right = m > 1 ? e[0] : T(0);
    for (Index i = 0; i + 1 < m; ++i) {
      const T below = e[i], nextDiagonal = d[i + 1] - lambda, nextRight = i + 2 < m ? e[i + 1] : T(0);
      if (std::abs(pivot) >= std::abs(below)) {
        swapped_[i] = 0;
        multiplier_[i] = pivot == T(0) ? T(0) : below / pivot;
        inverseDiagonal_[i] = pivot;
        first_[i] = right;
        second_[i] = 0;
        pivot = nextDiagonal - multiplier_[i] * right;
        right = nextRight;
      } else {
        swapped_[i] = 1;
        multiplier_[i] = pivot / below;
        inverseDiagonal_[i] = below;
        first_[i] = nextDiagonal;
        second_[i] = nextRight;
        pivot = right - multiplier_[i] * nextDiagonal;
        right = -multiplier_[i] * nextRight;
      }
    }
    inverseDiagonal_[m - 1] = pivot;
    // The back substitution multiplies by reciprocals: a division on its
    // dependency chain cost several times the rest of the step.
    for (auto& value : inverseDiagonal_) {
      if (std::abs(value) < tiny) value = value < T(0) ? -tiny : tiny;
      value = T(1) / value;
    }
  }

  /// Overwrites x with (T − λI)⁻¹ x.
  void solve(T* x) const {
    const Index m = m_;
    // The row interchanges are data-dependent; selects instead of branches
    // keep them from being mispredicted.
    T carried = x[0];
    for (Index i = 0; i + 1 < m; ++i) {
      const T next = x[i + 1];
      const bool swap = swapped_[i] != 0;
      const T pivotRow = swap ? next : carried, otherRow = swap ? carried : next;
      x[i] = pivotRow;
      carried = otherRow - multiplier_[i] * pivotRow;
    }
    x[m - 1] = carried;
    T after = 0, afterNext = 0;  // x[i + 1], x[i + 2]
    for (Index i = m - 1; i >= 0; --i) {
      const T value = (x[i] - first_[i] * after - second_[i] * afterNext) * inverseDiagonal_[i];
      x[i] = value;
      afterNext = after;
      after = value;
    }
  }

 private:
  Index m_;
  std::vector<T> inverseDiagonal_, first_, second_, multiplier_;
  std::vector<unsigned char> swapped_;
};

/// Scales x to unit 2-norm, its largest component positive (LAPACK's sign
/// convention), without overflow in the norm.
template <class T>
void normalize(T* x, Index m) {
  T largest = 0;
  Index at = 0;
  for (Index i = 0; i < m; ++i) {
    if (std::abs(x[i]) > largest) {
      largest = std::abs(x[i]);
      at = i;
    }
  }
  if (!(largest > T(0))) return;
  T sum = 0;
  for (Index i = 0; i < m; ++i) sum += (x[i] / largest) * (x[i] / largest);
  const T scale = (x[at] < T(0) ? T(-1) : T(1)) / (largest * std::sqrt(sum));
  for (Index i = 0; i < m; ++i) x[i] *= scale;
}

/// The eigenvectors for eigenvalues [first, last) of the unreduced block
/// (d, e) of size m into the columns of `vectors`; `first` starts a
/// cluster. Each vector's start and the shift nudges depend only on its
/// index and its cluster, so any split at cluster starts gives the same
/// vectors.
template <class T>
void eigenvectorsInRange(const T* d, const T* e, Index m, const T* lambda, T* vectors, Index stride, Index first,
                         Index last, T clusterGap, T normOne) {
  constexpr T eps = std::numeric_limits<T>::epsilon();
  const T tiny = std::max(eps * normOne, std::numeric_limits<T>::min());
  constexpr std::uint64_t golden = 0x9E3779B97F4A7C15ull;
  // SplitMix64 from the same seed every time, advanced m steps per vector.
  std::uint64_t state = golden + static_cast<std::uint64_t>(first) * static_cast<std::uint64_t>(m) * golden;
  Index clusterStart = first;
  T previousShift = 0;
  std::vector<T> x(static_cast<std::size_t>(m));
  ShiftedFactorization<T> factorization(m);
  for (Index j = first; j < last; ++j) {
    T shift = lambda[j];
    if (j > first && lambda[j] - lambda[j - 1] > clusterGap) clusterStart = j;
    if (j > clusterStart) {
      const T separation = T(10) * eps * std::max(std::abs(shift), normOne * eps);
      if (shift - previousShift < separation) shift = previousShift + separation;
    }
    previousShift = shift;
    factorization.factor(d, e, shift, tiny);
    for (Index i = 0; i < m; ++i) {
      state += golden;
      std::uint64_t z = state;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      z ^= z >> 31;
      x[i] = static_cast<T>(static_cast<double>(z >> 11) * 0x1.0p-53 * 2.0 - 1.0);
    }
    // Three solves: with λ accurate to eps‖T‖ each one multiplies the
    // wanted component by about 1/eps relative to the others.
    for (int iteration = 0; iteration < 3; ++iteration) {
      // Start each solve from ‖x‖∞ = 1: a tiny pivot then grows it by at
      // most about 1/tiny, far from overflow.
      T largest = 0;
      for (Index i = 0; i < m; ++i) largest = std::max(largest, std::abs(x[i]));
      if (!(largest > T(0)) || !(largest <= std::numeric_limits<T>::max())) break;
      const T scale = T(1) / largest;
      for (Index i = 0; i < m; ++i) x[i] *= scale;
      factorization.solve(x.data());
      for (Index k = clusterStart; k < j; ++k) {
        const T* previous = vectors + k * stride;
        T dot = 0;
        for (Index i = 0; i < m; ++i) dot += previous[i] * x[i];
        for (Index i = 0; i < m; ++i) x[i] -= dot * previous[i];
      }
    }
    normalize(x.data(), m);
    std::copy(x.begin(), x.end(), vectors + j * stride);
  }
}

/// Writes the eigenvectors of the unreduced block (d, e) of size m, for its
/// ascending eigenvalues `lambda`, into the columns of `vectors` (m rows
/// each, column stride `stride`). Large blocks are split at cluster starts
/// into one range per thread.
template <class T>
void eigenvectorsOfBlock(const T* d, const T* e, Index m, const T* lambda, T* vectors, Index stride) {
  if (m == 1) {
    vectors[0] = T(1);
    return;
  }
  T normOne = 0;
  for (Index i = 0; i < m; ++i) {
    normOne = std::max(normOne, std::abs(d[i]) + (i > 0 ? std::abs(e[i - 1]) : T(0)) +
                                    (i + 1 < m ? std::abs(e[i]) : T(0)));
  }
  // Inverse iteration leaves a vector off by about eps‖T‖/gap in angle:
  // below this gap to its neighbour, that could exceed the n·eps that the
  // residual checks allow, so such vectors are orthogonalized explicitly.
  // (LAPACK's 10⁻³‖T‖ would make most of a dense spectrum one cluster, and
  // the reorthogonalization cubic.)
  const T clusterGap = normOne / (T(8) * static_cast<T>(m));
  const Index parts = m < inverseIterationParallelSize ? 1 : parallel::partsFor(m, inverseIterationParallelSize / 2);
  std::vector<Index> starts(static_cast<std::size_t>(parts + 1), m);
  starts[0] = 0;
  for (Index part = 1; part < parts; ++part) {
    Index j = std::min(m, std::max(starts[part - 1] + 1, m * part / parts));
    while (j < m && !(lambda[j] - lambda[j - 1] > clusterGap)) ++j;
    starts[part] = j;
  }
  parallel::forRange(parts, parts, 1, [&](Index begin, Index end) {
    for (Index part = begin; part < end; ++part) {
      const Index first = starts[part], last = starts[part + 1];
      if (first < last) eigenvectorsInRange(d, e, m, lambda, vectors, stride, first, last, clusterGap, normOne);
    }
  });
}

}  // namespace tridiagonal
}  // namespace
}  // namespace core
