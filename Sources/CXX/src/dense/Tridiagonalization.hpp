// Householder reduction of a symmetric matrix to tridiagonal form, blocked
// like LAPACK's xSYTRD/xLATRD: the reflectors of a panel of columns are
// found with the trailing matrix left as it was at the panel's start (each
// column and each symmetric matrix-vector product is corrected by the
// panel's earlier reflectors), and the trailing matrix then takes one
// rank-2k update, A −= V Wᵀ + W Vᵀ, by blocks of columns across the pool's
// threads (on the packed kernel in the AVX2 variant). Eigen's unblocked
// reduction reads and rewrites the whole trailing matrix once per column;
// here the rewrite happens once per panel.
//
// The result has the layout of Eigen's Tridiagonalization: the reflector
// vectors below the subdiagonal of the working matrix (H_j acts on rows
// j + 1 onwards, with an implied 1 on the subdiagonal) and their
// coefficients. Internal linkage, one copy per kernel variant.
#pragma once

#include <algorithm>

#include "EigenSetup.hpp"
#include "StorageOrder.hpp"
#include "ThreadPool.hpp"
#include <Eigen/Householder>

#if defined(__AVX2__) && defined(__FMA__)
#include "PackedProduct.hpp"
#endif

namespace core {
namespace {

using namespace detail;

/// Reflectors per panel of the blocked reduction.
constexpr Index tridiagonalPanelWidth = 32;

/// Columns per block of the rank-2k update (a block is one piece of work
/// for a thread).
constexpr Index tridiagonalUpdateBlock = 64;

/// The lower triangle of a(first:, first:) −= X Zᵀ, for X and Z with rows
/// [first, n) and `depth` columns (column-major, leading dimension n), by
/// blocks of columns taken by whichever thread is free.
template <class T>
void subtractLowerProduct(ColumnMajorMatrix<T>& a, Index first, const ColumnMajorMatrix<T>& x,
                          const ColumnMajorMatrix<T>& z, Index depth) {
  const Index n = a.rows(), rest = n - first;
  if (rest <= 0 || depth <= 0) return;
  const Index blocks = (rest + tridiagonalUpdateBlock - 1) / tridiagonalUpdateBlock;
  const double work = static_cast<double>(rest) * static_cast<double>(rest) * static_cast<double>(depth);
  const Index parts = work < 128.0 * 128.0 * 64.0 || parallel::threadCount() == 1 ? 1 : blocks;
  parallel::forRange(blocks, parts, 1, [&](Index begin, Index end) {
    for (Index block = begin; block < end; ++block) {
      const Index column = first + block * tridiagonalUpdateBlock;
      const Index width = std::min(tridiagonalUpdateBlock, n - column), height = n - column;
#if defined(__AVX2__) && defined(__FMA__)
      // a(column:, column:column+width)ᵀ, row-major with stride n, −=
      // Z(column:column+width, :) X(column:, :)ᵀ.
      packed::multiply<T>(width, height, depth, T(-1), {z.data() + column, 1, n}, {x.data() + column, n, 1}, T(1),
                          &a.coeffRef(column, column), n);
#else
      a.block(column, column, height, width).noalias() -=
          x.block(column, 0, height, depth) * z.block(column, 0, width, depth).transpose();
#endif
    }
  });
}

/// Reduces the symmetric `a` (n×n, lower triangle read; the upper triangle
/// is neither read nor kept) to tridiagonal form Qᵀ A Q = T: `diagonal`
/// (n) and `subdiagonal` (n − 1) of T, and in `a` and `coefficients` the
/// reflectors of Q in Eigen's packed layout.
template <class T>
void tridiagonalizeInPlace(ColumnMajorMatrix<T>& a, Vector<T>& diagonal, Vector<T>& subdiagonal,
                           Vector<T>& coefficients) {
  const Index n = a.rows();
  diagonal.resize(n);
  subdiagonal.resize(std::max<Index>(n - 1, 0));
  coefficients.resize(std::max<Index>(n - 1, 0));
  if (n == 0) return;
  // X = [V W] for the current panel (V: its reflectors, W: tau·(A v − …)
  // with the correction); Z = [W V] for the update.
  ColumnMajorMatrix<T> x(n, 2 * tridiagonalPanelWidth), z(n, 2 * tridiagonalPanelWidth);
  Vector<T> corrections(2 * tridiagonalPanelWidth);
  for (Index top = 0; top + 1 < n; top += tridiagonalPanelWidth) {
    const Index width = std::min(tridiagonalPanelWidth, n - 1 - top);
    auto v = x.leftCols(width);
    auto w = x.middleCols(width, width);
    for (Index i = 0; i < width; ++i) {
      const Index g = top + i, r = n - g - 1;
      // Column g with the panel's earlier reflectors applied.
      if (i > 0) {
        a.col(g).tail(n - g).noalias() -= v.block(g, 0, n - g, i) * w.row(g).head(i).transpose();
        a.col(g).tail(n - g).noalias() -= w.block(g, 0, n - g, i) * v.row(g).head(i).transpose();
      }
      diagonal(g) = a(g, g);
      auto reflector = a.col(g).tail(r);
      T tau, beta;
      reflector.makeHouseholderInPlace(tau, beta);
      reflector(0) = T(1);
      subdiagonal(g) = beta;
      coefficients(g) = tau;
      v.col(i).tail(r) = reflector;
      // w = tau (A v − V (Wᵀ v) − W (Vᵀ v)), then w −= (tau/2)(wᵀ v) v.
      auto product = w.col(i).tail(r);
      product.noalias() = a.bottomRightCorner(r, r).template selfadjointView<Eigen::Lower>() * reflector;
      if (i > 0) {
        corrections.head(i).noalias() = w.block(g + 1, 0, r, i).transpose() * reflector;
        corrections.segment(i, i).noalias() = v.block(g + 1, 0, r, i).transpose() * reflector;
        product.noalias() -= v.block(g + 1, 0, r, i) * corrections.head(i);
        product.noalias() -= w.block(g + 1, 0, r, i) * corrections.segment(i, i);
      }
      product *= tau;
      product += (T(-0.5) * tau * product.dot(reflector)) * reflector;
      reflector(0) = beta;
    }
    // The trailing matrix a(top + width:, top + width:) −= V Wᵀ + W Vᵀ.
    const Index next = top + width;
    z.leftCols(width).middleRows(next, n - next) = w.middleRows(next, n - next);
    z.middleCols(width, width).middleRows(next, n - next) = v.middleRows(next, n - next);
    subtractLowerProduct(a, next, x, z, 2 * width);
  }
  diagonal(n - 1) = a(n - 1, n - 1);
}

}  // namespace
}  // namespace core
