// The SVD of a small matrix by one-sided Jacobi rotations (Hestenes 1958;
// the accuracy analysis is Demmel and Veselić, "Jacobi's method is more
// accurate than QR", SIMAX 1992; LAPACK's ?gesvj is the careful form).
// Plane rotations of pairs of columns make the columns of W mutually
// orthogonal, W J₁ J₂ ⋯ = U Σ; the rotations multiplied together are V.
// For a few columns this is faster than bidiagonalizing and running the
// divide and conquer, whose fixed costs (allocations, Eigen's general
// products) dominate below 16 columns; it is also that divide and
// conquer's leaf solver (BidiagonalDivideAndConquer.hpp).
//
// No Eigen here: plain column-major arrays, so that the unit including it
// compiles quickly.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <vector>

#include "MatrixCore.h"

namespace core {
namespace {

/// Up to this many columns, and this many entries, the SVD runs one-sided
/// Jacobi instead of bidiagonalization and divide and conquer. Measured
/// (Zen 4, one thread): Jacobi is 1.3–4× faster at 2×2 to 15×15, and the
/// two routes cross near 140×3, 80×5, 50×8 and 36×11; Jacobi's work grows
/// as rows × columns² × sweeps, the other route's fixed costs (a few µs)
/// dominate below.
constexpr Index jacobiSVDMaximumColumns = 15;
constexpr Index jacobiSVDMaximumElements = 400;

/// Sweeps before one-sided Jacobi gives up (it converges quadratically; a
/// handful of sweeps is usual).
constexpr int jacobiSVDMaximumSweeps = 60;

template <class T>
T columnDot(const T* x, const T* y, Index count) {
  T sum = 0;
  for (Index i = 0; i < count; ++i) sum += x[i] * y[i];
  return sum;
}

/// (x, y) ← (c x − s y, s x + c y), elementwise.
template <class T>
void rotateColumns(T* x, T* y, Index count, T c, T s) {
  for (Index i = 0; i < count; ++i) {
    const T first = x[i], second = y[i];
    x[i] = c * first - s * second;
    y[i] = s * first + c * second;
  }
}

/// Fills columns `first..<count` of the column-major rows×count `basis`,
/// whose earlier columns are orthonormal, with further orthonormal columns:
/// each from the unit vector eᵢ least covered by the columns so far (the
/// row i with the smallest sum of squares), orthogonalized twice against
/// them (classical Gram–Schmidt with one reorthogonalization).
template <class T>
void completeOrthonormalBasis(T* basis, Index rows, Index first, Index count) {
  std::vector<T> covered(static_cast<std::size_t>(rows));
  for (Index j = first; j < count; ++j) {
    std::fill(covered.begin(), covered.end(), T(0));
    for (Index k = 0; k < j; ++k) {
      for (Index i = 0; i < rows; ++i) covered[std::size_t(i)] += basis[k * rows + i] * basis[k * rows + i];
    }
    const Index unit = std::min_element(covered.begin(), covered.end()) - covered.begin();
    T* column = basis + j * rows;
    std::fill(column, column + rows, T(0));
    column[unit] = 1;
    for (int pass = 0; pass < 2; ++pass) {
      for (Index k = 0; k < j; ++k) {
        const T* other = basis + k * rows;
        const T projection = columnDot(other, column, rows);
        for (Index i = 0; i < rows; ++i) column[i] -= projection * other[i];
      }
    }
    const T length = std::sqrt(columnDot(column, column, rows));
    for (Index i = 0; i < rows; ++i) column[i] /= length;
  }
}

/// W = U Σ Vᵀ for a column-major rows×columns W with rows ≥ columns ≥ 1,
/// entries at most about 1 in magnitude (the caller scales by a power of
/// two). W is overwritten. `values` gets σ descending (those below the
/// smallest normal number as 0); with `vectors`, `left` gets U
/// (rows×leftColumns, leftColumns = columns or rows, completed to an
/// orthonormal basis where σ = 0 or beyond the columns) and `right` gets V
/// (columns×columns), both column-major.
///
/// Returns false, having done nothing the caller must undo other than W,
/// when this route does not apply: a non-zero column so small that its
/// squared length loses precision in the subnormal range, or no
/// convergence within the sweep limit. The caller then takes the general
/// route.
template <class T>
bool oneSidedJacobiSVD(T* w, Index rows, Index columns, bool vectors, Index leftColumns, T* left, T* values,
                       T* right) {
  const T epsilon = std::numeric_limits<T>::epsilon();
  const T tiny = std::numeric_limits<T>::min() / epsilon;
  for (Index j = 0; j < columns; ++j) {
    const T* column = w + j * rows;
    const T squares = columnDot(column, column, rows);
    if (squares < tiny && std::any_of(column, column + rows, [](T x) { return x != T(0); })) return false;
  }
  std::vector<T> v;
  if (vectors) {
    v.assign(static_cast<std::size_t>(columns * columns), T(0));
    for (Index j = 0; j < columns; ++j) v[std::size_t(j * columns + j)] = 1;
  }
  // The columns' squared lengths: computed afresh at each sweep, updated
  // after each rotation within it (‖w_p‖² − tγ and ‖w_q‖² + tγ).
  std::vector<T> squares(static_cast<std::size_t>(columns));
  bool converged = false;
  for (int sweep = 0; sweep < jacobiSVDMaximumSweeps && !converged; ++sweep) {
    converged = true;
    for (Index j = 0; j < columns; ++j) squares[std::size_t(j)] = columnDot(w + j * rows, w + j * rows, rows);
    for (Index p = 0; p + 1 < columns; ++p) {
      for (Index q = p + 1; q < columns; ++q) {
        T* wp = w + p * rows;
        T* wq = w + q * rows;
        T& alpha = squares[std::size_t(p)];
        T& beta = squares[std::size_t(q)];
        if (alpha == T(0) || beta == T(0)) continue;
        const T gamma = columnDot(wp, wq, rows);
        if (std::abs(gamma) <= epsilon * std::sqrt(alpha) * std::sqrt(beta)) continue;
        converged = false;
        // The rotation that zeroes the pair's inner product: tan θ is the
        // smaller root of t² + 2ζt − 1 = 0.
        // Beyond 1/eps, √(1 + ζ²) is |ζ| to working precision (and ζ² may
        // overflow): t = 1/(2ζ).
        const T zeta = (beta - alpha) / (T(2) * gamma);
        const T t = std::abs(zeta) < T(1) / epsilon
                        ? std::copysign(T(1), zeta) / (std::abs(zeta) + std::sqrt(T(1) + zeta * zeta))
                        : T(0.5) / zeta;
        const T c = T(1) / std::sqrt(T(1) + t * t), s = c * t;
        rotateColumns(wp, wq, rows, c, s);
        if (vectors) rotateColumns(&v[std::size_t(p * columns)], &v[std::size_t(q * columns)], columns, c, s);
        alpha = std::max(alpha - t * gamma, T(0));
        beta = std::max(beta + t * gamma, T(0));
      }
    }
  }
  if (!converged) return false;
  std::vector<T> sigma(static_cast<std::size_t>(columns));
  for (Index j = 0; j < columns; ++j) {
    const T length = std::sqrt(columnDot(w + j * rows, w + j * rows, rows));
    sigma[std::size_t(j)] = length >= std::numeric_limits<T>::min() ? length : T(0);
  }
  std::vector<Index> order(static_cast<std::size_t>(columns));
  std::iota(order.begin(), order.end(), Index(0));
  std::sort(order.begin(), order.end(), [&](Index a, Index b) {
    return sigma[std::size_t(a)] > sigma[std::size_t(b)] || (sigma[std::size_t(a)] == sigma[std::size_t(b)] && a < b);
  });
  for (Index r = 0; r < columns; ++r) values[r] = sigma[std::size_t(order[std::size_t(r)])];
  if (!vectors) return true;
  Index nonzero = 0;
  for (Index r = 0; r < columns; ++r) {
    const Index j = order[std::size_t(r)];
    std::copy_n(&v[std::size_t(j * columns)], columns, right + r * columns);
    if (values[r] == T(0)) continue;
    const T* source = w + j * rows;
    for (Index i = 0; i < rows; ++i) left[r * rows + i] = source[i] / values[r];
    ++nonzero;
  }
  // The zero singular values are last; their left vectors, and the full
  // U's further columns, complete the basis.
  completeOrthonormalBasis(left, rows, nonzero, leftColumns);
  return true;
}

}  // namespace
}  // namespace core
