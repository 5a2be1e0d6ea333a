// Complex LU with partial pivoting, blocked right-looking (LAPACK's zgetrf
// order): each panel of 64 columns is factored unblocked with row
// interchanges applied across the whole matrix, its U block row solved with
// the unit-lower panel (across the threads), and the trailing matrix
// updated by the complex product on the real packed kernel
// (ComplexProductKernel.hpp). Solve, inverse and determinant build on it.
// Singular to working precision means a zero pivot or a reciprocal
// condition estimate (Hager's 1-norm estimator with Higham's alternating
// vector) below machine epsilon. Non-finite input gives NaN results, never
// numbers that only look like an answer.
//
// Compiled once per instruction-set variant (ComplexLU.cpp for the
// baseline, ComplexLUAVX2.cpp for AVX2+FMA); everything here has internal
// linkage.
#pragma once

#include "ComplexPack.hpp"
#include "ComplexProductKernel.hpp"
#include "ComplexSetup.hpp"
#include "ThreadPool.hpp"

#include <algorithm>
#include <vector>

namespace core {
namespace {


template <class T>
using C = std::complex<T>;

template <class T>
using ComplexVector = detail::Vector<C<T>>;

/// |re| + |im|, LAPACK's cabs1: the pivot size.
template <class T>
T sizeOf(C<T> z) {
  return std::abs(z.real()) + std::abs(z.imag());
}

/// The product without the NaN-recovery call std::complex makes.
template <class T>
C<T> times(C<T> a, C<T> b) {
  return C<T>(a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real());
}

/// |z| by one square root when that cannot overflow or underflow, else hypot.
template <class T>
T lengthOf(C<T> z) {
  const T square = z.real() * z.real() + z.imag() * z.imag();
  if (square >= std::numeric_limits<T>::min() && square <= std::numeric_limits<T>::max()) return std::sqrt(square);
  return std::hypot(z.real(), z.imag());
}

constexpr Index panelWidth = 64;

/// The diagonal blocks of blockedTriangularSolve: wider than the panels,
/// so that its products pass over the right-hand sides half as often.
constexpr Index solveBlockWidth = 128;

/// Triangles up to this width are solved by Eigen's substitution; wider
/// ones split in two, with the update between the halves as a product on
/// the packed kernel (Eigen's complex kernel inside its substitution is
/// slower than ours).
constexpr Index substitutionWidth = 32;

#if defined(__AVX2__) && defined(__FMA__)
/// Columns [begin, end) of T X = B in place by substitution, T and B as for
/// triangularSolveInPlace: row by row of X, each row's columns in runs of
/// `packs` complex packs, whose sums Σₚ tᵢₚ xₚ stay in registers over the
/// rows p already solved. Each complex product splits in two multiply-adds,
/// Σ Re tᵢₚ · xₚ and Σ Im tᵢₚ · swap(xₚ), joined once per run (addsub).
/// The diagonal of an upper T is applied as its reciprocal, as Eigen's and
/// LAPACK's substitutions do. Replaces Eigen's substitution (which packs
/// and blocks small triangles as for large ones): a tenth of a complex
/// 512×512 solve went there.
template <class T, int packs>
Index substituteRuns(const C<T>* t, Index ldt, bool lower, C<T>* b, Index ldb, Index width, Index begin,
                     Index end) {
  using Pack = detail::ComplexPack<T>;
  using Vector = typename Pack::Vector;
  constexpr Index run = packs * Pack::count;
  Index left = begin;
  for (; left + run <= end; left += run) {
    for (Index step = 0; step < width; ++step) {
      const Index i = lower ? step : width - 1 - step;
      const Index first = lower ? 0 : i + 1, last = lower ? i : width;
      Vector real[packs], imaginary[packs];
      for (int v = 0; v < packs; ++v) real[v] = imaginary[v] = Pack::broadcast(T(0));
      for (Index p = first; p < last; ++p) {
        const Vector re = Pack::broadcast(t[i * ldt + p].real()), im = Pack::broadcast(t[i * ldt + p].imag());
        const T* row = reinterpret_cast<const T*>(b + p * ldb + left);
        for (int v = 0; v < packs; ++v) {
          const Vector x = Pack::load(row + 2 * Pack::count * v);
          real[v] = Pack::multiplyAdd(x, re, real[v]);
          imaginary[v] = Pack::multiplyAdd(Pack::swapParts(x), im, imaginary[v]);
        }
      }
      T* target = reinterpret_cast<T*>(b + i * ldb + left);
      if (lower) {
        for (int v = 0; v < packs; ++v) {
          const Vector sum = Pack::addSubtract(real[v], imaginary[v]);
          Pack::store(target + 2 * Pack::count * v, Pack::subtract(Pack::load(target + 2 * Pack::count * v), sum));
        }
      } else {
        const C<T> reciprocal = C<T>(1, 0) / t[i * ldt + i];
        const Vector re = Pack::broadcast(reciprocal.real()), im = Pack::broadcast(reciprocal.imag());
        for (int v = 0; v < packs; ++v) {
          const Vector sum = Pack::addSubtract(real[v], imaginary[v]);
          const Vector rest = Pack::subtract(Pack::load(target + 2 * Pack::count * v), sum);
          Pack::store(target + 2 * Pack::count * v, Pack::times(rest, re, im));
        }
      }
    }
  }
  return left;
}

/// Columns [begin, end) of T X = B in place by substitution: runs of four
/// packs, then of one, then the last columns one at a time.
template <class T>
void substitute(const C<T>* t, Index ldt, bool lower, C<T>* b, Index ldb, Index width, Index begin, Index end) {
  Index left = substituteRuns<T, 4>(t, ldt, lower, b, ldb, width, begin, end);
  left = substituteRuns<T, 1>(t, ldt, lower, b, ldb, width, left, end);
  for (Index column = left; column < end; ++column) {
    for (Index step = 0; step < width; ++step) {
      const Index i = lower ? step : width - 1 - step;
      const Index first = lower ? 0 : i + 1, last = lower ? i : width;
      C<T> sum(0, 0);
      for (Index p = first; p < last; ++p) sum += times(t[i * ldt + p], b[p * ldb + column]);
      const C<T> rest = b[i * ldb + column] - sum;
      b[i * ldb + column] = lower ? rest : times(rest, C<T>(1, 0) / t[i * ldt + i]);
    }
  }
}
#endif

/// Solves T X = B in place, with T the `width`×`width` triangular block at
/// `t` (unit lower when `lower`, else upper; leading dimension `ldt`) and
/// B the `width`×`count` block at `b` (leading dimension `ldb`), both
/// row-major: recursively in halves down to `substitutionWidth`, there by
/// substitution on column ranges of B across the threads (ours in the AVX2
/// variant, Eigen's in the baseline).
template <class T>
Status triangularSolveInPlace(const C<T>* t, Index ldt, bool lower, C<T>* b, Index ldb, Index width, Index count) {
  if (width > substitutionWidth) {
    // [T₁₁ 0; T₂₁ T₂₂] [X₁; X₂] = [B₁; B₂]: X₁, then B₂ −= T₂₁ X₁, then X₂;
    // upper triangles the other way round.
    const Index half = width / 2, rest = width - half;
    const C<T>* t22 = t + half * ldt + half;
    C<T>* b2 = b + half * ldb;
    Status status = Status::ok;
    if (lower) {
      status = triangularSolveInPlace(t, ldt, true, b, ldb, half, count);
      if (status == Status::ok) {
        status = detail::complexProduct4M(t + half * ldt, ldt, b, ldb, b2, ldb, rest, half, count, true);
      }
      if (status == Status::ok) status = triangularSolveInPlace(t22, ldt, true, b2, ldb, rest, count);
    } else {
      status = triangularSolveInPlace(t22, ldt, false, b2, ldb, rest, count);
      if (status == Status::ok) {
        status = detail::complexProduct4M(t + half, ldt, b2, ldb, b, ldb, half, rest, count, true);
      }
      if (status == Status::ok) status = triangularSolveInPlace(t, ldt, false, b, ldb, half, count);
    }
    return status;
  }
  const double work = static_cast<double>(width) * static_cast<double>(width) * static_cast<double>(count);
  const Index parts = work < 65536.0 ? 1 : parallel::partsFor(count, 64);
#if defined(__AVX2__) && defined(__FMA__)
  parallel::forRange(count, parts, 8,
                     [&](Index begin, Index end) { substitute(t, ldt, lower, b, ldb, width, begin, end); });
#else
  using ConstStridedMap = Eigen::Map<const detail::RowMajorMatrix<C<T>>, 0, Eigen::OuterStride<>>;
  using StridedMap = Eigen::Map<detail::RowMajorMatrix<C<T>>, 0, Eigen::OuterStride<>>;
  const ConstStridedMap triangle(t, width, width, Eigen::OuterStride<>(ldt));
  parallel::forRange(count, parts, 8, [&](Index begin, Index end) {
    StridedMap target(b + begin, width, end - begin, Eigen::OuterStride<>(ldb));
    if (lower) {
      triangle.template triangularView<Eigen::UnitLower>().solveInPlace(target);
    } else {
      triangle.template triangularView<Eigen::Upper>().solveInPlace(target);
    }
  });
#endif
  return Status::ok;
}

/// Solves `t x = b` in place for the n×n triangular `t` (unit lower when
/// `lower`, else upper) and the n×nrhs `x`, both row-major: diagonal
/// blocks by substitution across the threads, the rest as complex products on
/// the packed kernel. `lowerResult` says that b, and so x, is lower
/// triangular (b the identity and `t` unit lower: x = t⁻¹); then each block
/// row works only on the columns left of its end, a third of the work.
template <class T>
Status blockedTriangularSolve(const C<T>* t, Index n, bool lower, C<T>* x, Index nrhs, bool lowerResult = false) {
  const Index blocks = (n + solveBlockWidth - 1) / solveBlockWidth;
  for (Index step = 0; step < blocks; ++step) {
    const Index block = lower ? step : blocks - 1 - step;
    const Index begin = block * solveBlockWidth;
    const Index size = std::min(solveBlockWidth, n - begin);
    // The block's rows of a lower triangular x are zero right of the block.
    const Index columns = lowerResult ? std::min(begin + size, nrhs) : nrhs;
    Status status = triangularSolveInPlace(t + begin * n + begin, n, lower, x + begin * nrhs, nrhs, size, columns);
    if (status != Status::ok) return status;
    // Remove the solved block from the rows still to solve.
    const Index restBegin = lower ? begin + size : 0;
    const Index restCount = lower ? n - restBegin : begin;
    if (restCount == 0) continue;
    status = detail::complexProduct4M(t + restBegin * n + begin, n, x + begin * nrhs, nrhs, x + restBegin * nrhs, nrhs,
                                      restCount, size, columns, true);
    if (status != Status::ok) return status;
  }
  return Status::ok;
}

/// target[c] −= multiplier · source[c] for c in [0, count): the unblocked
/// panel's row update. The AVX2 variant takes a pack of complex numbers at
/// a time (2 Double, 4 Float, the product by fmaddsub); the compiler's own
/// vectorization took four at a time with shuffles to split the parts and
/// left a panel row's last one to three to scalar code.
template <class T>
void subtractMultiple(C<T>* target, const C<T>* source, C<T> multiplier, Index count) {
  Index c = 0;
#if defined(__AVX2__) && defined(__FMA__)
  using Pack = detail::ComplexPack<T>;
  const auto re = Pack::broadcast(multiplier.real()), im = Pack::broadcast(multiplier.imag());
  T* const targetReals = reinterpret_cast<T*>(target);
  const T* const sourceReals = reinterpret_cast<const T*>(source);
  for (; c + Pack::count <= count; c += Pack::count) {
    const auto product = Pack::times(Pack::load(sourceReals + 2 * c), re, im);
    Pack::store(targetReals + 2 * c, Pack::subtract(Pack::load(targetReals + 2 * c), product));
  }
#endif
  for (; c < count; ++c) target[c] -= times(multiplier, source[c]);
}

/// Panels this narrow are factored column by column; wider ones split in
/// two (LAPACK's zgetrf2), so that most of a panel's work is products.
constexpr Index unblockedPanelWidth = 16;

/// Factors the row-major rows × width `block` (row stride `width`) in place
/// column by column with partial pivoting, swapping whole rows of the
/// block; `pivots[j]` gets the row (of the block) that column j's pivot came
/// from. A zero pivot leaves its column as it is (the matrix is singular).
template <class T>
void factorColumns(C<T>* block, Index rows, Index width, Index* pivots) {
  const Index columns = std::min(rows, width);
  // The pivot search of column j + 1 runs inside column j's update, which
  // has just written that column in each row: one pass over the rows per
  // column instead of two. It picks the same row as a search of its own:
  // the first of the largest.
  Index foundPivotRow = -1;
  for (Index j = 0; j < columns; ++j) {
    Index pivotRow = foundPivotRow;
    if (pivotRow < 0) {
      pivotRow = j;
      T largest = sizeOf(block[j * width + j]);
      for (Index row = j + 1; row < rows; ++row) {
        const T size = sizeOf(block[row * width + j]);
        if (size > largest) {
          largest = size;
          pivotRow = row;
        }
      }
    }
    foundPivotRow = -1;
    pivots[j] = pivotRow;
    if (pivotRow != j) std::swap_ranges(block + j * width, block + (j + 1) * width, block + pivotRow * width);
    const C<T> pivot = block[j * width + j];
    if (pivot == C<T>(0, 0)) continue;
    const C<T> reciprocal = C<T>(1, 0) / pivot;
    const C<T>* pivotRowData = block + j * width;
    const bool searchesNext = j + 1 < columns;
    T nextLargest = T(0);
    for (Index row = j + 1; row < rows; ++row) {
      C<T>* target = block + row * width;
      const C<T> multiplier = times(target[j], reciprocal);
      target[j] = multiplier;
      subtractMultiple(target + j + 1, pivotRowData + j + 1, multiplier, width - j - 1);
      if (searchesNext) {
        const T size = sizeOf(target[j + 1]);
        if (row == j + 1 || size > nextLargest) {
          nextLargest = size;
          foundPivotRow = row;
        }
      }
    }
  }
}

/// Factors columns [first, first + width) of the row-major n×n `lu` over
/// rows [first, n), with partial pivoting. Each interchange swaps the rows
/// only within the panel's columns [panelFirst, panelEnd) (the columns
/// right of the panel get the panel's swaps before their update, those
/// left of it at the end; see factorInPlace), swaps `rowOrder`'s entries and
/// records the pivot's row in `pivots[j]`. Below `unblockedPanelWidth`
/// column by column; above, recursively: the left half, its U block
/// (L11⁻¹ A12), the right half's update A22 -= L21 U12 as a product, then
/// the right half.
template <class T>
Status factorPanel(C<T>* lu, Index n, Index* rowOrder, Index* pivots, Index first, Index width, Index panelFirst,
                   Index panelEnd) {
  if (width > unblockedPanelWidth) {
    const Index left = width / 2, right = width - left;
    Status status = factorPanel(lu, n, rowOrder, pivots, first, left, panelFirst, panelEnd);
    if (status != Status::ok) return status;
    const Index middle = first + left;
    status = triangularSolveInPlace(lu + first * n + first, n, true, lu + first * n + middle, n, left, right);
    if (status != Status::ok) return status;
    status = detail::complexProduct4M(lu + middle * n + first, n, lu + first * n + middle, n, lu + middle * n + middle,
                                      n, n - middle, left, right, true);
    if (status != Status::ok) return status;
    return factorPanel(lu, n, rowOrder, pivots, middle, right, panelFirst, panelEnd);
  }
  // The unblocked columns run on a contiguous copy of their rows × width
  // block: in place, a row's piece was a line or four, n rows apart, too far
  // for the hardware's stride prefetcher; the first touch of each row took a
  // fifth of the panel's time. The interchanges reach the panel's other
  // columns afterwards, in order.
  const Index rows = n - first, end = first + width;
  const auto scratch = detail::threadScratch<T, detail::panelScratch>(2 * rows * width);
  C<T>* const block = reinterpret_cast<C<T>*>(scratch.data);
  for (Index r = 0; r < rows; ++r) std::copy_n(lu + (first + r) * n + first, width, block + r * width);
  factorColumns(block, rows, width, pivots + first);
  for (Index r = 0; r < rows; ++r) std::copy_n(block + r * width, width, lu + (first + r) * n + first);
  for (Index j = first; j < end; ++j) {
    const Index pivotRow = first + pivots[j];
    pivots[j] = pivotRow;
    if (pivotRow == j) continue;
    std::swap(rowOrder[j], rowOrder[pivotRow]);
    std::swap_ranges(lu + j * n + panelFirst, lu + j * n + first, lu + pivotRow * n + panelFirst);
    std::swap_ranges(lu + j * n + end, lu + j * n + panelEnd, lu + pivotRow * n + end);
  }
  return Status::ok;
}

/// Applies the interchanges of rows [top, top + width) (`pivots`, in order)
/// to columns [first, last) of the row-major n×n `lu`.
template <class T>
void swapRows(C<T>* lu, Index n, const Index* pivots, Index top, Index width, Index first, Index last) {
  if (first >= last) return;
  for (Index j = top; j < top + width; ++j) {
    if (pivots[j] != j) std::swap_ranges(lu + j * n + first, lu + j * n + last, lu + pivots[j] * n + first);
  }
}

/// The right-looking update of columns [first, last) after the panel of
/// rows and columns [top, top + width) was factored: the panel's row
/// swaps, U12 = L11⁻¹ A12, then A22 -= L21 U12.
template <class T>
Status updateTrailingColumns(C<T>* lu, Index n, const Index* pivots, Index top, Index width, Index first,
                             Index last) {
  swapRows(lu, n, pivots, top, width, first, last);
  const Index columns = last - first, below = n - top - width;
  Status status = triangularSolveInPlace(lu + top * n + top, n, true, lu + top * n + first, n, width, columns);
  if (status != Status::ok || below == 0) return status;
  return detail::complexProduct4M(lu + (top + width) * n + top, n, lu + top * n + first, n,
                                  lu + (top + width) * n + first, n, below, width, columns, true);
}

/// With the factorization's look-ahead, the columns beyond the next panel
/// are updated in pieces of this many, taken by whichever thread is free
/// (128 rather than 64: solve 512 at 2 threads 4.45–4.49 → 4.35 ms, 1024
/// 25.8–25.9 → 24.6 ms, 256 the same; C++ harness, alternating).
constexpr Index lookAheadColumns = 128;

/// Factors the row-major n×n `lu` in place: P A = L U, with row i of P A
/// row `rowOrder[i]` of A. Blocked and right-looking with a look-ahead of
/// one panel, as the real LU (dense/LUKernels.hpp): while the other threads
/// update the trailing columns with panel k, the calling thread updates the
/// columns of panel k + 1 first and factors them, so the serial panel
/// factorizations overlap the parallel updates. Pivoting is that of
/// unblocked partial pivoting.
template <class T>
Status factorInPlace(C<T>* lu, Index n, Index* rowOrder) {
  for (Index row = 0; row < n; ++row) rowOrder[row] = row;
  if (n == 0) return Status::ok;
  std::vector<Index> pivots(static_cast<size_t>(n));
  const Index block = n >= 2 * panelWidth ? panelWidth : n;
  Status status = factorPanel(lu, n, rowOrder, pivots.data(), 0, std::min(block, n), 0, std::min(block, n));
  if (status != Status::ok) return status;
  for (Index top = 0; top < n; top += block) {
    const Index width = std::min(block, n - top), first = top + width, count = n - first;
    if (count == 0) break;
    const Index nextWidth = std::min(block, count), rest = count - nextWidth;
    if (rest == 0 || parallel::threadCount() == 1) {
      status = updateTrailingColumns(lu, n, pivots.data(), top, width, first, n);
      if (status == Status::ok) {
        status = factorPanel(lu, n, rowOrder, pivots.data(), first, nextWidth, first, first + nextWidth);
      }
      if (status != Status::ok) return status;
      continue;
    }
    // Task 0 (the calling thread's) is the next panel; the others are the
    // remaining columns in pieces.
    const Index pieces = (rest + lookAheadColumns - 1) / lookAheadColumns;
    std::vector<Status> outcomes(static_cast<size_t>(1 + pieces), Status::ok);
    parallel::forRange(1 + pieces, 1 + pieces, 1, [&](Index begin, Index end) {
      for (Index task = begin; task < end; ++task) {
        Status& outcome = outcomes[static_cast<size_t>(task)];
        if (task == 0) {
          outcome = updateTrailingColumns(lu, n, pivots.data(), top, width, first, first + nextWidth);
          if (outcome == Status::ok) {
            outcome = factorPanel(lu, n, rowOrder, pivots.data(), first, nextWidth, first, first + nextWidth);
          }
        } else {
          const Index left = first + nextWidth + (task - 1) * lookAheadColumns;
          outcome = updateTrailingColumns(lu, n, pivots.data(), top, width, left, std::min(n, left + lookAheadColumns));
        }
      }
    });
    for (const Status outcome : outcomes) {
      if (outcome != Status::ok) return outcome;
    }
  }
  // Each panel's swaps also apply to the columns left of it (the factors of
  // earlier panels): panel by panel, in order, on column ranges across the
  // threads.
  parallel::forRange(n, n >= 256 ? parallel::partsFor(n, 64) : 1, 8, [&](Index begin, Index end) {
    for (Index top = block; top < n; top += block) {
      swapRows(lu, n, pivots.data(), top, std::min(block, n - top), begin, std::min(end, top));
    }
  });
  return Status::ok;
}

/// Solves `A x = b` in place from the packed factors, for the n×nrhs `x`
/// that holds `P b` on entry; `lowerResult` as for blockedTriangularSolve
/// (x the identity: U⁻¹ L⁻¹ comes out).
template <class T>
Status solvePermuted(const C<T>* lu, Index n, detail::MatrixMap<C<T>>& x, bool lowerResult = false) {
  if (n >= 2 * panelWidth && x.cols() >= 16) {
    const Status status = blockedTriangularSolve(lu, n, true, x.data(), x.cols(), lowerResult);
    if (status != Status::ok) return status;
    return blockedTriangularSolve(lu, n, false, x.data(), x.cols());
  }
  const auto factors = detail::ConstMatrixMap<C<T>>(lu, n, n);
  factors.template triangularView<Eigen::UnitLower>().solveInPlace(x);
  factors.template triangularView<Eigen::Upper>().solveInPlace(x);
  return Status::ok;
}

/// Work to run beside the singularity test: nothing.
struct NothingAlongside {
  void operator()() const {}
};

/// Hager's estimate of ‖A⁻¹‖₁ (Higham 1988, LAPACK's zlacn2 without its
/// refinements), from the packed factors; calls `alongside()` once.
///
/// Each solve reads the factors whole, so the estimate is bound by memory
/// and, Hager's iterations being a chain, serial: at 512 on two threads it
/// was an eighth of a solve. From 256 on, the solve of Higham's alternating
/// vector (independent of the iterations) and `alongside` (a caller's own
/// solve of a few right-hand sides) run on another thread meanwhile.
template <class T, class Alongside = NothingAlongside>
T inverseNormOneEstimate(const C<T>* lu, const Index* rowOrder, Index n, Alongside&& alongside = {}) {
  const auto factors = detail::ConstMatrixMap<C<T>>(lu, n, n);
  auto solve = [&](ComplexVector<T>& v) {  // v = A⁻¹ v = U⁻¹ L⁻¹ P v
    ComplexVector<T> permuted(n);
    for (Index row = 0; row < n; ++row) permuted(row) = v(rowOrder[row]);
    factors.template triangularView<Eigen::UnitLower>().solveInPlace(permuted);
    factors.template triangularView<Eigen::Upper>().solveInPlace(permuted);
    v = permuted;
  };
  auto solveAdjoint = [&](ComplexVector<T>& v) {  // v = A⁻ᴴ v = Pᵀ L⁻ᴴ U⁻ᴴ v
    factors.template triangularView<Eigen::Upper>().adjoint().solveInPlace(v);
    factors.template triangularView<Eigen::UnitLower>().adjoint().solveInPlace(v);
    ComplexVector<T> permuted(n);
    for (Index row = 0; row < n; ++row) permuted(rowOrder[row]) = v(row);
    v = permuted;
  };
  auto normOne = [](const ComplexVector<T>& v) {
    T sum = 0;
    for (Index row = 0; row < v.size(); ++row) sum += lengthOf(v(row));
    return sum;
  };
  const auto iterate = [&] {
    ComplexVector<T> x = ComplexVector<T>::Constant(n, C<T>(T(1) / T(n), 0));
    T estimate = 0;
    Index previous = -1;
    for (int iteration = 0; iteration < 5; ++iteration) {
      ComplexVector<T> y = x;
      solve(y);
      const T next = normOne(y);
      if (!(next == next)) return next;
      if (iteration > 0 && next <= estimate) break;
      estimate = next;
      ComplexVector<T> z(n);
      for (Index row = 0; row < n; ++row) {
        const T size = lengthOf(y(row));
        z(row) = size > 0 ? y(row) / size : C<T>(1, 0);
      }
      solveAdjoint(z);
      Index largest = 0;
      for (Index row = 1; row < n; ++row) {
        if (sizeOf(z(row)) > sizeOf(z(largest))) largest = row;
      }
      if (largest == previous) break;
      previous = largest;
      x.setZero();
      x(largest) = C<T>(1, 0);
    }
    return estimate;
  };
  // Higham's alternating vector guards against an unlucky start.
  const auto alternate = [&] {
    ComplexVector<T> alternating(n);
    for (Index row = 0; row < n; ++row) {
      const T value = T(1) + (n > 1 ? T(row) / T(n - 1) : T(0));
      alternating(row) = C<T>(row % 2 == 0 ? value : -value, 0);
    }
    solve(alternating);
    return T(2) * normOne(alternating) / T(3 * n);
  };
  T estimate = 0, alternatingEstimate = 0;
  // Task 0 (the calling thread's) iterates; a free thread takes the others.
  parallel::forRange(3, n >= 256 ? 3 : 1, 1, [&](Index begin, Index end) {
    for (Index task = begin; task < end; ++task) {
      if (task == 0) {
        estimate = iterate();
      } else if (task == 1) {
        alternatingEstimate = alternate();
      } else {
        alongside();
      }
    }
  });
  if (!(estimate == estimate)) return estimate;
  return std::max(estimate, alternatingEstimate);
}

/// Copies the n×n `a` into `lu` and returns ‖A‖₁, or NaN when A has an
/// entry that is not finite: one pass over A, in row ranges across the
/// threads (checking, copying and measuring A in three passes on one thread
/// took a tenth of a 512×512 solve on two).
///
/// The moduli take one square root each, in a loop the compiler
/// vectorizes; parts too small to square count as 0 (below eps times the
/// norm). When the largest part leaves no room for squaring, the column
/// sums are made again by lengthOf. A NaN entry makes its column's sum
/// NaN, and an infinite one the largest part infinite.
template <class T>
T copyMeasuringNormOne(const C<T>* a, Index n, C<T>* lu) {
  const T* parts = reinterpret_cast<const T*>(a);
  const Index partCount = n >= 256 ? parallel::partsFor(n, 64) : 1;
  std::vector<T> partSums(static_cast<size_t>(partCount * n), T(0));
  std::vector<T> partLargest(static_cast<size_t>(partCount), T(0));
  const auto measure = [&](Index part) {
    const Index begin = part * n / partCount, end = (part + 1) * n / partCount;
    T* const sums = partSums.data() + part * n;
    // Eight running maxima, which the compiler keeps in a vector register
    // (one running maximum waits on every comparison).
    constexpr Index lanes = 8;
    T laneLargest[lanes] = {};
    const Index whole = 2 * n / lanes * lanes;
    for (Index row = begin; row < end; ++row) {
      const T* values = parts + 2 * row * n;
      std::copy(values, values + 2 * n, reinterpret_cast<T*>(lu + row * n));
      for (Index index = 0; index < whole; index += lanes) {
        for (Index lane = 0; lane < lanes; ++lane) {
          const T size = std::abs(values[index + lane]);
          laneLargest[lane] = size > laneLargest[lane] ? size : laneLargest[lane];
        }
      }
      for (Index index = whole; index < 2 * n; ++index) {
        laneLargest[0] = std::max(laneLargest[0], std::abs(values[index]));
      }
      for (Index column = 0; column < n; ++column) {
        const T re = values[2 * column], im = values[2 * column + 1];
        sums[column] += std::sqrt(re * re + im * im);
      }
    }
    T largest = 0;
    for (const T lane : laneLargest) largest = std::max(largest, lane);
    partLargest[static_cast<size_t>(part)] = largest;
  };
  parallel::forRange(partCount, partCount, 1, [&](Index first, Index last) {
    for (Index part = first; part < last; ++part) measure(part);
  });
  T largest = 0;
  for (const T value : partLargest) largest = std::max(largest, value);
  if (!(largest <= std::numeric_limits<T>::max())) return std::numeric_limits<T>::quiet_NaN();
  std::vector<T> sums(partSums.begin(), partSums.begin() + n);
  for (Index part = 1; part < partCount; ++part) {
    for (Index column = 0; column < n; ++column) sums[column] += partSums[part * n + column];
  }
  for (const T sum : sums) {
    if (sum != sum) return sum;
  }
  const T low = std::sqrt(std::numeric_limits<T>::min()) / std::numeric_limits<T>::epsilon();
  const T high = std::sqrt(std::numeric_limits<T>::max()) / T(2);
  if (!(largest >= low && largest <= high)) {
    std::fill(sums.begin(), sums.end(), T(0));
    for (Index row = 0; row < n; ++row) {
      for (Index column = 0; column < n; ++column) sums[column] += lengthOf(a[row * n + column]);
    }
  }
  T result = 0;
  for (T sum : sums) {
    if (!(sum <= result)) result = sum;
  }
  return result;
}

/// Whether the factored matrix is singular to working precision; NaN is
/// not called singular (it flows into the results).
/// Calls `alongside()` once, beside the condition estimate when there is
/// one.
template <class T, class Alongside = NothingAlongside>
bool isSingular(const C<T>* lu, const Index* rowOrder, Index n, T matrixNorm, Alongside&& alongside = {}) {
  bool finite = true;
  bool zeroPivot = false;
  for (Index index = 0; index < n; ++index) {
    const C<T> pivot = lu[index * n + index];
    zeroPivot = zeroPivot || pivot == C<T>(0, 0);
    finite = finite && std::isfinite(pivot.real()) && std::isfinite(pivot.imag());
  }
  if (zeroPivot || !finite) {
    alongside();
    return zeroPivot;
  }
  const T inverseNorm = inverseNormOneEstimate(lu, rowOrder, n, alongside);
  if (!(inverseNorm <= std::numeric_limits<T>::max())) return !(inverseNorm != inverseNorm);
  return (T(1) / inverseNorm) / matrixNorm < std::numeric_limits<T>::epsilon();
}

/// The e by which the complex LU divides a matrix of 1-norm `norm` before
/// factoring it, as the real LU family does (luScaleExponent, here from
/// the norm): 0 unless it lies near the ends of the range. Partial pivoting
/// changes no digit for a power-of-2 scaling; near the ends the condition
/// estimate's ‖A⁻¹‖ overflowed (Float entries of 1e-36 at n = 140 were
/// called singular) or growth could.
template <class T>
int complexLUScaleExponent(T norm) {
  return detail::MagnitudeScan<T>{norm, true}.rangeShiftExponent();
}

/// Factors a copy of `a` into `lu`. A non-finite `a` gives NaN factors,
/// the identity order and `*finite` false (when `finite` is given).
///
/// The copy is first divided by 2^e (complexLUScaleExponent). With
/// `exponent` given, the factors stay those of A / 2^e and e is stored
/// there (the solvers scale their results by 2^−e); without it U is
/// multiplied back by 2^e, so that the factors are A's.
///
/// `alongside()` runs once, beside the singularity test, when `a` is finite.
template <class T, class Alongside = NothingAlongside>
Status factorImpl(const T* a, Index n, T* lu, Index* rowOrder, bool* singular, bool* finite = nullptr,
                  Alongside&& alongside = {}, int* exponent = nullptr) {
  if (n < 0) return Status::invalidArgument;
  *singular = false;
  if (finite != nullptr) *finite = true;
  if (exponent != nullptr) *exponent = 0;
  if (n == 0) return Status::ok;
  C<T>* factors = reinterpret_cast<C<T>*>(lu);
  T matrixNorm = copyMeasuringNormOne(reinterpret_cast<const C<T>*>(a), n, factors);
  if (matrixNorm != matrixNorm) {
    if (finite != nullptr) *finite = false;
    detail::fillNaN(lu, 2 * n * n);
    for (Index row = 0; row < n; ++row) rowOrder[row] = row;
    return Status::ok;
  }
  const int e = complexLUScaleExponent(matrixNorm);
  if (e != 0) {
    detail::scaleByPowerOfTwo(lu, 2 * n * n, -e);
    matrixNorm = std::ldexp(matrixNorm, -e);
  }
  const Status status = factorInPlace(factors, n, rowOrder);
  if (status != Status::ok) return status;
  *singular = isSingular(factors, rowOrder, n, matrixNorm, alongside);
  if (exponent != nullptr) {
    *exponent = e;
  } else if (e != 0) {
    for (Index row = 0; row < n; ++row) detail::scaleByPowerOfTwo(lu + 2 * (row * n + row), 2 * (n - row), e);
  }
  return Status::ok;
}

template <class T>
Status solveFactorsImpl(const T* lu, const Index* rowOrder, Index n, const T* b, Index nrhs, T* x) {
  if (n < 0 || nrhs < 0) return Status::invalidArgument;
  if (n == 0 || nrhs == 0) return Status::ok;
  const auto right = detail::complexView(b, n, nrhs);
  auto solution = detail::complexView(x, n, nrhs);
  for (Index row = 0; row < n; ++row) solution.row(row) = right.row(rowOrder[row]);
  return solvePermuted(reinterpret_cast<const C<T>*>(lu), n, solution);
}

/// Factors a copy of `a` divided by 2^e, e stored in `*exponent`;
/// `Status::singular` when it is singular. Non-finite input sets `*finite`
/// to false. `alongside` as for factorImpl.
template <class T, class Alongside = NothingAlongside>
Status factorCopy(const T* a, Index n, detail::ScratchBuffer<T>& lu, std::unique_ptr<Index[]>& rowOrder,
                  bool* finite, int* exponent, Alongside&& alongside = {}) {
  lu = detail::threadScratch<T, detail::factorScratch>(2 * n * n);
  rowOrder.reset(new Index[static_cast<size_t>(n)]);
  bool singular = false;
  const Status status = factorImpl(a, n, lu.data, rowOrder.get(), &singular, finite, alongside, exponent);
  if (status != Status::ok || !*finite) return status;
  return singular ? Status::singular : Status::ok;
}

/// Right-hand sides up to this many are solved beside the singularity test
/// (on one thread, by substitution, as solvePermuted does them anyway);
/// more are solved after it, across the threads.
constexpr Index solvedAlongsideLimit = 15;

template <class T>
Status solveImpl(const T* a, Index n, const T* b, Index nrhs, T* x) {
  if (n < 0 || nrhs < 0) return Status::invalidArgument;
  if (n == 0 || nrhs == 0) return Status::ok;
  detail::ScratchBuffer<T> lu;
  std::unique_ptr<Index[]> rowOrder;
  bool finite = true;
  const bool rightFinite = detail::allFinite(b, 2 * n * nrhs);
  Status solved = Status::ok;
  bool solvedAlongside = false;
  const auto solveRight = [&] {
    if (!rightFinite || nrhs > solvedAlongsideLimit) return;
    solved = solveFactorsImpl(lu.data, rowOrder.get(), n, b, nrhs, x);
    solvedAlongside = true;
  };
  int exponent = 0;
  const Status status = factorCopy(a, n, lu, rowOrder, &finite, &exponent, solveRight);
  if (!finite || !rightFinite) {
    detail::fillNaN(x, 2 * n * nrhs);
    return Status::ok;
  }
  if (status != Status::ok) return status;
  if (!solvedAlongside) solved = solveFactorsImpl(lu.data, rowOrder.get(), n, b, nrhs, x);
  // The factors are A / 2^e's: x = 2^−e (A / 2^e)⁻¹ b.
  if (solved == Status::ok && exponent != 0) detail::scaleByPowerOfTwo(x, 2 * n * nrhs, -exponent);
  return solved;
}

template <class T>
Status inverseImpl(const T* a, Index n, T* out) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  detail::ScratchBuffer<T> lu;
  std::unique_ptr<Index[]> rowOrder;
  bool finite = true;
  int exponent = 0;
  const Status status = factorCopy(a, n, lu, rowOrder, &finite, &exponent);
  if (!finite) {
    detail::fillNaN(out, 2 * n * n);
    return Status::ok;
  }
  if (status != Status::ok) return status;
  // P A = L U, so A⁻¹ = U⁻¹ L⁻¹ P (LAPACK's zgetri forms U⁻¹ first; the
  // flop count is the same): Z = U⁻¹ L⁻¹ from the identity, where L⁻¹ is
  // lower triangular, then A⁻¹ = Z P, whose column rowOrder[k] is Z's
  // column k. Solving from P I instead, as for a right-hand side, would
  // treat L⁻¹ P as full: a third more work in all.
  auto inverse = detail::complexView(out, n, n);
  inverse.setIdentity();
  const Status solved = solvePermuted(reinterpret_cast<const C<T>*>(lu.data), n, inverse, true);
  if (solved != Status::ok) return solved;
  const Index* order = rowOrder.get();
  parallel::forRange(n, n >= 256 ? parallel::partsFor(n, 64) : 1, 1, [&](Index begin, Index end) {
    std::vector<C<T>> row(static_cast<size_t>(n));
    for (Index r = begin; r < end; ++r) {
      C<T>* target = inverse.data() + r * n;
      std::copy(target, target + n, row.begin());
      for (Index k = 0; k < n; ++k) target[order[k]] = row[static_cast<size_t>(k)];
    }
  });
  // The factors are A / 2^e's: A⁻¹ = 2^−e (A / 2^e)⁻¹.
  if (exponent != 0) detail::scaleByPowerOfTwo(out, 2 * n * n, -exponent);
  return Status::ok;
}

template <class T>
Status determinantImpl(const T* a, Index n, T* out) {
  if (n < 0) return Status::invalidArgument;
  C<T> result(1, 0);
  if (n > 0) {
    const auto lu = detail::threadScratch<T, detail::factorScratch>(2 * n * n);
    std::unique_ptr<Index[]> rowOrder(new Index[static_cast<size_t>(n)]);
    std::copy(a, a + 2 * n * n, lu.data);
    const C<T>* factors = reinterpret_cast<const C<T>*>(lu.data);
    const Status status = factorInPlace(reinterpret_cast<C<T>*>(lu.data), n, rowOrder.get());
    if (status != Status::ok) return status;
    // The product kept as a mantissa (largest part in [0.5, 1)) and an
    // exponent, as the real determinant is, so that it neither overflows
    // nor underflows before the end (where a product of huge pivots gave
    // NaN from inf − inf, numpy's det ±inf in each part).
    long long exponent = 0;
    // z / 2^e with its largest part in [0.5, 1), e added to `exponent`
    // (zero, infinite and NaN z unchanged).
    const auto normalized = [&exponent](C<T> z) {
      const T largest = std::max(std::abs(z.real()), std::abs(z.imag()));
      if (!(largest > T(0)) || !(largest <= std::numeric_limits<T>::max())) return z;
      int e = 0;
      std::frexp(largest, &e);
      exponent += e;
      return C<T>(std::ldexp(z.real(), -e), std::ldexp(z.imag(), -e));
    };
    for (Index index = 0; index < n; ++index) {
      result = normalized(times(result, normalized(factors[index * n + index])));
    }
    // Saturate far outside the representable range instead of wrapping.
    const int clamped = static_cast<int>(std::max<long long>(-100000, std::min<long long>(100000, exponent)));
    result = C<T>(std::ldexp(result.real(), clamped), std::ldexp(result.imag(), clamped));
    // The sign of P is the parity of its cycles.
    std::vector<bool> visited(static_cast<size_t>(n), false);
    for (Index start = 0; start < n; ++start) {
      Index length = 0;
      for (Index index = start; !visited[index]; index = rowOrder[index]) {
        visited[index] = true;
        ++length;
      }
      if (length > 0 && length % 2 == 0) result = -result;
    }
  }
  out[0] = result.real();
  out[1] = result.imag();
  return Status::ok;
}

}  // namespace
}  // namespace core
