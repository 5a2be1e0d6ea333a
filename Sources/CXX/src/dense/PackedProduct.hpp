// The core's own matrix-product kernel for AVX2+FMA and AVX-512, in the
// style of BLIS and GotoBLAS: C = αAB + βC for row-major operands with any
// leading dimensions, computed block by block from copies of A and B packed
// in the order the micro-kernel reads them.
//
// One loop order around the micro-kernel, which keeps a tile of C in
// registers (mr rows of nr/lanes vectors) and streams an mr-wide sliver of
// packed A against an nr-wide sliver of packed B, one broadcast and
// nr/lanes FMAs per row and step (multiplyPanels): the inner dimension in
// blocks of `kc`, then a kc-deep panel of up to `panelRows` rows of A,
// packed once (it stays in the last-level cache; a large one sliver by
// sliver, during the first block of columns), then columns of C in blocks
// of `nc` (a kc×nc block of B is packed), then the tiles, each sliver of A
// (in L1) against every sliver of the block of B, which stream through in
// one long run, and along rows of C.
//
// Included by the AVX2 translation units, inside their target region, with
// the AVX2 tile sizes (Blocking), and by PackedProductAVX512.cpp with wider
// ones (WideBlocking); multiply() picks the AVX-512 ones when the CPU has it.
// Everything here has internal linkage.
#pragma once

#include <immintrin.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <new>

#include "CoreStatus.h"
#include "KernelVariants.hpp"
#include "LargePages.hpp"

namespace core {
namespace {
namespace packed {

/// Register-tile and cache-block sizes per scalar. mr×nr is the tile the
/// micro-kernel holds in registers (6 rows × 2 vectors: 12 accumulators,
/// 2 for B, 1 for the broadcast); a sliver of A, mr·kc·sizeof(T), stays in
/// L1 (12 KiB for either scalar); a kc×nc block of B (2 MiB) and a panel of
/// A (up to 4 MiB) stay in the last-level cache.
///
/// Measured on an AMD EPYC (Zen 3, 32 KiB L1, 512 KiB L2, 32 MiB L3; C++
/// harness, medians of the ratios of 9–61 interleaved rounds) against the
/// loop order this replaced (an mc×kc block of A in L2, each sliver of B in
/// L1 against the block's slivers of A, down a column of tiles of C), with
/// the same kc: one thread, 0.96× / 0.96× at 2048 (Double / Float), 0.97×
/// / 0.99× at 1024, 0.97× at 1500, 0.95–0.97× for k = 256 updates of a
/// 2048×2048 C and 0.80× / 0.83× for k = 64 updates of a 1024×1024 C (the
/// LU family's), 0.99–1.01× at 512 and 777; two threads (rows split)
/// 0.96–1.03×. With the block of B in L2 instead (nc = 96 or 192) it was
/// 2–10% slower than the old order; kc = 384 / 768 no better.
///
/// The micro-kernel is compiled out of line (see there), so its registers
/// do not depend on the loop nest around it; after a change to the kernel
/// or the tiles, look for stack loads and stores between the FMAs of its
/// loop in the assembly (a spilled accumulator halves the speed).
template <class T>
struct Blocking;

template <>
struct Blocking<double> {
  using Packet = __m256d;
  static constexpr Index lanes = 4, mr = 6, nr = 8, kc = 256, nc = 1024, panelRows = 2048;
  static constexpr bool complexTiles = false;
  static Packet zero() { return _mm256_setzero_pd(); }
  static Packet load(const double* p) { return _mm256_load_pd(p); }
  static Packet loadUnaligned(const double* p) { return _mm256_loadu_pd(p); }
  static void storeUnaligned(double* p, Packet v) { _mm256_storeu_pd(p, v); }
  static void store(double* p, Packet v) { _mm256_store_pd(p, v); }
  static Packet broadcast(const double* p) { return _mm256_broadcast_sd(p); }
  static Packet splat(double x) { return _mm256_set1_pd(x); }
  static Packet multiplyAdd(Packet a, Packet b, Packet c) { return _mm256_fmadd_pd(a, b, c); }
  static Packet multiply(Packet a, Packet b) { return _mm256_mul_pd(a, b); }
  static Packet add(Packet a, Packet b) { return _mm256_add_pd(a, b); }
  /// (x₀, x₁, x₂, x₃) → (−x₁, x₀, −x₃, x₂): each complex (Re, Im) times i.
  static Packet rotatePairs(Packet x) {
    return _mm256_xor_pd(_mm256_permute_pd(x, 0b0101), _mm256_setr_pd(-0.0, 0.0, -0.0, 0.0));
  }
};

template <>
struct Blocking<float> {
  using Packet = __m256;
  /// kc = 512 (from 256): fewer passes over C, each kernel call twice as
  /// long. Measured on an AMD EPYC (Zen 3; C++ harness, interleaved, one
  /// thread) in the old loop order: 1024 and 2048 3–6% faster, 512 and
  /// k = 64 or 256 updates unchanged; kc = 384 gained 2–5%.
  static constexpr Index lanes = 8, mr = 6, nr = 16, kc = 512, nc = 1024, panelRows = 2048;
  static constexpr bool complexTiles = false;
  static Packet zero() { return _mm256_setzero_ps(); }
  static Packet load(const float* p) { return _mm256_load_ps(p); }
  static Packet loadUnaligned(const float* p) { return _mm256_loadu_ps(p); }
  static void storeUnaligned(float* p, Packet v) { _mm256_storeu_ps(p, v); }
  static void store(float* p, Packet v) { _mm256_store_ps(p, v); }
  static Packet broadcast(const float* p) { return _mm256_broadcast_ss(p); }
  static Packet splat(float x) { return _mm256_set1_ps(x); }
  static Packet multiplyAdd(Packet a, Packet b, Packet c) { return _mm256_fmadd_ps(a, b, c); }
  static Packet multiply(Packet a, Packet b) { return _mm256_mul_ps(a, b); }
  static Packet add(Packet a, Packet b) { return _mm256_add_ps(a, b); }
  /// (x₀, x₁, …) → (−x₁, x₀, …): each complex (Re, Im) times i.
  static Packet rotatePairs(Packet x) {
    return _mm256_xor_ps(_mm256_permute_ps(x, 0b10110001),
                         _mm256_setr_ps(-0.0f, 0.0f, -0.0f, 0.0f, -0.0f, 0.0f, -0.0f, 0.0f));
  }
};

/// The tiles of the complex micro-kernel (complexMicroKernel) on the
/// vectors of a real blocking `Real`: mr rows of `complexColumns` reals
/// (complexColumns / 2 complex numbers), with two sums per entry of the
/// tile. `depth` counts real steps of A, as the real kernel does; B's
/// packed block holds depth / 2 rows of B, `columnBlock` reals wide: half
/// the bytes of a block of B′ as wide.
template <class Real, Index rows, Index complexColumns, Index depth, Index columnBlock>
struct ComplexTiles : Real {
  static constexpr Index mr = rows, nr = complexColumns, kc = depth, nc = columnBlock;
  static constexpr bool complexTiles = true;
};

/// An operand read in place: element (i, j) is at
/// data[i * rowStride + j * columnStride]. A row-major matrix has
/// columnStride 1; a column-major one (read as is) has rowStride 1.
///
/// With `complexPairs` (a right factor only; row-major), the operand is Z′
/// for the complex matrix Z that `data` holds as interleaved reals: rows 2p
/// and 2p + 1 of Z′ both come from row p of Z, the second with each
/// (Re, Im) pair made (−Im, Re) (RightFactorForm::complexPairs); packRight
/// forms them, and offsets are taken at even rows only.
template <class T>
struct Operand {
  const T* data;
  Index rowStride;
  Index columnStride = 1;
  bool complexPairs = false;

