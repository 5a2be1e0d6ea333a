// Householder QR, thin: a (m×n) = Q (m×k) R (k×n), k = min(m, n).
#include <cmath>
#include <limits>

#include "MatrixCore.h"

#include "EigenSetup.hpp"
#include <Eigen/QR>

namespace core {
namespace {

using namespace detail;

template <class T>
Status qrImpl(const T* a, Index m, Index n, T* q, T* r) {
  if (m < 0 || n < 0) return Status::invalidArgument;
  const Index k = m < n ? m : n;
  MatrixMap<T> qMap(q, m, k);
  MatrixMap<T> rMap(r, k, n);
  if (k == 0) return Status::ok;  // Q is m×0 and R is 0×n: nothing to write
  // Factor A / 2^e (exact), then R = 2^e · R̂: see scaleExponent.
  const int e = scaleExponent(a, m * n);
  const Eigen::HouseholderQR<ColumnMajorMatrix<T>> qr(ConstMatrixMap<T>(a, m, n) * std::ldexp(T(1), -e));
  // Applying the Householder sequence to the first k columns of the identity
  // forms the thin Q without ever building the m×m one.
  ColumnMajorMatrix<T> thinQ = ColumnMajorMatrix<T>::Identity(m, k);
  thinQ.applyOnTheLeft(qr.householderQ());
  qMap = thinQ;
  rMap = qr.matrixQR().topRows(k).template triangularView<Eigen::Upper>();
  rMap *= std::ldexp(T(1), e);
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

Status qr(const float* a, Index m, Index n, float* q, float* r) noexcept {
  return guarded([&] { return qrImpl(a, m, n, q, r); });
}
Status qr(const double* a, Index m, Index n, double* q, double* r) noexcept {
  return guarded([&] { return qrImpl(a, m, n, q, r); });
}

Status qrSolve(const float* q, const float* r, Index m, Index n, const float* b, Index nrhs,
               float* x) noexcept {
  return guarded([&] { return qrSolveImpl(q, r, m, n, b, nrhs, x); });
}
Status qrSolve(const double* q, const double* r, Index m, Index n, const double* b, Index nrhs,
               double* x) noexcept {
  return guarded([&] { return qrSolveImpl(q, r, m, n, b, nrhs, x); });
}

}  // namespace core
