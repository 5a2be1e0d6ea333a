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

  Index size() const { return m_; }

  /// The running state of a factorization, so that two independent ones
  /// can advance in the same loop (see factorBoth).
  struct FactorState {
    T pivot, right;
  };

  FactorState beginFactor(const T* d, const T* e, T lambda) const {
    return {d[0] - lambda, m_ > 1 ? e[0] : T(0)};
  }

  /// Eliminates below pivot i (i + 1 < m).
  void factorStep(Index i, const T* d, const T* e, T lambda, FactorState& state) {
    const T below = e[i], nextDiagonal = d[i + 1] - lambda, nextRight = i + 2 < m_ ? e[i + 1] : T(0);
    if (std::abs(state.pivot) >= std::abs(below)) {
      swapped_[i] = 0;
      multiplier_[i] = state.pivot == T(0) ? T(0) : below / state.pivot;
      inverseDiagonal_[i] = state.pivot;
      first_[i] = state.right;
      second_[i] = 0;
      state.pivot = nextDiagonal - multiplier_[i] * state.right;
      state.right = nextRight;
    } else {
      swapped_[i] = 1;
      multiplier_[i] = state.pivot / below;
      inverseDiagonal_[i] = below;
      first_[i] = nextDiagonal;
      second_[i] = nextRight;
      state.pivot = state.right - multiplier_[i] * nextDiagonal;
      state.right = -multiplier_[i] * nextRight;
    }
  }

  void endFactor(FactorState state, T tiny) {
    inverseDiagonal_[m_ - 1] = state.pivot;
    // The back substitution multiplies by reciprocals: a division on its
    // dependency chain cost several times the rest of the step.
    for (auto& value : inverseDiagonal_) {
      if (std::abs(value) < tiny) value = value < T(0) ? -tiny : tiny;
      value = T(1) / value;
    }
  }

  void factor(const T* d, const T* e, T lambda, T tiny) {
    FactorState state = beginFactor(d, e, lambda);
    for (Index i = 0; i + 1 < m_; ++i) factorStep(i, d, e, lambda, state);
    endFactor(state, tiny);
  }

  /// Step i (i + 1 < m) of the forward elimination; `carried` is x[i] as
  /// updated so far. The row interchanges are data-dependent: selects
  /// instead of branches keep them from being mispredicted.
  void forwardStep(Index i, T* x, T& carried) const {
    const T next = x[i + 1];
    const bool swap = swapped_[i] != 0;
    const T pivotRow = swap ? next : carried, otherRow = swap ? carried : next;
    x[i] = pivotRow;
    carried = otherRow - multiplier_[i] * pivotRow;
  }

  /// Step i of the back substitution; `after` and `afterNext` are x[i + 1]
  /// and x[i + 2] (zero past the end).
  void backwardStep(Index i, T* x, T& after, T& afterNext) const {
    const T value = (x[i] - first_[i] * after - second_[i] * afterNext) * inverseDiagonal_[i];
    x[i] = value;
    afterNext = after;
    after = value;
  }

  /// Overwrites x with (T − λI)⁻¹ x.
  void solve(T* x) const {
    T carried = x[0];
    for (Index i = 0; i + 1 < m_; ++i) forwardStep(i, x, carried);
    x[m_ - 1] = carried;
    T after = 0, afterNext = 0;
    for (Index i = m_ - 1; i >= 0; --i) backwardStep(i, x, after, afterNext);
  }

 private:
  Index m_;
  std::vector<T> inverseDiagonal_, first_, second_, multiplier_;
  std::vector<unsigned char> swapped_;
};

/// a.factor(d, e, lambdaA, tiny) and b.factor(d, e, lambdaB, tiny) in one
/// loop: each step waits on the previous one (a division), so two
/// independent chains side by side take about the time of one.
template <class T>
void factorBoth(ShiftedFactorization<T>& a, T lambdaA, ShiftedFactorization<T>& b, T lambdaB, const T* d, const T* e,
                T tiny) {
  auto stateA = a.beginFactor(d, e, lambdaA);
  auto stateB = b.beginFactor(d, e, lambdaB);
  for (Index i = 0; i + 1 < a.size(); ++i) {
    a.factorStep(i, d, e, lambdaA, stateA);
    b.factorStep(i, d, e, lambdaB, stateB);
  }
  a.endFactor(stateA, tiny);
  b.endFactor(stateB, tiny);
}

