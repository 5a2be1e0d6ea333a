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

/// Scales `a` in place by a power of two so that its largest entry lies in
/// [√safmin/ε, ε/√safmin], as LAPACK's ?geev and ?gees do before their
/// reductions (whose reflectors square entries), and returns the factor:
/// eigenvalues and Schur forms of the scaled matrix are the factor times
/// those of `a`, its vectors the same. Powers of two keep the scaling
/// exact. A zero matrix, or one already in range, gets 1.
template <class MatrixType>
typename Eigen::NumTraits<typename MatrixType::Scalar>::Real scaleIntoSafeRange(MatrixType& a) {
  using Real = typename Eigen::NumTraits<typename MatrixType::Scalar>::Real;
  const Real smallest = std::sqrt(std::numeric_limits<Real>::min()) / std::numeric_limits<Real>::epsilon();
  const Real largest = Real(1) / smallest;
  Real maximum = 0;
  for (Index column = 0; column < a.cols(); ++column) {
    for (Index row = 0; row < a.rows(); ++row) maximum = std::max(maximum, Real(std::abs(a(row, column))));
  }
  if (maximum == Real(0) || (maximum >= smallest && maximum <= largest)) return 1;
  const int exponent = std::ilogb(maximum >= smallest ? largest : smallest) - std::ilogb(maximum);
  const Real factor = std::ldexp(Real(1), exponent);
  a *= factor;
  return factor;
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
      Real ca = a.col(i).cwiseAbs().maxCoeff();
      Real ra = a.row(i).cwiseAbs().maxCoeff();
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
