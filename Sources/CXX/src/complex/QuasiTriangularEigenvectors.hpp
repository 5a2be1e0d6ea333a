// Right eigenvectors of a matrix in real Schur form, by back substitution
// as LAPACK's ?trevc does it: for each eigenvalue λ, solve (T − λI) x = 0
// with x's own component 1, column by column so each update is an axpy down
// contiguous memory. Small pivots are raised to ε·|λ| (the eigenvalue is
// then perturbed by no more than rounding), and the vector is scaled down
// whenever a step could overflow, as ?trevc's scale factors do.
#pragma once

#include "CoreStatus.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <vector>

namespace core::detail {
namespace {

/// The limits the back substitution keeps to.
template <class T>
struct BackSubstitutionLimits {
  T smallestPivot;
  T largest;
  const T* columnNorms;  // Σ|t(0..j−1, j)| for each column j.
};

/// Scales the `length` entries of `real` (and `imaginary`, if not null).
template <class T>
void scaleVector(T* real, T* imaginary, Index length, T factor) {
  for (Index index = 0; index < length; ++index) real[index] *= factor;
  if (imaginary == nullptr) return;
  for (Index index = 0; index < length; ++index) imaginary[index] *= factor;
}

/// `y[0..<count] -= a · x[0..<count]`.
template <class T>
void subtractMultiple(Index count, T a, const T* x, T* y) {
  if (a == T(0)) return;
  for (Index index = 0; index < count; ++index) y[index] -= a * x[index];
}

/// Solves (T(0…top, 0…top) − λI) x = r in place, where `real`/`imaginary`
/// hold r on entry (imaginary null for a real λ and real r) and the
/// solution on return; entries above `top` up to `length` are the already
/// known part of the vector and are scaled with it.
template <class T>
void solveQuasiTriangular(const T* t, Index ld, Index top, Index length, std::complex<T> lambda, T* real,
                          T* imaginary, const BackSubstitutionLimits<T>& limits) {
  using Complex = std::complex<T>;
  auto entry = [t, ld](Index row, Index column) { return t[row + column * ld]; };
  auto magnitude = [](Complex value) { return std::abs(value.real()) + std::abs(value.imag()); };
  auto load = [&](Index index) { return Complex(real[index], imaginary ? imaginary[index] : T(0)); };
  auto store = [&](Index index, Complex value) {
    real[index] = value.real();
    if (imaginary) imaginary[index] = value.imag();
  };
  // Scales the whole vector when dividing `numerator` by `pivot` (or
  // multiplying a column by the result) could overflow.
  auto guard = [&](Complex& numerator, T pivot, T growth) {
    const T size = magnitude(numerator);
    if (pivot < T(1) && size > limits.largest * pivot) {
      const T factor = T(1) / size;
      scaleVector(real, imaginary, length, factor);
      numerator *= factor;
    }
    const T result = magnitude(numerator) / pivot;
    if (result > T(1) && growth > limits.largest / result) {
      const T factor = T(1) / result;
      scaleVector(real, imaginary, length, factor);
      numerator *= factor;
    }
  };
  Index j = top;
  while (j >= 0) {
    const bool block = j > 0 && entry(j, j - 1) != T(0);
    if (!block) {
      Complex pivot = entry(j, j) - lambda;
      if (magnitude(pivot) < limits.smallestPivot) pivot = limits.smallestPivot;
      Complex numerator = load(j);
      guard(numerator, magnitude(pivot), limits.columnNorms[j]);
      const Complex x = numerator / pivot;
      store(j, x);
      subtractMultiple(j, x.real(), t + j * ld, real);
      if (imaginary) subtractMultiple(j, x.imag(), t + j * ld, imaginary);
      j -= 1;
      continue;
    }
    // A 2×2 block at rows j−1, j: Gaussian elimination with complete
    // pivoting (?laln2's approach).
    Complex m[2][2] = {{entry(j - 1, j - 1) - lambda, Complex(entry(j - 1, j))},
                       {Complex(entry(j, j - 1)), entry(j, j) - lambda}};
    Complex r[2] = {load(j - 1), load(j)};
    Index pivotRow = 0, pivotColumn = 0;
    T best = -1;
    for (Index row = 0; row < 2; ++row) {
      for (Index column = 0; column < 2; ++column) {
        if (magnitude(m[row][column]) > best) {
          best = magnitude(m[row][column]);
          pivotRow = row;
          pivotColumn = column;
        }
      }
    }
    const Index otherRow = 1 - pivotRow;
    const Index otherColumn = 1 - pivotColumn;
    Complex pivot = m[pivotRow][pivotColumn];
    if (magnitude(pivot) < limits.smallestPivot) pivot = limits.smallestPivot;
    const Complex multiplier = m[otherRow][pivotColumn] / pivot;  // |multiplier| ≤ 1 but for a raised pivot
    Complex second = m[otherRow][otherColumn] - multiplier * m[pivotRow][otherColumn];
    if (magnitude(second) < limits.smallestPivot) second = limits.smallestPivot;
    const T smallest = std::min(magnitude(pivot), magnitude(second));
    const T size = std::max(magnitude(r[0]), magnitude(r[1]));
    if (smallest < T(1) && size > limits.largest * smallest) {
      scaleVector(real, imaginary, length, T(1) / size);
      r[0] = load(j - 1);
      r[1] = load(j);
    }
    Complex x[2];
    x[otherColumn] = (r[otherRow] - multiplier * r[pivotRow]) / second;
    x[pivotColumn] = (r[pivotRow] - m[pivotRow][otherColumn] * x[otherColumn]) / pivot;
    const T result = std::max(magnitude(x[0]), magnitude(x[1]));
    const T growth = std::max(limits.columnNorms[j - 1], limits.columnNorms[j]);
    if (result > T(1) && growth > limits.largest / result) {
      scaleVector(real, imaginary, length, T(1) / result);
      x[0] /= result;
      x[1] /= result;
    }
    store(j - 1, x[0]);
    store(j, x[1]);
    subtractMultiple(j - 1, x[0].real(), t + (j - 1) * ld, real);
    subtractMultiple(j - 1, x[1].real(), t + j * ld, real);
    if (imaginary) {
      subtractMultiple(j - 1, x[0].imag(), t + (j - 1) * ld, imaginary);
      subtractMultiple(j - 1, x[1].imag(), t + j * ld, imaginary);
    }
    j -= 2;
  }
}

/// Writes to the n×n `x` (column-major, `ldx` apart, zeroed here) the right
/// eigenvectors of the quasi-upper-triangular `t` (real Schur form,
/// column-major, `ld` apart) whose eigenvalues are `real` + i·`imaginary`:
/// column k for a real eigenvalue; columns k and k+1 the real and imaginary
/// parts of the vector of real[k] + i·imaginary[k] for a pair (imaginary[k]
/// > 0). Column k has nonzero entries only in rows 0…k (0…k+1 for a pair)
/// and its largest entry has magnitude 1.
///
/// Complexity: about n³/3 flops for real eigenvalues, twice that for pairs.
template <class T>
void quasiTriangularEigenvectors(const T* t, Index ld, Index n, const T* real, const T* imaginary, T* x,
                                 Index ldx) {
  const T ulp = std::numeric_limits<T>::epsilon();
  const T smallNumber = std::numeric_limits<T>::min() * (T(std::max<Index>(n, 1)) / ulp);
  std::vector<T> columnNorms(n);
  for (Index column = 0; column < n; ++column) {
    T sum = 0;
    for (Index row = 0; row < column; ++row) sum += std::abs(t[row + column * ld]);
    columnNorms[column] = sum;
  }
  for (Index column = 0; column < n; ++column) std::fill(x + column * ldx, x + column * ldx + n, T(0));
  auto normalize = [&](T* realPart, T* imaginaryPart, Index length) {
    T largest = 0;
    for (Index index = 0; index < length; ++index) {
      const T size = std::abs(realPart[index]) + (imaginaryPart ? std::abs(imaginaryPart[index]) : T(0));
      largest = std::max(largest, size);
    }
    if (largest > T(0)) scaleVector(realPart, imaginaryPart, length, T(1) / largest);
  };
  for (Index k = n - 1; k >= 0; --k) {
    const bool pair = imaginary[k] != T(0);
    const T smallestPivot = std::max(ulp * (std::abs(real[k]) + std::abs(imaginary[k])), smallNumber);
    const BackSubstitutionLimits<T> limits{smallestPivot, (T(1) - ulp) / smallNumber, columnNorms.data()};
    if (!pair) {
      T* vector = x + k * ldx;
      vector[k] = 1;
      for (Index row = 0; row < k; ++row) vector[row] = -t[row + k * ld];
      solveQuasiTriangular<T>(t, ld, k - 1, k + 1, std::complex<T>(real[k], 0), vector, nullptr, limits);
      normalize(vector, nullptr, k + 1);
      continue;
    }
    // The pair occupies k−1 (positive imaginary part) and k.
    const Index top = k - 1;
    T* realPart = x + top * ldx;
    T* imaginaryPart = x + k * ldx;
    const T omega = imaginary[top];
    const T upper = t[top + k * ld];
    const T lower = t[k + top * ld];
    if (std::abs(upper) >= std::abs(lower)) {
      realPart[top] = 1;
      imaginaryPart[k] = omega / upper;
    } else {
      realPart[top] = -omega / lower;
      imaginaryPart[k] = 1;
    }
    realPart[k] = 0;
    imaginaryPart[top] = 0;
    for (Index row = 0; row < top; ++row) {
      realPart[row] = -realPart[top] * t[row + top * ld];
      imaginaryPart[row] = -imaginaryPart[k] * t[row + k * ld];
    }
    solveQuasiTriangular<T>(t, ld, top - 1, k + 1, std::complex<T>(real[top], omega), realPart, imaginaryPart,
                            limits);
    normalize(realPart, imaginaryPart, k + 1);
    k -= 1;
  }
}

}  // namespace
}  // namespace core::detail
