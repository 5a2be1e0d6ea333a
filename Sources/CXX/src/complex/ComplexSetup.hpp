// Views of Swift's interleaved complex storage as Eigen matrices of
// std::complex, and the checks every complex entry point shares. Include
// this instead of EigenSetup.hpp in the complex translation units.
#pragma once

#include "EigenSetup.hpp"

#include <complex>

namespace core::detail {
namespace {

template <class T>
using ComplexMatrix = ColumnMajorMatrix<std::complex<T>>;

/// The interleaved row-major m×n complex matrix at `data`, read in place.
template <class T>
ConstMatrixMap<std::complex<T>> complexView(const T* data, Index rows, Index columns) {
  return ConstMatrixMap<std::complex<T>>(reinterpret_cast<const std::complex<T>*>(data), rows, columns);
}

/// The interleaved row-major m×n complex matrix at `data`, written in place.
template <class T>
MatrixMap<std::complex<T>> complexView(T* data, Index rows, Index columns) {
  return MatrixMap<std::complex<T>>(reinterpret_cast<std::complex<T>*>(data), rows, columns);
}

/// Fills `count` reals at `data` (if not null) with NaN.
template <class T>
void fillNaN(T* data, Index count) {
  if (data == nullptr) return;
  for (Index index = 0; index < count; ++index) data[index] = std::numeric_limits<T>::quiet_NaN();
}

/// Scales each column of `vectors` to unit 2-norm with its largest-modulus
/// component real and positive, LAPACK's `?geev` convention. A zero column
/// stays zero.
template <class T>
void normalizeEigenvectors(ComplexMatrix<T>& vectors) {
  for (Index column = 0; column < vectors.cols(); ++column) {
    auto vector = vectors.col(column);
    const T norm = vector.norm();
    if (!(norm > 0)) continue;
    Index largest = 0;
    vector.cwiseAbs().maxCoeff(&largest);
    const std::complex<T> pivot = vector(largest);
    const std::complex<T> rotation = std::conj(pivot) / std::abs(pivot);
    vector *= rotation / norm;
    vector(largest) = std::complex<T>(std::abs(vector(largest)), 0);
  }
}

}  // namespace
}  // namespace core::detail
