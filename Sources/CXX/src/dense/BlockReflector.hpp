// Block reflectors applied across the pool's threads, shared by the QR, SVD
// and symmetric eigen kernels; internal linkage, compiled once per
// instruction-set variant.
#pragma once

#include <algorithm>
#include <type_traits>

#include "EigenSetup.hpp"
#include "ThreadPool.hpp"
#include <Eigen/Householder>

#if defined(__AVX2__) && defined(__FMA__)
#include "PackedProduct.hpp"
#endif

namespace core {
namespace {

#if defined(__AVX2__) && defined(__FMA__)
/// From this many rows and columns of the target (and reflectors) up, the
/// AVX2 variant applies a block reflector with two products on the packed
/// kernel (AVX-512 where the CPU has it) instead of Eigen's level-3 code.
constexpr Index packedReflectorMinimum = 32;

/// target −= V T' Vᵀ target with T' = T (forward) or Tᵀ, computed as
/// targetᵀ −= (targetᵀ V)(V T')ᵀ: both products read their operands in
/// place (the column-major target is a row-major targetᵀ) and run on the
/// packed kernel, one part of the columns per thread.
template <class Target, class Vectors, class Coefficients>
void applyBlockReflectorPacked(Target& target, const Vectors& vectors, const Coefficients& coefficients, bool forward,
                               Index parts) {
  using T = typename std::decay_t<Target>::Scalar;
  static_assert(!std::decay_t<Target>::IsRowMajor, "the target is read as a row-major transpose");
  using RowMajorMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  const Index rows = target.rows(), columns = target.cols(), count = vectors.cols();
  RowMajorMatrix factor(count, count);
  Eigen::internal::make_block_householder_triangular_factor(factor, vectors, coefficients);
  // V with its unit diagonal and zeros above, row-major so that the first
  // product reads its rows contiguously; Y = V T' column-major for the same
  // reason in the second.
  const RowMajorMatrix v = vectors.template triangularView<Eigen::UnitLower>();
  Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic> y(rows, count);
  if (forward) {
    y.noalias() = v * factor.template triangularView<Eigen::Upper>();
  } else {
    y.noalias() = v * factor.template triangularView<Eigen::Upper>().transpose();
  }
  T* const data = target.data();
  const Index stride = target.outerStride();
  parallel::forRange(columns, parts, 32, [&](Index begin, Index end) {
    const Index width = end - begin;
    RowMajorMatrix w(width, count);
    T* const part = data + begin * stride;
    packed::multiply<T>(width, count, rows, T(1), {part, stride}, {v.data(), count}, T(0), w.data(), count);
    packed::multiply<T>(width, rows, count, T(-1), {w.data(), count}, {y.data(), rows}, T(1), part, stride);
  });
}
#endif

/// Applies the block reflector of `vectors` (unit lower triangular, as
/// Householder QR leaves them: the diagonal is taken as ones and what lies
/// above it is not read) and `coefficients` to `target` from the left. A
/// block reflector acts on each column alone, so the columns are split into
/// parts across the threads. `forward` as in Eigen: false applies Hᵀ (a
/// factorization), true applies H (forming Q).
template <class Target, class Vectors, class Coefficients>
void applyBlockReflector(Target&& target, const Vectors& vectors, const Coefficients& coefficients, bool forward) {
  const Index rows = target.rows(), columns = target.cols();
  const double work = static_cast<double>(rows) * static_cast<double>(columns) * static_cast<double>(vectors.cols());
  const Index parts = work < 64.0 * 64.0 * 64.0 ? 1 : parallel::partsFor(columns, 32);
#if defined(__AVX2__) && defined(__FMA__)
  if (std::min(rows, columns) >= packedReflectorMinimum && vectors.cols() >= 8) {
    applyBlockReflectorPacked(target, vectors, coefficients, forward, parts);
    return;
  }
#endif
  parallel::forRange(columns, parts, 8, [&](Index begin, Index end) {
    auto part = target.middleCols(begin, end - begin);
    Eigen::internal::apply_block_householder_on_the_left(part, vectors, coefficients, forward);
  });
}

/// How applyReflectorsInBlocks and formReflectorProductInBlocks apply a
/// block of reflectors unless their caller says otherwise:
/// applyBlockReflector, forward.
struct ApplyBlockReflectorForward {
  template <class Target, class Vectors, class Coefficients>
  void operator()(Target&& target, const Vectors& vectors, const Coefficients& coefficients) const {
    applyBlockReflector(target, vectors, coefficients, true);
  }
};

/// target = H₀ H₁ ⋯ target for the reflectors in the columns of `vectors`
/// (unit lower triangular, as `applyBlockReflector` reads them; as many rows
/// as `target`), in blocks of `blockWidth`, last block first, each by
/// `applyBlock(target, vectors, coefficients)` (applyBlockReflector across
/// the threads unless the caller has a faster one for its scalar).
template <class Vectors, class Coefficients, class Target, class ApplyBlock = ApplyBlockReflectorForward>
void applyReflectorsInBlocks(const Vectors& vectors, const Coefficients& coefficients, Target&& target,
                             Index blockWidth, ApplyBlock&& applyBlock = {}) {
  const Index rows = vectors.rows(), count = vectors.cols();
  for (Index top = (count - 1) / blockWidth * blockWidth; top >= 0; top -= blockWidth) {
    const Index width = std::min(blockWidth, count - top);
    applyBlock(target.bottomRows(rows - top), vectors.block(top, top, rows - top, width),
               coefficients.segment(top, width));
  }
}

/// target = ⋯ H₁ᵀ H₀ᵀ target, the transpose of `applyReflectorsInBlocks`'s
/// product (the same reflectors, read the same way), in blocks of
/// `blockWidth`, first block first, each by applyBlockReflector across the
/// threads.
template <class Vectors, class Coefficients, class Target>
void applyTransposedReflectorsInBlocks(const Vectors& vectors, const Coefficients& coefficients, Target&& target,
                                       Index blockWidth) {
  const Index rows = vectors.rows(), count = vectors.cols();
  for (Index top = 0; top < count; top += blockWidth) {
    const Index width = std::min(blockWidth, count - top);
    applyBlockReflector(target.bottomRows(rows - top), vectors.block(top, top, rows - top, width),
                        coefficients.segment(top, width), false);
  }
}

/// Below this many reflectors `formReflectorProductInBlocks` applies them
/// one at a time: the block reflector's triangular factor and products cost
/// more than they save there.
constexpr Index reflectorProductBlockingMinimum = 160;

/// Forms Q = H₀ H₁ ⋯ in `target`, which holds the identity on entry, from
/// the reflectors in the columns of `vectors` (as `applyReflectorsInBlocks`
/// reads them), last first. Reflector k (or a block starting at k) meets
/// only identity columns left of k, zero in its rows, so it is applied to
/// the columns from k on: the flops of LAPACK's `?orgqr` rather than of a
/// general product. From `reflectorProductBlockingMinimum` reflectors on,
/// in blocks of `blockWidth`, each by `applyBlock(target, vectors,
/// coefficients)` (applyBlockReflector across the threads unless the
/// caller has a faster one for its scalar).
template <class Vectors, class Coefficients, class Target, class ApplyBlock = ApplyBlockReflectorForward>
void formReflectorProductInBlocks(const Vectors& vectors, const Coefficients& coefficients, Target&& target,
                                  Index blockWidth, ApplyBlock&& applyBlock = {}) {
  using Scalar = typename std::decay_t<Target>::Scalar;
  const Index rows = vectors.rows(), count = vectors.cols(), columns = target.cols();
  if (count < reflectorProductBlockingMinimum) {
    Eigen::Matrix<Scalar, Eigen::Dynamic, 1> workspace(columns);
    for (Index k = count - 1; k >= 0; --k) {
      target.bottomRightCorner(rows - k, columns - k)
          .applyHouseholderOnTheLeft(vectors.col(k).tail(rows - k - 1), coefficients.coeff(k), workspace.data());
    }
    return;
  }
  for (Index top = (count - 1) / blockWidth * blockWidth; top >= 0; top -= blockWidth) {
    const Index width = std::min(blockWidth, count - top);
    applyBlock(target.bottomRightCorner(rows - top, columns - top), vectors.block(top, top, rows - top, width),
               coefficients.segment(top, width));
  }
}

}  // namespace
}  // namespace core
