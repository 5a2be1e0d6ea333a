// The QR kernels, compiled once per instruction-set variant (MatrixQR.cpp
// for the baseline, MatrixQRAVX2.cpp for AVX2+FMA); everything here has
// internal linkage.
//
// Householder QR, thin: a (m×n) = Q (m×k) R (k×n), k = min(m, n), blocked
// like LAPACK's xGEQRF and xORGQR (HouseholderQRInPlace.hpp factors; Q is
// formed here from the same blocks of reflectors). A block reflector acts on
// each column alone, so the columns are split across the pool's threads.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "BlockReflector.hpp"
#include "EigenSetup.hpp"
#include "HouseholderQRInPlace.hpp"
#include "StorageOrder.hpp"

namespace core {
namespace {

using namespace detail;

template <class T>
Status qrImpl(const T* a, Index m, Index n, T* q, T* r) {
  if (m < 0 || n < 0) return Status::invalidArgument;
  const Index k = std::min(m, n);
  if (k == 0) return Status::ok;  // Q is m×0 and R is 0×n: nothing to write
  // Factor A / 2^e (exact), then R = 2^e · R̂: see scaleExponent.
  const int e = scaleExponent(a, m * n);
  ColumnMajorMatrix<T> w = uninitializedWorkingMatrix<T>(m, n);
  copyTransposed(a, m, n, std::ldexp(T(1), -e), w.data());
  Vector<T> coefficients;
  factorQRInPlace(w, coefficients);
  MatrixMap<T> rMap(r, k, n);
  memory::adviseLargePagesFor(r, k * n);
  rMap = w.topRows(k).template triangularView<Eigen::Upper>();
  rMap *= std::ldexp(T(1), e);
  // Q = H₀ H₁ ⋯ applied to the first k columns of the identity, last block
  // first; a block starting at row `top` leaves the identity's columns
  // left of `top` alone, so only columns [top, k) are touched.
  ColumnMajorMatrix<T> thinQ = uninitializedWorkingMatrix<T>(m, k);
  thinQ.setIdentity();
  for (Index top = (k - 1) / qrPanelWidth * qrPanelWidth; top >= 0; top -= qrPanelWidth) {
    const Index width = std::min(qrPanelWidth, k - top);
    applyBlockReflector(thinQ.block(top, top, m - top, k - top), w.block(top, top, m - top, width),
                        coefficients.segment(top, width), true);
  }
  memory::adviseLargePagesFor(q, m * k);
  copyTransposed(thinQ.data(), k, m, T(1), q);
  return Status::ok;
}

template <class T>
Status qrSolveImpl(const T* q, const T* r, Index m, Index n, const T* b, Index nrhs, T* x) {
  if (m < n || n < 0 || nrhs < 0) return Status::invalidArgument;
  if (n == 0 || nrhs == 0) return Status::ok;
  const ConstMatrixMap<T> rMap(r, n, n);  // R is n×n when m >= n
  // R is singular to working precision when a diagonal entry is at most
  // max(m, n)·eps times the largest one (numpy's rank cut-off, applied to R).
  const auto magnitudes = rMap.diagonal().cwiseAbs();
  const T cutoff = T(m) * std::numeric_limits<T>::epsilon() * magnitudes.maxCoeff();
  if ((magnitudes.array() <= cutoff).any()) return Status::singular;
  MatrixMap<T> solution(x, n, nrhs);
  solution.noalias() = ConstMatrixMap<T>(q, m, n).transpose() * ConstMatrixMap<T>(b, m, nrhs);
  rMap.template triangularView<Eigen::Upper>().solveInPlace(solution);
  return Status::ok;
}

}  // namespace
}  // namespace core
