// The sparse LU kernel: Eigen's supernodal SparseLU with a COLAMD column
// ordering on a column-major copy of the CSR input, kept between solves.
// Included by SparseLU.cpp (baseline) and SparseLUAVX2.cpp (AVX2+FMA: the
// supernodes' dense updates are Eigen products, a sixth faster there).
#pragma once

#include "SparseCore.h"
#include "SparseSetup.hpp"

#include <Eigen/OrderingMethods>
#include <Eigen/SparseLU>

#include <algorithm>
#include <cmath>
#include <limits>

namespace core {
namespace {

template <class T>
struct LUFactorization final : SparseFactorization {
  using Solver = Eigen::SparseLU<sparse::ColumnMajorSparse<T>, Eigen::COLAMDOrdering<int>>;
  Solver solver;
  Index n = 0;

  Status solve(const float* b, Index nrhs, float* x) const override { return solveTyped(b, nrhs, x); }
  Status solve(const double* b, Index nrhs, double* x) const override { return solveTyped(b, nrhs, x); }

  template <class S>
  Status solveTyped(const S* b, Index nrhs, S* x) const {
    if constexpr (std::is_same_v<S, T>) {
      return sparse::solveRowMajor(solver, n, b, nrhs, x);
    } else {
      return Status::invalidArgument;
    }
  }

  /// The smallest and largest |u_ii|: U's diagonal lives with L's supernodes.
  std::pair<T, T> pivotRange() const {
    T smallest = std::numeric_limits<T>::infinity();
    T largest = 0;
    const auto& supernodes = solver.matrixL().m_mapL;
    for (Index j = 0; j < n; ++j) {
      T pivot = 0;
      for (typename Solver::SCMatrix::InnerIterator it(supernodes, j); it; ++it) {
        if (it.index() == j) {
          pivot = std::abs(it.value());
          break;
        }
      }
      smallest = std::min(smallest, pivot);
      largest = std::max(largest, pivot);
    }
    return {smallest, largest};
  }
};

template <class T>
Status sparseLUFactorImpl(Index n, const Index* rowStarts, const std::int32_t* columnIndices, const T* values,
              SparseFactorization** out) {
  if (n < 0 || rowStarts == nullptr || out == nullptr) return Status::invalidArgument;
  *out = nullptr;
  const sparse::CompressedRows<T> a{n, n, rowStarts, columnIndices, values};
  if (!sparse::fitsInt(a)) return Status::invalidArgument;
  if (!a.allFinite()) return Status::singular;
  auto result = std::make_unique<LUFactorization<T>>();
  result->n = n;
  if (n > 0) {
    sparse::ColumnMajorSparse<T> matrix = sparse::asColumnMajor(a);
    result->solver.analyzePattern(matrix);
    result->solver.factorize(matrix);
    if (result->solver.info() != Eigen::Success) return Status::singular;
    const auto [smallest, largest] = result->pivotRange();
    if (!(smallest > static_cast<T>(n) * std::numeric_limits<T>::epsilon() * largest)) return Status::singular;
  }
  *out = result.release();
  return Status::ok;
}

}  // namespace
}  // namespace core
