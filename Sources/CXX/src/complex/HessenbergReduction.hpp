// Blocked reduction of a general square matrix to upper Hessenberg form,
// after LAPACK's ?gehrd with ?lahr2 panels (Quintana-Ortí and van de
// Geijn, "Improving the performance of reduction to Hessenberg form", ACM
// TOMS 32, 2006). A panel of `hessenbergPanelWidth` columns is reduced with
// one matrix-vector product by the trailing matrix per column (Y = A V T
// collects what the panel's reflectors do from the right); the rest of the
// matrix is then updated by products (the core's dispatched ones), from the
// right by Y Vᴴ and from the left by the block reflector I − V Tᴴ Vᴴ. The last `hessenbergCrossover`
// columns are reduced one reflector at a time (?gehd2). Eigen's
// HessenbergDecomposition is unblocked: four passes over the trailing
// matrix per column instead of one.
//
// Generic over real and complex scalars; the result is LAPACK's packed form
// (H on and above the subdiagonal, reflector tails below it, Q =
// H₀ H₁ ⋯ H_{n−2} with H_j = I − τ_j v_j v_jᴴ acting on rows j + 1 onwards,
// v_j's first entry 1). Complex subdiagonal entries come out real.
#pragma once

#include "ComplexProductKernel.hpp"
#include "Guarded.hpp"
#include "KernelVariants.hpp"
#include "StridedProduct.h"

#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <limits>

