// The matrix-product kernels, compiled once per instruction-set variant:
// MatrixProducts.cpp includes this for the baseline, MatrixProductsAVX2.cpp
// for AVX2+FMA. Everything here has internal linkage, so the variants never
// collide at link time.
#pragma once

#include "EigenSetup.hpp"
#include "StridedProduct.h"
#include "ThreadPool.hpp"

#include <stdexcept>

#if defined(__AVX2__) && defined(__FMA__)
#include "PackedProduct.hpp"
#include "RowMajorMatrixVector.hpp"
#endif

namespace core {
namespace {

/// Below this many multiply-adds a product stays on the calling thread:
/// waking a worker costs tens of microseconds.
constexpr double parallelProductWork = 96.0 * 96.0 * 96.0;

/// Matrix-vector products of at least this many elements split their rows
/// across the pool.
constexpr double parallelMatrixVectorElements = 512.0 * 512.0;

/// The AVX2 variant multiplies with the core's own packed kernel
/// (PackedProduct.hpp) from this size of every dimension up; Eigen's
/// unpacked code is faster on smaller operands.
constexpr Index packedProductDimension = 24;

/// `product = left · right` for one block of the result.
template <class T, class Result, class Left, class Right>
void multiplyBlock(Result&& product, const Left& left, const Right& right) {
#if defined(__AVX2__) && defined(__FMA__)
  const Index m = product.rows(), n = product.cols(), k = left.cols();
  if (std::min(m, std::min(n, k)) >= packedProductDimension) {
    packed::multiply<T>(m, n, k, T(1), {left.data(), left.outerStride()}, {right.data(), right.outerStride()}, T(0),
                        product.data(), product.outerStride());
    return;
  }
#endif
  product.noalias() = left * right;
}

/// Whether products split their rows across threads before their columns:
/// the packed kernel's loop order packs a panel of all of a part's rows of
/// A, and a row split gives each thread half the panel instead of all of
/// it. Measured with the AVX-512 tiles on an Intel Xeon (C++ harness, two
/// threads, interleaved): Double 2048 2–4% faster, Float 2048 and
/// 1024–1536 1–3%; with the AVX2 tiles on an AMD EPYC (Zen 3), Double /
/// Float against a column split: 2048 0.99× / 1.00×, 1536 0.99× / 1.02×,
/// 1024 0.94× / 0.98×, 512 0.89× / 0.95×.
/// Eigen's product (the baseline variant) splits columns.
constexpr bool splitsRowsFirst() noexcept {
#if defined(__AVX2__) && defined(__FMA__)
  return true;
#else
  return false;
#endif
}

/// `c = a b` for row-major maps, across the pool's threads: each thread
/// computes a block of columns of `c` (or of rows, when `c` is too narrow to
/// give every thread 64 columns, or when splitsRowsFirst()), so the parts
/// write disjoint memory.
template <class T, class Result, class Left, class Right>
void multiplyInParts(Result& product, const Left& left, const Right& right) {
  const Index m = product.rows(), n = product.cols(), k = left.cols();
  const double work = static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k);
  const Index columnParts = parallel::partsFor(n, 64), rowParts = parallel::partsFor(m, 64);
  // Parts are whole register tiles of the packed kernel: multiples of 64
  // columns (its tiles are 8 or 16 wide with AVX2, 32 or 64 with AVX-512)
  // or of 12 rows (6 rows with either).
  if (work < parallelProductWork || (columnParts == 1 && rowParts == 1)) {
    multiplyBlock<T>(product, left, right);
  } else if (columnParts >= rowParts && !(splitsRowsFirst() && rowParts > 1)) {
    parallel::forRange(n, columnParts, 64, [&](Index begin, Index end) {
      multiplyBlock<T>(product.middleCols(begin, end - begin), left, right.middleCols(begin, end - begin));
    });
  } else {
    parallel::forRange(m, rowParts, 12, [&](Index begin, Index end) {
      multiplyBlock<T>(product.middleRows(begin, end - begin), left.middleRows(begin, end - begin), right);
    });
  }
}

template <class T>
Status multiplyKernel(const T* a, const T* b, T* c, Index m, Index k, Index n) {
  if (m < 0 || k < 0 || n < 0) return Status::invalidArgument;
  detail::MatrixMap<T> product(c, m, n);
  memory::adviseLargePagesFor(c, m * n);
  if (k == 0) {
    product.setZero();  // (m×0)(0×n) is the m×n zero matrix
    return Status::ok;
  }
  // `c` is fresh storage that never overlaps `a` or `b`, so noalias is safe.
  multiplyInParts<T>(product, detail::ConstMatrixMap<T>(a, m, k), detail::ConstMatrixMap<T>(b, k, n));
  return Status::ok;
}

/// `c = alpha · a b + beta · c` for strided row-major operands (see
/// StridedProduct.h), across the pool with the rows of `c` split, on the
/// packed kernel when every dimension allows it.
template <class T>
Status multiplyStridedKernel(const T* a, Index lda, const T* b, Index ldb, T* c, Index ldc, Index m, Index k,
                             Index n, T alpha, T beta, RightFactorForm form = RightFactorForm::stored) {
  const bool complexPairs = form == RightFactorForm::complexPairs;
  if (m < 0 || k < 0 || n < 0 || lda < k || ldb < n || ldc < n) return Status::invalidArgument;
  if (complexPairs && (k % 2 != 0 || n % 2 != 0)) return Status::invalidArgument;
  if (m == 0 || n == 0) return Status::ok;
  using RowMajor = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  using Strided = Eigen::Map<RowMajor, 0, Eigen::OuterStride<>>;
  using ConstStrided = Eigen::Map<const RowMajor, 0, Eigen::OuterStride<>>;
  // Rows [top, bottom) and columns [left, right) of C.
  const auto multiplyPart = [&](Index top, Index bottom, Index left, Index right) {
    const Index rows = bottom - top, columns = right - left;
    Strided target(c + top * ldc + left, rows, columns, Eigen::OuterStride<>(ldc));
    if (k == 0) {
      if (beta == T(0)) {
        target.setZero();
      } else {
        target *= beta;
      }
      return;
    }
    const ConstStrided leftFactor(a + top * lda, rows, k, Eigen::OuterStride<>(lda));
    const ConstStrided rightFactor(b + left, k, columns, Eigen::OuterStride<>(ldb));
#if defined(__AVX2__) && defined(__FMA__)
    // Z′ exists only as the packed kernel forms it, at any size.
    if (complexPairs || std::min(rows, std::min(columns, k)) >= packedProductDimension) {
      packed::multiply<T>(rows, columns, k, alpha, {leftFactor.data(), lda},
                          {rightFactor.data(), ldb, 1, complexPairs}, beta, target.data(), ldc);
      return;
    }
#else
    if (complexPairs) throw std::logic_error("Z' needs the packed kernel (packsComplexPairs)");
#endif
    if (beta == T(0)) {
      target.noalias() = alpha * (leftFactor * rightFactor);
    } else {
      if (beta != T(1)) target *= beta;
      target.noalias() += alpha * (leftFactor * rightFactor);
    }
  };
  const double work = static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k);
  const Index rowParts = parallel::partsFor(m, 64), columnParts = parallel::partsFor(n, 64);
  if (work < parallelProductWork || (rowParts == 1 && columnParts == 1)) {
    multiplyPart(0, m, 0, n);
  } else if (rowParts > 1) {
    parallel::forRange(m, rowParts, 12, [&](Index begin, Index end) { multiplyPart(begin, end, 0, n); });
  } else {
    // Too few rows to share (a triangular solve's update of a wide block):
    // each thread takes a range of columns of B and C.
    parallel::forRange(n, columnParts, 64, [&](Index begin, Index end) { multiplyPart(0, m, begin, end); });
  }
  return Status::ok;
}

template <class T>
Status multiplyVectorKernel(const T* a, const T* x, T* y, Index m, Index n) {
  if (m < 0 || n < 0) return Status::invalidArgument;
  Eigen::Map<detail::Vector<T>> result(y, m);
  if (n == 0) {
    result.setZero();
    return Status::ok;
  }
  // Memory-bound: from a few MiB of matrix up, a second core adds bandwidth.
  const Index parts =
      static_cast<double>(m) * static_cast<double>(n) < parallelMatrixVectorElements ? 1 : parallel::partsFor(m, 64);
  parallel::forRange(m, parts, 8, [&](Index begin, Index end) {
#if defined(__AVX2__) && defined(__FMA__)
    // The core's own kernel (RowMajorMatrixVector.hpp), faster than Eigen's.
    rowMajorMatrixVector::multiply(a + begin * n, x, y + begin, end - begin, n);
#else
    const detail::ConstMatrixMap<T> rows(a + begin * n, end - begin, n);
    result.segment(begin, end - begin).noalias() = rows * Eigen::Map<const detail::Vector<T>>(x, n);
#endif
  });
  return Status::ok;
}

}  // namespace
}  // namespace core
