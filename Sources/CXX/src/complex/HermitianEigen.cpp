// Hermitian eigendecomposition, reading the lower triangle only: Eigen's
// Householder tridiagonalization to a real tridiagonal T = Qᴴ A Q. From
// `hermitianInverseIterationMinimumSize` on, as LAPACK's zheevx: T's
// eigenvalues and real eigenvectors Z by the dense layer's root-free QL
// and inverse iteration (TridiagonalEigen.hpp, in Double for Float too),
// then V = Q Z with Q's block reflectors applied to Z as products on the
// packed kernel (ComplexBlockReflector.hpp). Below it, Q formed by our
// block reflectors and Eigen's implicit symmetric QR on the tridiagonal
// accumulating its rotations into Q (the steps of Eigen's
// SelfAdjointEigenSolver, whose HouseholderSequence evaluation is not
// instantiated). Non-finite input gives NaN outputs.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "ComplexCore.h"

#include "BlockReflector.hpp"
#include "ComplexBlockReflector.hpp"
#include "ComplexSetup.hpp"
#include "TridiagonalEigen.hpp"

#include <Eigen/Eigenvalues>

namespace core {
namespace {

using detail::guarded;

/// Reflectors per block when Q of the tridiagonalization is formed or
/// applied.
constexpr Index tridiagonalReflectorBlockWidth = 32;

/// From this size on, eigenvectors come from inverse iteration on the real
/// tridiagonal form and V = Q Z (below, Eigen's QR iteration accumulating
/// rotations into Q). Measured on an Intel Xeon with AVX-512 (C++ harness,
/// alternating) against the QR iteration for every size: two threads 256
/// 24.9 → 11.5–11.7 ms, 512 188.6–188.7 → 75.9–76.3 ms; one thread 512
/// 220.7 → 84.3 ms (numpy's eigh: 10.2 and 56.3 ms on two threads).
constexpr Index hermitianInverseIterationMinimumSize = 128;

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
  const detail::Vector<std::complex<T>> conjugates = coefficients.conjugate();
  if (n >= hermitianInverseIterationMinimumSize) {
    // In Double for Float too: in single precision inverse iteration loses
    // orthogonality on dense spectra (SymmetricEigenKernels.hpp).
    detail::Vector<double> lambda;
    detail::ColumnMajorMatrix<double> z;
    std::vector<Index> order;
    if (!tridiagonal::eigenOfTridiagonal<double>(diagonal.template cast<double>(),
                                                 subdiagonal.template cast<double>(), lambda, z, order)) {
      return Status::noConvergence;
    }
    // V = Q Z, Z's columns in the eigenvalues' order.
    detail::ComplexMatrix<T> v(n, n);
    for (Index j = 0; j < n; ++j) v.col(j) = z.col(order[static_cast<std::size_t>(j)]).template cast<std::complex<T>>();
    applyReflectorsInBlocks(work.block(1, 0, n - 1, n - 1), conjugates, v.bottomRows(n - 1),
                            tridiagonalReflectorBlockWidth, ApplyComplexBlockReflector{});
    Eigen::Map<detail::Vector<T>>(values, n) = lambda.template cast<T>() * scale;
    detail::complexView(vectors, n, n) = v;
    return Status::ok;
  }
  detail::ComplexMatrix<T> q = detail::ComplexMatrix<T>::Identity(n, n);
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
