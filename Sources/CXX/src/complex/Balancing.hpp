// Balancing before a general eigenproblem, after LAPACK 3.5's ?gebal (job
// 'S'; Parlett and Reinsch 1969, with the 2-norm test of James, Langou and
// Lowery 2014): row i and column i are scaled by powers of two until their
// norms are within a factor of two, so the QR iteration sees a matrix of
// smaller norm. The scaling is exact and is undone on the eigenvectors.
#pragma once

#include "EigenSetup.hpp"

#include <algorithm>

namespace core::detail {
namespace {

/// The power-of-two exponent to divide a matrix by before a general
/// eigenproblem's reductions (MagnitudeScan::scaleExponent), or 0 when its
/// largest entry already lies in [√safmin/ε, ε/√safmin], as LAPACK's
/// ?geev and ?gees scale only outside that range: inside it the
/// reflectors' squares neither overflow nor lose precision, and the
/// results stay those of the unscaled matrix to the bit.
template <class T>
int safeRangeExponent(const MagnitudeScan<T>& scan) {
  const T smallest = std::sqrt(std::numeric_limits<T>::min()) / std::numeric_limits<T>::epsilon();
  if (scan.largest >= smallest && scan.largest <= T(1) / smallest) return 0;
  return scan.scaleExponent();
}

/// The largest modulus in the vector `v` as ?gebal takes it: for complex
/// entries, the modulus of the entry largest by |re| + |im| (one square
/// root, where a modulus per entry took 3% of complex `eigvals` 512).
template <class VectorType>
typename Eigen::NumTraits<typename VectorType::Scalar>::Real largestModulus(const VectorType& v) {
  if constexpr (Eigen::NumTraits<typename VectorType::Scalar>::IsComplex) {
    Index at = 0;
    (v.real().cwiseAbs() + v.imag().cwiseAbs()).maxCoeff(&at);
    return std::abs(v(at));
  } else {
    return v.cwiseAbs().maxCoeff();
  }
}

/// Balances the square `a` in place to D⁻¹ a D and returns D's diagonal.
/// Rows and columns that are zero, and matrices with NaN, are left alone.
template <class MatrixType>
Vector<typename Eigen::NumTraits<typename MatrixType::Scalar>::Real> balance(MatrixType& a) {
  using Real = typename Eigen::NumTraits<typename MatrixType::Scalar>::Real;
  const Index n = a.rows();
  Vector<Real> scale = Vector<Real>::Ones(n);
  const Real radix = 2;
  const Real smallest = std::numeric_limits<Real>::min() / std::numeric_limits<Real>::epsilon();
  const Real largest = Real(1) / smallest;
  const Real smallestScaled = smallest * radix;
  const Real largestScaled = Real(1) / smallestScaled;
  bool changed = true;
  while (changed) {
    changed = false;
    for (Index i = 0; i < n; ++i) {
      Real c = a.col(i).norm();
      Real r = a.row(i).norm();
      Real ca = largestModulus(a.col(i));
      Real ra = largestModulus(a.row(i));
      if (c == Real(0) || r == Real(0)) continue;
      if (!std::isfinite(c + ca + r + ra)) return scale;
      Real g = r / radix;
      Real f = 1;
      const Real sum = c + r;
      while (c < g && std::max({f, c, ca}) < largestScaled && std::min({r, g, ra}) > smallestScaled) {
        f *= radix;
        c *= radix;
        ca *= radix;
        r /= radix;
        g /= radix;
        ra /= radix;
      }
      g = c / radix;
      while (g >= r && std::max(r, ra) < largestScaled && std::min({f, c, g, ca}) > smallestScaled) {
        f /= radix;
        c /= radix;
        g /= radix;
        ca /= radix;
        r *= radix;
        ra *= radix;
      }
      if (c + r >= Real(0.95) * sum) continue;
      if (f < 1 && scale(i) < 1 && f * scale(i) <= smallest) continue;
      if (f > 1 && scale(i) > 1 && scale(i) >= largest / f) continue;
      scale(i) *= f;
      changed = true;
      a.row(i) *= Real(1) / f;
      a.col(i) *= f;
    }
  }
  return scale;
}

}  // namespace
}  // namespace core::detail
