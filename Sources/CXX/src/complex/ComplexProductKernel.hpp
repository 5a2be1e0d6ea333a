// The complex product on the real packed kernel (the "4M" method in one real
// product), on strided row-major operands so that the blocked complex LU can
// update its trailing matrix in place. With A = Ar + i Ai, B = Br + i Bi:
//
//     [Ar Ai] · [ Br  Bi ]  =  [Ar Br - Ai Bi   Ar Bi + Ai Br]  =  [Re C  Im C],
//               [-Bi  Br ]
//
// an m×2k by 2k×2n real product of exactly the complex product's 8mkn flops
// (Van Zee and Smith 2017), so it inherits the real kernel's speed and
// threads. Packing and unpacking run across the pool into scratch buffers
// the calling thread keeps (threadScratch).
#pragma once

#include "MatrixCore.h"

#include "ComplexSetup.hpp"
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
enum ScratchSlot : int { productScratch = 0, factorScratch = 1 };

/// `c = a b` (or `c -= a b` when `subtract`) for complex row-major operands
/// with leading dimensions (in complex elements) `lda`, `ldb`, `ldc`.
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
  const auto scratch = threadScratch<T, productScratch>(m * 2 * k + 2 * k * 2 * n + m * 2 * n);
  T* left = scratch.data;
  T* right = left + m * 2 * k;
  T* out = right + 2 * k * 2 * n;
  parallel::forRange(m, parallel::partsFor(m, 64), 1, [&](Index begin, Index end) {
    for (Index row = begin; row < end; ++row) {
      T* target = left + row * 2 * k;
      const std::complex<T>* source = a + row * lda;
      for (Index inner = 0; inner < k; ++inner) {
        target[inner] = source[inner].real();
        target[k + inner] = source[inner].imag();
      }
    }
  });
  parallel::forRange(k, parallel::partsFor(k, 64), 1, [&](Index begin, Index end) {
    for (Index inner = begin; inner < end; ++inner) {
      T* top = right + inner * 2 * n;
      T* bottom = right + (k + inner) * 2 * n;
      const std::complex<T>* source = b + inner * ldb;
      for (Index column = 0; column < n; ++column) {
        const T br = source[column].real();
        const T bi = source[column].imag();
        top[column] = br;
        top[n + column] = bi;
        bottom[column] = -bi;
        bottom[n + column] = br;
      }
    }
  });
  const Status status = multiply(left, right, out, m, 2 * k, 2 * n);
  if (status != Status::ok) return status;
  parallel::forRange(m, parallel::partsFor(m, 64), 1, [&](Index begin, Index end) {
    for (Index row = begin; row < end; ++row) {
      const T* source = out + row * 2 * n;
      std::complex<T>* target = c + row * ldc;
      if (subtract) {
        for (Index column = 0; column < n; ++column) {
          target[column] -= std::complex<T>(source[column], source[n + column]);
        }
      } else {
        for (Index column = 0; column < n; ++column) {
          target[column] = std::complex<T>(source[column], source[n + column]);
        }
      }
    }
  });
  return Status::ok;
}

}  // namespace
}  // namespace core::detail
