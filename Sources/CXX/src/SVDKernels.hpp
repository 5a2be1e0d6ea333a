// The SVD-family kernels, compiled once per instruction-set variant
// (MatrixSVD.cpp for the baseline, MatrixSVDAVX2.cpp for AVX2+FMA);
// everything here has internal linkage.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "EigenSetup.hpp"
#include <Eigen/SVD>

namespace core {
namespace {

using namespace detail;

template <class T>
using SVD = Eigen::BDCSVD<ColumnMajorMatrix<T>>;

template <class T>
constexpr T notANumber = std::numeric_limits<T>::quiet_NaN();

/// numpy's cut-off for rank decisions: max(m, n) · eps, relative to σ_max.
template <class T>
T rankThreshold(Index m, Index n) {
  return T(std::max(m, n)) * std::numeric_limits<T>::epsilon();
}

template <class T>
Status svdImpl(const T* a, Index m, Index n, bool full, T* u, T* values, T* v) {
  if (m < 0 || n < 0) return Status::invalidArgument;
  const Index k = std::min(m, n);
  const Index uColumns = full ? m : k;
  const Index vColumns = full ? n : k;
  MatrixMap<T> uMap(u, m, uColumns);
  MatrixMap<T> vMap(v, n, vColumns);
  memory::adviseLargePagesFor(u, m * uColumns);
  memory::adviseLargePagesFor(v, n * vColumns);
  Eigen::Map<Vector<T>> valueMap(values, k);
  if (k == 0) {
    // No singular values; a full U or V of an empty-sided matrix is the identity.
    uMap.setIdentity();
    vMap.setIdentity();
    return Status::ok;
  }
  if (!allFinite(a, m * n)) {
    uMap.setConstant(notANumber<T>);
    vMap.setConstant(notANumber<T>);
    valueMap.setConstant(notANumber<T>);
    return Status::ok;
  }
  const unsigned options =
      full ? (Eigen::ComputeFullU | Eigen::ComputeFullV) : (Eigen::ComputeThinU | Eigen::ComputeThinV);
  const int e = scaleExponent(a, m * n);  // A = 2^e Â, exactly; σ = 2^e σ̂
  const SVD<T> svd(ConstMatrixMap<T>(a, m, n) * std::ldexp(T(1), -e), options);
  if (svd.info() != Eigen::Success) return Status::noConvergence;
  uMap = svd.matrixU();
  vMap = svd.matrixV();
  valueMap = svd.singularValues() * std::ldexp(T(1), e);
  return Status::ok;
}

template <class T>
Status singularValuesImpl(const T* a, Index m, Index n, T* values) {
  if (m < 0 || n < 0) return Status::invalidArgument;
  const Index k = std::min(m, n);
  Eigen::Map<Vector<T>> valueMap(values, k);
  if (k == 0) return Status::ok;
  if (!allFinite(a, m * n)) {
    valueMap.setConstant(notANumber<T>);
    return Status::ok;
  }
  const int e = scaleExponent(a, m * n);
  const SVD<T> svd(ConstMatrixMap<T>(a, m, n) * std::ldexp(T(1), -e));
  if (svd.info() != Eigen::Success) return Status::noConvergence;
  valueMap = svd.singularValues() * std::ldexp(T(1), e);
  return Status::ok;
}

template <class T>
Status leastSquaresImpl(const T* a, Index m, Index n, const T* b, Index nrhs, T* x) {
  if (m < 0 || n < 0 || nrhs < 0) return Status::invalidArgument;
  MatrixMap<T> solution(x, n, nrhs);
  if (n == 0 || nrhs == 0) return Status::ok;
  if (m == 0) {
    solution.setZero();  // every x fits; the minimum-norm one is zero
    return Status::ok;
  }
  if (!allFinite(a, m * n) || !allFinite(b, m * nrhs)) {
    solution.setConstant(notANumber<T>);
    return Status::ok;
  }
  // A = 2^e Â exactly, so x = Â⁺ b / 2^e.
  const int e = scaleExponent(a, m * n);
  SVD<T> svd(ConstMatrixMap<T>(a, m, n) * std::ldexp(T(1), -e), Eigen::ComputeThinU | Eigen::ComputeThinV);
  if (svd.info() != Eigen::Success) return Status::noConvergence;
  svd.setThreshold(rankThreshold<T>(m, n));
  solution = svd.solve(ConstMatrixMap<T>(b, m, nrhs)) * std::ldexp(T(1), -e);
  return Status::ok;
}

template <class T>
Status pseudoInverseImpl(const T* a, Index m, Index n, T* out) {
  if (m < 0 || n < 0) return Status::invalidArgument;
  MatrixMap<T> result(out, n, m);
  if (m == 0 || n == 0) return Status::ok;  // n×m with no elements
  if (!allFinite(a, m * n)) {
    result.setConstant(notANumber<T>);
    return Status::ok;
  }
  // A = 2^e Â exactly, so A⁺ = Â⁺ / 2^e.
  const int e = scaleExponent(a, m * n);
  const SVD<T> svd(ConstMatrixMap<T>(a, m, n) * std::ldexp(T(1), -e), Eigen::ComputeThinU | Eigen::ComputeThinV);
  if (svd.info() != Eigen::Success) return Status::noConvergence;
  const Vector<T>& sigma = svd.singularValues();
  const T cutoff = rankThreshold<T>(m, n) * sigma(0);
  Vector<T> inverted(sigma.size());
  for (Index i = 0; i < sigma.size(); ++i) inverted(i) = sigma(i) > cutoff ? T(1) / sigma(i) : T(0);
  result.noalias() = svd.matrixV() * inverted.asDiagonal() * svd.matrixU().transpose();
  result *= std::ldexp(T(1), -e);
  return Status::ok;
}

}  // namespace
}  // namespace core
