// What the real and the complex QR iterations (HessenbergQR.hpp,
// ComplexHessenbergQR.hpp) share: their tolerances and limits, and ?lahqr's
// search for a negligible subdiagonal entry (Ahues and Tisseur's test,
// LAPACK Working Note 122), which splits the active block.
#pragma once

#include "CoreStatus.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>

namespace core::detail {
namespace {

/// |x| of a real entry.
template <class T>
T entrySize(T x) {
  return std::abs(x);
}

/// |re| + |im| of a complex entry, the cheap modulus ?lahqr tests with.
template <class T>
T entrySize(std::complex<T> x) {
  return std::abs(x.real()) + std::abs(x.imag());
}

/// x² of a real entry.
template <class T>
T squaredSize(T x) {
  return x * x;
}

/// |x|² of a complex entry.
template <class T>
T squaredSize(std::complex<T> x) {
  return x.real() * x.real() + x.imag() * x.imag();
}

/// |x| of a real or complex entry, without overflow.
template <class T>
T modulus(T x) {
  return std::abs(x);
}

/// |x| of a complex entry, without overflow.
template <class T>
T modulus(std::complex<T> x) {
  return std::hypot(x.real(), x.imag());
}

/// ‖(first, rest[0..<count])‖₂ of real or complex entries: the plain sum
/// of squares where every square that matters is a normal number and none
/// overflows; else by hypot, which never does.
template <class Scalar, class T = decltype(entrySize(Scalar()))>
T euclideanNorm(Scalar first, const Scalar* rest, Index count) {
  T sum = squaredSize(first);
  for (Index index = 0; index < count; ++index) sum += squaredSize(rest[index]);
  const T norm = std::sqrt(sum);
  const T lowest = std::sqrt(std::numeric_limits<T>::min() / std::numeric_limits<T>::epsilon());
  const T highest = std::sqrt(std::numeric_limits<T>::max()) / 2;
  if (norm > lowest && norm < highest) return norm;
  T careful = modulus(first);
  for (Index index = 0; index < count; ++index) careful = std::hypot(careful, modulus(rest[index]));
  return careful;
}

/// The tolerances of a QR iteration on an n×n Hessenberg matrix.
template <class T>
struct QRTolerances {
  T ulp = std::numeric_limits<T>::epsilon();
  T smallNumber;
  /// Iterations one eigenvalue (or pair) may take before the iteration
  /// gives up.
  Index iterationLimit;
  /// An exceptional shift every this many iterations without deflation.
  static constexpr int exceptionalEvery = 10;
  /// The order from which a sweep's Z updates go to a second thread
  /// (measured: 128 gains).
  static constexpr Index secondThreadOrder = 128;

  explicit QRTolerances(Index n)
      : smallNumber(std::numeric_limits<T>::min() * (T(n) / std::numeric_limits<T>::epsilon())),
        iterationLimit(30 * std::max<Index>(10, n)) {}
};

/// Zeroes what lies below the subdiagonal of the n×n column-major `h`.
template <class Scalar>
void clearBelowSubdiagonal(Scalar* h, Index ld, Index n) {
  for (Index column = 0; column + 2 < n; ++column) {
    for (Index row = column + 2; row < std::min(column + 4, n); ++row) h[row + column * ld] = Scalar(0);
  }
}

/// The largest k in l+1…i whose subdiagonal entry h(k, k−1) is negligible,
/// or l if there is none. The subdiagonal is real (for a complex `h`, its
/// entries have no imaginary part).
template <class Scalar, class T>
Index negligibleSubdiagonal(const Scalar* h, Index ld, Index n, Index l, Index i, const QRTolerances<T>& tolerances) {
  auto at = [h, ld](Index row, Index column) { return h[row + column * ld]; };
  const T ulp = tolerances.ulp;
  const T smallNumber = tolerances.smallNumber;
  Index k = i;
  for (; k > l; --k) {
    const T subdiagonal = entrySize(at(k, k - 1));
    if (subdiagonal <= smallNumber) break;
    T test = entrySize(at(k - 1, k - 1)) + entrySize(at(k, k));
    if (test == T(0)) {
      if (k - 2 >= 0) test += entrySize(at(k - 1, k - 2));
      if (k + 1 <= n - 1) test += entrySize(at(k + 1, k));
    }
    if (subdiagonal <= ulp * test) {
      const T above = entrySize(at(k - 1, k));
      const T ab = std::max(subdiagonal, above);
      const T ba = std::min(subdiagonal, above);
      const T difference = entrySize(at(k - 1, k - 1) - at(k, k));
      const T aa = std::max(entrySize(at(k, k)), difference);
      const T bb = std::min(entrySize(at(k, k)), difference);
      const T s = aa + ab;
      if (ba * (ab / s) <= std::max(smallNumber, ulp * (bb * (aa / s)))) break;
    }
  }
  return k;
}

}  // namespace
}  // namespace core::detail
