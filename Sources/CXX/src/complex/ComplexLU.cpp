// Complex LU with partial pivoting (Eigen's blocked PartialPivLU) and what is
// built on it: solve, inverse, determinant. Singularity is decided as for the
// real LU: a zero pivot, or a reciprocal condition estimate (Higham's
// 1-norm estimator, Eigen's rcond()) below machine epsilon. Non-finite input
// gives NaN results, never numbers that only look like an answer.
#include "ComplexCore.h"

#include "ComplexSetup.hpp"

#include <Eigen/LU>

namespace core {
namespace {

using detail::guarded;

template <class T>
using Factors = Eigen::PartialPivLU<detail::ComplexMatrix<T>>;

template <class T>
bool isSingular(const Factors<T>& factors) {
  const auto pivots = factors.matrixLU().diagonal();
  if ((pivots.array() == std::complex<T>(0, 0)).any()) return true;
  if (!pivots.allFinite()) return false;
  const T reciprocalCondition = factors.rcond();
  return reciprocalCondition < std::numeric_limits<T>::epsilon();
}

template <class T>
Status factorImpl(const T* a, Index n, T* lu, Index* rowOrder, bool* singular) {
  if (n < 0) return Status::invalidArgument;
  *singular = false;
  if (n == 0) return Status::ok;
  if (!detail::allFinite(a, 2 * n * n)) {
    detail::fillNaN(lu, 2 * n * n);
    for (Index row = 0; row < n; ++row) rowOrder[row] = row;
    return Status::ok;
  }
  Factors<T> factors(detail::ComplexMatrix<T>(detail::complexView(a, n, n)));
  detail::complexView(lu, n, n) = factors.matrixLU();
  // P moves row i of A to row indices[i] of P A.
  const auto& indices = factors.permutationP().indices();
  for (Index row = 0; row < n; ++row) rowOrder[indices[row]] = row;
  *singular = isSingular(factors);
  return Status::ok;
}

template <class T>
Status solveFactorsImpl(const T* lu, const Index* rowOrder, Index n, const T* b, Index nrhs, T* x) {
  if (n < 0 || nrhs < 0) return Status::invalidArgument;
  if (n == 0 || nrhs == 0) return Status::ok;
  const auto factors = detail::complexView(lu, n, n);
  const auto right = detail::complexView(b, n, nrhs);
  auto solution = detail::complexView(x, n, nrhs);
  for (Index row = 0; row < n; ++row) solution.row(row) = right.row(rowOrder[row]);
  factors.template triangularView<Eigen::UnitLower>().solveInPlace(solution);
  factors.template triangularView<Eigen::Upper>().solveInPlace(solution);
  return Status::ok;
}

template <class T>
Status solveImpl(const T* a, Index n, const T* b, Index nrhs, T* x) {
  if (n < 0 || nrhs < 0) return Status::invalidArgument;
  if (n == 0 || nrhs == 0) return Status::ok;
  if (!detail::allFinite(a, 2 * n * n) || !detail::allFinite(b, 2 * n * nrhs)) {
    detail::fillNaN(x, 2 * n * nrhs);
    return Status::ok;
  }
  Factors<T> factors(detail::ComplexMatrix<T>(detail::complexView(a, n, n)));
  if (isSingular(factors)) return Status::singular;
  detail::complexView(x, n, nrhs) = factors.solve(detail::complexView(b, n, nrhs));
  return Status::ok;
}

template <class T>
Status inverseImpl(const T* a, Index n, T* out) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  if (!detail::allFinite(a, 2 * n * n)) {
    detail::fillNaN(out, 2 * n * n);
    return Status::ok;
  }
  Factors<T> factors(detail::ComplexMatrix<T>(detail::complexView(a, n, n)));
  if (isSingular(factors)) return Status::singular;
  detail::complexView(out, n, n) = factors.inverse();
  return Status::ok;
}

template <class T>
Status determinantImpl(const T* a, Index n, T* out) {
  if (n < 0) return Status::invalidArgument;
  std::complex<T> result(1, 0);
  if (n > 0) {
    Factors<T> factors(detail::ComplexMatrix<T>(detail::complexView(a, n, n)));
    result = factors.determinant();
  }
  out[0] = result.real();
  out[1] = result.imag();
  return Status::ok;
}

}  // namespace

Status complexLUFactor(const float* a, Index n, float* lu, Index* rowOrder, bool* singular) noexcept {
  return guarded([&] { return factorImpl(a, n, lu, rowOrder, singular); });
}
Status complexLUFactor(const double* a, Index n, double* lu, Index* rowOrder, bool* singular) noexcept {
  return guarded([&] { return factorImpl(a, n, lu, rowOrder, singular); });
}

Status complexLUSolve(const float* lu, const Index* rowOrder, Index n, const float* b, Index nrhs,
                      float* x) noexcept {
  return guarded([&] { return solveFactorsImpl(lu, rowOrder, n, b, nrhs, x); });
}
Status complexLUSolve(const double* lu, const Index* rowOrder, Index n, const double* b, Index nrhs,
                      double* x) noexcept {
  return guarded([&] { return solveFactorsImpl(lu, rowOrder, n, b, nrhs, x); });
}

Status complexSolve(const float* a, Index n, const float* b, Index nrhs, float* x) noexcept {
  return guarded([&] { return solveImpl(a, n, b, nrhs, x); });
}
Status complexSolve(const double* a, Index n, const double* b, Index nrhs, double* x) noexcept {
  return guarded([&] { return solveImpl(a, n, b, nrhs, x); });
}

Status complexInverse(const float* a, Index n, float* out) noexcept {
  return guarded([&] { return inverseImpl(a, n, out); });
}
Status complexInverse(const double* a, Index n, double* out) noexcept {
  return guarded([&] { return inverseImpl(a, n, out); });
}

Status complexDeterminant(const float* a, Index n, float* out) noexcept {
  return guarded([&] { return determinantImpl(a, n, out); });
}
Status complexDeterminant(const double* a, Index n, double* out) noexcept {
  return guarded([&] { return determinantImpl(a, n, out); });
}

}  // namespace core
