// Eigen's sparse modules as the core uses them: included after EigenSetup.hpp
// (so Eigen's assertions become statuses), with the conversions from a
// Swift-owned CSR matrix to the 32-bit-indexed column-major matrices that
// Eigen's factorizations take.
#pragma once

#include <climits>
#include <cstring>
#include <memory>
#include <type_traits>

#include "CompressedRows.hpp"
#include "EigenSetup.hpp"
#include "SparseFactorization.hpp"

#include <Eigen/SparseCore>

namespace core::sparse {
namespace {

template <class T>
using ColumnMajorSparse = Eigen::SparseMatrix<T, Eigen::ColMajor, int>;

/// Whether Eigen's 32-bit indices can hold the matrix.
template <class T>
bool fitsInt(const CompressedRows<T>& a) {
  return a.rows <= INT_MAX && a.columns <= INT_MAX && a.nonzeroCount() <= INT_MAX;
}

/// The transpose of `a`, column-major: the CSR arrays read as compressed
/// columns. For a symmetric matrix this is the matrix itself.
template <class T>
ColumnMajorSparse<T> transposeAsColumnMajor(const CompressedRows<T>& a) {
  ColumnMajorSparse<T> result(a.columns, a.rows);
  const Index count = a.nonzeroCount();
  result.resizeNonZeros(count);
  for (Index i = 0; i <= a.rows; ++i) result.outerIndexPtr()[i] = static_cast<int>(a.rowStarts[i]);
  if (count > 0) {  // with no entries the pointers may be null, which memcpy must not get
    std::memcpy(result.innerIndexPtr(), a.columnIndices, sizeof(std::int32_t) * static_cast<std::size_t>(count));
    std::memcpy(result.valuePtr(), a.values, sizeof(T) * static_cast<std::size_t>(count));
  }
  return result;
}

/// `a` itself, column-major.
template <class T>
ColumnMajorSparse<T> asColumnMajor(const CompressedRows<T>& a) {
  return ColumnMajorSparse<T>(transposeAsColumnMajor(a).transpose());
}

/// Solves column by column through `solveColumns(const ColumnMajorMatrix&)`
/// for row-major n×nrhs b and x.
template <class T, class Solver>
Status solveRowMajor(const Solver& solver, Index n, const T* b, Index nrhs, T* x) {
  if (n == 0 || nrhs == 0) return Status::ok;  // nothing was factored
  detail::ColumnMajorMatrix<T> rhs = detail::ConstMatrixMap<T>(b, n, nrhs);
  detail::ColumnMajorMatrix<T> solution = solver.solve(rhs);
  if (solver.info() != Eigen::Success) return Status::internalError;
  detail::MatrixMap<T>(x, n, nrhs) = solution;
  return Status::ok;
}

}  // namespace
}  // namespace core::sparse
