// Right eigenvectors of an upper triangular complex matrix (complex Schur
// form) by back substitution, as LAPACK's ?trevc does for complex input:
// for each eigenvalue t(k, k), solve (T − t(k,k) I) x = 0 with x(k) = 1,
// column by column (axpy updates down contiguous memory), small pivots
// raised to ε·|t(k,k)| and the vector scaled down whenever a step could
// overflow.
#pragma once

#include "CoreStatus.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <vector>

namespace core::detail {
namespace {

/// Writes to the n×n complex `x` (column-major, `ldx` apart) the right
/// eigenvectors of the upper triangular `t` (column-major, `ld` apart):
/// column k belongs to t(k, k), is zero below row k and has largest entry
/// of modulus (|re| + |im|) 1.
///
/// Complexity: about n³/3 complex flops.
template <class T>
void triangularEigenvectors(const std::complex<T>* t, Index ld, Index n, std::complex<T>* x, Index ldx) {
  using Complex = std::complex<T>;
  auto size = [](Complex value) { return std::abs(value.real()) + std::abs(value.imag()); };
  const T ulp = std::numeric_limits<T>::epsilon();
  const T smallNumber = std::numeric_limits<T>::min() * (T(std::max<Index>(n, 1)) / ulp);
  const T largest = (T(1) - ulp) / smallNumber;
  std::vector<T> columnNorms(n);
  for (Index column = 0; column < n; ++column) {
    T sum = 0;
    for (Index row = 0; row < column; ++row) sum += size(t[row + column * ld]);
    columnNorms[column] = sum;
  }
  for (Index k = 0; k < n; ++k) {
    Complex* vector = x + k * ldx;
    std::fill(vector, vector + n, Complex(0));
    const Complex lambda = t[k + k * ld];
    const T smallestPivot = std::max(ulp * size(lambda), smallNumber);
    vector[k] = 1;
    for (Index row = 0; row < k; ++row) vector[row] = -t[row + k * ld];
    auto scale = [&](T factor) {
      for (Index row = 0; row <= k; ++row) vector[row] *= factor;
    };
    for (Index j = k - 1; j >= 0; --j) {
      Complex pivot = t[j + j * ld] - lambda;
      if (size(pivot) < smallestPivot) pivot = smallestPivot;
      const T pivotSize = size(pivot);
      if (pivotSize < T(1) && size(vector[j]) > largest * pivotSize) scale(T(1) / size(vector[j]));
      Complex value = vector[j] / pivot;
      const T valueSize = size(value);
      if (valueSize > T(1) && columnNorms[j] > largest / valueSize) {
        scale(T(1) / valueSize);
        value /= valueSize;
      }
      vector[j] = value;
      if (value == Complex(0)) continue;
      // In real arithmetic: std::complex's product checks for NaN and keeps
      // the loop from vectorizing.
      const T* column = reinterpret_cast<const T*>(t + j * ld);
      T* entries = reinterpret_cast<T*>(vector);
      const T valueReal = value.real(), valueImaginary = value.imag();
      for (Index row = 0; row < j; ++row) {
        const T cr = column[2 * row], ci = column[2 * row + 1];
        entries[2 * row] -= valueReal * cr - valueImaginary * ci;
        entries[2 * row + 1] -= valueReal * ci + valueImaginary * cr;
      }
    }
    T biggest = 0;
    for (Index row = 0; row <= k; ++row) biggest = std::max(biggest, size(vector[row]));
    if (biggest > T(0)) scale(T(1) / biggest);
  }
}

}  // namespace
}  // namespace core::detail
