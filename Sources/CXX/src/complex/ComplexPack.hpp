// Interleaved complex numbers in one AVX register (2 Double or 4 Float) and
// the few operations the AVX2 variants of the complex kernels need on them
// (the QR sweeps' reflector chains, the LU's panel updates, the SVD panels'
// matrix-vector products). Defined only where AVX2 and FMA are (the variant
// translation units, after AVX2Prologue.hpp); elsewhere the kernels take
// their scalar loops.
#pragma once

#include "CoreStatus.h"

#if defined(__AVX2__) && defined(__FMA__)

#include <immintrin.h>

namespace core::detail {
namespace {

/// Interleaved complex numbers in one AVX register.
template <class T>
struct ComplexPack;

template <>
struct ComplexPack<double> {
  using Vector = __m256d;
  static constexpr Index count = 2;
  static Vector load(const double* p) { return _mm256_loadu_pd(p); }
  static void store(double* p, Vector v) { _mm256_storeu_pd(p, v); }
  static Vector broadcast(double x) { return _mm256_set1_pd(x); }
  /// Each complex of v times (re + i·im).
  static Vector times(Vector v, Vector re, Vector im) {
    return _mm256_fmaddsub_pd(v, re, _mm256_mul_pd(_mm256_permute_pd(v, 0b0101), im));
  }
  static Vector multiplyAdd(Vector a, Vector b, Vector c) { return _mm256_fmadd_pd(a, b, c); }
  static Vector add(Vector a, Vector b) { return _mm256_add_pd(a, b); }
  static Vector subtract(Vector a, Vector b) { return _mm256_sub_pd(a, b); }
  /// (re, im) → (im, re) in each complex.
  static Vector swapParts(Vector v) { return _mm256_permute_pd(v, 0b0101); }
  /// a − b in the real parts, a + b in the imaginary ones.
  static Vector addSubtract(Vector a, Vector b) { return _mm256_addsub_pd(a, b); }
};

template <>
struct ComplexPack<float> {
  using Vector = __m256;
  static constexpr Index count = 4;
  static Vector load(const float* p) { return _mm256_loadu_ps(p); }
  static void store(float* p, Vector v) { _mm256_storeu_ps(p, v); }
  static Vector broadcast(float x) { return _mm256_set1_ps(x); }
  static Vector times(Vector v, Vector re, Vector im) {
    return _mm256_fmaddsub_ps(v, re, _mm256_mul_ps(_mm256_permute_ps(v, 0b10110001), im));
  }
  static Vector multiplyAdd(Vector a, Vector b, Vector c) { return _mm256_fmadd_ps(a, b, c); }
  static Vector add(Vector a, Vector b) { return _mm256_add_ps(a, b); }
  static Vector subtract(Vector a, Vector b) { return _mm256_sub_ps(a, b); }
  static Vector swapParts(Vector v) { return _mm256_permute_ps(v, 0b10110001); }
  static Vector addSubtract(Vector a, Vector b) { return _mm256_addsub_ps(a, b); }
};

}  // namespace
}  // namespace core::detail

#endif
