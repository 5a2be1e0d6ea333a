// The SVD-family kernels, compiled once per instruction-set variant
// (MatrixSVD.cpp for the baseline, MatrixSVDAVX2.cpp for AVX2+FMA);
// everything here has internal linkage (BidiagonalDivideAndConquer.hpp's
// specializations of Eigen members excepted; see there).
//
// The SVD of an m×n matrix takes three steps, like
// LAPACK's xGESDD: A = Q B Pᵀ with B upper bidiagonal (Bidiagonalization.hpp,
// threaded), B = P_B Σ Q_Bᵀ (BidiagonalSVD.hpp: zero entries split off,
// then Eigen's divide and conquer with the core's own secular-equation
// solver and threaded merge products, BidiagonalDivideAndConquer.hpp), then
// U = Q P_B and V = P Q_B by blocks of reflectors across the threads. At
// n = 512 on one thread this takes ~110 ms, where the same steps around
// Eigen's own secular-equation solver took ~180 ms. The pseudo-inverse
// uses the same decomposition (thin), then V Σ⁺ Uᵀ; least squares stops
// before U and V and lets the reflectors act on b and on the solution
// instead (LAPACK's xGELSD order). Small
// matrices (min(m, n) ≤ 15 and m·n ≤ 400) take one-sided Jacobi instead
// (OneSidedJacobiSVD.hpp). Eigen's BDCSVD is never run
// whole: instantiating it (a QR-preconditioned Jacobi SVD below 16, its own
// bidiagonalization above) was a quarter of this unit's compile time, and
// from 16 on it goes wrong on bidiagonal forms with zero or tiny entries,
// which BidiagonalSVD.hpp prepares its divide for.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "BidiagonalSVD.hpp"
#include "Bidiagonalization.hpp"
#include "EigenSetup.hpp"
#include "HouseholderQRInPlace.hpp"
#include "OneSidedJacobiSVD.hpp"
#include "StorageOrder.hpp"

namespace core {
namespace {

using namespace detail;

template <class T>
constexpr T notANumber = std::numeric_limits<T>::quiet_NaN();

/// numpy's cut-off for rank decisions: max(m, n) · eps, relative to σ_max.
template <class T>
T rankThreshold(Index m, Index n) {
  return T(std::max(m, n)) * std::numeric_limits<T>::epsilon();
}

/// The SVD of Â = A / 2^e in the core's three steps, computed on W = Â, or
/// on W = Âᵀ when A is wide, so that W has rows ≥ columns:
/// W = left · diag(values) · rightᵀ, column-major.
template <class T>
struct WorkingSVD {
  /// Whether W is Âᵀ (then Â = right · diag(values) · leftᵀ).
  bool transposed = false;
  /// W's left vectors, rows × columns (thin) or rows × rows (full).
  ColumnMajorMatrix<T> left;
  /// W's right vectors, columns × columns.
  ColumnMajorMatrix<T> right;
  /// The singular values of Â, descending.
  Vector<T> values;

  /// Â's left vectors (m × min(m, n) when thin).
  const ColumnMajorMatrix<T>& leftOfA() const { return transposed ? right : left; }
  /// Â's right vectors (n × min(m, n) when thin).
  const ColumnMajorMatrix<T>& rightOfA() const { return transposed ? left : right; }
};

/// W = A / 2^e, or Aᵀ / 2^e when A is wide (m < n), into `w` (max(m, n) ×
/// min(m, n), column-major).
template <class T>
void loadWorkingMatrix(const T* a, Index m, Index n, int e, ColumnMajorMatrix<T>& w) {
  if (m < n) {
    // Row-major A is column-major Aᵀ.
    w = ConstMatrixMap<T>(a, m, n).transpose() * std::ldexp(T(1), -e);
  } else {
    copyTransposed(a, m, n, std::ldexp(T(1), -e), w.data());
  }
}

/// The upper bidiagonal B of W = Q B Pᵀ.
template <class T>
struct BidiagonalForm {
  Vector<T> diagonal, superdiagonal;

