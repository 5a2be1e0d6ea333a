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

/// The largest magnitude among some values (NaN if any is NaN) and whether
/// every one of them is finite.
template <class T>
struct MagnitudeScan {
  T largest = 0;
  bool allFinite = true;

  /// The exponent e such that `largest` / 2^e lies in [0.5, 1); 0 when
  /// there is no finite non-zero value. Dividing a matrix by 2^e is exact
  /// (short of underflow), and keeps Eigen's squared norms away from
  /// overflow and underflow: Householder reflections and Jacobi rotations of
  /// a matrix of subnormals or of 1e±300 entries would otherwise square them
  /// into zero or infinity.
  int scaleExponent() const {
    if (!(largest > T(0)) || !(largest <= std::numeric_limits<T>::max())) return 0;
    int exponent = 0;
    std::frexp(largest, &exponent);
    return exponent;
  }
};

/// Scans `count` values once for both answers: a vectorized maximum that
/// propagates NaN is finite exactly when every value is (one pass of ~0.2 ms
/// over 1024×1024 Doubles, where Eigen's allFinite() alone took ~0.7 ms).
template <class T>
MagnitudeScan<T> scanMagnitudes(const T* values, Index count) {
  if (count == 0) return {};
  const T largest =
      Eigen::Map<const Eigen::Array<T, Eigen::Dynamic, 1>>(values, count).abs().template maxCoeff<Eigen::PropagateNaN>();
  return {largest, largest <= std::numeric_limits<T>::max()};
}

/// `scanMagnitudes(values, count).scaleExponent()`.
template <class T>
int scaleExponent(const T* values, Index count) {
  return scanMagnitudes(values, count).scaleExponent();
}

/// Whether every one of `count` values is finite.
template <class T>
bool allFinite(const T* values, Index count) {
  return scanMagnitudes(values, count).allFinite;
}

}  // namespace
}  // namespace core::detail