namespace core::detail {
namespace {

/// Columns per panel of the blocked reduction (LAPACK's default NB).
constexpr Eigen::Index hessenbergPanelWidth = 32;

/// Columns at the end reduced one at a time (LAPACK's default NX).
constexpr Eigen::Index hessenbergCrossover = 128;

/// From this many entries of the trailing matrix on, a panel column's
/// product by it splits its rows across the threads: the product reads the
/// whole trailing matrix (megabytes at 512) from the shared cache or memory
/// once per column, and a second core adds bandwidth.
constexpr double hessenbergParallelProductEntries = 65536.0;

/// result = block · vector, or blockᴴ · vector when `adjoint`, for a block
/// of a column-major matrix: for complex scalars the AVX2 variant's
/// product (ComplexMatrixVector.hpp) when the CPU has it, Eigen's otherwise
/// (SSE2 in the baseline units that include this).
template <class Block, class Vector, class Result>
void dispatchedTimes(const Block& block, const Vector& vector, Result&& result, bool adjoint = false) {
  using Scalar = typename Block::Scalar;
  if constexpr (Eigen::NumTraits<Scalar>::IsComplex) {
    using T = typename Eigen::NumTraits<Scalar>::Real;
    if (avx2::isUsable()) {
      const T* const entries = reinterpret_cast<const T*>(block.data());
      const T* const operand = reinterpret_cast<const T*>(vector.data());
      T* const out = reinterpret_cast<T*>(result.data());
      if (adjoint) {
        avx2::complexAdjointTimes(entries, block.outerStride(), block.rows(), block.cols(), operand, out);
      } else {
        avx2::complexTimes(entries, block.outerStride(), block.rows(), block.cols(), operand, out);
      }
      return;
    }
  }
  if (adjoint) {
    result.noalias() = block.adjoint() * vector;
  } else {
    result.noalias() = block * vector;
  }
}

/// result −= block · vector (`vector` contiguous) as dispatchedTimes
/// computes the product: for the panels' products by their tall blocks of
/// reflectors, which Eigen's baseline code ran at a fifth of the complex
/// SVD's time.
template <class Block, class Vector, class Result>
void subtractTimes(const Block& block, const Vector& vector, Result&& result) {
  using Scalar = typename Block::Scalar;
  if constexpr (Eigen::NumTraits<Scalar>::IsComplex) {
    if (avx2::isUsable()) {
      Eigen::Matrix<Scalar, Eigen::Dynamic, 1> product(block.rows());
      dispatchedTimes(block, vector, product);
      result -= product;
      return;
    }
  }
  result.noalias() -= block * vector;
}

/// ‖x‖₂ for a reflector's tail: the vectorized sum of squares when the
/// norm is safely inside the normal range (each square that matters a
/// normal number, none overflowing; the test of QRDeflation.hpp's
/// euclideanNorm), Eigen's stableNorm otherwise. For complex entries
/// stableNorm takes each |xᵢ| by hypot: a twentieth of the complex SVD's
/// time at 256.
template <class Vector>
typename Eigen::NumTraits<typename Vector::Scalar>::Real reflectorNorm(const Vector& x) {
  using Real = typename Eigen::NumTraits<typename Vector::Scalar>::Real;
  if (x.size() == 0) return Real(0);
  const Real norm = std::sqrt(x.squaredNorm());
  const Real lowest = std::sqrt(std::numeric_limits<Real>::min() / std::numeric_limits<Real>::epsilon());
  const Real highest = std::sqrt(std::numeric_limits<Real>::max()) / 2;
  if (norm > lowest && norm < highest) return norm;
  return x.stableNorm();
}

/// ?larfg: the reflector H = I − τ v vᴴ (v₀ = 1) with Hᴴ (α; x) = (β; 0)
/// and β real. On return `alpha` is β and `x` holds v's tail; returns τ
/// (zero, H = I, when x is zero and α real).
template <class Scalar, class Tail>
Scalar generateReflector(Scalar& alpha, Tail x) {
  using Real = typename Eigen::NumTraits<Scalar>::Real;
  const Real tailNorm = reflectorNorm(x);
  Real alphaReal = Eigen::numext::real(alpha), alphaImaginary = Eigen::numext::imag(alpha);
  if (tailNorm == Real(0) && alphaImaginary == Real(0)) return Scalar(0);
  Real beta = -std::copysign(std::hypot(alphaReal, alphaImaginary, tailNorm), alphaReal);
  // A β below the safe minimum would make 1/(α − β) overflow: scale up
  // first (at most 20 times) and β back down after.
  const Real safeMinimum = std::numeric_limits<Real>::min() / std::numeric_limits<Real>::epsilon();
  int rescalings = 0;
  if (std::abs(beta) < safeMinimum) {
    while (std::abs(beta) < safeMinimum && rescalings < 20) {
      x *= Real(1) / safeMinimum;
      alpha *= Real(1) / safeMinimum;
      beta *= Real(1) / safeMinimum;
      ++rescalings;
    }
    const Real tail = reflectorNorm(x);
    alphaReal = Eigen::numext::real(alpha);
    alphaImaginary = Eigen::numext::imag(alpha);
    beta = -std::copysign(std::hypot(alphaReal, alphaImaginary, tail), alphaReal);
  }
  const Scalar tau = (Scalar(beta) - alpha) / Scalar(beta);
  x *= Scalar(1) / (alpha - Scalar(beta));
  for (int step = 0; step < rescalings; ++step) beta *= safeMinimum;
  alpha = Scalar(beta);
  return tau;
}

/// x = Lᴴ x in place, L the unit lower triangle of the i×i block of `a`
/// at (top, left) (its diagonal and upper part not read). Triangular
/// products as plain loops: Eigen's triangular views cost seconds of
/// compile time per shape for work this small.
template <class Matrix, class Vector>
void unitLowerAdjointTimes(const Matrix& a, Eigen::Index top, Eigen::Index left, Eigen::Index i, Vector&& x) {
  for (Eigen::Index j = 0; j < i; ++j) {
    typename Matrix::Scalar sum = x(j);
    for (Eigen::Index k = j + 1; k < i; ++k) sum += Eigen::numext::conj(a(top + k, left + j)) * x(k);
    x(j) = sum;
  }
}

/// x = L x in place, L as in unitLowerAdjointTimes.
template <class Matrix, class Vector>
void unitLowerTimes(const Matrix& a, Eigen::Index top, Eigen::Index left, Eigen::Index i, Vector&& x) {
  for (Eigen::Index j = i - 1; j >= 0; --j) {
    typename Matrix::Scalar sum = x(j);
    for (Eigen::Index k = 0; k < j; ++k) sum += a(top + j, left + k) * x(k);
    x(j) = sum;
  }
}

/// x = Uᴴ x in place, U the upper triangle of t's leading i×i block.
template <class Matrix, class Vector>
void upperAdjointTimes(const Matrix& t, Eigen::Index i, Vector&& x) {
  for (Eigen::Index j = i - 1; j >= 0; --j) {
    typename Matrix::Scalar sum(0);
    for (Eigen::Index k = 0; k <= j; ++k) sum += Eigen::numext::conj(t(k, j)) * x(k);
    x(j) = sum;
  }
}

/// x = U x in place, U as in upperAdjointTimes.
template <class Matrix, class Vector>
void upperTimes(const Matrix& t, Eigen::Index i, Vector&& x) {
  for (Eigen::Index j = 0; j < i; ++j) {
    typename Matrix::Scalar sum(0);
    for (Eigen::Index k = j; k < i; ++k) sum += t(j, k) * x(k);
    x(j) = sum;
  }
}

/// ?lahr2: reduces columns p … p + width − 1 of `a` (n×n) so that the
/// entries below the subdiagonal vanish, returning the reflectors in place
/// (their first entries, 1, not stored), their coefficients in `tau`, the
/// upper triangular T (width×width) of the block reflector I − V T Vᴴ and
/// rows p + 1 onwards of Y = A V T (n×width; the caller forms rows 0 … p).
/// Columns right of the panel are read, not written.
template <class Matrix>
void reduceHessenbergPanel(Matrix& a, Eigen::Index p, Eigen::Index width, typename Matrix::Scalar* tau, Matrix& t,
                           Matrix& y) {
  using Scalar = typename Matrix::Scalar;
  using Index = Eigen::Index;
  const Index n = a.rows();
  const Index m = n - p - 1;  // rows p + 1 … n − 1, where the reflectors act
  Scalar subdiagonal(0);
  for (Index i = 0; i < width; ++i) {
    const Index c = p + i;
    if (i > 0) {
      // Column c from the right: A(p+1:, c) −= Y(p+1:, 0:i) · conj(V(p+i, 0:i))ᵀ.
      const Eigen::Matrix<Scalar, Eigen::Dynamic, 1> lastRow = a.row(p + i).segment(p, i).adjoint();
      subtractTimes(y.block(p + 1, 0, m, i), lastRow, a.col(c).segment(p + 1, m));
      // From the left, I − V Tᴴ Vᴴ with V = (V1; V2), V1 unit lower i×i;
      // T's last column is the workspace w.
      auto w = t.col(width - 1).head(i);
      const auto v2 = a.block(p + i + 1, p, m - i, i);
      w = a.col(c).segment(p + 1, i);
      unitLowerAdjointTimes(a, p + 1, p, i, w);
      Eigen::Matrix<Scalar, Eigen::Dynamic, 1> projection(i);
      dispatchedTimes(v2, a.col(c).segment(p + i + 1, m - i), projection, true);
      w += projection;
      upperAdjointTimes(t, i, w);
      subtractTimes(v2, w, a.col(c).segment(p + i + 1, m - i));
      unitLowerTimes(a, p + 1, p, i, w);
      a.col(c).segment(p + 1, i) -= w;
      a(p + i, c - 1) = subdiagonal;
    }
    Scalar alpha = a(p + i + 1, c);
    tau[i] = generateReflector(alpha, a.col(c).segment(p + i + 2, m - i - 1));
    subdiagonal = alpha;
    a(p + i + 1, c) = Scalar(1);
    const auto v = a.col(c).segment(p + i + 1, m - i);
    // Y(p+1:, i) = τ_i (A(p+1:, c+1:) v − Y(p+1:, 0:i) T(0:i, i)), where
    // T(0:i, i) = V(p+i+1:, 0:i)ᴴ v for now.
    const auto trailing = a.block(p + 1, c + 1, m, m - i);
    auto product = y.col(i).segment(p + 1, m);
    const Index parts = static_cast<double>(m) * static_cast<double>(m - i) < hessenbergParallelProductEntries
                            ? 1
                            : parallel::partsFor(m, 64);
    parallel::forRange(m, parts, 8, [&](Index begin, Index end) {
      dispatchedTimes(trailing.middleRows(begin, end - begin), v, product.segment(begin, end - begin));
    });
    dispatchedTimes(a.block(p + i + 1, p, m - i, i), v, t.col(i).head(i), true);
    subtractTimes(y.block(p + 1, 0, m, i), t.col(i).head(i), y.col(i).segment(p + 1, m));
    y.col(i).segment(p + 1, m) *= tau[i];
    // T(0:i, i) = −τ_i T(0:i, 0:i) T(0:i, i).
    t.col(i).head(i) *= -tau[i];
    upperTimes(t, i, t.col(i).head(i));
    t(i, i) = tau[i];
  }
  a(p + width, p + width - 1) = subdiagonal;
}

/// C = A B, or C −= A B when `subtract`, for column-major operands (leading
/// dimensions in elements), on the core's dispatched product: a column-major
/// product is the row-major product of the transposes in the other order.
template <class T>
void multiplyColumnMajor(const std::complex<T>* a, Eigen::Index lda, const std::complex<T>* b, Eigen::Index ldb,
                         std::complex<T>* c, Eigen::Index ldc, Eigen::Index m, Eigen::Index k, Eigen::Index n,
                         bool subtract) {
  const Status status = complexProduct4M(b, ldb, a, lda, c, ldc, n, k, m, subtract);
  if (status != Status::ok) throw detail::FailedStatus{status};
}

template <class T>
void multiplyColumnMajor(const T* a, Eigen::Index lda, const T* b, Eigen::Index ldb, T* c, Eigen::Index ldc,
                         Eigen::Index m, Eigen::Index k, Eigen::Index n, bool subtract) {
  const Status status =
      multiplyStrided(b, ldb, a, lda, c, ldc, n, k, m, subtract ? T(-1) : T(1), subtract ? T(1) : T(0));
  if (status != Status::ok) throw detail::FailedStatus{status};
}

/// Reduces the n×n `a` in place to LAPACK's packed Hessenberg form (see the
/// file's comment), with the n − 1 reflector coefficients in `tau`.
///
/// Complexity: (10/3) n³ flops, most of them in matrix products when n is
/// above `hessenbergCrossover`.
template <class Matrix, class Coefficients>
void reduceToHessenbergInPlace(Matrix& a, Coefficients& tau) {
  using Scalar = typename Matrix::Scalar;
  using Index = Eigen::Index;
  const Index n = a.rows();
  tau.setZero(std::max<Index>(n - 1, 0));
  if (n < 2) return;
  Index p = 0;
  if (n - 1 > hessenbergCrossover) {
    const Index ld = a.outerStride();
    Matrix y(n, hessenbergPanelWidth), t(hessenbergPanelWidth, hessenbergPanelWidth);
    Matrix vectors, adjointVectors, leftProduct;
    for (; p < n - 1 - hessenbergCrossover; p += hessenbergPanelWidth) {
      const Index width = std::min(hessenbergPanelWidth, n - 1 - p);
      const Index rows = n - p - 1, columns = n - p - width;
      reduceHessenbergPanel(a, p, width, tau.data() + p, t, y);
      // V (rows p + 1 onwards) with its unit diagonal and zeros written
      // out, and Vᴴ, for the products.
      vectors = a.block(p + 1, p, rows, width);
      for (Index column = 0; column < width; ++column) {
        vectors.col(column).head(column).setZero();
        vectors(column, column) = Scalar(1);
      }
      adjointVectors = vectors.adjoint();
      // Y(0:p+1, :) = A(0:p+1, p+1:) V T, before A changes.
      multiplyColumnMajor(&a(0, p + 1), ld, vectors.data(), rows, y.data(), n, p + 1, rows, width, false);
      for (Index j = width - 1; j >= 0; --j) {
        y.col(j).head(p + 1) *= t(j, j);
        for (Index k = 0; k < j; ++k) y.col(j).head(p + 1) += t(k, j) * y.col(k).head(p + 1);
      }
      // From the right, columns p + width onwards: A −= Y Vᴴ, where only
      // V's rows from p + width on meet those columns.
      multiplyColumnMajor(y.data(), n, adjointVectors.data() + (width - 1) * width, width, &a(0, p + width), ld, n,
                          width, columns, true);
      // From the right, rows 0 … p of the panel's own columns p + 1 … .
      // A(0:p+1, p+1+j) −= Y(0:p+1, j) + Σ_{k<j} conj(V(p+1+j, p+k)) Y(0:p+1, k).
      for (Index j = 0; j + 1 < width; ++j) {
        auto column = a.col(p + 1 + j).head(p + 1);
        column -= y.col(j).head(p + 1);
        for (Index k = 0; k < j; ++k) column -= Eigen::numext::conj(a(p + 1 + j, p + k)) * y.col(k).head(p + 1);
      }
      // From the left, rows p + 1 onwards of columns p + width onwards:
      // C −= V Tᴴ (Vᴴ C).
      leftProduct.resize(width, columns);
      multiplyColumnMajor(adjointVectors.data(), width, &a(p + 1, p + width), ld, leftProduct.data(), width, width,
                          rows, columns, false);
      for (Index column = 0; column < columns; ++column) upperAdjointTimes(t, width, leftProduct.col(column));
      multiplyColumnMajor(vectors.data(), rows, leftProduct.data(), width, &a(p + 1, p + width), ld, rows, width,
                          columns, true);
    }
  }
  // ?gehd2 on the rest: each reflector from the right on columns c + 1
  // onwards, then its adjoint from the left on rows c + 1 onwards.
  Eigen::Matrix<Scalar, Eigen::Dynamic, 1> product;
  Eigen::Matrix<Scalar, 1, Eigen::Dynamic> rowProduct;
  for (Index c = p; c < n - 1; ++c) {
    Scalar alpha = a(c + 1, c);
    tau[c] = generateReflector(alpha, a.col(c).segment(c + 2, n - c - 2));
    a(c + 1, c) = Scalar(1);
    const auto v = a.col(c).segment(c + 1, n - c - 1);
    auto right = a.rightCols(n - c - 1);
    product.noalias() = right * v;
    right.noalias() -= (tau[c] * product) * v.adjoint();
    auto lower = a.bottomRightCorner(n - c - 1, n - c - 1);
    rowProduct.noalias() = v.adjoint() * lower;
    lower.noalias() -= (Eigen::numext::conj(tau[c]) * v) * rowProduct;
    a(c + 1, c) = alpha;
  }
}

}  // namespace
}  // namespace core::detail
