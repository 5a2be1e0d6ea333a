// Reduction of a tall matrix to upper bidiagonal form, A = Q B Pᵀ, blocked
// like LAPACK's xGEBRD (Choi, Dongarra and Walker, "The design of a parallel
// dense linear algebra software library: reduction to Hessenberg,
// tridiagonal, and bidiagonal form", 1995, section 3.3), with both of its
// expensive parts across the pool's threads:
//
// - each panel of `bidiagonalPanelWidth` columns and rows is reduced one
//   column and one row at a time; the two matrix-vector products with the
//   trailing matrix that every step needs (half of all the flops) are split
//   into parts of columns and of rows;
// - the trailing matrix then takes the panel's reflectors at once,
//   A₂₂ −= V Yᵀ + X Uᵀ, one product of depth twice the panel width, in parts
//   of columns (the packed kernel on AVX2+FMA).
//
// The result is stored the way Eigen's UpperBidiagonalization stores it, so
// that its Householder vectors read like Eigen's: column k below the
// diagonal holds the left reflector's vector (its leading 1 implied, its
// coefficient on the diagonal), row k right of the superdiagonal the right
// reflector's (its coefficient on the superdiagonal).
//
// Internal linkage; compiled once per instruction-set variant.
#pragma once

#include <algorithm>

#include "BlockReflector.hpp"
#include "EigenSetup.hpp"
#include "ThreadPool.hpp"
#include <Eigen/Householder>
#include <Eigen/SVD>

#if defined(__AVX2__) && defined(__FMA__)
#include "PackedProduct.hpp"
#endif

