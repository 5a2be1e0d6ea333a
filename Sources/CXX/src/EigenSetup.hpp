// Include this instead of <Eigen/...> directly: it routes Eigen's assertions
// into an exception that guarded() turns into a status, and defines the
// row-major map types the core uses on Swift-owned storage.
#pragma once

#include "Guarded.hpp"

#ifndef NDEBUG
#define eigen_assert(condition)                                            \
  do {                                                                     \
    if (!(condition))                                                      \
      throw ::core::detail::EigenAssertionFailure("Eigen: " #condition);   \
  } while (false)
#endif

#include <Eigen/Core>

namespace core::detail {

template <class T>
using RowMajorMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

template <class T>
using ConstMatrixMap = Eigen::Map<const RowMajorMatrix<T>>;

template <class T>
using MatrixMap = Eigen::Map<RowMajorMatrix<T>>;

template <class T>
using Vector = Eigen::Matrix<T, Eigen::Dynamic, 1>;

/// Whether every one of `count` values is finite.
template <class T>
bool allFinite(const T* values, Index count) {
  return Eigen::Map<const Eigen::Array<T, Eigen::Dynamic, 1>>(values, count).allFinite();
}

}  // namespace core::detail
