// The largest magnitude among many values and whether all of them are
// finite, found in one pass: what the factorizations need to choose a
// power-of-2 scaling and to give non-finite input an all-NaN answer.
// Included through EigenSetup.hpp; internal linkage, so each kernel variant
// gets its own copy (with AVX2 vectors in the AVX2 variants).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "CoreStatus.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace core::detail {
namespace {

/// The largest magnitude among some values (NaN if any is NaN) and whether
/// every one of them is finite.
template <class T>
struct MagnitudeScan {
  T largest = 0;
  bool allFinite = true;

  /// The exponent e such that `largest` / 2^e lies in [0.5, 1); 0 when
  /// there is no finite non-zero value. Dividing a matrix by 2^e is exact
  /// (short of underflow), and keeps Eigen's squared norms away from
  /// overflow and underflow: Householder reflections and Jacobi rotations of
  /// a matrix of subnormals or of 1e±300 entries would otherwise square them
  /// into zero or infinity.
  ///
  /// For a largest magnitude below 2^−(max_exponent − 1) (subnormal) e
  /// stops at −(max_exponent − 1), so that the factor 2^−e stays finite;
  /// the largest then lands in [2^(min subnormal exponent + max_exponent − 1),
  /// 0.5), at least 2^−51 for Double and 2^−22 for Float. (With 2^−e
  /// infinite, a matrix of 1e-310 entries became NaN in QR, SVD and the
  /// eigensolvers.)
  int scaleExponent() const {
    if (!(largest > T(0)) || !(largest <= std::numeric_limits<T>::max())) return 0;
    int exponent = 0;
    std::frexp(largest, &exponent);
    return std::max(exponent, 1 - std::numeric_limits<T>::max_exponent);
  }

  /// For factorizations that only compare, divide and subtract products
  /// (LU with partial pivoting, Cholesky): the e by which to divide the
  /// matrix, 0 unless `largest` lies beyond 2^(max_exponent − 32), where
  /// growth and the 1-norm's sums could overflow, or below
  /// 2^(digits + 32 − max_exponent), where the estimate of ‖A⁻¹‖ (up to
  /// 1/(ε‖A‖) for a matrix not called singular) could; else the shift that
  /// brings it just inside. Scaling all the way into [0.5, 1), as
  /// scaleExponent does, flushed the small entries of wide-range matrices
  /// (diag(1e200, 1e-200) became singular) that these factorizations keep
  /// exactly.
  int rangeShiftExponent() const {
    const int e = scaleExponent();
    constexpr int high = std::numeric_limits<T>::max_exponent - 32;
    constexpr int low = std::numeric_limits<T>::digits + 32 - std::numeric_limits<T>::max_exponent;
    if (e > high) return e - high;
    if (e < low) return e - low;
    return 0;
  }
};

/// The largest magnitude among values handed to it, and whether one was
/// NaN: a register at a time (four AVX2 Doubles, four SSE Floats, two SSE2
/// Doubles) or one at a time. scanMagnitudes feeds it an array;
/// copyTransposedScanning (StorageOrder.hpp) feeds it the rows of each 4×4
/// block it copies, while they are in registers. A maximum alone drops NaN (the vector maximum
/// returns its second operand when either is NaN), so NaN is tracked on
/// the side.
template <class T>
struct MagnitudeAccumulator {
  T largest = 0;
  bool sawNaN = false;
  // Set in a constructor written out, not by member initializers: an AVX2
  // variant's target attribute applies to declared functions only, and the
  // implicit constructor could not use the intrinsics.
  MagnitudeAccumulator() {
#if defined(__AVX2__)
    doubleLargest = doubleNaN = _mm256_setzero_pd();
#endif
#if defined(__SSE2__)
    floatLargest = floatNaN = _mm_setzero_ps();
    pairLargest = pairNaN = _mm_setzero_pd();
#endif
  }
#if defined(__AVX2__)
  __m256d doubleLargest, doubleNaN;
  void operator()(__m256d row) {
    doubleNaN = _mm256_or_pd(doubleNaN, _mm256_cmp_pd(row, row, _CMP_UNORD_Q));
    doubleLargest = _mm256_max_pd(doubleLargest, _mm256_andnot_pd(_mm256_set1_pd(-0.0), row));
  }
#endif
#if defined(__SSE2__)
  __m128 floatLargest, floatNaN;
  void operator()(__m128 row) {
    floatNaN = _mm_or_ps(floatNaN, _mm_cmpunord_ps(row, row));
    floatLargest = _mm_max_ps(floatLargest, _mm_andnot_ps(_mm_set1_ps(-0.0f), row));
  }
  // Two Doubles at a time, for the baseline variant's scans.
  __m128d pairLargest, pairNaN;
  void operator()(__m128d pair) {
    pairNaN = _mm_or_pd(pairNaN, _mm_cmpunord_pd(pair, pair));
    pairLargest = _mm_max_pd(pairLargest, _mm_andnot_pd(_mm_set1_pd(-0.0), pair));
  }
#endif
  void operator()(T value) {
    const T magnitude = std::abs(value);
    if (magnitude != magnitude) {
      sawNaN = true;
    } else if (magnitude > largest) {
      largest = magnitude;
    }
  }

