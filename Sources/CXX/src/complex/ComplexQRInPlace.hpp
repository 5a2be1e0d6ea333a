// Complex Householder QR of a column-major working matrix in place, blocked
// as LAPACK's zgeqrf: each panel of columns is factored by Eigen's
// unblocked Householder QR, and its reflectors reach the trailing columns
// as a block reflector applied by products on the core's dispatched complex
// kernel (ComplexBlockReflector.hpp). Shared by the complex QR and by
// complex least squares, which factors a tall matrix first; internal
// linkage.
#pragma once

#include <algorithm>
#include <complex>

#include "BlockReflector.hpp"
#include "ComplexBlockReflector.hpp"
#include "ComplexSetup.hpp"
#include <Eigen/QR>

namespace core {
namespace {

/// Columns per panel of the factorization, and reflectors per block when Q
/// is formed or applied.
constexpr Index complexQRPanelWidth = 32;

/// Factors `w` (m×n) = Q R in place: R in the upper triangle, the
/// reflectors below it and their coefficients in `coefficients`, in Eigen's
/// conventions: the factorization applies H_j = I − τ_j v_j v_jᴴ, and
/// Q = H̃₀ H̃₁ ⋯ with H̃_j = I − conj(τ_j) v_j v_jᴴ (householderQ()).
template <class T>
void factorComplexQRInPlace(detail::ComplexMatrix<T>& w, detail::Vector<std::complex<T>>& coefficients) {
  const Index m = w.rows(), n = w.cols(), k = std::min(m, n);
  coefficients.resize(k);
  detail::Vector<std::complex<T>> workspace(n);
  for (Index top = 0; top < k; top += complexQRPanelWidth) {
    const Index width = std::min(complexQRPanelWidth, k - top), trailing = n - top - width;
    auto panel = w.block(top, top, m - top, width);
    auto panelCoefficients = coefficients.segment(top, width);
    Eigen::internal::householder_qr_inplace_unblocked(panel, panelCoefficients, workspace.data());
    if (trailing > 0) {
      ApplyComplexBlockReflector{true}(w.block(top, top + width, m - top, trailing), panel,
                                       panelCoefficients.conjugate());
    }
  }
}

/// target = Qᴴ target for the Q that `factorComplexQRInPlace` left in `w`
/// and `coefficients` (target has w's rows): the blocks as the
/// factorization applied them to its trailing columns, first block first.
template <class T>
void applyComplexQAdjoint(const detail::ComplexMatrix<T>& w, const detail::Vector<std::complex<T>>& coefficients,
                          detail::ComplexMatrix<T>& target) {
  const Index m = w.rows(), k = coefficients.size();
  for (Index top = 0; top < k; top += complexQRPanelWidth) {
    const Index width = std::min(complexQRPanelWidth, k - top);
    ApplyComplexBlockReflector{true}(target.bottomRows(m - top), w.block(top, top, m - top, width),
                                     coefficients.segment(top, width).conjugate());
  }
}

/// target = Q target for the Q of `applyComplexQAdjoint`, last block first.
template <class T>
void applyComplexQ(const detail::ComplexMatrix<T>& w, const detail::Vector<std::complex<T>>& coefficients,
                   detail::ComplexMatrix<T>& target) {
  const detail::Vector<std::complex<T>> conjugates = coefficients.conjugate();
  applyReflectorsInBlocks(w.leftCols(coefficients.size()), conjugates, target, complexQRPanelWidth,
                          ApplyComplexBlockReflector{});
}

}  // namespace
}  // namespace core
