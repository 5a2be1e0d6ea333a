// Include this instead of <Eigen/...> directly: it routes Eigen's assertions
// into an exception that guarded() turns into a status, and defines the
// row-major map types the core uses on Swift-owned storage.
//
// The helpers below live in an anonymous namespace: a translation unit that
// compiles Eigen for another instruction set (see MatrixProductsAVX2.cpp)
// gets its own copies, so the linker can never mix the variants.
#pragma once

#include "Guarded.hpp"
#include "LargePages.hpp"
#include "MagnitudeScan.hpp"

#ifndef NDEBUG
#define eigen_assert(condition)                                            \
  do {                                                                     \
    if (!(condition))                                                      \
      throw ::core::detail::EigenAssertionFailure("Eigen: " #condition);   \
  } while (false)
#endif

#include <Eigen/Core>

#include <cmath>
#include <limits>

namespace core::detail {
namespace {

template <class T>
using RowMajorMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

template <class T>
using ConstMatrixMap = Eigen::Map<const RowMajorMatrix<T>>;

template <class T>
using MatrixMap = Eigen::Map<RowMajorMatrix<T>>;

template <class T>
using Vector = Eigen::Matrix<T, Eigen::Dynamic, 1>;

/// Eigen's default (column-major) dense matrix, for factorizations that
/// work on a copy of the input.
template <class T>
using ColumnMajorMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;

/// An uninitialized rows×columns working matrix whose pages, when large,
/// are advised to be huge before anything touches them (see LargePages.hpp).
template <class T>
ColumnMajorMatrix<T> uninitializedWorkingMatrix(Index rows, Index columns) {
  ColumnMajorMatrix<T> matrix(rows, columns);
  memory::adviseLargePagesFor(matrix.data(), matrix.size());
  return matrix;
}

}  // namespace
}  // namespace core::detail
