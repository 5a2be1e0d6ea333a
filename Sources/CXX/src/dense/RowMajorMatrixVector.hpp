// The core's own matrix-vector kernel for AVX2+FMA: y = A x for a row-major
// A, six rows at a time, each row a dot product with x kept in two vectors
// of partial sums, so that every step loads x once for six rows and keeps
// twelve independent FMAs in flight.
//
// Measured on an AMD EPYC (Zen 3, 2 cores; C++ harness, three runs of
// medians of 301 interleaved calls, each part of the pool's row split
// running this kernel, against the same split running Eigen's row-major
// product, and against OpenBLAS's ?gemv in the same process), at 512, 1024
// and 2048, Double and Float, on one and two threads: 0.71–0.98× the time
// of Eigen's, 0.86–0.98× OpenBLAS's on one thread (Eigen's: 0.97–1.11×) and
// 0.48–0.91× on two (OpenBLAS keeps 512 on one thread). Four rows with two
// vectors were as fast at 1024 and slower at 2048; eight rows with one
// vector slower; software prefetch of the rows ahead slower.
//
// Included by ProductKernels.hpp in the AVX2 translation unit only.
// Everything here has internal linkage.
#pragma once

#include <immintrin.h>

#include "CoreStatus.h"

namespace core {
namespace {
namespace rowMajorMatrixVector {

/// The AVX2 vector of one scalar type and the operations the kernel uses.
template <class T>
struct Lanes;

template <>
struct Lanes<double> {
  using Packet = __m256d;
  static constexpr int count = 4;
  static Packet zero() { return _mm256_setzero_pd(); }
  static Packet load(const double* p) { return _mm256_loadu_pd(p); }
  static Packet multiplyAdd(Packet a, Packet b, Packet c) { return _mm256_fmadd_pd(a, b, c); }
  static Packet add(Packet a, Packet b) { return _mm256_add_pd(a, b); }
  static double sum(Packet v) {
    __m128d half = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
    return _mm_cvtsd_f64(_mm_add_sd(half, _mm_unpackhi_pd(half, half)));
  }
};

template <>
struct Lanes<float> {
  using Packet = __m256;
  static constexpr int count = 8;
  static Packet zero() { return _mm256_setzero_ps(); }
  static Packet load(const float* p) { return _mm256_loadu_ps(p); }
  static Packet multiplyAdd(Packet a, Packet b, Packet c) { return _mm256_fmadd_ps(a, b, c); }
  static Packet add(Packet a, Packet b) { return _mm256_add_ps(a, b); }
  static float sum(Packet v) {
    __m128 half = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    half = _mm_add_ps(half, _mm_movehl_ps(half, half));
    return _mm_cvtss_f32(_mm_add_ss(half, _mm_movehdup_ps(half)));
  }
};

/// Rows per block, and vectors of partial sums per row.
constexpr int blockRows = 6, vectorsPerRow = 2;

/// y[0 ..< rows] = (rows × n block of A, rows `stride` apart) · x, for
/// `rows` known at compile time: the vector steps, then the columns past
/// the last whole step (one vector, then one by one).
template <class T, int rows>
inline void multiplyRows(const T* a, Index stride, const T* x, T* y, Index n) {
  using L = Lanes<T>;
  using Packet = typename L::Packet;
  constexpr Index step = vectorsPerRow * L::count;
  const Index vectorColumns = n / step * step;
  Packet sums[rows][vectorsPerRow];
#pragma clang loop unroll(full)
  for (int r = 0; r < rows; ++r) {
#pragma clang loop unroll(full)
    for (int v = 0; v < vectorsPerRow; ++v) sums[r][v] = L::zero();
  }
  for (Index j = 0; j < vectorColumns; j += step) {
    Packet xs[vectorsPerRow];
#pragma clang loop unroll(full)
    for (int v = 0; v < vectorsPerRow; ++v) xs[v] = L::load(x + j + v * L::count);
#pragma clang loop unroll(full)
    for (int r = 0; r < rows; ++r) {
#pragma clang loop unroll(full)
      for (int v = 0; v < vectorsPerRow; ++v) {
        sums[r][v] = L::multiplyAdd(L::load(a + r * stride + j + v * L::count), xs[v], sums[r][v]);
      }
    }
  }
  // One vector more when half a step is left, then single columns.
  Index scalarColumns = vectorColumns;
  if (n - vectorColumns >= L::count) {
    const Packet xs = L::load(x + vectorColumns);
#pragma clang loop unroll(full)
    for (int r = 0; r < rows; ++r) {
      sums[r][0] = L::multiplyAdd(L::load(a + r * stride + vectorColumns), xs, sums[r][0]);
    }
    scalarColumns += L::count;
  }
  for (int r = 0; r < rows; ++r) {
    Packet total = sums[r][0];
    for (int v = 1; v < vectorsPerRow; ++v) total = L::add(total, sums[r][v]);
    T result = L::sum(total);
    for (Index j = scalarColumns; j < n; ++j) result += a[r * stride + j] * x[j];
    y[r] = result;
  }
}

/// y (m) = A (m×n, row-major, contiguous) · x (n), on the calling thread;
/// callers split the rows to go parallel. NaN and infinity propagate to the
/// rows they occur in.
template <class T>
void multiply(const T* a, const T* x, T* y, Index m, Index n) {
  Index i = 0;
  for (; i + blockRows <= m; i += blockRows) multiplyRows<T, blockRows>(a + i * n, n, x, y + i, n);
  for (; i < m; ++i) multiplyRows<T, 1>(a + i * n, n, x, y + i, n);
}

}  // namespace rowMajorMatrixVector
}  // namespace
}  // namespace core