  /// Reduces `w` (rows ≥ columns ≥ 1) in place, Q and P left in it as
  /// reflectors (Bidiagonalization.hpp).
  explicit BidiagonalForm(ColumnMajorMatrix<T>& w)
      : diagonal(w.cols()), superdiagonal(std::max<Index>(w.cols() - 1, 1)) {
    bidiagonalizeInPlace(w, diagonal.data(), superdiagonal.data());
  }

  /// B = P_B Σ Q_Bᵀ into `bidiagonal` (P_B and Q_B when `vectors`); false
  /// when it does not converge.
  bool decompose(bool vectors, BidiagonalSVD<T>& bidiagonal) const {
    return bidiagonal.compute(diagonal.data(), superdiagonal.data(), diagonal.size(), vectors) == Eigen::Success;
  }
};

/// The general route's first two steps on W (rows ≥ columns ≥ 1), in place:
/// W = Q B Pᵀ, with Q and P left in `w` as reflectors, and B = P_B Σ Q_Bᵀ
/// into `bidiagonal` (P_B and Q_B when `vectors`). False when the
/// bidiagonal SVD does not converge.
template <class T>
bool decomposeThroughBidiagonal(ColumnMajorMatrix<T>& w, bool vectors, BidiagonalSVD<T>& bidiagonal) {
  return BidiagonalForm<T>(w).decompose(vectors, bidiagonal);
}

/// Decomposes A / 2^e (min(m, n) ≥ 1) into `result`; the
/// vectors only when `vectors` is set, U full when `full` is. A W of at
/// most 15 columns and 400 entries by one-sided Jacobi
/// (OneSidedJacobiSVD.hpp); otherwise, or when that route declines, in the
/// three steps above.
template <class T>
Status decomposeScaled(const T* a, Index m, Index n, int e, bool vectors, bool full, WorkingSVD<T>& result) {
  result.transposed = m < n;
  const Index rows = std::max(m, n), columns = std::min(m, n);
  ColumnMajorMatrix<T> w = uninitializedWorkingMatrix<T>(rows, columns);
  const auto loadW = [&] { loadWorkingMatrix(a, m, n, e, w); };
  loadW();
  const Index leftColumns = full ? rows : columns;
  if (columns <= jacobiSVDMaximumColumns && rows * columns <= jacobiSVDMaximumElements) {
    result.values.resize(columns);
    if (vectors) {
      result.left.resize(rows, leftColumns);
      result.right.resize(columns, columns);
    }
    if (oneSidedJacobiSVD(w.data(), rows, columns, vectors, leftColumns, result.left.data(), result.values.data(),
                          result.right.data())) {
      return Status::ok;
    }
    loadW();  // the general route below, on W as it was
  }
  BidiagonalSVD<T> bidiagonal;
  if (!decomposeThroughBidiagonal(w, vectors, bidiagonal)) return Status::noConvergence;
  result.values.resize(columns);
  bidiagonal.singularValues(result.values.data(), columns);
  if (!vectors) return Status::ok;
  // W = Q B Pᵀ and B = P_B Σ Q_Bᵀ: W's left vectors are Q P_B (with the
  // identity's further columns when full), its right vectors P Q_B.
  result.left = uninitializedWorkingMatrix<T>(rows, leftColumns);
  result.left.topLeftCorner(columns, columns) = bidiagonal.leftVectors();
  // Around it, the identity's entries (only the top block was computed).
  result.left.topRightCorner(columns, leftColumns - columns).setZero();
  result.left.bottomLeftCorner(rows - columns, columns).setZero();
  result.left.bottomRightCorner(rows - columns, leftColumns - columns).setIdentity();
  applyLeftReflectors(w, result.left);
  result.right = bidiagonal.rightVectors();
  applyRightReflectors(w, result.right);
  return Status::ok;
}

/// The SVD of A / 2^e for min(m, n) ≥ 1: values, and when
/// `u` and `v` are given, the vectors (full or thin) into them, row-major.
template <class T>
Status scaledSVD(const T* a, Index m, Index n, int e, bool full, T* u, T* values, T* v) {
  WorkingSVD<T> svd;
  const Status status = decomposeScaled(a, m, n, e, u != nullptr, full, svd);
  if (status != Status::ok) return status;
  Eigen::Map<Vector<T>>(values, svd.values.size()) = svd.values * std::ldexp(T(1), e);
  if (u == nullptr) return Status::ok;
  // Row-major outputs are the transposes of the column-major results.
  const ColumnMajorMatrix<T>& left = svd.leftOfA();
  const ColumnMajorMatrix<T>& right = svd.rightOfA();
  memory::adviseLargePagesFor(u, left.size());
  memory::adviseLargePagesFor(v, right.size());
  copyTransposed(left.data(), left.cols(), left.rows(), T(1), u);
  copyTransposed(right.data(), right.cols(), right.rows(), T(1), v);
  return Status::ok;
}

/// Σ⁺'s diagonal for singular values σ (descending) of an m×n matrix: 1/σᵢ
/// where σᵢ is above the rank cut-off, else 0. The cut-off is
/// max(m, n)·eps·σ₀ (numpy's), and at least the smallest normal number, as
/// in Eigen's rank decision.
template <class T>
Vector<T> invertedSingularValues(const Vector<T>& sigma, Index m, Index n) {
  const T cutoff = std::max(rankThreshold<T>(m, n) * sigma(0), std::numeric_limits<T>::min());
  Vector<T> inverted(sigma.size());
  for (Index i = 0; i < sigma.size(); ++i) inverted(i) = sigma(i) > cutoff ? T(1) / sigma(i) : T(0);
  return inverted;
}

/// B = P Σ Qᵀ for an n×n upper bidiagonal B (see BidiagonalSVDEntry.hpp):
/// the complex SVD's middle step.
template <class T>
Status bidiagonalSVDImpl(const T* d, const T* e, Index n, T* p, T* values, T* q) {
  if (n < 1 || values == nullptr) return Status::invalidArgument;
  const bool vectors = p != nullptr && q != nullptr;
  BidiagonalSVD<T> bidiagonal;
  if (bidiagonal.compute(d, e, n, vectors) != Eigen::Success) return Status::noConvergence;
  bidiagonal.singularValues(values, n);
  if (vectors) {
    Eigen::Map<ColumnMajorMatrix<T>>(p, n, n) = bidiagonal.leftVectors();
    Eigen::Map<ColumnMajorMatrix<T>>(q, n, n) = bidiagonal.rightVectors();
  }
  return Status::ok;
}

template <class T>
Status svdImpl(const T* a, Index m, Index n, bool full, T* u, T* values, T* v) {
  if (m < 0 || n < 0) return Status::invalidArgument;
  const Index k = std::min(m, n);
  const Index uColumns = full ? m : k;
  const Index vColumns = full ? n : k;
  MatrixMap<T> uMap(u, m, uColumns);
  MatrixMap<T> vMap(v, n, vColumns);
  Eigen::Map<Vector<T>> valueMap(values, k);
  if (k == 0) {
    // No singular values; a full U or V of an empty-sided matrix is the identity.
    uMap.setIdentity();
    vMap.setIdentity();
    return Status::ok;
  }
  const MagnitudeScan<T> scan = scanMagnitudes(a, m * n);
  if (!scan.allFinite) {
    uMap.setConstant(notANumber<T>);
    vMap.setConstant(notANumber<T>);
    valueMap.setConstant(notANumber<T>);
    return Status::ok;
  }
  const int e = scan.scaleExponent();  // A = 2^e Â, exactly; σ = 2^e σ̂
  return scaledSVD(a, m, n, e, full, u, values, v);
}

template <class T>
Status singularValuesImpl(const T* a, Index m, Index n, T* values) {
  if (m < 0 || n < 0) return Status::invalidArgument;
  const Index k = std::min(m, n);
  Eigen::Map<Vector<T>> valueMap(values, k);
  if (k == 0) return Status::ok;
  const MagnitudeScan<T> scan = scanMagnitudes(a, m * n);
  if (!scan.allFinite) {
    valueMap.setConstant(notANumber<T>);
    return Status::ok;
  }
  const int e = scan.scaleExponent();
  return scaledSVD<T>(a, m, n, e, false, nullptr, values, nullptr);
}

/// x = Â⁺ c for Â = W (tall) or Â = Wᵀ (`wide`), W with rows ≥ columns ≥ 1
/// already reduced: its reflectors in `w`, B in `form`. Singular values at
/// most `threshold`·σ₀ count as zero. With W = Q B Pᵀ and B = P_B Σ Q_Bᵀ, a tall Â has
/// U = Q P_B and V = P Q_B, so x = P Q_B Σ⁺ P_Bᵀ (Qᵀ c): the reflectors of
/// Q reach the right-hand sides instead of an identity, and U is never
/// formed. A wide Â = P Bᵀ Qᵀ has U = P Q_B and V = Q P_B, so
/// x = Q P_B Σ⁺ Q_Bᵀ (Pᵀ c). False when the bidiagonal SVD does not
/// converge.
template <class T>
bool solveThroughBidiagonal(const ColumnMajorMatrix<T>& w, const BidiagonalForm<T>& form, bool wide,
                            ColumnMajorMatrix<T>& c, T threshold, ColumnMajorMatrix<T>& x) {
  const Index rows = w.rows(), columns = w.cols(), nrhs = c.cols();
  BidiagonalSVD<T> bidiagonal;
  if (!form.decompose(true, bidiagonal)) return false;
  Vector<T> values(columns);
  bidiagonal.singularValues(values.data(), columns);
  const T cutoff = std::max(threshold * values(0), std::numeric_limits<T>::min());
  const Vector<T> inverted = (values.array() > cutoff).select(values.cwiseInverse(), T(0));
  ColumnMajorMatrix<T> projected;
  if (!wide) {
    applyTransposedLeftReflectors(w, c);
    projected.noalias() = bidiagonal.leftVectors().transpose() * c.topRows(columns);
    projected.array().colwise() *= inverted.array();
    x.noalias() = bidiagonal.rightVectors() * projected;
    applyRightReflectors(w, x);
  } else {
    applyTransposedRightReflectors(w, c);
    projected.noalias() = bidiagonal.rightVectors().transpose() * c;
    projected.array().colwise() *= inverted.array();
    x = ColumnMajorMatrix<T>::Zero(rows, nrhs);
    x.topRows(columns).noalias() = bidiagonal.leftVectors() * projected;
    applyLeftReflectors(w, x);
  }
  return true;
}

template <class T>
Status leastSquaresImpl(const T* a, Index m, Index n, const T* b, Index nrhs, T* x) {
  if (m < 0 || n < 0 || nrhs < 0) return Status::invalidArgument;
  MatrixMap<T> solution(x, n, nrhs);
  if (n == 0 || nrhs == 0) return Status::ok;
  if (m == 0) {
    solution.setZero();  // every x fits; the minimum-norm one is zero
    return Status::ok;
  }
  if (!allFinite(a, m * n) || !allFinite(b, m * nrhs)) {
    solution.setConstant(notANumber<T>);
    return Status::ok;
  }
  // A = 2^e Â exactly, so x = Â⁺ b / 2^e = V Σ⁺ Uᵀ b / 2^e.
  const int e = scaleExponent(a, m * n);
  const ConstMatrixMap<T> rhs(b, m, nrhs);
  const Index rows = std::max(m, n), columns = std::min(m, n);
  if (columns <= jacobiSVDMaximumColumns && rows * columns <= jacobiSVDMaximumElements) {
    WorkingSVD<T> svd;
    const Status status = decomposeScaled(a, m, n, e, true, false, svd);
    if (status != Status::ok) return status;
    ColumnMajorMatrix<T> projected = svd.leftOfA().transpose() * rhs;
    projected.array().colwise() *= invertedSingularValues(svd.values, m, n).array();
    solution.noalias() = svd.rightOfA() * projected;
    solution *= std::ldexp(T(1), -e);
    return Status::ok;
  }
  // Larger: as LAPACK's xGELSD, U and V are never formed, and a W with at
  // least 1.6 times as many rows as columns (xGELSD's crossover) is
  // factored W = Q₀ R first, so that only the square R is bidiagonalized
  // (or, at full rank, only its singular values computed).
  // Both leave A⁺ unchanged: (Q₀ R)⁺ = R⁺ Q₀ᵀ for Q₀ with orthonormal
  // columns. A tall Â = Q₀ R gives x = R⁺ (Q₀ᵀ b), a wide Â = Rᵀ Q₀ᵀ gives
  // x = Q₀ (Rᵀ)⁺ b.
  ColumnMajorMatrix<T> w = uninitializedWorkingMatrix<T>(rows, columns);
  loadWorkingMatrix(a, m, n, e, w);
  const bool wide = m < n;
  ColumnMajorMatrix<T> c = rhs;
  ColumnMajorMatrix<T> result;
  if (5 * rows >= 8 * columns) {
    Vector<T> coefficients;
    factorQRInPlace(w, coefficients);
    ColumnMajorMatrix<T> r = w.topRows(columns).template triangularView<Eigen::Upper>();
    if (!wide) {
      applyTransposedReflectorsInBlocks(w, coefficients, c, qrPanelWidth);
      c.conservativeResize(columns, nrhs);
    }
    // R's singular values (Â's) decide the rank. At full rank R is
    // invertible and the solution is unique: y = R⁻¹ c (tall) or R⁻ᵀ c
    // (wide), by a triangular solve instead of R's singular vectors. Below
    // full rank, the same reduction of R serves the bidiagonal route.
    ColumnMajorMatrix<T> y;
    ColumnMajorMatrix<T> reduced = r;
    const BidiagonalForm<T> form(reduced);
    BidiagonalSVD<T> values;
    if (!form.decompose(false, values)) return Status::noConvergence;
    Vector<T> sigma(columns);
    values.singularValues(sigma.data(), columns);
    if (sigma(columns - 1) > std::max(rankThreshold<T>(m, n) * sigma(0), std::numeric_limits<T>::min())) {
      y = c.topRows(columns);
      if (wide) {
        r.transpose().template triangularView<Eigen::Lower>().solveInPlace(y);
      } else {
        r.template triangularView<Eigen::Upper>().solveInPlace(y);
      }
    } else if (!solveThroughBidiagonal(reduced, form, wide, c, rankThreshold<T>(m, n), y)) {
      return Status::noConvergence;
    }
    if (wide) {
      result = ColumnMajorMatrix<T>::Zero(rows, nrhs);
      result.topRows(columns) = y;
      applyReflectorsInBlocks(w, coefficients, result, qrPanelWidth);
    } else {
      result = std::move(y);
    }
  } else {
    const BidiagonalForm<T> form(w);
    if (!solveThroughBidiagonal(w, form, wide, c, rankThreshold<T>(m, n), result)) return Status::noConvergence;
  }
  solution = result * std::ldexp(T(1), -e);
  return Status::ok;
}

template <class T>
Status pseudoInverseImpl(const T* a, Index m, Index n, T* out) {
  if (m < 0 || n < 0) return Status::invalidArgument;
  MatrixMap<T> result(out, n, m);
  if (m == 0 || n == 0) return Status::ok;  // n×m with no elements
  if (!allFinite(a, m * n)) {
    result.setConstant(notANumber<T>);
    return Status::ok;
  }
  // A = 2^e Â exactly, so A⁺ = Â⁺ / 2^e = V Σ⁺ Uᵀ / 2^e.
  const int e = scaleExponent(a, m * n);
  WorkingSVD<T> svd;
  const Status status = decomposeScaled(a, m, n, e, true, false, svd);
  if (status != Status::ok) return status;
  const Vector<T> inverted = invertedSingularValues(svd.values, m, n);
  result.noalias() = svd.rightOfA() * inverted.asDiagonal() * svd.leftOfA().transpose();
  result *= std::ldexp(T(1), -e);
  return Status::ok;
}

}  // namespace
}  // namespace core