  const T& operator()(Index i, Index j) const { return data[i * rowStride + j * columnStride]; }
  Operand offset(Index i, Index j) const {
    if (complexPairs) return {&(*this)(i / 2, j), rowStride, columnStride, true};
    return {&(*this)(i, j), rowStride, columnStride};
  }
};

/// Writes columns [0, p) of six rows into `out` column after column (each
/// column's six values together), p the largest multiple of 4 (Double) or
/// 8 (Float) up to `depth`, and returns p: per 4 or 8 columns, six vector
/// loads, an in-register transpose and six vector stores, in place of one
/// scalar load and store per element.
inline Index transposeSixRows(const double* const row[6], Index depth, double* out) {
  Index p = 0;
  for (; p + 4 <= depth; p += 4) {
    const __m256d r0 = _mm256_loadu_pd(row[0] + p), r1 = _mm256_loadu_pd(row[1] + p);
    const __m256d r2 = _mm256_loadu_pd(row[2] + p), r3 = _mm256_loadu_pd(row[3] + p);
    const __m256d r4 = _mm256_loadu_pd(row[4] + p), r5 = _mm256_loadu_pd(row[5] + p);
    // Two rows' values of columns 0 | 2 (even) or 1 | 3 (odd), one column
    // per 128-bit half.
    const __m256d even01 = _mm256_unpacklo_pd(r0, r1), odd01 = _mm256_unpackhi_pd(r0, r1);
    const __m256d even23 = _mm256_unpacklo_pd(r2, r3), odd23 = _mm256_unpackhi_pd(r2, r3);
    const __m256d even45 = _mm256_unpacklo_pd(r4, r5), odd45 = _mm256_unpackhi_pd(r4, r5);
    double* o = out + p * 6;
    _mm256_storeu_pd(o, _mm256_permute2f128_pd(even01, even23, 0x20));  // rows 0–3 of column 0
    _mm256_storeu_pd(o + 4, _mm256_permute2f128_pd(even45, odd01, 0x20));  // 4–5 of 0, 0–1 of 1
    _mm256_storeu_pd(o + 8, _mm256_permute2f128_pd(odd23, odd45, 0x20));  // 2–5 of 1
    _mm256_storeu_pd(o + 12, _mm256_permute2f128_pd(even01, even23, 0x31));  // 0–3 of 2
    _mm256_storeu_pd(o + 16, _mm256_permute2f128_pd(even45, odd01, 0x31));  // 4–5 of 2, 0–1 of 3
    _mm256_storeu_pd(o + 20, _mm256_permute2f128_pd(odd23, odd45, 0x31));  // 2–5 of 3
  }
  return p;
}

inline Index transposeSixRows(const float* const row[6], Index depth, float* out) {
  Index p = 0;
  for (; p + 8 <= depth; p += 8) {
    const __m256 r0 = _mm256_loadu_ps(row[0] + p), r1 = _mm256_loadu_ps(row[1] + p);
    const __m256 r2 = _mm256_loadu_ps(row[2] + p), r3 = _mm256_loadu_ps(row[3] + p);
    const __m256 r4 = _mm256_loadu_ps(row[4] + p), r5 = _mm256_loadu_ps(row[5] + p);
    // Interleaving two rows makes 64-bit pairs, one per column: columns
    // 0 1 | 4 5 (lo) and 2 3 | 6 7 (hi) of rows 0–1, 2–3 and 4–5. What is
    // left is the Double transpose of three rows of pairs.
    const __m256d lo01 = _mm256_castps_pd(_mm256_unpacklo_ps(r0, r1));
    const __m256d hi01 = _mm256_castps_pd(_mm256_unpackhi_ps(r0, r1));
    const __m256d lo23 = _mm256_castps_pd(_mm256_unpacklo_ps(r2, r3));
    const __m256d hi23 = _mm256_castps_pd(_mm256_unpackhi_ps(r2, r3));
    const __m256d lo45 = _mm256_castps_pd(_mm256_unpacklo_ps(r4, r5));
    const __m256d hi45 = _mm256_castps_pd(_mm256_unpackhi_ps(r4, r5));
    // Four pairs each (one 128-bit half for columns 0–3, one for 4–7):
    // rows 01 23 of column 0 | 4, 45 of 0 and 01 of 1 | 4 and 5, 23 45 of
    // 1 | 5, 01 23 of 2 | 6, 45 of 2 and 01 of 3 | 6 and 7, 23 45 of 3 | 7.
    const __m256d v0 = _mm256_unpacklo_pd(lo01, lo23), v1 = _mm256_shuffle_pd(lo45, lo01, 0b1010);
    const __m256d v2 = _mm256_unpackhi_pd(lo23, lo45), v3 = _mm256_unpacklo_pd(hi01, hi23);
    const __m256d v4 = _mm256_shuffle_pd(hi45, hi01, 0b1010), v5 = _mm256_unpackhi_pd(hi23, hi45);
    double* o = reinterpret_cast<double*>(out + p * 6);
    _mm256_storeu_pd(o, _mm256_permute2f128_pd(v0, v1, 0x20));
    _mm256_storeu_pd(o + 4, _mm256_permute2f128_pd(v2, v3, 0x20));
    _mm256_storeu_pd(o + 8, _mm256_permute2f128_pd(v4, v5, 0x20));
    _mm256_storeu_pd(o + 12, _mm256_permute2f128_pd(v0, v1, 0x31));
    _mm256_storeu_pd(o + 16, _mm256_permute2f128_pd(v2, v3, 0x31));
    _mm256_storeu_pd(o + 20, _mm256_permute2f128_pd(v4, v5, 0x31));
  }
  return p;
}

/// Copies rows [0, rows) × columns [0, depth) of `a` into mr-row slivers:
/// sliver s holds, for each column p, the mr values a(s·mr + r, p), with
/// zeros below the last row.
template <class T, class B>
void packLeft(Operand<T> a, Index rows, Index depth, T* out) {
  constexpr Index mr = B::mr;
  for (Index top = 0; top < rows; top += mr) {
    const Index height = std::min(mr, rows - top);
    if (height == mr && a.columnStride == 1) {
      const T* row[mr];
      for (Index r = 0; r < mr; ++r) row[r] = &a(top + r, 0);
      Index p = 0;
      if constexpr (mr == 6) p = transposeSixRows(row, depth, out);
      out += p * mr;
      for (; p < depth; ++p) {
        for (Index r = 0; r < mr; ++r) out[r] = row[r][p];
        out += mr;
      }
    } else if (height == mr && a.rowStride == 1) {
      const T* column = &a(top, 0);
      for (Index p = 0; p < depth; ++p) {
        for (Index r = 0; r < mr; ++r) out[r] = column[p * a.columnStride + r];
        out += mr;
      }
    } else {
      for (Index p = 0; p < depth; ++p) {
        for (Index r = 0; r < mr; ++r) out[r] = r < height ? a(top + r, p) : T(0);
        out += mr;
      }
    }
  }
}

/// Copies rows [0, depth) × columns [0, columns) of `b` into nr-column
/// slivers: sliver s holds, for each row p, the nr values b(p, s·nr + j),
/// with zeros right of the last column.
///
/// A `complexPairs` operand (row-major, even `depth` and `columns`) gets
/// Z′'s odd rows formed on the way, by a swap of each pair and a sign flip
/// (the same bits as −Im and Re): the complex product then packs straight
/// from Z rather than writing Z′ (2k × 2n reals) and packing that.
template <class T, class B>
void packRight(Operand<T> b, Index depth, Index columns, T* out) {
  constexpr Index nr = B::nr;
  const Index fullColumns = b.columnStride == 1 ? columns / nr * nr : 0;
  const bool pairs = b.complexPairs;
  // Where row p of the factor is read from: row p, or row p / 2 of Z.
  const auto sourceRow = [&](Index p) { return b.data + (pairs ? p / 2 : p) * b.rowStride; };
  // Rows stored contiguously are read a few rows at a time, left to right,
  // so that the loads stream (sliver by sliver, every row of B was a cache
  // miss), and each sliver gets those rows as one run of stores. The next
  // group's rows are fetched one group ahead: every row of B starts a new
  // stream, which the hardware prefetcher picks up only after its first
  // misses.
  //
  // Measured on an AMD EPYC (Zen 3; C++ harness, time-stamp counts around
  // the packing inside square products, one thread), against one row at a
  // time without prefetching: the share of the product's cycles spent
  // packing B fell from 1.6% to 1.0% (Float 2048), 2.2–2.7% to 1.9–2.0%
  // (Float 1024), 1.1% to 0.65% (Double 2048), 1.8–1.9% to 1.2% (Double
  // 1024); on 4 KiB pages (Float 2048) from 1.9–2.1% to 1.1%. End to end
  // that is below this machine's noise.
  constexpr Index groupRows = 4, lineScalars = 64 / sizeof(T);
  // One sliver's row, nr scalars, as whole vectors: written as a scalar
  // loop, clang kept it scalar (one load and one store per element), since
  // `out` might overlap `b`. Packed B starts on a 64-byte boundary and a
  // sliver's row is 64 bytes (256 with the AVX-512 tiles), so the stores
  // are aligned.
  const auto copyRow = [](const T* from, T* to) {
#pragma clang loop unroll(full)
    for (Index v = 0; v < nr; v += B::lanes) B::store(to + v, B::loadUnaligned(from + v));
  };
  const auto copyRowRotated = [](const T* from, T* to) {
#pragma clang loop unroll(full)
    for (Index v = 0; v < nr; v += B::lanes) B::store(to + v, B::rotatePairs(B::loadUnaligned(from + v)));
  };
  // Row p of the factor, columns [left, left + nr), into `to`.
  const auto packRow = [&](Index p, Index left, T* to) {
    if (pairs && p % 2 == 1) {
      copyRowRotated(sourceRow(p) + left, to);
    } else {
      copyRow(sourceRow(p) + left, to);
    }
  };
  Index p = 0;
  for (; p + groupRows <= depth; p += groupRows) {
    T* destination = out + p * nr;
    const bool fetchesNextGroup = p + 2 * groupRows <= depth;
    for (Index left = 0; left < fullColumns; left += nr) {
      if (fetchesNextGroup) {
        for (Index q = groupRows; q < 2 * groupRows; q += pairs ? 2 : 1) {
          for (Index j = 0; j < nr; j += lineScalars) {
            _mm_prefetch(reinterpret_cast<const char*>(sourceRow(p + q) + left + j), _MM_HINT_T0);
          }
        }
      }
#pragma clang loop unroll(full)
      for (Index q = 0; q < groupRows; ++q) packRow(p + q, left, destination + q * nr);
      destination += depth * nr;
    }
  }
  for (; p < depth; ++p) {
    T* destination = out + p * nr;
    for (Index left = 0; left < fullColumns; left += nr) {
      packRow(p, left, destination);
      destination += depth * nr;
    }
  }
  for (Index left = fullColumns; left < columns; left += nr) {
    const Index width = std::min(nr, columns - left);
    T* destination = out + left * depth;
    for (Index p = 0; p < depth; ++p) {
      if (pairs) {
        // Z′'s odd rows: (−Im, Re) for each (Re, Im) of the row of Z.
        const T* source = sourceRow(p) + left;
        for (Index j = 0; j < width; ++j) {
          destination[j] = p % 2 == 0 ? source[j] : j % 2 == 0 ? -source[j + 1] : source[j - 1];
        }
      } else {
        for (Index j = 0; j < width; ++j) destination[j] = b(p, left + j);
      }
      std::fill(destination + width, destination + nr, T(0));
      destination += nr;
    }
  }
}

/// Fetches into the cache, spread over the last kernel calls of one row of
/// tiles, the lines that packing the next sliver of A will touch: the rows
/// it reads from A (row-major or column-major A; other strides are not
/// fetched) and its place in the packed panel, which it writes. Without
/// it, packing a sliver waited on memory for both: its rows of A come from
/// main memory, and the panel's lines, written one depth block earlier,
/// have left the caches, so every store missed. (Fetched across the whole
/// row, more of the lines are gone again by then: each kernel call streams
/// a 16–32 KiB sliver of B through L1 and L2.)
///
/// Measured on an AMD EPYC (Zen 3; C++ harness, time-stamp counts around
/// the packing inside square products, one thread, operands on 2 MiB
/// pages), against packing the panel whole before the tiles: the share of
/// the product's cycles spent packing A fell from 2.8–3.4% to 1.0–1.2%
/// (Float 1024), 2.8% to 0.7% (Double 1024), 1.5–1.7% to 0.5–0.6%
/// (Float 2048), 1.5–1.6% to 0.4% (Double 2048). Whole products, medians
/// of the ratios of 7–61 interleaved rounds: 1024 0.96–0.99× (one and two
/// threads, Double and Float), Float 512 0.95–0.97×, Double 384 0.94–0.96×,
/// 2048 0.97–1.03× (this machine's noise there); 128 and 256, which pack
/// whole (pays()), 0.99–1.01×. (The AVX-512 tiles, which share this: not
/// measured.)
template <class T>
class NextSliverFetch {
 public:
  /// Whether a panel of A `rows` × `depth` is large enough to fetch for:
  /// a smaller one (and the part of A it comes from) is still in L2 when
  /// packed. Measured on an AMD EPYC (Zen 3, 512 KiB L2; C++ harness,
  /// interleaved, one thread), packing sliver by sliver with the fetches
  /// against packing whole: Float 128 and 256 (64 and 256 KiB panels)
  /// 1.02–1.07× and 1.01–1.04×, Double 256 (512 KiB) 0.98–1.01×, Float and
  /// Double 384 (576 KiB, 768 KiB) 1.00× and 0.94–0.96×.
  static bool pays(Index rows, Index depth) {
    return static_cast<std::size_t>(rows) * static_cast<std::size_t>(depth) * sizeof(T) > (std::size_t(256) << 10);
  }

