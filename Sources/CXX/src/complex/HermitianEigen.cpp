// Hermitian eigendecomposition, reading the lower triangle only, by a
// Householder reduction to a real tridiagonal T = Qᴴ A Q. From
// `hermitianInverseIterationMinimumSize` on, as LAPACK's zheevx: our
// blocked reduction (zhetrd/zlatrd, its products on the AVX2
// matrix-vector product and the packed kernel), T's eigenvalues and real
// eigenvectors Z by the dense layer's root-free QL and inverse iteration
// (TridiagonalEigen.hpp, in Double for Float too), then V = Q Z with Q's
// block reflectors applied to Z as products (ComplexBlockReflector.hpp).
// Below it, Eigen's unblocked reduction, Q formed by our block reflectors
// and Eigen's implicit symmetric QR on the tridiagonal accumulating its
// rotations into Q (the steps of Eigen's SelfAdjointEigenSolver, whose
// HouseholderSequence evaluation is not instantiated). Non-finite input
// gives NaN outputs.
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

/// From this size on, the blocked reduction, eigenvectors from inverse
/// iteration on the real tridiagonal form and V = Q Z (below, Eigen's
/// reduction and QR iteration accumulating rotations into Q). Measured on
/// an Intel Xeon with AVX-512 (C++ harness, alternating) against Eigen's
/// steps at every size, two threads: 256 24.9 → 11.5–11.7 ms with inverse
/// iteration and Eigen's reduction, → 8.4–8.5 ms with the blocked one; 512
/// 188.6–188.7 → 75.9–81.7 → 44.6–46.6 ms; one thread 512 220.7 → 84.3 →
/// 65.4 ms (numpy's eigh: 10.2 and 56.3 ms on two threads). The two paths
/// cross near n = 36 (medians of 101 runs, two threads, Double / Float):
/// 32 0.087 / 0.080 ms with Eigen's steps against 0.095 / 0.083 ms, 40
/// 0.154 / 0.135 against 0.142 / 0.124 ms, 64 0.54 / 0.44 against 0.39 /
/// 0.30 ms, 127 3.59 against 2.09 ms (Double; numpy's eigh 0.15 ms at 40,
/// 0.38 ms at 64, 2.55 ms at 127).
constexpr Index hermitianInverseIterationMinimumSize = 40;

/// Columns per panel of the blocked Hermitian tridiagonalization.
constexpr Index hermitianPanelWidth = 32;

/// Reduces the Hermitian `a`, both triangles stored, to a real tridiagonal
/// T = Qᴴ A Q as LAPACK's zhetrd does for the lower triangle, blocked as
/// zlatrd: within a panel of columns the trailing matrix is left as it was
/// at the panel's start, each column and each product by it corrected by
/// the panel's earlier reflectors (V, stored in `a`) and their images W,
/// and the trailing matrix then takes one rank-2k update A −= V Wᴴ + W Vᴴ
/// as two 4M products (on both triangles: the products by the trailing
/// matrix read it as a general matrix, on the AVX2 matrix-vector product
/// across the threads). On return reflector j's vector lies below the
/// subdiagonal of column j (its leading 1 on the subdiagonal, not kept),
/// H_j = I − τ_j v vᴴ, Q = H₀ H₁ ⋯ H_{n−2}; T's diagonal and off-diagonal
/// are in `diagonal` and `subdiagonal`.
template <class T>
void tridiagonalizeHermitian(detail::ComplexMatrix<T>& a, detail::Vector<std::complex<T>>& tau,
                             detail::Vector<T>& diagonal, detail::Vector<T>& subdiagonal) {
  using Scalar = std::complex<T>;
  using Column = detail::Vector<Scalar>;
  const Index n = a.rows();
  tau.setZero(n - 1);
  subdiagonal.resize(n - 1);
  diagonal.resize(n);
  detail::ComplexMatrix<T> w(n, hermitianPanelWidth);
  for (Index p = 0; p < n - 1; p += hermitianPanelWidth) {
    const Index width = std::min(hermitianPanelWidth, n - 1 - p);
    for (Index i = 0; i < width; ++i) {
      const Index c = p + i, below = n - c, m = below - 1;
      if (i > 0) {
        // Column c, rows c onwards: A −= V W(c, :)ᴴ + W V(c, :)ᴴ.
        const Column wRow = w.row(c).head(i).adjoint();
        detail::subtractTimes(a.block(c, p, below, i), wRow, a.col(c).tail(below));
        const Column vRow = a.row(c).segment(p, i).adjoint();
        detail::subtractTimes(w.block(c, 0, below, i), vRow, a.col(c).tail(below));
      }
      diagonal(c) = a(c, c).real();
      Scalar alpha = a(c + 1, c);
      tau(c) = detail::generateReflector(alpha, a.col(c).tail(m - 1));
      subdiagonal(c) = alpha.real();
      a(c + 1, c) = Scalar(1);
      // w = τ (A v − V (Wᴴ v) − W (Vᴴ v)), then w −= ½ τ (wᴴ v) v.
      const auto v = a.col(c).tail(m);
      auto product = w.col(i).tail(m);
      const auto trailing = a.block(c + 1, c + 1, m, m);
      const Index parts = static_cast<double>(m) * static_cast<double>(m) < detail::hessenbergParallelProductEntries
                              ? 1
                              : parallel::partsFor(m, 64);
      parallel::forRange(m, parts, 8, [&](Index begin, Index end) {
        detail::dispatchedTimes(trailing.middleRows(begin, end - begin), v, product.segment(begin, end - begin));
      });
      if (i > 0) {
        Column projection(i);
        detail::dispatchedTimes(w.block(c + 1, 0, m, i), v, projection, true);
        detail::subtractTimes(a.block(c + 1, p, m, i), projection, product);
        detail::dispatchedTimes(a.block(c + 1, p, m, i), v, projection, true);
        detail::subtractTimes(w.block(c + 1, 0, m, i), projection, product);
      }
      product *= tau(c);
      const Scalar correction = -T(0.5) * tau(c) * product.dot(v);
      product += correction * v;
    }
    const Index q = p + width, rows = n - q;
    if (rows == 0) continue;
    // A(q:, q:) −= V Wᴴ + W Vᴴ over the panel's rows q onwards.
    const detail::ComplexMatrix<T> vAdjoint = a.block(q, p, rows, width).adjoint();
    const detail::ComplexMatrix<T> wAdjoint = w.block(q, 0, rows, width).adjoint();
    detail::multiplyColumnMajor(&a(q, p), n, wAdjoint.data(), width, &a(q, q), n, rows, width, rows, true);
    detail::multiplyColumnMajor(&w(q, 0), n, vAdjoint.data(), width, &a(q, q), n, rows, width, rows, true);
  }
  diagonal(n - 1) = a(n - 1, n - 1).real();
}

