// Householder QR of a column-major working matrix in place, blocked like
// LAPACK's xGEQRF: each panel of columns is factored by Eigen's unblocked
// Householder QR, and its reflectors reach the rest as one block reflector
// I − V T Vᵀ across the pool's threads (BlockReflector.hpp). Shared by the
// QR kernels and by least squares, which factors a tall matrix first;
// internal linkage, compiled once per instruction-set variant.
#pragma once

#include <algorithm>

#include "BlockReflector.hpp"
#include "EigenSetup.hpp"
#include <Eigen/QR>

namespace core {
namespace {

/// Columns per panel: wide enough for level-3 updates, narrow enough that
/// the unblocked panel factorization stays a small part of the work.
constexpr Index qrPanelWidth = 48;

/// Factors `w` (m×n) = Q R in place: R in the upper triangle, the
/// reflectors of Q = H₀ H₁ ⋯ below it (Eigen's storage, each vector's
/// leading 1 implied) with their coefficients in `coefficients`
/// (min(m, n) of them).
template <class T>
void factorQRInPlace(detail::ColumnMajorMatrix<T>& w, detail::Vector<T>& coefficients) {
  const Index m = w.rows(), n = w.cols(), k = std::min(m, n);
  coefficients.resize(k);
  detail::Vector<T> workspace(n);
  for (Index top = 0; top < k; top += qrPanelWidth) {
    const Index width = std::min(qrPanelWidth, k - top), trailing = n - top - width;
    auto panel = w.block(top, top, m - top, width);
    auto panelCoefficients = coefficients.segment(top, width);
    Eigen::internal::householder_qr_inplace_unblocked(panel, panelCoefficients, workspace.data());
    if (trailing > 0) applyBlockReflector(w.block(top, top + width, m - top, trailing), panel, panelCoefficients, false);
  }
}

}  // namespace
}  // namespace core
