// The AVX-512 variant of the core's packed matrix-product kernel
// (PackedProduct.hpp): the same blocked loops with a micro-kernel that holds
// a 6×32 Double (6×64 Float) tile of C in 24 of the 32 zmm registers, and,
// for complex products, the complex micro-kernel on 6×8 (6×16) complex tiles,
// two sums per entry.
// Every AVX2 kernel variant (products, LU, Cholesky, QR, SVD, eigen) calls
// `packed::multiply`, which comes here when CPUID reports AVX-512F, so the
// trailing updates of the factorizations get the wider vectors too without
// Eigen being compiled a third time: this translation unit includes no
// Eigen. No compiler flag is needed, so SwiftPM's default build has it.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "KernelVariants.hpp"

#if defined(__x86_64__) && defined(__clang__) && !defined(LINEAR_ALGEBRA_BASELINE_ONLY)

#include <immintrin.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <new>

#pragma clang attribute push(__attribute__((target("avx512f,avx512dq,avx512vl,avx2,fma"))), apply_to = function)

#include "PackedProduct.hpp"

namespace core {
namespace {
namespace packed {

/// Register-tile and cache-block sizes for AVX-512, in multiplyPanels'
/// loop order. mr×nr is the tile the micro-kernel holds in registers (6 rows
/// × 4 vectors: 24 accumulators, 4 for B, the broadcasts fold into the
/// FMAs), so each step of 24 FMAs loads 4 vectors and 6 broadcasts (12 × 2
/// vectors needed 2 and 12). An mr×kc sliver of A is 18 KiB (Double; L1),
/// a kc×nc block of B 576 KiB (Double) or 512 KiB (Float; L2), a panel of A
/// 6 MiB or 4 MiB (last-level cache). Measured on an Intel Xeon with
/// AVX-512 (C++ harness, interleaved): against 12×16 / 12×32 tiles with
/// kc = 256, Double 2048 ~7% faster on one and two threads, Float 5–15%
/// faster at 1024 and 2048. In the panel order at 2048 on one thread:
/// Double 12×16 tiles 2–4% slower than 6×32, nc 128 or 256 no better than
/// 192, kc 512 2% slower than 384; Float kc 512 with nc 256 the best of kc
/// 384–768; panels of 1024 rows 3–4% slower than 2048 (both scalars).
template <class T>
struct WideBlocking;

template <>
struct WideBlocking<double> {
  using Packet = __m512d;
  static constexpr Index lanes = 8, mr = 6, nr = 32, kc = 384, nc = 192, panelRows = 2048;
  static constexpr bool complexTiles = false;
  static Packet zero() { return _mm512_setzero_pd(); }
  static Packet load(const double* p) { return _mm512_load_pd(p); }
  static Packet loadUnaligned(const double* p) { return _mm512_loadu_pd(p); }
  static void storeUnaligned(double* p, Packet v) { _mm512_storeu_pd(p, v); }
  static void store(double* p, Packet v) { _mm512_store_pd(p, v); }
  static Packet broadcast(const double* p) { return _mm512_set1_pd(*p); }
  static Packet splat(double x) { return _mm512_set1_pd(x); }
  static Packet multiplyAdd(Packet a, Packet b, Packet c) { return _mm512_fmadd_pd(a, b, c); }
  static Packet multiply(Packet a, Packet b) { return _mm512_mul_pd(a, b); }
  static Packet add(Packet a, Packet b) { return _mm512_add_pd(a, b); }
  /// (x₀, x₁, …) → (−x₁, x₀, …): each complex (Re, Im) times i.
  static Packet rotatePairs(Packet x) {
    return _mm512_xor_pd(_mm512_permute_pd(x, 0b01010101),
                         _mm512_setr_pd(-0.0, 0.0, -0.0, 0.0, -0.0, 0.0, -0.0, 0.0));
  }
  /// x + rotatePairs(y) in two instructions instead of three: (x₀ − y₁,
  /// x₁ + y₀, …), a multiply-add by 1 that subtracts in the even lanes and
  /// adds in the odd ones (exact, as the sum is).
  static Packet addRotated(Packet x, Packet y) {
    return _mm512_fmaddsub_pd(x, _mm512_set1_pd(1.0), _mm512_permute_pd(y, 0b01010101));
  }
};

template <>
struct WideBlocking<float> {
  using Packet = __m512;
  static constexpr Index lanes = 16, mr = 6, nr = 64, kc = 512, nc = 256, panelRows = 2048;
  static constexpr bool complexTiles = false;
  static Packet zero() { return _mm512_setzero_ps(); }
  static Packet load(const float* p) { return _mm512_load_ps(p); }
  static Packet loadUnaligned(const float* p) { return _mm512_loadu_ps(p); }
  static void storeUnaligned(float* p, Packet v) { _mm512_storeu_ps(p, v); }
  static void store(float* p, Packet v) { _mm512_store_ps(p, v); }
  static Packet broadcast(const float* p) { return _mm512_set1_ps(*p); }
  static Packet splat(float x) { return _mm512_set1_ps(x); }
  static Packet multiplyAdd(Packet a, Packet b, Packet c) { return _mm512_fmadd_ps(a, b, c); }
  static Packet multiply(Packet a, Packet b) { return _mm512_mul_ps(a, b); }
  static Packet add(Packet a, Packet b) { return _mm512_add_ps(a, b); }
  /// (x₀, x₁, …) → (−x₁, x₀, …): each complex (Re, Im) times i.
  static Packet rotatePairs(Packet x) {
    return _mm512_xor_ps(_mm512_permute_ps(x, 0b10110001), _mm512_castsi512_ps(_mm512_set1_epi64(0x80000000ll)));
  }
  /// x + rotatePairs(y) in two instructions instead of three: (x₀ − y₁,
  /// x₁ + y₀, …), a multiply-add by 1 that subtracts in the even lanes and
  /// adds in the odd ones (exact, as the sum is).
  static Packet addRotated(Packet x, Packet y) {
    return _mm512_fmaddsub_ps(x, _mm512_set1_ps(1.0f), _mm512_permute_ps(y, 0b10110001));
  }
};

}  // namespace packed
}  // namespace

namespace avx512 {

void multiplyPacked(Index m, Index n, Index k, double alpha, const double* a, Index aRowStride,
                    Index aColumnStride, const double* b, Index bRowStride, Index bColumnStride,
                    bool bComplexPairs, double beta, double* c, Index cStride) {
  // A complex product (B′ given as B): the complex micro-kernel on 6 × 8
  // complex tiles, 192 complex steps deep (the A sliver as before), 192
  // complex columns per block of B. Measured against the real kernel on B′
  // (C++ harness, complex 1024, alternating): two threads 39.0–39.4 → 38.0–
  // 38.2 ms, one thread 75.9–76.0 → 74.7–75.4 ms; blocks of 96 or 384 complex
  // columns, depth 256, 4×12 or 3×16 complex tiles, and unrolling by 1 or 4
  // were no faster.
  if (bComplexPairs) {
    packed::multiplyPanels<double, packed::ComplexTiles<packed::WideBlocking<double>, 6, 16, 384, 384>>(
        m, n, k, alpha, {a, aRowStride, aColumnStride}, {b, bRowStride, bColumnStride, true}, beta, c, cStride);
    return;
  }
  packed::multiplyPanels<double, packed::WideBlocking<double>>(m, n, k, alpha, {a, aRowStride, aColumnStride},
                                                               {b, bRowStride, bColumnStride, bComplexPairs},
                                                               beta, c, cStride);
}

void multiplyPacked(Index m, Index n, Index k, float alpha, const float* a, Index aRowStride, Index aColumnStride,
                    const float* b, Index bRowStride, Index bColumnStride, bool bComplexPairs, float beta, float* c,
                    Index cStride) {
  // A complex product: 6 × 16 complex tiles, 256 complex steps deep, 256
  // complex columns per block (two threads 19.3–19.4 → 18.8–18.9 ms, one
  // thread 37.7 → 37.0–37.2 ms at 1024; the same alternatives as above).
  if (bComplexPairs) {
    packed::multiplyPanels<float, packed::ComplexTiles<packed::WideBlocking<float>, 6, 32, 512, 512>>(
        m, n, k, alpha, {a, aRowStride, aColumnStride}, {b, bRowStride, bColumnStride, true}, beta, c, cStride);
    return;
  }
  packed::multiplyPanels<float, packed::WideBlocking<float>>(m, n, k, alpha, {a, aRowStride, aColumnStride},
                                                             {b, bRowStride, bColumnStride, bComplexPairs}, beta,
                                                             c, cStride);
}

}  // namespace avx512
}  // namespace core

#pragma clang attribute pop

namespace core::avx512 {

bool isUsable() noexcept {
  // The runtime's CPUID check also requires the OS to save the zmm state.
  static const bool usable = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
                             __builtin_cpu_supports("avx512vl") && avx2::isUsable() &&
                             instructionSetCeiling() >= InstructionSetLevel::avx512;
  return usable;
}

}  // namespace core::avx512

#else  // no AVX-512 variant on this architecture or compiler, or a debug build

namespace core::avx512 {
bool isUsable() noexcept { return false; }
void multiplyPacked(Index, Index, Index, double, const double*, Index, Index, const double*, Index, Index, bool,
                    double, double*, Index) {}
void multiplyPacked(Index, Index, Index, float, const float*, Index, Index, const float*, Index, Index, bool, float,
                    float*, Index) {}
}  // namespace core::avx512

#endif

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
