// The real Schur form of an upper Hessenberg matrix by Francis's implicit
// double-shift QR iteration, after LAPACK's ?lahqr (deflation test of
// Ahues and Tisseur, exceptional shifts every tenth iteration) and ?lanv2
// (the standardized 2×2 Schur form of Bai and Demmel). Each 3×3 reflector
// touches three adjacent entries of a column (left) or three adjacent
// columns (right), so both updates run down contiguous memory; without
// `wantT` only the active block is updated, which is what eigenvalues alone
// need.
#pragma once

#include "CoreStatus.h"
#include "QRDeflation.hpp"
#include "ThreadPool.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace core::detail {
namespace {

/// Sign transfer: |a| with the sign of b (Fortran's SIGN).
template <class T>
T withSignOf(T a, T b) {
  return std::copysign(std::abs(a), b);
}

/// The 2×2 real Schur factorization of [a b; c d] in standard form (LAPACK
/// ?lanv2): on return [a b; c d] is upper triangular, or has a == d and
/// b·c < 0 (a complex pair a ± i√(−bc)); the rotation [cs sn; −sn cs]
/// carries the old matrix to the new one. The first eigenvalue
/// (`first`) has the non-negative imaginary part.
template <class T>
void standardizeTwoByTwo(T& a, T& b, T& c, T& d, T& firstReal, T& firstImaginary, T& secondReal,
                         T& secondImaginary, T& cs, T& sn) {
  const T eps = std::numeric_limits<T>::epsilon();
  const T multiplier = 4;
  const T safeMinimum = std::numeric_limits<T>::min();
  const T safeSmall = std::pow(T(2), std::trunc(std::log2(safeMinimum / eps) / 2));
  const T safeLarge = T(1) / safeSmall;
  if (c == T(0)) {
    cs = 1;
    sn = 0;
  } else if (b == T(0)) {
    cs = 0;
    sn = 1;
    std::swap(a, d);
    b = -c;
    c = 0;
  } else if (a - d == T(0) && std::signbit(b) != std::signbit(c)) {
    cs = 1;
    sn = 0;
  } else {
    T temp = a - d;
    T p = temp / 2;
    const T bcMax = std::max(std::abs(b), std::abs(c));
    const T bcMin = std::min(std::abs(b), std::abs(c)) * withSignOf(T(1), b) * withSignOf(T(1), c);
    T scale = std::max(std::abs(p), bcMax);
    T z = (p / scale) * p + (bcMax / scale) * bcMin;
    if (z >= multiplier * eps) {
      // Real eigenvalues: triangularize.
      z = p + withSignOf(std::sqrt(scale) * std::sqrt(z), p);
      a = d + z;
      d = d - (bcMax / z) * bcMin;
      const T tau = std::hypot(c, z);
      cs = z / tau;
      sn = c / tau;
      b = b - c;
      c = 0;
    } else {
      // Complex or nearly equal real eigenvalues: equalize the diagonal.
      T sigma = b + c;
      for (int count = 0; count < 20; ++count) {
        scale = std::max(std::abs(temp), std::abs(sigma));
        if (scale >= safeLarge) {
          sigma *= safeSmall;
          temp *= safeSmall;
        } else if (scale <= safeSmall) {
          sigma *= safeLarge;
          temp *= safeLarge;
        } else {
          break;
        }
      }
      p = temp / 2;
      T tau = std::hypot(sigma, temp);
      cs = std::sqrt((T(1) + std::abs(sigma) / tau) / 2);
      sn = -(p / (tau * cs)) * withSignOf(T(1), sigma);
      const T aa = a * cs + b * sn;
      const T bb = -a * sn + b * cs;
      const T cc = c * cs + d * sn;
      const T dd = -c * sn + d * cs;
      a = aa * cs + cc * sn;
      b = bb * cs + dd * sn;
      c = -aa * sn + cc * cs;
      d = -bb * sn + dd * cs;
      temp = (a + d) / 2;
      a = temp;
      d = temp;
      if (c != T(0)) {
        if (b != T(0)) {
          if (std::signbit(b) == std::signbit(c)) {
            // Real eigenvalues after all: triangularize.
            const T sab = std::sqrt(std::abs(b));
            const T sac = std::sqrt(std::abs(c));
            p = withSignOf(sab * sac, c);
            tau = T(1) / std::sqrt(std::abs(b + c));
            a = temp + p;
            d = temp - p;
            b = b - c;
            c = 0;
            const T cs1 = sab * tau;
            const T sn1 = sac * tau;
            temp = cs * cs1 - sn * sn1;
            sn = cs * sn1 + sn * cs1;
            cs = temp;
          }
        } else {
          b = -c;
          c = 0;
          temp = cs;
          cs = -sn;
          sn = temp;
        }
      }
    }
  }
  firstReal = a;
  secondReal = d;
  if (c == T(0)) {
    firstImaginary = 0;
    secondImaginary = 0;
  } else {
    firstImaginary = std::sqrt(std::abs(b)) * std::sqrt(std::abs(c));
    secondImaginary = -firstImaginary;
  }
}

/// Plane rotation of the `count` pairs (x, y) at `x` and `y` (strides
/// `xStride`, `yStride`): x ← cs·x + sn·y, y ← cs·y − sn·x.
template <class T>
void rotate(Index count, T* x, Index xStride, T* y, Index yStride, T cs, T sn) {
  for (Index index = 0; index < count; ++index) {
    const T first = x[index * xStride];
    const T second = y[index * yStride];
    x[index * xStride] = cs * first + sn * second;
    y[index * yStride] = cs * second - sn * first;
  }
}

/// Householder reflector (LAPACK ?larfg) for the `count`-vector
/// (alpha, x): on return alpha is β, x holds v's tail (v₀ = 1) and the
/// result is τ, so (I − τ v vᵀ)(alpha, x) = (β, 0).
template <class T>
T makeReflector(Index count, T& alpha, T* x) {
  if (count <= 1) return 0;
  bool zeroTail = true;
  for (Index index = 0; index < count - 1; ++index) zeroTail = zeroTail && x[index] == T(0);
  if (zeroTail) return 0;
  T beta = -withSignOf(euclideanNorm(alpha, x, count - 1), alpha);
  // A β below the safe minimum would make 1/(α − β) overflow: scale up
  // first (at most 20 times, as ?larfg does) and β back down after.
  const T safeMinimum = std::numeric_limits<T>::min() / std::numeric_limits<T>::epsilon();
  int rescalings = 0;
  while (std::abs(beta) < safeMinimum && rescalings < 20) {
    const T up = T(1) / safeMinimum;
    for (Index index = 0; index < count - 1; ++index) x[index] *= up;
    alpha *= up;
    beta *= up;
    ++rescalings;
  }
  if (rescalings > 0) beta = -withSignOf(euclideanNorm(alpha, x, count - 1), alpha);
  const T tau = (beta - alpha) / beta;
  const T scale = T(1) / (alpha - beta);
  for (Index index = 0; index < count - 1; ++index) x[index] *= scale;
  for (int step = 0; step < rescalings; ++step) beta *= safeMinimum;
  alpha = beta;
  return tau;
}

/// How many reflectors of a sweep are applied together to the far columns
/// (measured at 8, 16, 32 and 64: 16 is fastest at 256 and 512).
constexpr Index maximumPendingReflectors = 16;

/// A reflector I − τ v vᵀ with v = (1, v2, v3) acting on rows row…row+2,
/// or with v = (1, v2) on rows row…row+1 when `three` is false.
template <class T>
struct PendingReflector {
  Index row;
  T tau, v2, v3;
  bool three;
};

/// Applies the reflector (τ; 1, v2, v3) to the three adjacent entries at
/// `entries` (two, with v = (1, v2), when `three` is false).
template <class T>
inline void applyReflector(T* entries, T tau, T v2, T v3, bool three) {
  if (three) {
    const T sum = tau * (entries[0] + v2 * entries[1] + v3 * entries[2]);
    entries[0] -= sum;
    entries[1] -= sum * v2;
    entries[2] -= sum * v3;
  } else {
    const T sum = tau * (entries[0] + v2 * entries[1]);
    entries[0] -= sum;
    entries[1] -= sum * v2;
  }
}

/// Applies the reflector from the left to rows row…row+2 (row…row+1) of
/// columns `from`…`to` of the column-major `h`.
template <class T>
void applyReflectorToRows(T* h, Index ld, Index row, Index from, Index to, T tau, T v2, T v3, bool three) {
  for (Index j = from; j <= to; ++j) applyReflector(h + row + j * ld, tau, v2, v3, three);
}

/// Applies the `count` reflectors of `pending` (acting on consecutive
/// rows, in order) from the left to columns `from`…`to` of the column-major
/// `h`. Each reflector's result feeds the next one's, so a block of
/// columns' rows goes into a small row-major buffer first: there every
/// reflector is a vector operation across the block's columns.
template <class T>
void applyPendingReflectors(T* h, Index ld, Index from, Index to, const PendingReflector<T>* pending,
                            Index count) {
  if (count == 0 || from > to) return;
  constexpr Index width = 8;
  const Index top = pending[0].row;
  const Index rows = pending[count - 1].row + (pending[count - 1].three ? 3 : 2) - top;
  T buffer[(maximumPendingReflectors + 2) * width] = {};
  for (Index blockStart = from; blockStart <= to; blockStart += width) {
    const Index columns = std::min(width, to - blockStart + 1);
    for (Index column = 0; column < columns; ++column) {
      const T* source = h + top + (blockStart + column) * ld;
      for (Index row = 0; row < rows; ++row) buffer[row * width + column] = source[row];
    }
    for (Index index = 0; index < count; ++index) {
      const PendingReflector<T>& r = pending[index];
      T* r0 = buffer + (r.row - top) * width;
      T* r1 = r0 + width;
      if (r.three) {
        T* r2 = r1 + width;
        for (Index lane = 0; lane < width; ++lane) {
          const T sum = r.tau * (r0[lane] + r.v2 * r1[lane] + r.v3 * r2[lane]);
          r0[lane] -= sum;
          r1[lane] -= sum * r.v2;
          r2[lane] -= sum * r.v3;
        }
      } else {
        for (Index lane = 0; lane < width; ++lane) {
          const T sum = r.tau * (r0[lane] + r.v2 * r1[lane]);
          r0[lane] -= sum;
          r1[lane] -= sum * r.v2;
        }
      }
    }
    for (Index column = 0; column < columns; ++column) {
      T* destination = h + top + (blockStart + column) * ld;
      for (Index row = 0; row < rows; ++row) destination[row] = buffer[row * width + column];
    }
  }
}

/// Applies the reflector from the right to rows `from`…`to` of the three
/// adjacent columns (two when `three` is false) starting at `c0`.
template <class T>
void applyReflectorToColumns(T* c0, Index ld, Index from, Index to, T tau, T v2, T v3, bool three) {
  T* c1 = c0 + ld;
  if (three) {
    T* c2 = c1 + ld;
    for (Index j = from; j <= to; ++j) {
      const T sum = tau * (c0[j] + v2 * c1[j] + v3 * c2[j]);
      c0[j] -= sum;
      c1[j] -= sum * v2;
      c2[j] -= sum * v3;
    }
    return;
  }
  for (Index j = from; j <= to; ++j) {
    const T sum = tau * (c0[j] + v2 * c1[j]);
    c0[j] -= sum;
    c1[j] -= sum * v2;
  }
}

/// Applies the `count` reflectors of `pending`, in order, from the right to
/// rows `from`…`to` of the column-major `h` (reflector k acting on columns
/// k.row…k.row+2), a block of rows at a time so the columns' block stays
/// in the first-level cache while every reflector passes over it.
template <class T>
void applyPendingReflectorsFromRight(T* h, Index ld, Index from, Index to, const PendingReflector<T>* pending,
                                     Index count) {
  constexpr Index rowBlock = 64;
  for (Index blockStart = from; blockStart <= to; blockStart += rowBlock) {
    const Index blockEnd = std::min(blockStart + rowBlock - 1, to);
    for (Index index = 0; index < count; ++index) {
      const PendingReflector<T>& r = pending[index];
      applyReflectorToColumns(h + r.row * ld, ld, blockStart, blockEnd, r.tau, r.v2, r.v3, r.three);
    }
  }
}

/// Reduces the upper Hessenberg n×n `h` (column-major, `ld` apart) to real
/// Schur form by the double-shift QR iteration and writes the eigenvalues
/// to `real` and `imaginary` (conjugate pairs adjacent, positive imaginary
/// part first). With `wantT` the whole of `h` becomes T; without it only
/// the diagonal blocks are meaningful. When `z` is not null (n×n,
/// column-major, `ldz` apart) it is multiplied on the right by the
/// orthogonal transformations. Returns false if an eigenvalue did not
/// converge in 30·max(10, n) iterations.
///
/// Complexity: about 10n³ flops for T and 10n³ more for Z (Golub and Van
/// Loan §7.5.6); eigenvalues alone cost less, since only the active block
/// is updated.
template <class T>
bool hessenbergQR(T* h, Index ld, Index n, bool wantT, T* z, Index ldz, T* real, T* imaginary) {
  auto at = [h, ld](Index row, Index column) -> T& { return h[row + column * ld]; };
  if (n == 0) return true;
  if (n == 1) {
    real[0] = at(0, 0);
    imaginary[0] = 0;
    return true;
  }
  clearBelowSubdiagonal(h, ld, n);

  const QRTolerances<T> tolerances(n);
  const T ulp = tolerances.ulp;
  const T exceptional1 = T(3) / 4;
  const T exceptional2 = T(-0.4375);
  const int exceptionalEvery = QRTolerances<T>::exceptionalEvery;
  constexpr Index reflectorGroup = maximumPendingReflectors;
  PendingReflector<T> pending[reflectorGroup];

  // The rows and columns the sweeps update: all of them for T.
  Index first = 0;
  Index last = n - 1;
  Index sinceDeflation = 0;
  Index i = n - 1;
  while (i >= 0) {
    Index l = 0;
    bool converged = false;
    for (Index iteration = 0; iteration <= tolerances.iterationLimit; ++iteration) {
      // A single small subdiagonal entry splits the active block.
      const Index k = negligibleSubdiagonal(h, ld, n, l, i, tolerances);
      l = k;
      if (l > 0) at(l, l - 1) = 0;
      if (l >= i - 1) {
        converged = true;
        break;
      }
      ++sinceDeflation;
      if (!wantT) {
        first = l;
        last = i;
      }

      // Shifts: the trailing 2×2's eigenvalues, or an exceptional shift.
      T h11, h12, h21, h22;
      if (sinceDeflation % (2 * exceptionalEvery) == 0) {
        const T s = std::abs(at(i, i - 1)) + std::abs(at(i - 1, i - 2));
        h11 = exceptional1 * s + at(i, i);
        h12 = exceptional2 * s;
        h21 = s;
        h22 = h11;
      } else if (sinceDeflation % exceptionalEvery == 0) {
        const T s = std::abs(at(l + 1, l)) + std::abs(at(l + 2, l + 1));
        h11 = exceptional1 * s + at(l, l);
        h12 = exceptional2 * s;
        h21 = s;
        h22 = h11;
      } else {
        h11 = at(i - 1, i - 1);
        h21 = at(i, i - 1);
        h12 = at(i - 1, i);
        h22 = at(i, i);
      }
      T shift1Real = 0, shift1Imaginary = 0, shift2Real = 0, shift2Imaginary = 0;
      const T shiftScale = std::abs(h11) + std::abs(h12) + std::abs(h21) + std::abs(h22);
      if (shiftScale != T(0)) {
        h11 /= shiftScale;
        h21 /= shiftScale;
        h12 /= shiftScale;
        h22 /= shiftScale;
        const T trace = (h11 + h22) / 2;
        const T determinant = (h11 - trace) * (h22 - trace) - h12 * h21;
        const T root = std::sqrt(std::abs(determinant));
        if (determinant >= T(0)) {
          shift1Real = trace * shiftScale;
          shift2Real = shift1Real;
          shift1Imaginary = root * shiftScale;
          shift2Imaginary = -shift1Imaginary;
        } else {
          // Two real shifts: use the one nearer h22 twice.
          shift1Real = trace + root;
          shift2Real = trace - root;
          if (std::abs(shift1Real - h22) <= std::abs(shift2Real - h22)) {
            shift1Real *= shiftScale;
            shift2Real = shift1Real;
          } else {
            shift2Real *= shiftScale;
            shift1Real = shift2Real;
          }
        }
      }

      // Two consecutive small subdiagonals let the bulge start lower.
      Index m = i - 2;
      T v[3];
      for (;; --m) {
        T h21s = at(m + 1, m);
        T s = std::abs(at(m, m) - shift2Real) + std::abs(shift2Imaginary) + std::abs(h21s);
        h21s = at(m + 1, m) / s;
        v[0] = h21s * at(m, m + 1) + (at(m, m) - shift1Real) * ((at(m, m) - shift2Real) / s) -
               shift1Imaginary * (shift2Imaginary / s);
        v[1] = h21s * (at(m, m) + at(m + 1, m + 1) - shift1Real - shift2Real);
        v[2] = h21s * at(m + 2, m + 1);
        s = std::abs(v[0]) + std::abs(v[1]) + std::abs(v[2]);
        v[0] /= s;
        v[1] /= s;
        v[2] /= s;
        if (m == l) break;
        const T h00 = std::abs(at(m, m - 1)) * (std::abs(v[1]) + std::abs(v[2]));
        const T h01 = std::abs(v[0]) * (std::abs(at(m - 1, m - 1)) + std::abs(at(m, m)) + std::abs(at(m + 1, m + 1)));
        if (h00 <= ulp * h01) break;
      }

      // The double-shift QR sweep: chase the bulge from m to i, a group of
      // steps at a time. Within a group the reflectors update the columns
      // near the diagonal at once; the columns to the right of the group
      // get all the group's reflectors in one pass each afterwards, so the
      // sweep reads each of those columns once per group instead of once
      // per step. (The columns' entries the group touches are adjacent.)
      for (Index groupStart = m; groupStart <= i - 1; groupStart += reflectorGroup) {
        const Index groupEnd = std::min(groupStart + reflectorGroup, i);
        const Index nearEnd = std::min(groupEnd + 1, last);
        Index reflectors = 0;
        for (Index column = groupStart; column < groupEnd; ++column) {
          const Index size = std::min<Index>(3, i - column + 1);
          if (column > m) {
            for (Index index = 0; index < size; ++index) v[index] = at(column + index, column - 1);
          }
          const T tau = makeReflector(size, v[0], v + 1);
          if (column > m) {
            at(column, column - 1) = v[0];
            at(column + 1, column - 1) = 0;
            if (column < i - 1) at(column + 2, column - 1) = 0;
          } else if (m > l) {
            // Not −h(k, k−1): that misbehaves when v₁ and v₂ underflow.
            at(column, column - 1) *= (T(1) - tau);
          }
          const T v2 = v[1];
          const T v3 = size == 3 ? v[2] : T(0);
          pending[reflectors++] = {column, tau, v2, v3, size == 3};
          applyReflectorToRows(h, ld, column, column, nearEnd, tau, v2, v3, size == 3);
          const Index rowEnd = std::min(column + 3, i);
          applyReflectorToColumns(h + column * ld, ld, groupStart, rowEnd, tau, v2, v3, size == 3);
        }
        // The far columns and the rows above the group (H's share) and Z
        // are disjoint and about equal: two threads can take one each.
        auto applyGroup = [&](Index begin, Index end) {
          for (Index side = begin; side < end; ++side) {
            if (side == 0) {
              applyPendingReflectors(h, ld, nearEnd + 1, last, pending, reflectors);
              applyPendingReflectorsFromRight(h, ld, first, groupStart - 1, pending, reflectors);
            } else if (z != nullptr) {
              applyPendingReflectorsFromRight(z, ldz, 0, n - 1, pending, reflectors);
            }
          }
        };
        const bool twoThreads = z != nullptr && n >= QRTolerances<T>::secondThreadOrder;
        parallel::forRange(2, twoThreads ? 2 : 1, 1, applyGroup);
      }
    }
    if (!converged) return false;

    if (l == i) {
      real[i] = at(i, i);
      imaginary[i] = 0;
    } else {
      // A 2×2 block: standardize it and carry the rotation along.
      T cs, sn;
      standardizeTwoByTwo(at(i - 1, i - 1), at(i - 1, i), at(i, i - 1), at(i, i), real[i - 1], imaginary[i - 1],
                          real[i], imaginary[i], cs, sn);
      if (wantT) {
        if (last > i) rotate(last - i, &at(i - 1, i + 1), ld, &at(i, i + 1), ld, cs, sn);
        rotate(i - 1 - first, &at(first, i - 1), 1, &at(first, i), 1, cs, sn);
      }
      if (z != nullptr) rotate(n, z + (i - 1) * ldz, 1, z + i * ldz, 1, cs, sn);
    }
    sinceDeflation = 0;
    i = l - 1;
  }
  return true;
}

}  // namespace
}  // namespace core::detail