namespace core {
namespace {

using namespace detail;

/// Columns (and rows) reduced per panel, and the trailing width below which
/// the rest is reduced unblocked.
constexpr Index bidiagonalPanelWidth = 32;
constexpr Index bidiagonalUnblockedBelow = 48;

/// Matrix-vector products touching fewer elements than this stay on the
/// calling thread: they are bound by memory bandwidth, and below ~360×360
/// two threads gained nothing over the ~18 µs a hand-off to the pool costs
/// (measured at n = 512 and 1024 with thresholds 2^15 to 2^18).
constexpr Index bidiagonalParallelElements = Index(1) << 17;

/// y = Mᵀ v, in parts of M's columns when M is large.
template <class Matrix, class Input, class Output>
void multiplyTransposedInParts(const Matrix& matrix, const Input& v, Output&& y) {
  const Index parts =
      matrix.rows() * matrix.cols() < bidiagonalParallelElements ? 1 : parallel::partsFor(matrix.cols(), 64);
  parallel::forRange(matrix.cols(), parts, 8, [&](Index begin, Index end) {
    y.segment(begin, end - begin).noalias() = matrix.middleCols(begin, end - begin).transpose() * v;
  });
}

/// x = M u, in parts of M's rows when M is large.
template <class Matrix, class Input, class Output>
void multiplyInParts(const Matrix& matrix, const Input& u, Output&& x) {
  const Index parts =
      matrix.rows() * matrix.cols() < bidiagonalParallelElements ? 1 : parallel::partsFor(matrix.rows(), 64);
  parallel::forRange(matrix.rows(), parts, 8, [&](Index begin, Index end) {
    x.segment(begin, end - begin).noalias() = matrix.middleRows(begin, end - begin) * u;
  });
}

/// Reduces the first `width` columns and rows of `b` (rows ≥ columns >
/// width), storing reflectors and bidiagonal entries as described above, and
/// leaves in the top rows of `x` (b's rows × width) and `y` (b's columns ×
/// width) what the trailing matrix still owes: A₂₂ −= V₂ Y₂ᵀ + X₂ U₂ᵀ.
template <class T, class Block>
void reducePanel(Block& b, Index width, T* diagonal, T* superdiagonal, ColumnMajorMatrix<T>& x,
                 ColumnMajorMatrix<T>& y) {
  const Index rows = b.rows(), columns = b.cols();
  Vector<T> rowVector(columns);
  T previousRightCoefficient(0);
  for (Index k = 0; k < width; ++k) {
    const Index below = rows - k, right = columns - k - 1;
    // Column k, brought up to date with the panel's earlier reflectors.
    auto column = b.col(k).tail(below);
    column.noalias() -= b.block(k, 0, below, k) * y.row(k).head(k).transpose();
    column.noalias() -= x.block(k, 0, below, k) * b.col(k).head(k);
    T leftCoefficient;
    column.makeHouseholderInPlace(leftCoefficient, diagonal[k]);
    b(k, k) = T(1);  // the vector's implied leading 1, until the step ends
    // y_k = τ (Aᵀ v − Y V ᵀv − U Xᵀ v) over the trailing columns; the head
    // of Y's column k is free scratch.
    auto yColumn = y.col(k).segment(k + 1, right);
    multiplyTransposedInParts(b.block(k, k + 1, below, right), column, yColumn);
    auto yScratch = y.col(k).head(k);
    yScratch.noalias() = b.block(k, 0, below, k).transpose() * column;
    yColumn.noalias() -= y.block(k + 1, 0, right, k) * yScratch;
    yScratch.noalias() = x.block(k, 0, below, k).transpose() * column;
    yColumn.noalias() -= b.block(0, k + 1, k, right).transpose() * yScratch;
    yColumn *= leftCoefficient;
    // Row k, brought up to date, then its reflector.
    auto row = b.row(k).tail(right);
    row.noalias() -= (y.block(k + 1, 0, right, k + 1) * b.row(k).head(k + 1).transpose()).transpose();
    row.noalias() -= (b.block(0, k + 1, k, right).transpose() * x.row(k).head(k).transpose()).transpose();
    T rightCoefficient;
    row.makeHouseholderInPlace(rightCoefficient, superdiagonal[k]);
    b(k, k + 1) = T(1);
    auto u = rowVector.head(right);
    u = row.transpose();
    // x_k = τ (A u − X Uᵀ u − V Yᵀ u) over the rows below.
    auto xColumn = x.col(k).segment(k + 1, below - 1);
    multiplyInParts(b.block(k + 1, k + 1, below - 1, right), u, xColumn);
    auto xScratch = x.col(k).head(k);
    xScratch.noalias() = b.block(0, k + 1, k, right) * u;
    xColumn.noalias() -= x.block(k + 1, 0, below - 1, k) * xScratch;
    auto xScratchWide = x.col(k).head(k + 1);
    xScratchWide.noalias() = y.block(k + 1, 0, right, k + 1).transpose() * u;
    xColumn.noalias() -= b.block(k + 1, 0, below - 1, k + 1) * xScratchWide;
    xColumn *= rightCoefficient;
    // Row k − 1's implied 1 is no longer needed by anything: its
    // coefficient goes in its place.
    if (k > 0) b(k - 1, k) = previousRightCoefficient;
    previousRightCoefficient = rightCoefficient;
    b(k, k) = leftCoefficient;
  }
  // The last row's implied 1 stays until the trailing update has used it.
  b(width - 1, width) = previousRightCoefficient;
}

/// A₂₂ −= V₂ Y₂ᵀ + X₂ U₂ᵀ after `reducePanel` (`b` as passed to it): one
/// product [V₂ X₂] [Y₂ U₂]ᵀ of depth 2·width, in parts of A₂₂'s columns.
template <class T, class Block>
void updateTrailing(Block& b, Index width, const ColumnMajorMatrix<T>& x, const ColumnMajorMatrix<T>& y) {
  const Index rows = b.rows() - width, columns = b.cols() - width;
  ColumnMajorMatrix<T> left(rows, 2 * width), right(columns, 2 * width);
  left.leftCols(width) = b.block(width, 0, rows, width);
  left.rightCols(width) = x.block(width, 0, rows, width);
  right.leftCols(width) = y.block(width, 0, columns, width);
  const T saved = b(width - 1, width);
  b(width - 1, width) = T(1);  // the implied 1 of the last right reflector
  right.rightCols(width) = b.block(0, width, width, columns).transpose();
  b(width - 1, width) = saved;
  auto trailing = b.bottomRightCorner(rows, columns);
  const double work = 2.0 * static_cast<double>(rows) * static_cast<double>(columns) * static_cast<double>(width);
  const Index parts = work < 64.0 * 64.0 * 64.0 ? 1 : parallel::partsFor(columns, 32);
  parallel::forRange(columns, parts, 8, [&](Index begin, Index end) {
#if defined(__AVX2__) && defined(__FMA__)
    // Row-major terms: A₂₂ᵀ (a column-major block) −= R Lᵀ, read in place.
    packed::multiply<T>(end - begin, rows, 2 * width, T(-1), {&right.coeffRef(begin, 0), 1, columns},
                        {left.data(), rows, 1}, T(1), &trailing.coeffRef(0, begin), trailing.outerStride());
#else
    trailing.middleCols(begin, end - begin).noalias() -=
        left * right.middleRows(begin, end - begin).transpose();
#endif
  });
}

/// Reduces `w` (rows ≥ columns ≥ 1) to upper bidiagonal form in place:
/// `diagonal` gets the columns values of B's diagonal, `superdiagonal` the
/// columns − 1 above it, and `w` the reflectors (see the top of this file).
template <class T>
void bidiagonalizeInPlace(ColumnMajorMatrix<T>& w, T* diagonal, T* superdiagonal) {
  const Index rows = w.rows(), columns = w.cols();
  ColumnMajorMatrix<T> x(rows, bidiagonalPanelWidth), y(columns, bidiagonalPanelWidth);
  for (Index top = 0; top < columns; top += bidiagonalPanelWidth) {
    auto b = w.block(top, top, rows - top, columns - top);
    if (columns - top <= bidiagonalPanelWidth || columns - top < bidiagonalUnblockedBelow) {
      Vector<T> scratch(rows - top);
      Eigen::internal::upperbidiagonalization_inplace_unblocked(b, diagonal + top, superdiagonal + top,
                                                                  scratch.data());
      return;
    }
    reducePanel(b, bidiagonalPanelWidth, diagonal + top, superdiagonal + top, x, y);
    updateTrailing(b, bidiagonalPanelWidth, x, y);
  }
}

/// target = Q target, where Q = H₀ H₁ ⋯ are the left reflectors that
/// `bidiagonalizeInPlace` left in the columns of `w`.
template <class T>
void applyLeftReflectors(const ColumnMajorMatrix<T>& w, ColumnMajorMatrix<T>& target) {
  const Vector<T> coefficients = w.diagonal();
  applyReflectorsInBlocks(w, coefficients, target, bidiagonalPanelWidth);
}

/// target = Qᵀ target for the left reflectors of `applyLeftReflectors`.
template <class T>
void applyTransposedLeftReflectors(const ColumnMajorMatrix<T>& w, ColumnMajorMatrix<T>& target) {
  const Vector<T> coefficients = w.diagonal();
  applyTransposedReflectorsInBlocks(w, coefficients, target, bidiagonalPanelWidth);
}

/// The right reflectors that `bidiagonalizeInPlace` left in the rows of
/// `w`, as columns (each with its coefficient on the diagonal, where the
/// vector's implied 1 belongs), for the reflector routines.
template <class T>
ColumnMajorMatrix<T> rightReflectorColumns(const ColumnMajorMatrix<T>& w) {
  const Index count = w.cols() - 1;
  return w.block(0, 1, count, count).transpose();
}

/// target = P target, where P = G₀ G₁ ⋯ are the right reflectors that
/// `bidiagonalizeInPlace` left in the rows of `w` (G_k acts on entries
/// k + 1 onwards).
template <class T>
void applyRightReflectors(const ColumnMajorMatrix<T>& w, ColumnMajorMatrix<T>& target) {
  const Index count = w.cols() - 1;
  if (count <= 0) return;
  const ColumnMajorMatrix<T> vectors = rightReflectorColumns(w);
  const Vector<T> coefficients = vectors.diagonal();
  applyReflectorsInBlocks(vectors, coefficients, target.bottomRows(count), bidiagonalPanelWidth);
}

/// target = Pᵀ target for the right reflectors of `applyRightReflectors`.
template <class T>
void applyTransposedRightReflectors(const ColumnMajorMatrix<T>& w, ColumnMajorMatrix<T>& target) {
  const Index count = w.cols() - 1;
  if (count <= 0) return;
  const ColumnMajorMatrix<T> vectors = rightReflectorColumns(w);
  const Vector<T> coefficients = vectors.diagonal();
  applyTransposedReflectorsInBlocks(vectors, coefficients, target.bottomRows(count), bidiagonalPanelWidth);
}

}  // namespace
}  // namespace core
