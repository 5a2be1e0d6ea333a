// Hermitian eigendecomposition (Eigen's SelfAdjointEigenSolver: Householder
// tridiagonalization to a real tridiagonal, implicit symmetric QR), reading
// the lower triangle only. Non-finite input gives NaN outputs.
#include "ComplexCore.h"

#include "ComplexSetup.hpp"

#include <Eigen/Eigenvalues>

namespace core {
namespace {

using detail::guarded;

template <class T>
Status hermitianEigenImpl(const T* a, Index n, T* values, T* vectors) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  const auto input = detail::complexView(a, n, n);
  bool finite = true;
  for (Index column = 0; column < n && finite; ++column) {
    for (Index row = column; row < n; ++row) {
      if (!std::isfinite(input(row, column).real()) || !std::isfinite(input(row, column).imag())) {
        finite = false;
        break;
      }
    }
  }
  if (!finite) {
    detail::fillNaN(values, n);
    detail::fillNaN(vectors, 2 * n * n);
    return Status::ok;
  }
  Eigen::SelfAdjointEigenSolver<detail::ComplexMatrix<T>> solver{detail::ComplexMatrix<T>(input)};
  if (solver.info() != Eigen::Success) return Status::noConvergence;
  Eigen::Map<detail::Vector<T>>(values, n) = solver.eigenvalues();
  detail::complexView(vectors, n, n) = solver.eigenvectors();
  return Status::ok;
}

}  // namespace

Status hermitianEigen(const float* a, Index n, float* values, float* vectors) noexcept {
  return guarded([&] { return hermitianEigenImpl(a, n, values, vectors); });
}
Status hermitianEigen(const double* a, Index n, double* values, double* vectors) noexcept {
  return guarded([&] { return hermitianEigenImpl(a, n, values, vectors); });
}

}  // namespace core
