// Eigenvectors of a symmetric tridiagonal matrix by inverse iteration, as
// LAPACK's xSTEIN does it: for each eigenvalue λ (computed beforehand), a few
// solves with T − λI, factored by Gaussian elimination with partial
// pivoting, starting from a fixed pseudo-random vector; vectors whose
// eigenvalues lie within ‖T‖/(8n) of each other (a cluster) are
// reorthogonalized against each other after every solve, and coincident
// eigenvalues are nudged apart by a few ulps so that the solves differ.
// Three solves per vector, from a fixed pseudo-random start.
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

namespace core {
namespace {
namespace tridiagonal {

/// T − λI for an unreduced tridiagonal block (diagonal d, off-diagonal e),
/// factored as P (T − λI) = L U with U upper triangular with two
/// superdiagonals. Pivots smaller than `tiny` become ±tiny: the solve is
/// meant to be nearly singular.
template <class T>
class ShiftedFactorization {
 public:
  ShiftedFactorization(const T* d, const T* e, Index m, T lambda, T tiny)
      : m_(m), diagonal_(m), first_(m), second_(m), multiplier_(m), swapped_(m) {
    T pivot = d[0] - lambda, right = m > 1 ? e[0] : T(0);
    for (Index i = 0; i + 1 < m; ++i) {
      const T below = e[i], nextDiagonal = d[i + 1] - lambda, nextRight = i + 2 < m ? e[i + 1] : T(0);
      if (std::abs(pivot) >= std::abs(below)) {
        swapped_[i] = false;
        multiplier_[i] = pivot == T(0) ? T(0) : below / pivot;
        diagonal_[i] = pivot;
        first_[i] = right;
        second_[i] = 0;
        pivot = nextDiagonal - multiplier_[i] * right;
        right = nextRight;
      } else {
        swapped_[i] = true;
        multiplier_[i] = pivot / below;
        diagonal_[i] = below;
        first_[i] = nextDiagonal;
        second_[i] = nextRight;
        pivot = right - multiplier_[i] * nextDiagonal;
        right = -multiplier_[i] * nextRight;
      }
    }
    diagonal_[m - 1] = pivot;
    for (auto& value : diagonal_) {
      if (std::abs(value) < tiny) value = value < T(0) ? -tiny : tiny;
    }
  }

  /// Overwrites x with (T − λI)⁻¹ x.
  void solve(T* x) const {
    for (Index i = 0; i + 1 < m_; ++i) {
      if (swapped_[i]) std::swap(x[i], x[i + 1]);
      x[i + 1] -= multiplier_[i] * x[i];
    }
    for (Index i = m_ - 1; i >= 0; --i) {
      T sum = x[i];
      if (i + 1 < m_) sum -= first_[i] * x[i + 1];
      if (i + 2 < m_) sum -= second_[i] * x[i + 2];
      x[i] = sum / diagonal_[i];
    }
  }

 private:
  Index m_;
  std::vector<T> diagonal_, first_, second_, multiplier_;
  std::vector<bool> swapped_;
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

/// Writes the eigenvectors of the unreduced block (d, e) of size m, for its
/// ascending eigenvalues `lambda`, into the columns of `vectors` (m rows
/// each, column stride `stride`).
template <class T>
void eigenvectorsOfBlock(const T* d, const T* e, Index m, const T* lambda, T* vectors, Index stride) {
  constexpr T eps = std::numeric_limits<T>::epsilon();
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
  const T tiny = std::max(eps * normOne, std::numeric_limits<T>::min());
  std::uint64_t state = 0x9E3779B97F4A7C15ull;  // SplitMix64: the same start every time
  Index clusterStart = 0;
  T previousShift = 0;
  std::vector<T> x(static_cast<std::size_t>(m));
  for (Index j = 0; j < m; ++j) {
    T shift = lambda[j];
    if (j > 0) {
      if (lambda[j] - lambda[j - 1] > clusterGap) clusterStart = j;
      const T separation = T(10) * eps * std::max(std::abs(shift), normOne * eps);
      if (shift - previousShift < separation) shift = previousShift + separation;
    }
    previousShift = shift;
    const ShiftedFactorization<T> factorization(d, e, m, shift, tiny);
    for (Index i = 0; i < m; ++i) {
      state += 0x9E3779B97F4A7C15ull;
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
      for (Index i = 0; i < m; ++i) x[i] /= largest;
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

}  // namespace tridiagonal
}  // namespace
}  // namespace core
