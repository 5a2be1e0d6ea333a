// Complex Householder QR, blocked as LAPACK's zgeqrf and zungqr: each
// panel of columns is factored by Eigen's unblocked Householder QR, and its
// reflectors reach the trailing columns, and later Q, as block reflectors
// applied by products on the core's dispatched complex kernel
// (ComplexBlockReflector.hpp). Eigen's own blocked HouseholderQR ran its
// level-3 updates on this unit's baseline instructions: 60 ms for a
// 512×256 Complex<Double> `qr()` against numpy's 15 ms. Also the
// least-squares solve on the thin factors.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "ComplexCore.h"

#include "BlockReflector.hpp"
#include "ComplexBlockReflector.hpp"
#include "ComplexQRInPlace.hpp"
#include "ComplexSetup.hpp"

namespace core {
namespace {

using detail::guarded;

template <class T>
Status qrImpl(const T* a, Index m, Index n, T* q, T* r) {
  if (m < 0 || n < 0) return Status::invalidArgument;
  const Index k = std::min(m, n);
  if (k == 0) return Status::ok;
  // Factor A / 2^e (exact), then R = 2^e · R̂, as the real QR does: the
  // reflectors' squared norms of entries near 1e±154 (Double) or 1e±19
  // (Float) over- or underflow, which made Q and R all NaN.
  const int e = detail::scaleExponent(a, 2 * m * n);
  detail::ComplexMatrix<T> w = detail::complexView(a, m, n);
  w *= std::ldexp(T(1), -e);
  detail::Vector<std::complex<T>> coefficients;
  factorComplexQRInPlace(w, coefficients);
  detail::complexView(r, k, n) =
      w.topRows(k).template triangularView<Eigen::Upper>().toDenseMatrix() * std::ldexp(T(1), e);
  detail::ComplexMatrix<T> thinQ = detail::ComplexMatrix<T>::Identity(m, k);
  const detail::Vector<std::complex<T>> conjugates = coefficients.conjugate();
  formReflectorProductInBlocks(w.leftCols(k), conjugates, thinQ, complexQRPanelWidth, ApplyComplexBlockReflector{});
  detail::complexView(q, m, k) = thinQ;
  return Status::ok;
}

template <class T>
Status qrSolveImpl(const T* q, const T* r, Index m, Index n, const T* b, Index nrhs, T* x) {
  if (m < n || n < 0 || nrhs < 0) return Status::invalidArgument;
  if (n == 0 || nrhs == 0) return Status::ok;
  const auto factorR = detail::complexView(r, n, n);
  const T largest = factorR.diagonal().cwiseAbs().maxCoeff();
  const T threshold = T(m) * std::numeric_limits<T>::epsilon() * largest;
  if (!(factorR.diagonal().cwiseAbs().minCoeff() > threshold)) {
    if (factorR.allFinite()) return Status::singular;
  }
  auto solution = detail::complexView(x, n, nrhs);
  solution = detail::complexView(q, m, n).adjoint() * detail::complexView(b, m, nrhs);
  factorR.template triangularView<Eigen::Upper>().solveInPlace(solution);
  return Status::ok;
}

}  // namespace

Status complexQR(const float* a, Index m, Index n, float* q, float* r) noexcept {
  return guarded([&] { return qrImpl(a, m, n, q, r); });
}
Status complexQR(const double* a, Index m, Index n, double* q, double* r) noexcept {
  return guarded([&] { return qrImpl(a, m, n, q, r); });
}

Status complexQRSolve(const float* q, const float* r, Index m, Index n, const float* b, Index nrhs,
                      float* x) noexcept {
  return guarded([&] { return qrSolveImpl(q, r, m, n, b, nrhs, x); });
}
Status complexQRSolve(const double* q, const double* r, Index m, Index n, const double* b, Index nrhs,
                      double* x) noexcept {
  return guarded([&] { return qrSolveImpl(q, r, m, n, b, nrhs, x); });
}

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