  /// What scanMagnitudes would say about the values seen.
  MagnitudeScan<T> result() {
#if defined(__AVX2__)
    alignas(32) double doubles[4];
    _mm256_store_pd(doubles, doubleLargest);
    for (double value : doubles) (*this)(static_cast<T>(value));
    sawNaN = sawNaN || _mm256_movemask_pd(doubleNaN) != 0;
#endif
#if defined(__SSE2__)
    alignas(16) float floats[4];
    _mm_store_ps(floats, floatLargest);
    for (float value : floats) (*this)(static_cast<T>(value));
    sawNaN = sawNaN || _mm_movemask_ps(floatNaN) != 0;
    alignas(16) double pairs[2];
    _mm_store_pd(pairs, pairLargest);
    for (double value : pairs) (*this)(static_cast<T>(value));
    sawNaN = sawNaN || _mm_movemask_pd(pairNaN) != 0;
#endif
    if (sawNaN) return {std::numeric_limits<T>::quiet_NaN(), false};
    return {largest, largest <= std::numeric_limits<T>::max()};
  }
};

/// The largest magnitude among `count` values (NaN if any is NaN) and
/// whether every one is finite, in one pass, four values to a vector where
/// the variant has vectors for T.
template <class T>
MagnitudeScan<T> scanMagnitudes(const T* values, Index count) {
  MagnitudeAccumulator<T> scan;
  Index i = 0;
#if defined(__AVX2__)
  if constexpr (std::is_same_v<T, double>) {
    for (; i + 4 <= count; i += 4) scan(_mm256_loadu_pd(values + i));
  }
#elif defined(__SSE2__)
  if constexpr (std::is_same_v<T, double>) {
    for (; i + 2 <= count; i += 2) scan(_mm_loadu_pd(values + i));
  }
#endif
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, float>) {
    for (; i + 4 <= count; i += 4) scan(_mm_loadu_ps(values + i));
  }
#endif
  for (; i < count; ++i) scan(values[i]);
  return scan.result();
}

/// `scanMagnitudes(values, count).scaleExponent()`.
template <class T>
int scaleExponent(const T* values, Index count) {
  return scanMagnitudes(values, count).scaleExponent();
}

/// Multiplies `count` values by 2^e, exactly (std::ldexp, also where 2^e
/// itself would over- or underflow): scaling back the results of a matrix
/// that was scaled by a power of two.
template <class T>
void scaleByPowerOfTwo(T* values, Index count, int e) {
  for (Index index = 0; index < count; ++index) values[index] = std::ldexp(values[index], e);
}

/// Whether every one of `count` values is finite.
template <class T>
bool allFinite(const T* values, Index count) {
  return scanMagnitudes(values, count).allFinite;
}

}  // namespace
}  // namespace core::detail
