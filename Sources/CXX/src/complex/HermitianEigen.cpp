// Hermitian eigendecomposition, reading the lower triangle only: Eigen's
// Householder tridiagonalization to a real tridiagonal, its Q formed by our
// block reflectors, and Eigen's implicit symmetric QR on the tridiagonal
// (the steps of Eigen's SelfAdjointEigenSolver, whose HouseholderSequence
// evaluation is not instantiated). Non-finite input gives NaN outputs.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "ComplexCore.h"

#include "BlockReflector.hpp"
#include "ComplexSetup.hpp"

#include <Eigen/Eigenvalues>

namespace core {
namespace {

using detail::guarded;

/// Reflectors per block when Q of the tridiagonalization is formed.
constexpr Index tridiagonalReflectorBlockWidth = 32;

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
  if (n == 1) {
    values[0] = input(0, 0).real();
    vectors[0] = T(1);
    vectors[1] = T(0);
    return Status::ok;
  }
  // The lower triangle mapped into [−1, 1] against over- and underflow, as
  // Eigen's solver does; the eigenvalues are scaled back at the end.
  detail::ComplexMatrix<T> work = input.template triangularView<Eigen::Lower>();
  T scale = work.cwiseAbs().maxCoeff();
  if (scale == T(0)) scale = T(1);
  work /= std::complex<T>(scale);
  detail::Vector<std::complex<T>> coefficients(n - 1);
  Eigen::internal::tridiagonalization_inplace(work, coefficients);
  detail::Vector<T> diagonal = work.diagonal().real();
  detail::Vector<T> subdiagonal = work.template diagonal<-1>().real();
  // Q = H₀ H₁ ⋯ H_{n−2}, H_j acting on rows j + 1 onwards with its vector
  // below the subdiagonal; Eigen stores τ_j for H_jᴴ, hence the conjugates.
  // The last reflector makes the last subdiagonal entry real.
  detail::ComplexMatrix<T> q = detail::ComplexMatrix<T>::Identity(n, n);
  const detail::Vector<std::complex<T>> conjugates = coefficients.conjugate();
  formReflectorProductInBlocks(work.block(1, 0, n - 1, n - 1), conjugates, q.bottomRightCorner(n - 1, n - 1),
                               tridiagonalReflectorBlockWidth);
  // Eigen's limit: 30 sweeps per eigenvalue.
  constexpr Index maximumSweepsPerEigenvalue = 30;
  if (Eigen::internal::computeFromTridiagonal_impl(diagonal, subdiagonal, maximumSweepsPerEigenvalue, true, q) !=
      Eigen::Success) {
    return Status::noConvergence;
  }
  Eigen::Map<detail::Vector<T>>(values, n) = diagonal * scale;
  detail::complexView(vectors, n, n) = q;
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

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
