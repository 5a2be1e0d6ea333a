// The complex product on the real packed kernel (the "4M" method in one real
// product), on strided row-major operands so that the blocked complex LU can
// update its trailing matrix in place. Read as reals, a row of A is
// (Re a₀, Im a₀, Re a₁, Im a₁, …) and a row of C likewise, so with B' the
// 2k×2n real matrix whose rows 2p and 2p + 1 are
//
//     (Re bₚ₀,  Im bₚ₀, Re bₚ₁,  Im bₚ₁, …)
//     (−Im bₚ₀, Re bₚ₀, −Im bₚ₁, Re bₚ₁, …)
//
// C = A B' is one m×2k by 2k×2n real product of exactly the complex
// product's 8mkn flops (Van Zee and Smith 2017, "Implementing high-performance
// complex matrix multiplication via the 3m and 4m methods") that reads A
// and writes C where they are. Where the packed kernel runs, it takes B
// itself (RightFactorForm::complexPairs): with AVX-512 it packs B and runs
// a complex micro-kernel with the same FMAs, which loads each row of B once
// for both parts of A (PackedProduct.hpp, complexMicroKernel); with AVX2+FMA
// it forms B′'s rows while it packs B. Elsewhere B' is formed, across the
// pool, into scratch memory the calling thread keeps (threadScratch).
#pragma once

#include "MatrixCore.h"

#include "ComplexSetup.hpp"
#include "StridedProduct.h"
#include "ThreadPool.hpp"

#include <complex>
#include <memory>

namespace core::detail {
namespace {

/// An uninitialized buffer of `count` values, advised to huge pages.
template <class T>
std::unique_ptr<T[]> uninitializedBuffer(Index count) {
  std::unique_ptr<T[]> buffer(new T[static_cast<size_t>(count)]);
  memory::adviseLargePagesFor(buffer.get(), count);
  return buffer;
}

/// Scratch memory for one call: a buffer the calling thread keeps, or one
/// of its own (`owned`) for requests above what threads keep.
template <class T>
struct ScratchBuffer {
  T* data = nullptr;
  std::unique_ptr<T[]> owned;
};

/// `count` uninitialized values of scratch memory that the calling thread
/// keeps for its next call through the same `Slot` (grow-only, up to 16 MiB
/// per slot; larger requests get a buffer of their own, freed after the
/// call). glibc returns freed buffers of this size to the system, so fresh
/// ones were page-faulted in on every call: 12 % of a 512×512 complex solve
/// on two threads. The packed product keeps its packing buffers the same
/// way (PackedProduct.hpp).
template <class T, int Slot>
ScratchBuffer<T> threadScratch(Index count) {
  constexpr Index keptLimit = (Index(16) << 20) / Index(sizeof(T));
  ScratchBuffer<T> result;
  if (count > keptLimit) {
    result.owned = uninitializedBuffer<T>(count);
    result.data = result.owned.get();
    return result;
  }
  thread_local std::unique_ptr<T[]> kept;
  thread_local Index capacity = 0;
  if (capacity < count) {
    kept.reset();
    capacity = 0;
    kept = uninitializedBuffer<T>(count);
    capacity = count;
  }
  result.data = kept.get();
  return result;
}

/// The scratch slots of the complex kernels.
enum ScratchSlot : int { productScratch = 0, factorScratch = 1, panelScratch = 2 };

/// `c = a b` (or `c -= a b` when `subtract`) for complex row-major operands
/// with leading dimensions (in complex elements) `lda`, `ldb`, `ldc`; `c`
/// must not overlap `a` or `b`.
template <class T>
Status complexProduct4M(const std::complex<T>* a, Index lda, const std::complex<T>* b, Index ldb,
                        std::complex<T>* c, Index ldc, Index m, Index k, Index n, bool subtract) {
  if (m == 0 || n == 0) return Status::ok;
  if (k == 0) {
    if (!subtract) {
      for (Index row = 0; row < m; ++row) std::fill(c + row * ldc, c + row * ldc + n, std::complex<T>(0, 0));
    }
    return Status::ok;
  }
  const T alpha = subtract ? T(-1) : T(1), beta = subtract ? T(1) : T(0);
  if (packsComplexPairs(m, 2 * k, 2 * n)) {
    return multiplyStrided(reinterpret_cast<const T*>(a), 2 * lda, reinterpret_cast<const T*>(b), 2 * ldb,
                           reinterpret_cast<T*>(c), 2 * ldc, m, 2 * k, 2 * n, alpha, beta,
                           RightFactorForm::complexPairs);
  }
  const auto scratch = threadScratch<T, productScratch>(2 * k * 2 * n);
  T* right = scratch.data;
  parallel::forRange(k, parallel::partsFor(k, 64), 1, [&](Index begin, Index end) {
    for (Index inner = begin; inner < end; ++inner) {
      T* even = right + 2 * inner * 2 * n;
      T* odd = even + 2 * n;
      const std::complex<T>* source = b + inner * ldb;
      for (Index column = 0; column < n; ++column) {
        const T br = source[column].real();
        const T bi = source[column].imag();
        even[2 * column] = br;
        even[2 * column + 1] = bi;
        odd[2 * column] = -bi;
        odd[2 * column + 1] = br;
      }
    }
  });
  return multiplyStrided(reinterpret_cast<const T*>(a), 2 * lda, right, 2 * n, reinterpret_cast<T*>(c), 2 * ldc, m,
                         2 * k, 2 * n, alpha, beta);
}

}  // namespace
}  // namespace core::detail
