// Block reflectors applied across the pool's threads, shared by the QR and
// SVD kernels; internal linkage, compiled once per instruction-set variant.
#pragma once

#include "EigenSetup.hpp"
#include "ThreadPool.hpp"
#include <Eigen/Householder>

namespace core {
namespace {

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
  parallel::forRange(columns, parts, 8, [&](Index begin, Index end) {
    auto part = target.middleCols(begin, end - begin);
    Eigen::internal::apply_block_householder_on_the_left(part, vectors, coefficients, forward);
  });
}

}  // namespace
}  // namespace core
