// Conversions between the Swift side's row-major storage and the
// column-major working copies of the factorizations, in cache-sized tiles
// of 4×4 register blocks, split across the pool's threads when large.
// Internal linkage: each kernel variant gets its own copy.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>

#include "CoreStatus.h"
#include "EigenSetup.hpp"
#include "ThreadPool.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace core {
namespace {

namespace storage {

/// What a plain copy does with the values it reads: nothing.
struct IgnoreValues {
  template <class Values>
  void operator()(const Values&) const {}
};

/// Writes `scale` times the transpose of the 4×4 block whose rows start at
/// `source[0...3]` to `destination` (rows `destinationStride` apart), and
/// shows `scan` the values read (unscaled).
template <class T, class Scan = IgnoreValues>
inline void transposeBlock4(const T* const* source, T* destination, Index destinationStride, T scale,
                            Scan&& scan = Scan()) {
  T block[4][4];
  for (Index r = 0; r < 4; ++r) {
    for (Index c = 0; c < 4; ++c) {
      scan(source[r][c]);
      block[c][r] = source[r][c] * scale;
    }
  }
  for (Index c = 0; c < 4; ++c) {
    for (Index r = 0; r < 4; ++r) destination[c * destinationStride + r] = block[c][r];
  }
}

#if defined(__SSE2__)
template <class Scan = IgnoreValues>
inline void transposeBlock4(const float* const* source, float* destination, Index destinationStride, float scale,
                            Scan&& scan = Scan()) {
  const __m128 factor = _mm_set1_ps(scale);
  const __m128 l0 = _mm_loadu_ps(source[0]), l1 = _mm_loadu_ps(source[1]);
  const __m128 l2 = _mm_loadu_ps(source[2]), l3 = _mm_loadu_ps(source[3]);
  scan(l0);
  scan(l1);
  scan(l2);
  scan(l3);
  const __m128 r0 = _mm_mul_ps(l0, factor), r1 = _mm_mul_ps(l1, factor);
  const __m128 r2 = _mm_mul_ps(l2, factor), r3 = _mm_mul_ps(l3, factor);
  const __m128 t0 = _mm_unpacklo_ps(r0, r1), t1 = _mm_unpackhi_ps(r0, r1);
  const __m128 t2 = _mm_unpacklo_ps(r2, r3), t3 = _mm_unpackhi_ps(r2, r3);
  _mm_storeu_ps(destination, _mm_movelh_ps(t0, t2));
  _mm_storeu_ps(destination + destinationStride, _mm_movehl_ps(t2, t0));
  _mm_storeu_ps(destination + 2 * destinationStride, _mm_movelh_ps(t1, t3));
  _mm_storeu_ps(destination + 3 * destinationStride, _mm_movehl_ps(t3, t1));
}
#endif

#if defined(__AVX2__)
template <class Scan = IgnoreValues>
inline void transposeBlock4(const double* const* source, double* destination, Index destinationStride,
                            double scale, Scan&& scan = Scan()) {
  const __m256d factor = _mm256_set1_pd(scale);
  const __m256d l0 = _mm256_loadu_pd(source[0]), l1 = _mm256_loadu_pd(source[1]);
  const __m256d l2 = _mm256_loadu_pd(source[2]), l3 = _mm256_loadu_pd(source[3]);
  scan(l0);
  scan(l1);
  scan(l2);
  scan(l3);
  const __m256d r0 = _mm256_mul_pd(l0, factor), r1 = _mm256_mul_pd(l1, factor);
  const __m256d r2 = _mm256_mul_pd(l2, factor), r3 = _mm256_mul_pd(l3, factor);
  const __m256d t0 = _mm256_unpacklo_pd(r0, r1), t1 = _mm256_unpackhi_pd(r0, r1);
  const __m256d t2 = _mm256_unpacklo_pd(r2, r3), t3 = _mm256_unpackhi_pd(r2, r3);
  _mm256_storeu_pd(destination, _mm256_permute2f128_pd(t0, t2, 0x20));
  _mm256_storeu_pd(destination + destinationStride, _mm256_permute2f128_pd(t1, t3, 0x20));
  _mm256_storeu_pd(destination + 2 * destinationStride, _mm256_permute2f128_pd(t0, t2, 0x31));
  _mm256_storeu_pd(destination + 3 * destinationStride, _mm256_permute2f128_pd(t1, t3, 0x31));
}
#endif

/// Whether copyTransposedColumns goes through a buffer: when the
/// destination's rows are a multiple of 2 KiB apart and the matrix is at
/// most 4 MiB. Written in place, each of a tile's 32 destination rows takes
/// eight partial writes whose lines must stay in L1 in between; rows 2 KiB
/// apart share a few of its 64 sets (four for a 512×512 matrix), so the
/// tile's lines evicted each other. Through a contiguous buffer, a tile's
/// destination rows go out whole. (With the rule, a buffered copy's rows
/// are a multiple of 256, so its tiles are always whole in that
/// direction.)
///
/// Measured on an AMD EPYC (Zen 3, 32 KiB 8-way L1; C++ harness, medians of
/// the ratios of 41–201 interleaved copies, in either order), against
/// writing in place, plain / scanning copies: 512×512 Float 0.75–0.80× /
/// 0.57–0.60× (one thread), 0.82–0.84× / 0.56–0.86× (two); Double
/// 0.68–0.75× / 0.51×, 0.72–0.76× / 0.47–0.70×; 256×256 Double 0.70–0.79× /
/// 0.58–0.67×; 1024×1024 Float 1.07–1.13× / 0.83–0.85×, 0.87–0.97× /
/// 0.69–0.70× (from memory, where unchanged code read 0.87–1.16× in the
/// same harness). Always buffered, the extra copy made other sizes slower
/// (500×500 and 520×520 1.13–1.53×, 256×256 Float 1.01–1.15×, 1024×1024
/// Double 1.05–1.16×).
template <class T>
bool transposesThroughBuffer(Index rows, Index columns) {
  const std::size_t rowBytes = static_cast<std::size_t>(rows) * sizeof(T);
  return rowBytes % 2048 == 0 && rowBytes * static_cast<std::size_t>(columns) <= (std::size_t(4) << 20);
}

/// The transposing copy of source columns [columnBegin, columnEnd), which
/// are the destination's rows: 32×32 tiles, so that the tile's source and
/// destination lines stay in cache, walked in 4×4 blocks, with scalar edges,
/// into the destination or (transposesThroughBuffer) into a buffer whose
/// rows then go out whole. `scan` sees every value read.
template <class T, class Scan = IgnoreValues>
void copyTransposedColumns(const T* source, Index rows, Index columns, T scale, T* destination, const Index* order,
                           Index columnBegin, Index columnEnd, Scan&& scan = Scan()) {
  constexpr Index tile = 32;
  const bool buffered = transposesThroughBuffer<T>(rows, columns);
  alignas(64) T buffer[tile * tile];
  const Index stride = buffered ? tile : rows;
  const auto row = [&](Index i) { return source + (order != nullptr ? order[i] : i) * columns; };
  for (Index i0 = 0; i0 < rows; i0 += tile) {
    const Index i1 = std::min(rows, i0 + tile);
    for (Index j0 = columnBegin; j0 < columnEnd; j0 += tile) {
      const Index j1 = std::min(columnEnd, j0 + tile);
      // Where element (row i, column j) of the tile goes: destination row
      // j, column i, or its place in the buffer.
      T* const origin = buffered ? buffer : destination + j0 * rows + i0;
      const auto target = [&](Index i, Index j) { return origin + (j - j0) * stride + (i - i0); };
      Index i = i0;
      for (; i + 4 <= i1; i += 4) {
        const T* block[4] = {row(i) + j0, row(i + 1) + j0, row(i + 2) + j0, row(i + 3) + j0};
        Index j = j0;
        for (; j + 4 <= j1; j += 4) {
          transposeBlock4(block, target(i, j), stride, scale, scan);
          for (const T*& start : block) start += 4;
        }
        for (; j < j1; ++j) {
          for (Index r = 0; r < 4; ++r) {
            scan(row(i + r)[j]);
            *target(i + r, j) = row(i + r)[j] * scale;
          }
        }
      }
      for (; i < i1; ++i) {
        const T* values = row(i);
        for (Index j = j0; j < j1; ++j) {
          scan(values[j]);
          *target(i, j) = values[j] * scale;
        }
      }
      if (!buffered) continue;
      for (Index j = j0; j < j1; ++j) {
        if (i1 - i0 == tile) {
          std::memcpy(destination + j * rows + i0, target(i0, j), sizeof(T) * tile);
        } else {
          std::copy(target(i0, j), target(i1, j), destination + j * rows + i0);
        }
      }
    }
  }
}

}  // namespace storage

/// Writes `scale` times the transpose of the row-major rows×columns `source`
/// into `destination` (row-major columns×rows). Converting between the
/// Swift side's row-major storage and a column-major working copy is
/// exactly this. With `order` (a permutation of [0, rows)), destination
/// column i comes from source row order[i] instead. From 2^17 elements the
/// destination's rows are split across the threads (each then touches its
/// own pages): the copy is bound by memory traffic, which two cores move
/// about twice as fast as one here.
template <class T>
void copyTransposed(const T* source, Index rows, Index columns, T scale, T* destination,
                    const Index* order = nullptr) {
  const Index parts = rows * columns < (Index(1) << 17) ? 1 : parallel::partsFor(columns, 64);
  parallel::forRange(columns, parts, 32, [&](Index begin, Index end) {
    storage::copyTransposedColumns(source, rows, columns, scale, destination, order, begin, end);
  });
}

/// copyTransposed without scaling or reordering that also scans the values
/// as it copies them, each 4×4 block while it is in registers: the answer of
/// scanMagnitudes(source, rows · columns) without a second pass over the
/// source (which, from a few MiB, comes from L3 or memory each time).
template <class T>
detail::MagnitudeScan<T> copyTransposedScanning(const T* source, Index rows, Index columns, T* destination) {
  const Index parts = rows * columns < (Index(1) << 17) ? 1 : parallel::partsFor(columns, 64);
  detail::MagnitudeScan<T> total;
  std::mutex merging;
  parallel::forRange(columns, parts, 32, [&](Index begin, Index end) {
    detail::MagnitudeAccumulator<T> scan;
    storage::copyTransposedColumns(source, rows, columns, T(1), destination, nullptr, begin, end, scan);
    const detail::MagnitudeScan<T> part = scan.result();
    const std::lock_guard<std::mutex> lock(merging);
    total.largest = part.largest != part.largest || total.largest != total.largest
                        ? std::numeric_limits<T>::quiet_NaN()
                        : std::max(total.largest, part.largest);
    total.allFinite = total.allFinite && part.allFinite;
  });
  return total;
}

/// Writes the lower triangle of the column-major n×n `source`, times
/// `scale`, into the row-major `destination`, with zeros above the diagonal.
template <class T>
void copyLowerToRowMajor(const T* source, Index n, T scale, T* destination) {
  copyTransposed(source, n, n, scale, destination);
  for (Index i = 0; i < n; ++i) std::fill(destination + i * n + i + 1, destination + (i + 1) * n, T(0));
}

}  // namespace
}  // namespace core