  /// Fetches nothing (beforeCall returns at its first comparison).
  NextSliverFetch() = default;

  /// For a next sliver of `height` rows of `next`, `depth` deep, to be
  /// packed into `destination` (mr·depth scalars), over a row of `calls`
  /// kernel calls.
  NextSliverFetch(Operand<T> next, Index height, Index depth, Index mr, const T* destination, Index calls)
      : next_(next), height_(height), depth_(depth), linesPerRow_(depth / lineScalars + 1), destination_(destination) {
    sourceLines_ = next.columnStride == 1 ? height * linesPerRow_ : next.rowStride == 1 ? 2 * depth : 0;
    destinationLines_ = (mr * depth + lineScalars - 1) / lineScalars;
    const Index window = std::min(calls, windowCalls);
    firstCall_ = calls - window;
    perCall_ = (std::max(sourceLines_, destinationLines_) + window - 1) / window;
  }

  /// Issues this call's share of the prefetches; call before each kernel
  /// call of the row, with its index.
  void beforeCall(Index call) {
    if (call < firstCall_) return;
    for (Index end = line_ + perCall_; line_ < end; ++line_) {
      if (line_ < sourceLines_) {
        _mm_prefetch(reinterpret_cast<const char*>(sourceLine(line_)), _MM_HINT_T0);
        // The next line of a row-major A, counted without a division (one
        // per line, tens of cycles each, took 7% of a complex LU whose
        // updates are rows of four kernel calls).
        if (++lineInRow_ == linesPerRow_) {
          lineInRow_ = 0;
          ++row_;
        }
      }
      if (line_ < destinationLines_) {
        _mm_prefetch(reinterpret_cast<const char*>(destination_ + line_ * lineScalars), _MM_HINT_T0);
      }
    }
  }