/// hermitianEigen from `hermitianInverseIterationMinimumSize` on, for the
/// lower triangle `work` divided by 2^exponent, as LAPACK's zheevx: the blocked
/// tridiagonalization, T's eigenvalues and real eigenvectors Z by the dense
/// layer's root-free QL and inverse iteration (in Double for Float too: in
/// single precision inverse iteration loses orthogonality on dense
/// spectra, SymmetricEigenKernels.hpp), then V = Q Z with Q's block
/// reflectors applied to Z as products.
template <class T>
Status hermitianEigenByInverseIteration(detail::ComplexMatrix<T>& work, int exponent, T* values, T* vectors) {
  const Index n = work.rows();
  // Both triangles, the diagonal real.
  work.diagonal() = work.diagonal().real().template cast<std::complex<T>>();
  work.template triangularView<Eigen::StrictlyUpper>() = work.adjoint();
  detail::Vector<std::complex<T>> tau;
  detail::Vector<T> diagonal, subdiagonal;
  tridiagonalizeHermitian(work, tau, diagonal, subdiagonal);
  detail::Vector<double> lambda;
  detail::ColumnMajorMatrix<double> z;
  std::vector<Index> order;
  if (!tridiagonal::eigenOfTridiagonal<double>(diagonal.template cast<double>(), subdiagonal.template cast<double>(),
                                               lambda, z, order)) {
    return Status::noConvergence;
  }
  // V = Q Z, Z's columns in the eigenvalues' order.
  detail::ComplexMatrix<T> v(n, n);
  for (Index j = 0; j < n; ++j) v.col(j) = z.col(order[static_cast<std::size_t>(j)]).template cast<std::complex<T>>();
  applyReflectorsInBlocks(work.block(1, 0, n - 1, n - 1), tau, v.bottomRows(n - 1), tridiagonalReflectorBlockWidth,
                          ApplyComplexBlockReflector{});
  for (Index i = 0; i < n; ++i) values[i] = std::ldexp(static_cast<T>(lambda(i)), exponent);
  detail::complexView(vectors, n, n) = v;
  return Status::ok;
}

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
  // The lower triangle divided by 2^e, exactly, its largest real or
  // imaginary part then in [0.5, 1), against over- and underflow of the
  // reflectors' squares; the eigenvalues are scaled back at the end. (Not by
  // dividing by a complex scalar: Eigen does that with vectors as
  // a b̄ / |b|², whose |b|² over- or underflows from about 1e±154, which
  // made 1e200 and 1e-200 matrices fail to converge.) Two factors, since
  // 2^−e alone overflows for a matrix of subnormals.
  detail::ComplexMatrix<T> work = input.template triangularView<Eigen::Lower>();
  const T largest = std::max(work.real().cwiseAbs().maxCoeff(), work.imag().cwiseAbs().maxCoeff());
  int exponent = 0;
  if (largest > T(0)) std::frexp(largest, &exponent);
  work *= std::ldexp(T(1), -(exponent / 2));
  work *= std::ldexp(T(1), exponent / 2 - exponent);
  if (n >= hermitianInverseIterationMinimumSize) {
    return hermitianEigenByInverseIteration(work, exponent, values, vectors);
  }
  detail::Vector<std::complex<T>> coefficients(n - 1);
  Eigen::internal::tridiagonalization_inplace(work, coefficients);
  detail::Vector<T> diagonal = work.diagonal().real();
  detail::Vector<T> subdiagonal = work.template diagonal<-1>().real();
  // Q = H₀ H₁ ⋯ H_{n−2}, H_j acting on rows j + 1 onwards with its vector
  // below the subdiagonal; Eigen stores τ_j for H_jᴴ, hence the conjugates.
  // The last reflector makes the last subdiagonal entry real.
  const detail::Vector<std::complex<T>> conjugates = coefficients.conjugate();
  detail::ComplexMatrix<T> q = detail::ComplexMatrix<T>::Identity(n, n);
  formReflectorProductInBlocks(work.block(1, 0, n - 1, n - 1), conjugates, q.bottomRightCorner(n - 1, n - 1),
                               tridiagonalReflectorBlockWidth);
  // Eigen's limit: 30 sweeps per eigenvalue.
  constexpr Index maximumSweepsPerEigenvalue = 30;
  if (Eigen::internal::computeFromTridiagonal_impl(diagonal, subdiagonal, maximumSweepsPerEigenvalue, true, q) !=
      Eigen::Success) {
    return Status::noConvergence;
  }
  for (Index i = 0; i < n; ++i) values[i] = std::ldexp(diagonal(i), exponent);
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
