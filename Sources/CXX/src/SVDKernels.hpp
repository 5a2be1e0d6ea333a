// The SVD-family kernels, compiled once per instruction-set variant
// (MatrixSVD.cpp for the baseline, MatrixSVDAVX2.cpp for AVX2+FMA);
// everything here has internal linkage (BidiagonalDivideAndConquer.hpp's
// specializations of an Eigen member excepted; see there).
//
// The SVD of an m×n matrix with min(m, n) ≥ 64 takes three steps, like
// LAPACK's xGESDD: A = Q B Pᵀ with B upper bidiagonal (Bidiagonalization.hpp,
// threaded), B = P_B Σ Q_Bᵀ by Eigen's divide and conquer
// (BidiagonalDivideAndConquer.hpp, its merge products threaded), then
// U = Q P_B and V = P Q_B by blocks of reflectors across the threads. At
// n = 1024 with two threads this takes ~0.8 s where Eigen's BDCSVD, all on
// one thread, took ~1.1 s.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "BidiagonalDivideAndConquer.hpp"
#include "Bidiagonalization.hpp"
#include "EigenSetup.hpp"
#include "StorageOrder.hpp"
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

/// From this min(m, n) on, the SVD runs in three steps of the core's own:
/// bidiagonal reduction and back-transformation across the threads (see
/// Bidiagonalization.hpp), Eigen's divide and conquer between them (see
/// BidiagonalDivideAndConquer.hpp). Below it, Eigen's BDCSVD whole.
constexpr Index threadedSVDMinimum = 64;

/// The SVD of A / 2^e for min(m, n) ≥ threadedSVDMinimum: values, and when
/// `u` and `v` are given, the vectors (full or thin) into them, row-major.
template <class T>
Status threadedSVD(const T* a, Index m, Index n, int e, bool full, T* u, T* values, T* v) {
  // W = A, or Aᵀ when A is wide (then A = V_W Σ U_Wᵀ): rows ≥ columns.
  const bool transposed = m < n;
  const Index rows = std::max(m, n), columns = std::min(m, n);
  ColumnMajorMatrix<T> w = uninitializedWorkingMatrix<T>(rows, columns);
  if (transposed) {
    // Row-major A is column-major Aᵀ.
    w = ConstMatrixMap<T>(a, columns, rows).transpose() * std::ldexp(T(1), -e);
  } else {
    copyTransposed(a, m, n, std::ldexp(T(1), -e), w.data());
  }
  Vector<T> diagonal(columns), superdiagonal(std::max<Index>(columns - 1, 1));
  bidiagonalizeInPlace(w, diagonal.data(), superdiagonal.data());
  const bool vectors = u != nullptr;
  BidiagonalDivideAndConquer<T> bidiagonal;
  const Eigen::ComputationInfo info = bidiagonal.compute(diagonal.data(), superdiagonal.data(), columns, vectors);
  if (info != Eigen::Success) return Status::noConvergence;
  bidiagonal.singularValues(values, columns);
  Eigen::Map<Vector<T>>(values, columns) *= std::ldexp(T(1), e);
  if (!vectors) return Status::ok;
  // W = Q B Pᵀ and B = P_B Σ Q_Bᵀ: W's left vectors are Q P_B (with the
  // identity's further columns when full), its right vectors P Q_B.
  const Index leftColumns = full ? rows : columns;
  ColumnMajorMatrix<T> left = uninitializedWorkingMatrix<T>(rows, leftColumns);
  left.setIdentity();
  left.topLeftCorner(columns, columns) = bidiagonal.leftVectors(columns).template cast<T>();
  applyLeftReflectors(w, left);
  ColumnMajorMatrix<T> right = bidiagonal.rightVectors(columns).template cast<T>();
  applyRightReflectors(w, right);
  // Row-major outputs are the transposes of the column-major results.
  const ColumnMajorMatrix<T>& leftOfA = transposed ? right : left;
  const ColumnMajorMatrix<T>& rightOfA = transposed ? left : right;
  memory::adviseLargePagesFor(u, leftOfA.size());
  memory::adviseLargePagesFor(v, rightOfA.size());
  copyTransposed(leftOfA.data(), leftOfA.cols(), leftOfA.rows(), T(1), u);
  copyTransposed(rightOfA.data(), rightOfA.cols(), rightOfA.rows(), T(1), v);
  return Status::ok;
}

template <class T>
Status svdImpl(const T* a, Index m, Index n, bool full, T* u, T* values, T* v) {
  if (m < 0 || n < 0) return Status::invalidArgument;
  const Index k = std::min(m, n);
  const Index uColumns = full ? m : k;
  const Index vColumns = full ? n : k;
  MatrixMap<T> uMap(u, m, uColumns);
  MatrixMap<T> vMap(v, n, vColumns);
  Eigen::Map<Vector<T>> valueMap(values, k);
  if (k == 0) {
    // No singular values; a full U or V of an empty-sided matrix is the identity.
    uMap.setIdentity();
    vMap.setIdentity();
    return Status::ok;
  }
  const MagnitudeScan<T> scan = scanMagnitudes(a, m * n);
  if (!scan.allFinite) {
    uMap.setConstant(notANumber<T>);
    vMap.setConstant(notANumber<T>);
    valueMap.setConstant(notANumber<T>);
    return Status::ok;
  }
  const int e = scan.scaleExponent();  // A = 2^e Â, exactly; σ = 2^e σ̂
  if (k >= threadedSVDMinimum) return threadedSVD(a, m, n, e, full, u, values, v);
  const unsigned options =
      full ? (Eigen::ComputeFullU | Eigen::ComputeFullV) : (Eigen::ComputeThinU | Eigen::ComputeThinV);
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
  const MagnitudeScan<T> scan = scanMagnitudes(a, m * n);
  if (!scan.allFinite) {
    valueMap.setConstant(notANumber<T>);
    return Status::ok;
  }
  const int e = scan.scaleExponent();
  if (k >= threadedSVDMinimum) return threadedSVD<T>(a, m, n, e, false, nullptr, values, nullptr);
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