/// a.solve(x) and b.solve(y) in one loop each way (see factorBoth).
template <class T>
void solveBoth(const ShiftedFactorization<T>& a, T* x, const ShiftedFactorization<T>& b, T* y) {
  const Index m = a.size();
  T carriedX = x[0], carriedY = y[0];
  for (Index i = 0; i + 1 < m; ++i) {
    a.forwardStep(i, x, carriedX);
    b.forwardStep(i, y, carriedY);
  }
  x[m - 1] = carriedX;
  y[m - 1] = carriedY;
  T afterX = 0, afterNextX = 0, afterY = 0, afterNextY = 0;
  for (Index i = m - 1; i >= 0; --i) {
    a.backwardStep(i, x, afterX, afterNextX);
    b.backwardStep(i, y, afterY, afterNextY);
  }
}

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
  const auto startVector = [&](T* x) {
    for (Index i = 0; i < m; ++i) {
      state += golden;
      std::uint64_t z = state;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      z ^= z >> 31;
      x[i] = static_cast<T>(static_cast<double>(z >> 11) * 0x1.0p-53 * 2.0 - 1.0);
    }
  };
  // Each solve starts from ‖x‖∞ = 1: a tiny pivot then grows it by at most
  // about 1/tiny, far from overflow. False when x is zero or not finite
  // (its iteration stops there).
  const auto rescale = [&](T* x) {
    T largest = 0;
    for (Index i = 0; i < m; ++i) largest = std::max(largest, std::abs(x[i]));
    if (!(largest > T(0)) || !(largest <= std::numeric_limits<T>::max())) return false;
    const T scale = T(1) / largest;
    for (Index i = 0; i < m; ++i) x[i] *= scale;
    return true;
  };
  const auto reorthogonalize = [&](T* x, Index clusterStart, Index j) {
    for (Index k = clusterStart; k < j; ++k) {
      const T* previous = vectors + k * stride;
      T dot = 0;
      for (Index i = 0; i < m; ++i) dot += previous[i] * x[i];
      for (Index i = 0; i < m; ++i) x[i] -= dot * previous[i];
    }
  };
  const auto finish = [&](T* x, Index j) {
    normalize(x, m);
    std::copy(x, x + m, vectors + j * stride);
  };
  Index clusterStart = first;
  T previousShift = 0;
  std::vector<T> x(static_cast<std::size_t>(m)), y(static_cast<std::size_t>(m));
  ShiftedFactorization<T> factorization(m), partner(m);
  for (Index j = first; j < last;) {
    T shift = lambda[j];
    if (j > first && lambda[j] - lambda[j - 1] > clusterGap) clusterStart = j;
    if (j > clusterStart) {
      const T separation = T(10) * eps * std::max(std::abs(shift), normOne * eps);
      if (shift - previousShift < separation) shift = previousShift + separation;
    }
    // Three solves per vector: with λ accurate to eps‖T‖ each one
    // multiplies the wanted component by about 1/eps relative to the
    // others. When the next eigenvalue starts a cluster it needs nothing
    // from this vector, so the two are computed side by side (the same
    // arithmetic for each as alone).
    if (j + 1 < last && lambda[j + 1] - lambda[j] > clusterGap) {
      const T nextShift = lambda[j + 1];
      factorBoth(factorization, shift, partner, nextShift, d, e, tiny);
      startVector(x.data());
      startVector(y.data());
      bool activeX = true, activeY = true;
      for (int iteration = 0; iteration < 3; ++iteration) {
        activeX = activeX && rescale(x.data());
        activeY = activeY && rescale(y.data());
        if (activeX && activeY) {
          solveBoth(factorization, x.data(), partner, y.data());
        } else if (activeX) {
          factorization.solve(x.data());
        } else if (activeY) {
          partner.solve(y.data());
        }
        if (activeX) reorthogonalize(x.data(), clusterStart, j);
      }
      finish(x.data(), j);
      finish(y.data(), j + 1);
      clusterStart = j + 1;
      previousShift = nextShift;
      j += 2;
      continue;
    }
    previousShift = shift;
    factorization.factor(d, e, shift, tiny);
    startVector(x.data());
    for (int iteration = 0; iteration < 3; ++iteration) {
      if (!rescale(x.data())) break;
      factorization.solve(x.data());
      reorthogonalize(x.data(), clusterStart, j);
    }
    finish(x.data(), j);
    ++j;
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