 private:
  static constexpr Index lineScalars = 64 / sizeof(T);
  /// Of 4, 16 and 64 (of the 64 calls in a row of a 1024-wide block of
  /// C), 16 left the least time in packing (0.2–0.3 points less).
  static constexpr Index windowCalls = 16;

  /// The `line`th line the packing reads: along each row of a row-major A
  /// (every line's first scalar, and the row's last one; line `line` is
  /// line lineInRow_ of row row_), or the first and last scalar of each
  /// column of a column-major one.
  const T* sourceLine(Index line) const {
    if (next_.columnStride == 1) return &next_(row_, std::min(lineInRow_ * lineScalars, depth_ - 1));
    return &next_(line % 2 == 0 ? 0 : height_ - 1, line / 2);
  }

  Operand<T> next_{nullptr, 0};
  Index height_ = 0, depth_ = 0;
  /// Lines fetched per row of a row-major A: every line's first scalar,
  /// and the row's last one.
  Index linesPerRow_ = 0;
  const T* destination_ = nullptr;
  Index sourceLines_ = 0, destinationLines_ = 0, perCall_ = 0, line_ = 0;
  /// Where line_ is in a row-major A.
  Index row_ = 0, lineInRow_ = 0;
  /// No call reaches it unless a constructor with a sliver set it.
  Index firstCall_ = std::numeric_limits<Index>::max();
};

/// Fetches the rows × nr tile of C at `c` into the cache, so that its misses
/// overlap the kernel's loop instead of stalling the stores at the end:
/// every 64-byte line a row of the tile touches (the first element of each
/// line's worth, and the last).
template <class T, class B>
inline void fetchTile(const T* c, Index stride, Index rows) {
  constexpr Index lineScalars = 64 / sizeof(T);
  for (Index r = 0; r < rows; ++r) {
#pragma clang loop unroll(full)
    for (Index j = 0; j < B::nr; j += lineScalars) {
      _mm_prefetch(reinterpret_cast<const char*>(c + r * stride + j), _MM_HINT_T0);
    }
    _mm_prefetch(reinterpret_cast<const char*>(c + r * stride + B::nr - 1), _MM_HINT_T0);
  }
}

/// C(rows × columns tile) = α · sums + β · C for a tile whose sums the
/// kernel holds in registers. Reads C only when β ≠ 0. A whole tile with
/// α = 1 (every product but the LU family's updates) skips the product by
/// α, and with β = 1 (every depth block after the first) adds C instead of
/// multiplying it by β: the same results, two instructions fewer per
/// vector (with the complex kernel's `addRotated`, two threads, complex
/// Double 1024 in a C++ harness, alternating: 38.1 → 37.96 ms, medians of
/// eight rounds).
template <class T, class B>
inline void storeTile(const typename B::Packet (&sums)[B::mr][B::nr / B::lanes], T* c, Index stride, T alpha,
                      T beta, Index rows, Index columns) {
  using Packet = typename B::Packet;
  constexpr Index mr = B::mr, nr = B::nr, lanes = B::lanes, vectors = nr / lanes;
  const Packet alphas = B::splat(alpha), betas = B::splat(beta);
  if (rows == mr && columns == nr && alpha == T(1)) {
#pragma clang loop unroll(full)
    for (Index r = 0; r < mr; ++r) {
      T* row = c + r * stride;
#pragma clang loop unroll(full)
      for (Index v = 0; v < vectors; ++v) {
        Packet result = sums[r][v];
        if (beta == T(1)) {
          result = B::add(B::loadUnaligned(row + v * lanes), result);
        } else if (beta != T(0)) {
          result = B::multiplyAdd(betas, B::loadUnaligned(row + v * lanes), result);
        }
        B::storeUnaligned(row + v * lanes, result);
      }
    }
    return;
  }
  if (rows == mr && columns == nr) {
#pragma clang loop unroll(full)
    for (Index r = 0; r < mr; ++r) {
      T* row = c + r * stride;
#pragma clang loop unroll(full)
      for (Index v = 0; v < vectors; ++v) {
        Packet result = B::multiply(alphas, sums[r][v]);
        if (beta != T(0)) result = B::multiplyAdd(betas, B::loadUnaligned(row + v * lanes), result);
        B::storeUnaligned(row + v * lanes, result);
      }
    }
    return;
  }
  alignas(64) T tile[mr * nr];
  for (Index r = 0; r < mr; ++r) {
    for (Index v = 0; v < vectors; ++v) B::store(tile + r * nr + v * lanes, B::multiply(alphas, sums[r][v]));
  }
  for (Index r = 0; r < rows; ++r) {
    T* row = c + r * stride;
    for (Index j = 0; j < columns; ++j) {
      row[j] = beta != T(0) ? tile[r * nr + j] + beta * row[j] : tile[r * nr + j];
    }
  }
}

/// C(rows × columns tile) = α · (sliver a)(sliver b) + β · C, over `depth`
/// steps. Reads C only when β ≠ 0, so C may hold garbage (or NaN) then.
///
/// Never inlined: inlined, its 12 accumulators shared the register
/// allocation of whatever loop nest called it, and a change to the nest
/// alone (equal-sized depth blocks) made clang spill and reload them inside
/// the kernel's loop, at half speed. Out of line it costs one call per tile
/// (next to ~1,500 cycles of FMAs at full depth). Measured on an AMD EPYC
/// (Zen 3; C++ harness, medians of the ratios of 15–41 interleaved rounds,
/// one thread), out of line against inlined: 0.98–1.02× for Double and
/// Float at 256, 512, 1024 and 2048 and for the LU family's k = 64 and 256
/// updates (the AVX-512 tiles, which share this kernel: not measured).
template <class T, class B>
__attribute__((noinline))
void microKernel(Index depth, const T* a, const T* b, T* c, Index stride, T alpha, T beta, Index rows,
                 Index columns) {
  using Packet = typename B::Packet;
  constexpr Index mr = B::mr, nr = B::nr, lanes = B::lanes, vectors = nr / lanes;
  static_assert(vectors * lanes == nr, "a row of the tile is whole vectors");
  fetchTile<T, B>(c, stride, rows);
  Packet sums[mr][vectors];
#pragma clang loop unroll(full)
  for (Index r = 0; r < mr; ++r) {
#pragma clang loop unroll(full)
    for (Index v = 0; v < vectors; ++v) sums[r][v] = B::zero();
  }
#pragma clang loop unroll_count(4)
  for (Index p = 0; p < depth; ++p) {
    Packet right[vectors];
#pragma clang loop unroll(full)
    for (Index v = 0; v < vectors; ++v) right[v] = B::load(b + v * lanes);
#pragma clang loop unroll(full)
    for (Index r = 0; r < mr; ++r) {
      const Packet scale = B::broadcast(a + r);
#pragma clang loop unroll(full)
      for (Index v = 0; v < vectors; ++v) sums[r][v] = B::multiplyAdd(scale, right[v], sums[r][v]);
    }
    a += mr;
    b += nr;
  }
  storeTile<T, B>(sums, c, stride, alpha, beta, rows, columns);
}

/// The complex micro-kernel: C(rows × columns tile) = α · (sliver a)(sliver
/// b) + β · C where C and b hold complex numbers as interleaved reals (a
/// tile row is nr / 2 complex columns) and the sliver of A is packed as the
/// real one of the interleaved rows of A, `depth` real steps deep: at real
/// step 2p the mr real parts of column p, at 2p + 1 its imaginary parts. The
/// sliver of b holds depth / 2 rows of B itself, not of B′.
///
/// Each row of B is loaded once and multiplied by both parts of each entry
/// of A, into two sets of sums: Re a · (Re b, Im b) and Im a · (Re b, Im b).
/// The second set, each pair turned to (−Im a Im b, Im a Re b), is added to
/// the first at the end. The real kernel on B′ (the 4M method) does the
/// same FMAs but loads two rows of B′ per column of A, B and a rotated copy:
/// twice the packed B, from L2, per FMA, and twice the packing.
template <class T, class B>
__attribute__((noinline))
void complexMicroKernel(Index depth, const T* a, const T* b, T* c, Index stride, T alpha, T beta, Index rows,
                        Index columns) {
  using Packet = typename B::Packet;
  constexpr Index mr = B::mr, nr = B::nr, lanes = B::lanes, vectors = nr / lanes;
  static_assert(vectors * lanes == nr, "a row of the tile is whole vectors");
  fetchTile<T, B>(c, stride, rows);
  Packet realSums[mr][vectors], imaginarySums[mr][vectors];
#pragma clang loop unroll(full)
  for (Index r = 0; r < mr; ++r) {
#pragma clang loop unroll(full)
    for (Index v = 0; v < vectors; ++v) realSums[r][v] = imaginarySums[r][v] = B::zero();
  }
#pragma clang loop unroll_count(2)
  for (Index p = 0; p < depth; p += 2) {
    Packet right[vectors];
#pragma clang loop unroll(full)
    for (Index v = 0; v < vectors; ++v) right[v] = B::load(b + v * lanes);
#pragma clang loop unroll(full)
    for (Index r = 0; r < mr; ++r) {
      const Packet real = B::broadcast(a + r), imaginary = B::broadcast(a + mr + r);
#pragma clang loop unroll(full)
      for (Index v = 0; v < vectors; ++v) {
        realSums[r][v] = B::multiplyAdd(real, right[v], realSums[r][v]);
        imaginarySums[r][v] = B::multiplyAdd(imaginary, right[v], imaginarySums[r][v]);
      }
    }
    a += 2 * mr;
    b += nr;
  }
#pragma clang loop unroll(full)
  for (Index r = 0; r < mr; ++r) {
#pragma clang loop unroll(full)
    for (Index v = 0; v < vectors; ++v) realSums[r][v] = B::addRotated(realSums[r][v], imaginarySums[r][v]);
  }
  storeTile<T, B>(realSums, c, stride, alpha, beta, rows, columns);
}

/// The calling thread's storage for packed blocks, aligned for the kernel's
/// vector loads. It is kept between calls (the pool's workers live on), since
/// fresh pages for every product cost page faults comparable to the work
/// of a 256×256 product; it grows to at most (panelRows + nc)·kc scalars
/// (6 MiB with the AVX2 tiles; 6.8 MiB for Double and 4.5 MiB for Float
/// with the AVX-512 ones; per thread that multiplies).
///
/// From 1 MiB it is whole 2 MiB pages, 2 MiB-aligned and marked for huge
/// pages before its first write: on 4 KiB pages the packed panel of A and
/// block of B (megabytes) need hundreds of TLB entries, and their physical
/// pages, which decide how evenly they spread over the physically indexed
/// caches' sets, differ from process to process. (Measured when the packed
/// blocks were smaller: this machine's timings vary too much to show a gain
/// either way.)
template <class T>
T* packingStorage(Index count) {
  constexpr std::size_t largePage = std::size_t(1) << 21;
  struct Release {
    std::size_t alignment;
    void operator()(T* p) const { ::operator delete[](p, std::align_val_t(alignment)); }
  };
  thread_local std::unique_ptr<T[], Release> storage(nullptr, Release{64});
  thread_local Index capacity = 0;
  if (capacity < count) {
    storage.reset();
    capacity = 0;
    std::size_t bytes = static_cast<std::size_t>(count) * sizeof(T);
    const std::size_t alignment = bytes >= largePage / 2 ? largePage : 64;
    bytes = (bytes + alignment - 1) / alignment * alignment;
    storage = std::unique_ptr<T[], Release>(new (std::align_val_t(alignment)) T[bytes / sizeof(T)],
                                            Release{alignment});
    if (alignment == largePage) memory::adviseLargePages(storage.get(), bytes);
    capacity = static_cast<Index>(bytes / sizeof(T));
  }
  return storage.get();
}

/// C = βC for an empty inner dimension (β = 0 writes zeros without reading).
template <class T>
void scaleOnly(Index m, Index n, T beta, T* c, Index cStride) {
  for (Index i = 0; i < m; ++i) {
    for (Index j = 0; j < n; ++j) c[i * cStride + j] = beta != T(0) ? beta * c[i * cStride + j] : T(0);
  }
}

/// multiply() with the tile and block sizes of `B` (Blocking or
/// WideBlocking), in the loop order described at the top of this file.
/// With the AVX-512 tiles it was measured on an Intel Xeon with AVX-512
/// (C++ harness, ratios of interleaved runs, 21–25 rounds) against the old
/// loop order (see Blocking) with the same tiles: 2048×2048 on one thread
/// 4–6% faster (Double and Float), 1024 and the LU family's k = 64 and 256
/// updates 1–3% faster, 256 and 512 the same.
template <class T, class B>
void multiplyPanels(Index m, Index n, Index k, T alpha, Operand<T> a, Operand<T> b, T beta, T* c, Index cStride) {
  if (m <= 0 || n <= 0) return;
  if (k <= 0) return scaleOnly(m, n, beta, c, cStride);
  // The inner dimension splits into blocks of equal depth (at most B::kc,
  // rounded up to a multiple of 8), not into full blocks and a short last
  // one: every block is one more pass over C (a load and a store of each
  // element), which a short block amortizes over little work. Measured with
  // the AVX2 tiles in the old loop order (C++ harness, interleaved, one
  // thread), against blocks of B::kc and a remainder: 0.93–0.98× at 300,
  // 600, 777 and 1100 (Double and Float; Double 777 runs as 3×200 + 177
  // instead of 3×256 + 9), 0.99–1.01× at 1500 and 2000; 1024 and 2048 get
  // the same blocks as before. (With the AVX-512 tiles: not measured.)
  const Index depthBlocks = (k + B::kc - 1) / B::kc;
  const Index kc = std::min(k, ((k + depthBlocks - 1) / depthBlocks + 7) / 8 * 8);
  const Index nc = std::min(B::nc, n);
  // Taller A splits into equal panels, each a whole number of tiles.
  const Index panels = (m + B::panelRows - 1) / B::panelRows;
  const Index panelRows = ((m + panels - 1) / panels + B::mr - 1) / B::mr * B::mr;
  const Index roundedNc = (nc + B::nr - 1) / B::nr * B::nr;
  // Packed B starts on a 64-byte boundary: the kernel's loads of it are
  // aligned (and an aligned load of a misaligned address faults).
  const Index packedASize = (panelRows * kc + 15) / 16 * 16;
  T* const packedA = packingStorage<T>(packedASize + roundedNc * kc);
  T* const packedB = packedA + packedASize;
  for (Index pc = 0; pc < k; pc += kc) {
    const Index depth = std::min(kc, k - pc);
    const T blockBeta = pc == 0 ? beta : T(1);
    for (Index ic = 0; ic < m; ic += panelRows) {
      const Index rows = std::min(panelRows, m - ic);
      // A large panel is packed sliver by sliver in the first block of
      // columns, each sliver just before its row of tiles, while the row
      // before fetches what that packing touches (NextSliverFetch); a
      // small one is packed whole, here. Later blocks reuse the panel.
      const bool fetchesA = NextSliverFetch<T>::pays(rows, depth);
      if (!fetchesA) packLeft<T, B>(a.offset(ic, pc), rows, depth, packedA);
      for (Index jc = 0; jc < n; jc += nc) {
        const Index columns = std::min(nc, n - jc);
        if constexpr (B::complexTiles) {
          // Rows pc / 2 … of B itself (b is the complexPairs operand).
          packRight<T, B>({b.offset(pc, jc).data, b.rowStride}, depth / 2, columns, packedB);
        } else {
          packRight<T, B>(b.offset(pc, jc), depth, columns, packedB);
        }
        const bool packsA = fetchesA && jc == 0;
        const Index calls = (columns + B::nr - 1) / B::nr;
        for (Index ir = 0; ir < rows; ir += B::mr) {
          T* const sliverA = packedA + ir * depth;
          const Index nextHeight = std::min(B::mr, rows - ir - B::mr);
          if (packsA) packLeft<T, B>(a.offset(ic + ir, pc), std::min(B::mr, rows - ir), depth, sliverA);
          NextSliverFetch<T> fetch;
          if (packsA && nextHeight > 0) {
            fetch = NextSliverFetch<T>(a.offset(ic + ir + B::mr, pc), nextHeight, depth, B::mr,
                                       sliverA + B::mr * depth, calls);
          }
          for (Index jr = 0, call = 0; jr < columns; jr += B::nr, ++call) {
            fetch.beforeCall(call);
            T* const tile = c + (ic + ir) * cStride + jc + jr;
            const Index height = std::min(B::mr, rows - ir), width = std::min(B::nr, columns - jr);
            if constexpr (B::complexTiles) {
              complexMicroKernel<T, B>(depth, sliverA, packedB + jr * (depth / 2), tile, cStride, alpha, blockBeta,
                                       height, width);
            } else {
              microKernel<T, B>(depth, sliverA, packedB + jr * depth, tile, cStride, alpha, blockBeta, height, width);
            }
          }
        }
      }
    }
  }
}

/// C (m×n, row-major) = α A (m×k) B (k×n) + β C; β = 0 writes C without
/// reading it. Runs on the calling thread; callers split C to go parallel.
/// Uses the AVX-512 kernel (PackedProductAVX512.cpp) when the CPU has it.
template <class T>
void multiply(Index m, Index n, Index k, T alpha, Operand<T> a, Operand<T> b, T beta, T* c, Index cStride) {
  if (avx512::isUsable()) {
    avx512::multiplyPacked(m, n, k, alpha, a.data, a.rowStride, a.columnStride, b.data, b.rowStride,
                           b.columnStride, b.complexPairs, beta, c, cStride);
    return;
  }
  multiplyPanels<T, Blocking<T>>(m, n, k, alpha, a, b, beta, c, cStride);
}

}  // namespace packed
}  // namespace
}  // namespace core
