// Cholesky factorization a = L Lᵀ of a symmetric positive definite matrix.
// Eigen's LLT reports success on a matrix holding NaN, so the core checks the
// input (the lower triangle it reads) and the factor's diagonal itself.
#include <cmath>

#include "MatrixCore.h"

#include "EigenSetup.hpp"
#include <Eigen/Cholesky>

namespace core {
namespace {

using namespace detail;

template <class T>
Status choleskyImpl(const T* a, Index n, T* lower) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  const ConstMatrixMap<T> input(a, n, n);
  ColumnMajorMatrix<T> lowerPart = input.template triangularView<Eigen::Lower>();
  if (!lowerPart.allFinite()) return Status::notPositiveDefinite;
  // A = 4^h Â exactly (an even power of two, so L = 2^h L̂); see scaleExponent.
  const int h = (scaleExponent(lowerPart.data(), n * n) + 1) / 2;
  lowerPart *= std::ldexp(T(1), -2 * h);
  const Eigen::LLT<ColumnMajorMatrix<T>, Eigen::Lower> llt(lowerPart);
  if (llt.info() != Eigen::Success) return Status::notPositiveDefinite;
  ColumnMajorMatrix<T> factor = llt.matrixL();
  factor *= std::ldexp(T(1), h);
  const auto diagonal = factor.diagonal();
  // A zero or non-finite diagonal entry means the matrix was singular or its
  // squares overflowed: not positive definite to working precision.
  if (!diagonal.allFinite() || (diagonal.array() <= T(0)).any()) {
    return Status::notPositiveDefinite;
  }
  MatrixMap<T>(lower, n, n) = factor;
  return Status::ok;
}

template <class T>
Status choleskySolveImpl(const T* lower, Index n, const T* b, Index nrhs, T* x) {
  if (n < 0 || nrhs < 0) return Status::invalidArgument;
  if (n == 0 || nrhs == 0) return Status::ok;
  MatrixMap<T> solution(x, n, nrhs);
  solution = ConstMatrixMap<T>(b, n, nrhs);
  const ConstMatrixMap<T> factor(lower, n, n);
  factor.template triangularView<Eigen::Lower>().solveInPlace(solution);
  factor.transpose().template triangularView<Eigen::Upper>().solveInPlace(solution);
  return Status::ok;
}

}  // namespace

Status cholesky(const float* a, Index n, float* lower) noexcept {
  return guarded([&] { return choleskyImpl(a, n, lower); });
}
Status cholesky(const double* a, Index n, double* lower) noexcept {
  return guarded([&] { return choleskyImpl(a, n, lower); });
}

Status choleskySolve(const float* lower, Index n, const float* b, Index nrhs, float* x) noexcept {
  return guarded([&] { return choleskySolveImpl(lower, n, b, nrhs, x); });
}
Status choleskySolve(const double* lower, Index n, const double* b, Index nrhs,
                     double* x) noexcept {
  return guarded([&] { return choleskySolveImpl(lower, n, b, nrhs, x); });
}

}  // namespace core
