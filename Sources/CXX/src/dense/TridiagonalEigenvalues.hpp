// Eigenvalues of a symmetric tridiagonal matrix by the root-free implicit QL
// iteration of Pal, Walker and Kahan (described in B. N. Parlett, The
// Symmetric Eigenvalue Problem, ch. 8): the QL step with a Wilkinson shift
// carried out on the squares of the off-diagonal entries, so that a row of
// a step costs three divisions and no square root. The Givens form of the
// same step (Eigen's eigenvalues-only iteration) needs a hypotenuse per row
// on the step's dependency chain; it took ~15% of a 1024 eigendecomposition
// on one thread, serially on any number.
//
// Backward stable like every QR/QL variant: the eigenvalues are exact for a
// matrix within a small multiple of eps‖T‖ of T. Internal linkage, one copy
// per kernel variant.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "CoreStatus.h"

namespace core {
namespace {
namespace tridiagonal {

/// Writes the eigenvalues of the symmetric tridiagonal matrix with diagonal
/// `d` (m entries) and off-diagonal `e` (m − 1 entries) into `values`,
/// ascending. Returns false when some eigenvalue needs more than 30 QL
/// steps on average (then `values` holds no result). The entries should be
/// scaled to magnitudes near 1: their squares must neither overflow nor
/// lose the entries that matter to underflow.
///
/// Complexity: O(m²) (about two QL steps of O(m) per eigenvalue).
template <class T>
bool eigenvaluesRootFree(const T* d, const T* e, Index m, T* values) {
  if (m <= 0) return true;
  std::copy(d, d + m, values);
  if (m == 1) return true;
  T* const diagonal = values;
  std::vector<T> squares(static_cast<std::size_t>(m - 1));
  for (Index i = 0; i + 1 < m; ++i) squares[static_cast<std::size_t>(i)] = e[i] * e[i];
  T* const offSquared = squares.data();
  const T eps = std::numeric_limits<T>::epsilon(), epsSquared = eps * eps;
  // An off-diagonal entry is dropped when it is negligible next to its two
  // diagonal neighbours (the rule of the caller's block split:
  // |e| ≤ eps (|d_i| + |d_{i+1}|)), or when its square underflows.
  const auto negligible = [&](Index i) {
    const T sum = std::abs(diagonal[i]) + std::abs(diagonal[i + 1]);
    return offSquared[i] <= epsSquared * sum * sum || offSquared[i] < std::numeric_limits<T>::min();
  };
  const Index maximumSteps = 30 * m;
  Index steps = 0;
  Index top = 0;
  while (top < m) {
    // The unreduced block [top, bottom].
    Index bottom = top;
    while (bottom + 1 < m && !negligible(bottom)) ++bottom;
    if (bottom + 1 < m) offSquared[bottom] = T(0);
    if (bottom == top) {
      ++top;  // diagonal[top] is an eigenvalue
      continue;
    }
    if (bottom == top + 1) {
      // A 2×2 block [[a, b], [b, c]]: its eigenvalues directly.
      const T a = diagonal[top], c = diagonal[top + 1];
      const T radius = std::hypot(a - c, T(2) * std::sqrt(offSquared[top]));
      diagonal[top] = T(0.5) * ((a + c) - radius);
      diagonal[top + 1] = T(0.5) * ((a + c) + radius);
      offSquared[top] = T(0);
      top += 2;
      continue;
    }
    if (++steps > maximumSteps) return false;
    // Wilkinson shift: the eigenvalue of the leading 2×2 nearer to its
    // first diagonal entry.
    const T first = diagonal[top], offTop = std::sqrt(offSquared[top]);
    const T g = (diagonal[top + 1] - first) / (T(2) * offTop);
    const T shift = first - offTop / (g + std::copysign(std::hypot(g, T(1)), g));
    // One QL step from the bottom up. With c and s the squared cosine and
    // sine of each rotation, γ the running (rotated) diagonal entry minus
    // the shift, and p = γ²/c the square of the entry being chased.
    T cosineSquared = T(1), sineSquared = T(0);
    T gamma = diagonal[bottom] - shift;
    T p = gamma * gamma;
    for (Index i = bottom - 1; i >= top; --i) {
      const T below = offSquared[i];
      const T r = p + below;
      if (i != bottom - 1) offSquared[i + 1] = sineSquared * r;
      const T previousCosine = cosineSquared;
      cosineSquared = p / r;
      sineSquared = below / r;
      const T previousGamma = gamma;
      const T alpha = diagonal[i];
      gamma = cosineSquared * (alpha - shift) - sineSquared * previousGamma;
      diagonal[i + 1] = previousGamma + (alpha - gamma);
      p = cosineSquared != T(0) ? gamma * gamma / cosineSquared : previousCosine * below;
    }
    offSquared[top] = sineSquared * p;
    diagonal[top] = shift + gamma;
  }
  std::sort(values, values + m);
  return true;
}

}  // namespace tridiagonal
}  // namespace
}  // namespace core
