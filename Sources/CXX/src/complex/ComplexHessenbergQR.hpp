// The complex Schur form of an upper Hessenberg matrix by the single-shift
// QR iteration, after LAPACK's ?lahqr for complex matrices (Wilkinson's
// shift, the deflation test of Ahues and Tisseur, exceptional shifts every
// tenth iteration, real subdiagonal kept real). As in the real iteration
// (HessenbergQR.hpp), the sweep's 2×2 reflectors reach the far columns,
// the rows above, and Z a group at a time, on two threads when the group's
// far work is large.
#pragma once

#include "ComplexPack.hpp"
#include "CoreStatus.h"
#include "QRDeflation.hpp"
#include "ThreadPool.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>

namespace core::detail {
namespace {

/// How many reflectors of a complex sweep are applied together: 32 for
/// Double, 16 for Float (16 for both before, as in the real iteration; 32
/// then measured the same, 64 slower). Measured again after the far-work
/// weights changed, 2 threads, alternating. Double, 16 → 32: the
/// benchmark's `eig` 512 495.8–497.2 → 471.9–474.4 ms, 256 76.8–77.0 →
/// 71.7–71.9 ms, `eigvals` 512 272.0–272.7 → 262.8–265.4 ms; a C++
/// harness on another matrix agreed (48 no better than 32). Float
/// disagreed with itself: the benchmark's `eig` 512 314.2–315.2 → 355.4–
/// 361.1 ms, the harness's matrix 430–435 → 357–358 ms (the rounding
/// moves the shifts, and the number of sweeps with them), so Float stays
/// at 16.
template <class T>
constexpr Index maximumPendingComplexReflectors = sizeof(T) == sizeof(float) ? 16 : 32;

/// How many rows of a right update one far column of a left update costs
/// when two threads share a group's far work. Double: 3 (first 4, from a
/// profile of complex `eig` 512, where the left update took 26 % of the
/// time for about a third of the right update's entries; alternating
/// 2-thread runs of `eig` 512 then took 463–466 ms with 3 against 488–497
/// ms with 4, 463–470 ms with 2, and at 256 80.5–80.9 ms against 82.5–82.7
/// ms). Float: 8, where alternating 2-thread runs of `eig` 512 took 465–478
/// ms against 545–589 ms with 4.
template <class T>
constexpr Index leftColumnWeight = sizeof(T) == sizeof(float) ? 8 : 3;

/// The reflector I − τ v vᴴ with v = (1, v2) on rows (columns) row, row+1;
/// `t2` = τ·v2, which is real.
template <class T>
struct PendingComplexReflector {
  Index row;
  std::complex<T> tau, v2;
  T t2;
};

/// Applies the reflector's adjoint from the left to the entry pair x (of
/// row `row`), y (of row `row` + 1), each stored as (re, im), in real
/// arithmetic: std::complex's product checks for NaN, and in a variant
/// translation unit it is not even inlined.
template <class T>
inline void applyComplexReflectorFromLeft(T* x, T* y, const PendingComplexReflector<T>& r) {
  const T tauReal = r.tau.real(), tauImaginary = -r.tau.imag();
  const T xr = x[0], xi = x[1], yr = y[0], yi = y[1];
  const T sumReal = tauReal * xr - tauImaginary * xi + r.t2 * yr;
  const T sumImaginary = tauReal * xi + tauImaginary * xr + r.t2 * yi;
  x[0] = xr - sumReal;
  x[1] = xi - sumImaginary;
  y[0] = yr - (sumReal * r.v2.real() - sumImaginary * r.v2.imag());
  y[1] = yi - (sumReal * r.v2.imag() + sumImaginary * r.v2.real());
}

#if defined(__AVX2__) && defined(__FMA__)
/// One reflector's constants broadcast for a chain: the sum is
/// s·x + t2·y, then x −= sum and y −= sum·w (from the left s = conj(τ) and
/// w = v2; from the right s = τ and w = conj(v2)).
template <class T>
struct BroadcastReflector {
  using Pack = ComplexPack<T>;
  typename Pack::Vector sReal, sImaginary, t2, wReal, wImaginary;

  BroadcastReflector(const PendingComplexReflector<T>& r, bool fromLeft)
      : sReal(Pack::broadcast(r.tau.real())),
        sImaginary(Pack::broadcast(fromLeft ? -r.tau.imag() : r.tau.imag())),
        t2(Pack::broadcast(r.t2)),
        wReal(Pack::broadcast(r.v2.real())),
        wImaginary(Pack::broadcast(fromLeft ? r.v2.imag() : -r.v2.imag())) {}

  void apply(typename Pack::Vector& x, typename Pack::Vector& y) const {
    const auto sum = Pack::multiplyAdd(y, t2, Pack::times(x, sReal, sImaginary));
    x = Pack::subtract(x, sum);
    y = Pack::subtract(y, Pack::times(sum, wReal, wImaginary));
  }
};

/// Applies `count` reflectors, in order, to consecutive pairs (0, 1),
/// (1, 2), … of the vectors `stride` reals apart from `data`, `packs` packs
/// each. Each reflector goes over all packs before the next, so the packs'
/// updates are independent work (a chain kept in registers would wait on
/// each update's latency).
template <class T>
void applyComplexReflectorSequence(T* data, Index stride, Index packs, const PendingComplexReflector<T>* pending,
                                   Index count, bool fromLeft) {
  using Pack = ComplexPack<T>;
  constexpr Index packReals = 2 * Pack::count;
  for (Index index = 0; index < count; ++index) {
    const BroadcastReflector<T> reflector(pending[index], fromLeft);
    T* x = data + index * stride;
    T* y = x + stride;
    for (Index pack = 0; pack < packs; ++pack) {
      auto first = Pack::load(x + pack * packReals), second = Pack::load(y + pack * packReals);
      reflector.apply(first, second);
      Pack::store(x + pack * packReals, first);
      Pack::store(y + pack * packReals, second);
    }
  }
}

/// Columns per block of the left update's row-major buffer: four packs.
template <class T>
constexpr Index leftUpdateWidth = 4 * ComplexPack<T>::count;
#else
template <class T>
constexpr Index leftUpdateWidth = 4;
#endif

/// Copies `rows`×`columns` of the column-major `source` to the row-major
/// `buffer` (`width` entries per row).
template <class T>
void copyColumnsToRows(const std::complex<T>* source, Index ld, Index rows, Index columns, std::complex<T>* buffer,
                       Index width) {
  for (Index column = 0; column < columns; ++column) {
    for (Index row = 0; row < rows; ++row) buffer[row * width + column] = source[row + column * ld];
  }
}

/// The inverse of copyColumnsToRows.
template <class T>
void copyRowsToColumns(const std::complex<T>* buffer, Index width, Index rows, Index columns,
                       std::complex<T>* destination, Index ld) {
  for (Index column = 0; column < columns; ++column) {
    for (Index row = 0; row < rows; ++row) destination[row + column * ld] = buffer[row * width + column];
  }
}

/// Applies the reflectors' adjoints, in order, from the left to columns
/// `from`…`to` of the column-major complex `h`, through a row-major buffer
/// as the real iteration does. The reflectors act on consecutive row
/// pairs, as a sweep's group does.
template <class T>
void applyPendingComplexReflectors(std::complex<T>* h, Index ld, Index from, Index to,
                                   const PendingComplexReflector<T>* pending, Index count) {
  using Complex = std::complex<T>;
  if (count == 0 || from > to) return;
  constexpr Index width = leftUpdateWidth<T>;
  const Index top = pending[0].row;
  const Index rows = pending[count - 1].row + 2 - top;
  Complex buffer[(maximumPendingComplexReflectors<T> + 1) * width] = {};
  for (Index blockStart = from; blockStart <= to; blockStart += width) {
    const Index columns = std::min(width, to - blockStart + 1);
    copyColumnsToRows(h + top + blockStart * ld, ld, rows, columns, buffer, width);
#if defined(__AVX2__) && defined(__FMA__)
    applyComplexReflectorSequence(reinterpret_cast<T*>(buffer), 2 * width,
                                  (columns + ComplexPack<T>::count - 1) / ComplexPack<T>::count, pending, count, true);
#else
    for (Index index = 0; index < count; ++index) {
      const PendingComplexReflector<T>& r = pending[index];
      T* x = reinterpret_cast<T*>(buffer + (r.row - top) * width);
      T* y = x + 2 * width;
      for (Index lane = 0; lane < width; ++lane) applyComplexReflectorFromLeft(x + 2 * lane, y + 2 * lane, r);
    }
#endif
    copyRowsToColumns(buffer, width, rows, columns, h + top + blockStart * ld, ld);
  }
}

/// Applies one reflector from the right to rows `from`…`to` of the two
/// adjacent columns starting at `c0`.
template <class T>
void applyComplexReflectorToColumns(std::complex<T>* c0, Index ld, Index from, Index to,
                                    const PendingComplexReflector<T>& r) {
  // Written out in real arithmetic: std::complex's product checks for
  // NaN and keeps the loop from vectorizing.
  T* x = reinterpret_cast<T*>(c0);
  T* y = reinterpret_cast<T*>(c0 + ld);
  const T tauReal = r.tau.real(), tauImaginary = r.tau.imag();
  const T vReal = r.v2.real(), vImaginary = -r.v2.imag();
  for (Index j = from; j <= to; ++j) {
    const T xr = x[2 * j], xi = x[2 * j + 1], yr = y[2 * j], yi = y[2 * j + 1];
    const T sumReal = tauReal * xr - tauImaginary * xi + r.t2 * yr;
    const T sumImaginary = tauReal * xi + tauImaginary * xr + r.t2 * yi;
    x[2 * j] = xr - sumReal;
    x[2 * j + 1] = xi - sumImaginary;
    y[2 * j] = yr - (sumReal * vReal - sumImaginary * vImaginary);
    y[2 * j + 1] = yi - (sumReal * vImaginary + sumImaginary * vReal);
  }
}

/// Applies the reflectors, in order, from the right to rows `from`…`to`,
/// a block of rows at a time (in the AVX2 variant whole packs of rows,
/// the rest one row at a time). The reflectors act on consecutive column
/// pairs, as a sweep's group does.
template <class T>
void applyPendingComplexReflectorsFromRight(std::complex<T>* h, Index ld, Index from, Index to,
                                            const PendingComplexReflector<T>* pending, Index count) {
  constexpr Index rowBlock = 32;
  if (count == 0) return;
#if defined(__AVX2__) && defined(__FMA__)
  // Whole packs of rows first, then the rest below in scalar code.
  constexpr Index packRows = ComplexPack<T>::count;
  const Index packedEnd = from + std::max<Index>(to - from + 1, 0) / packRows * packRows;
  for (Index blockStart = from; blockStart < packedEnd; blockStart += rowBlock) {
    applyComplexReflectorSequence(reinterpret_cast<T*>(h + pending[0].row * ld + blockStart), 2 * ld,
                                  std::min(rowBlock, packedEnd - blockStart) / packRows, pending, count, false);
  }
  from = packedEnd;
#endif
  for (Index blockStart = from; blockStart <= to; blockStart += rowBlock) {
    const Index blockEnd = std::min(blockStart + rowBlock - 1, to);
    for (Index index = 0; index < count; ++index) {
      applyComplexReflectorToColumns(h + pending[index].row * ld, ld, blockStart, blockEnd, pending[index]);
    }
  }
}

/// Reduces the upper Hessenberg n×n complex `h` (column-major, `ld` apart)
/// to upper triangular Schur form by the single-shift QR iteration and
/// writes the eigenvalues to `values`. With `wantT` the whole of `h`
/// becomes T; without it only the diagonal is meaningful. When `z` is not
/// null (n×n, `ldz` apart) it is multiplied on the right by the unitary
/// transformations. Returns false if an eigenvalue did not converge in
/// 30·max(10, n) iterations.
///
/// Complexity: O(n³), with about 4n³ complex flops for T and as many for Z.
template <class T>
bool complexHessenbergQR(std::complex<T>* h, Index ld, Index n, bool wantT, std::complex<T>* z, Index ldz,
                         std::complex<T>* values) {
  using Complex = std::complex<T>;
  auto at = [h, ld](Index row, Index column) -> Complex& { return h[row + column * ld]; };
  if (n == 0) return true;
  if (n == 1) {
    values[0] = at(0, 0);
    return true;
  }
  clearBelowSubdiagonal(h, ld, n);

  // Scales rows and columns by unit complex numbers so the subdiagonal is
  // real (and so stays real through the sweeps).
  // (In real arithmetic: std::complex's product is not inlined in a
  // variant translation unit.)
  auto multiply = [](Complex& entry, Complex factor) {
    const T re = entry.real(), im = entry.imag();
    entry = Complex(re * factor.real() - im * factor.imag(), re * factor.imag() + im * factor.real());
  };
  auto scaleRow = [&](Index row, Index fromColumn, Index toColumn, Complex factor) {
    for (Index column = fromColumn; column <= toColumn; ++column) multiply(at(row, column), factor);
  };
  auto scaleColumn = [&](Complex* column, Index fromRow, Index toRow, Complex factor) {
    for (Index row = fromRow; row <= toRow; ++row) multiply(column[row], factor);
  };
  for (Index i = 1; i < n; ++i) {
    const Complex subdiagonal = at(i, i - 1);
    if (subdiagonal.imag() == T(0)) continue;
    Complex factor = subdiagonal / entrySize(subdiagonal);
    factor = std::conj(factor) / std::abs(factor);
    at(i, i - 1) = std::abs(subdiagonal);
    scaleRow(i, i, n - 1, factor);
    scaleColumn(&at(0, i), 0, std::min(n - 1, i + 1), std::conj(factor));
    if (z != nullptr) scaleColumn(z + i * ldz, 0, n - 1, std::conj(factor));
  }

  const QRTolerances<T> tolerances(n);
  const T ulp = tolerances.ulp;
  const T exceptional = T(3) / 4;
  const int exceptionalEvery = QRTolerances<T>::exceptionalEvery;
  constexpr Index reflectorGroup = maximumPendingComplexReflectors<T>;
  PendingComplexReflector<T> pending[reflectorGroup];

  Index first = 0;
  Index last = n - 1;
  Index sinceDeflation = 0;
  Index i = n - 1;
  while (i >= 0) {
    Index l = 0;
    bool converged = false;
    for (Index iteration = 0; iteration <= tolerances.iterationLimit; ++iteration) {
      const Index k = negligibleSubdiagonal(h, ld, n, l, i, tolerances);
      l = k;
      if (l > 0) at(l, l - 1) = 0;
      if (l >= i) {
        converged = true;
        break;
      }
      ++sinceDeflation;
      if (!wantT) {
        first = l;
        last = i;
      }

      // The shift: Wilkinson's, or an exceptional one.
      Complex shift;
      if (sinceDeflation % (2 * exceptionalEvery) == 0) {
        shift = exceptional * std::abs(at(i, i - 1).real()) + at(i, i);
      } else if (sinceDeflation % exceptionalEvery == 0) {
        shift = exceptional * std::abs(at(l + 1, l).real()) + at(l, l);
      } else {
        shift = at(i, i);
        const Complex u = std::sqrt(at(i - 1, i)) * std::sqrt(at(i, i - 1));
        T s = entrySize(u);
        if (s != T(0)) {
          const Complex x = (at(i - 1, i - 1) - shift) / T(2);
          const T sx = entrySize(x);
          s = std::max(s, sx);
          Complex y = s * std::sqrt((x / s) * (x / s) + (u / s) * (u / s));
          if (sx > T(0)) {
            const Complex direction = x / sx;
            if (direction.real() * y.real() + direction.imag() * y.imag() < T(0)) y = -y;
          }
          shift -= u * (u / (x + y));
        }
      }

      // Two consecutive small subdiagonals let the sweep start lower.
      Index m = i - 1;
      Complex v[2];
      for (;; --m) {
        const Complex h11 = at(m, m);
        const Complex h22 = at(m + 1, m + 1);
        Complex h11s = h11 - shift;
        T h21 = at(m + 1, m).real();
        const T s = entrySize(h11s) + std::abs(h21);
        h11s /= s;
        h21 /= s;
        v[0] = h11s;
        v[1] = h21;
        if (m == l) break;
        const T h10 = at(m, m - 1).real();
        if (std::abs(h10) * std::abs(h21) <= ulp * (entrySize(h11s) * (entrySize(h11) + entrySize(h22)))) break;
      }

      // The sweep, a group of steps at a time (see HessenbergQR.hpp). A
      // sweep that starts at m > l rescales rows and columns after its
      // first step, so that step forms a group of its own.
      for (Index groupStart = m; groupStart <= i - 1;) {
        const Index groupEnd =
            (groupStart == m && m > l) ? groupStart + 1 : std::min(groupStart + reflectorGroup, i);
        const Index nearEnd = std::min(groupEnd, last);
        Index reflectors = 0;
        for (Index column = groupStart; column < groupEnd; ++column) {
          if (column > m) {
            v[0] = at(column, column - 1);
            v[1] = at(column + 1, column - 1);
          }
          // The complex reflector of (v₀, v₁) (?larfg with n = 2).
          Complex tau = 0;
          if (v[1] != Complex(0) || v[0].imag() != T(0)) {
            T beta = -std::copysign(euclideanNorm(v[0], v + 1, 1), v[0].real());
            // A β below the safe minimum would make 1/(α − β) overflow:
            // scale up first (at most 20 times) and β back down after.
            const T safeMinimum = std::numeric_limits<T>::min() / ulp;
            int rescalings = 0;
            while (std::abs(beta) < safeMinimum && rescalings < 20) {
              v[0] *= T(1) / safeMinimum;
              v[1] *= T(1) / safeMinimum;
              beta *= T(1) / safeMinimum;
              ++rescalings;
            }
            if (rescalings > 0) beta = -std::copysign(euclideanNorm(v[0], v + 1, 1), v[0].real());
            tau = Complex((beta - v[0].real()) / beta, -v[0].imag() / beta);
            v[1] *= Complex(1) / (v[0] - beta);
            for (int step = 0; step < rescalings; ++step) beta *= safeMinimum;
            v[0] = beta;
          }
          if (column > m) {
            at(column, column - 1) = v[0];
            at(column + 1, column - 1) = 0;
          }
          const PendingComplexReflector<T> reflector{column, tau, v[1], (tau * v[1]).real()};
          pending[reflectors++] = reflector;
          // Near columns from the left, rows of the group from the right.
          for (Index j = column; j <= nearEnd; ++j) {
            T* entries = reinterpret_cast<T*>(&at(column, j));
            applyComplexReflectorFromLeft(entries, entries + 2, reflector);
          }
          applyComplexReflectorToColumns(&at(0, column), ld, groupStart, std::min(column + 2, i), reflector);
        }
        // The far work in one order: the far columns from the left, the
        // rows above from the right, Z's rows from the right. With two
        // threads each takes half of it by weight, a far column counting
        // `leftColumnWeight` rows (it is reached through a buffer, a strided
        // column at a time).
        const Index leftColumns = std::max<Index>(last - nearEnd, 0);
        const Index rowsAbove = std::max<Index>(groupStart - first, 0);
        const Index zRows = z != nullptr ? n : 0;
        const Index totalWeight = leftColumnWeight<T> * leftColumns + rowsAbove + zRows;
        auto applyShare = [&](Index weightBegin, Index weightEnd) {
          // Far columns cover weights [0, leftColumnWeight·leftColumns),
          // then the rows above, then Z's rows, one weight each.
          const Index leftEnd = leftColumnWeight<T> * leftColumns;
          auto clip = [](Index begin, Index end, Index low, Index high) {
            return std::pair<Index, Index>(std::max(begin, low) - low, std::min(end, high) - low);
          };
          // Column k starts at weight k·leftColumnWeight: it goes to the share
          // holding that weight.
          const auto [columnBegin, columnEnd] = clip(weightBegin, weightEnd, 0, leftEnd);
          auto firstColumnAt = [](Index weight) { return (weight + leftColumnWeight<T> - 1) / leftColumnWeight<T>; };
          if (columnBegin < columnEnd) {
            applyPendingComplexReflectors(h, ld, nearEnd + 1 + firstColumnAt(columnBegin),
                                          nearEnd + firstColumnAt(columnEnd), pending, reflectors);
          }
          const auto [aboveBegin, aboveEnd] = clip(weightBegin, weightEnd, leftEnd, leftEnd + rowsAbove);
          if (aboveBegin < aboveEnd) {
            applyPendingComplexReflectorsFromRight(h, ld, first + aboveBegin, first + aboveEnd - 1, pending,
                                                   reflectors);
          }
          const auto [zBegin, zEnd] = clip(weightBegin, weightEnd, leftEnd + rowsAbove, totalWeight);
          if (zBegin < zEnd) applyPendingComplexReflectorsFromRight(z, ldz, zBegin, zEnd - 1, pending, reflectors);
        };
        const bool twoThreads = z != nullptr && n >= QRTolerances<T>::secondThreadOrder;
        if (twoThreads) {
          parallel::forRange(2, 2, 1, [&](Index begin, Index end) {
            for (Index half = begin; half < end; ++half) {
              applyShare(half == 0 ? 0 : totalWeight / 2, half == 0 ? totalWeight / 2 : totalWeight);
            }
          });
        } else {
          applyShare(0, totalWeight);
        }

        if (groupStart == m && m > l) {
          // Keep H(m, m−1) real: rescale rows and columns m…i.
          Complex temp = Complex(1) - pending[0].tau;
          temp /= std::abs(temp);
          at(m + 1, m) *= std::conj(temp);
          if (m + 2 <= i) at(m + 2, m + 1) *= temp;
          for (Index j = m; j <= i; ++j) {
            if (j == m + 1) continue;
            if (last > j) scaleRow(j, j + 1, last, temp);
            scaleColumn(&at(0, j), first, j - 1, std::conj(temp));
            if (z != nullptr) scaleColumn(z + j * ldz, 0, n - 1, std::conj(temp));
          }
        }
        groupStart = groupEnd;
      }

      // Keep H(i, i−1) real.
      const Complex subdiagonal = at(i, i - 1);
      if (subdiagonal.imag() != T(0)) {
        const T size = std::abs(subdiagonal);
        at(i, i - 1) = size;
        const Complex factor = subdiagonal / size;
        if (last > i) scaleRow(i, i + 1, last, std::conj(factor));
        scaleColumn(&at(0, i), first, i - 1, factor);
        if (z != nullptr) scaleColumn(z + i * ldz, 0, n - 1, factor);
      }
    }
    if (!converged) return false;
    values[i] = at(i, i);
    sinceDeflation = 0;
    i = l - 1;
  }
  return true;
}

}  // namespace
}  // namespace core::detail
