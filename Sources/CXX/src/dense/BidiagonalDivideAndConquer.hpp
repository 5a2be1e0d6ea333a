// The singular value decomposition of an upper bidiagonal matrix by Eigen's
// divide and conquer (the middle step of Eigen::BDCSVD), for SVDs whose
// bidiagonal reduction and back-transformation the core runs itself.
//
// BDCSVD offers the whole SVD only: its divide-and-conquer step, `divide`,
// is private, and its state (the bidiagonal matrix and the singular vectors
// it builds) is protected. `BidiagonalDivideAndConquer` derives from it to
// reach the state, and names `divide` through the one door standard C++
// leaves open to a private member: access is not checked on the template
// arguments of an explicit instantiation (see `PrivateMemberAccess`). This
// ties the core to Eigen 3.4's BDCSVD internals (`divide`, `m_computed`,
// `m_naiveU`, `m_naiveV`, `m_workspace`, `m_workspaceI`, `m_compU`,
// `m_compV`, `structured_update`, `computeSingVals`, `perturbCol0`); an
// Eigen upgrade must recheck them.
//
// Three members of BDCSVD are replaced here by explicit specializations for
// Float and Double:
// - `structured_update`: each merge multiplies the singular vectors found
//   so far by the merged problem's (a third of the work at n = 1024); the
//   two row halves of each product go to two threads.
// - `computeSingVals`: the roots of each merge's secular equation, by the
//   core's own safeguarded iteration over vectorized evaluations, the roots
//   across the threads (Eigen's took half of the divide and conquer at
//   n = 512, its bisection fallback ~50 evaluations per root).
// - `perturbCol0`: vectorized and threaded; it and `computeSingVals` count
//   an entry as deflated exactly when BDCSVD leaves it out of `perm`
//   (Eigen 3.4 reads out of bounds otherwise).
// And one member of JacobiSVD, which `divide` runs on its leaves (blocks of
// fewer than 16 columns):
// - `JacobiSVD::compute`: the core's one-sided Jacobi
//   (OneSidedJacobiSVD.hpp) instead of Eigen's QR-preconditioned two-sided
//   Jacobi, whose instantiation (with ColPivHouseholderQR's) was a sixth of
//   the SVD units' compile time.
// A specialization is an ordinary definition with external linkage, so
// every translation unit that includes this header must compile Eigen in a
// namespace of its own (the AVX2 variant's `EigenAVX2`, the baseline's
// `EigenSVDBaseline`, see MatrixSVD.cpp): a program that uses Eigen's BDCSVD
// elsewhere keeps its own. Everything else here has internal linkage.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "EigenSetup.hpp"
#include "OneSidedJacobiSVD.hpp"
#include "ThreadPool.hpp"
#include <Eigen/SVD>

namespace core {
namespace {

using namespace detail;

/// a = a b, for the n×n block `a` of singular vectors whose first `top`
/// rows, and whose other rows, are each zero in about half of the columns
/// (BDCSVD's structure at a merge). Each row half multiplies only its
/// non-zero columns, on a thread of its own when n > 100.
template <class Real, class Block>
void multiplyStructuredInParallel(Block a, const Eigen::Matrix<Real, Eigen::Dynamic, Eigen::Dynamic>& b, Index top) {
  using RealMatrix = Eigen::Matrix<Real, Eigen::Dynamic, Eigen::Dynamic>;
  const Index n = a.rows();
  if (n <= 100) {
    const RealMatrix product = a * b;
    a = product;
    return;
  }
  const Index firstRows[2] = {0, top}, rowCounts[2] = {top, n - top};
  parallel::forRange(2, 2, 1, [&](Index begin, Index end) {
    for (Index half = begin; half < end; ++half) {
      auto rows = a.middleRows(firstRows[half], rowCounts[half]);
      std::vector<Index> used;
      for (Index j = 0; j < n; ++j) {
        if ((rows.col(j).array() != Real(0)).any()) used.push_back(j);
      }
      const Index count = static_cast<Index>(used.size());
      RealMatrix columns(rowCounts[half], count), factor(count, b.cols());
      for (Index i = 0; i < count; ++i) {
        columns.col(i) = rows.col(used[static_cast<std::size_t>(i)]);
        factor.row(i) = b.row(used[static_cast<std::size_t>(i)]);
      }
      rows.noalias() = columns * factor;
    }
  });
}

/// f(μ) = 1 + Σ z_j² / ((d_j − s − μ)(d_j + s + μ)) over a merge's
/// undeflated entries (z the merged problem's first column, d its diagonal):
/// the secular equation whose roots σ = s + μ are the merged problem's
/// singular values, measured from a shift s that is one of the d_j. Each
/// term is evaluated as Eigen's `secularEq` does (two quotients, no
/// overflow), over contiguous copies of the entries so that it vectorizes.
template <class Real>
struct SecularFunction {
  Eigen::Array<Real, Eigen::Dynamic, 1> z, d;

  Real operator()(Real shift, Real mu) const {
    return Real(1) + ((z / ((d - shift) - mu)) * (z / ((d + shift) + mu))).sum();
  }
};

/// Whether an entry of a merge's first column counts as deflated: zero, or
/// too small to be in BDCSVD's list of undeflated entries (`perm`, built
/// from |z| > the smallest normal number). Eigen 3.4 itself tests z == 0 in
/// `computeSingVals` and `perturbCol0`, and for a z in between reads
/// `perm(-1)` (out of bounds: NaN or a crash on rank-deficient inputs).
template <class Real>
bool isDeflated(Real z) {
  return !(std::abs(z) > std::numeric_limits<Real>::min());
}

/// The middle of the bracket (lo, hi): geometric when both ends have the
/// same sign and lie orders of magnitude apart (a root next to the shift's
/// pole is found in a few halvings of the exponent), arithmetic otherwise.
template <class Real>
Real bracketMiddle(Real lo, Real hi) {
  if (lo > 0 && hi > 64 * lo) return std::sqrt(lo) * std::sqrt(hi);
  if (hi < 0 && lo < 64 * hi) return -(std::sqrt(-lo) * std::sqrt(-hi));
  return lo + (hi - lo) / 2;
}

/// The root μ of f(shift, ·) in (lo, hi), where f rises through zero (it has
/// poles at both ends, or past them), starting from the points `first` and
/// `second` inside. Each step takes the zero of the model a/μ + b (the pole
/// at the shift) through the last two points when it falls inside the
/// bracket and the step before it at least halved |f|, and the bracket's
/// middle otherwise; every evaluation narrows the bracket. Stops when a
/// model step moves by a few ulps (Eigen's criterion) and f changes sign a
/// few ulps further on, when the bracket is a few ulps wide, or when f is
/// zero.
template <class Real>
Real secularRoot(const SecularFunction<Real>& f, Real shift, Real lo, Real hi, Real first, Real second) {
  constexpr Real epsilon = std::numeric_limits<Real>::epsilon();
  constexpr int maximumSteps = 400;  // each bisection halves the width or an exponent range
  Real previous = first, fPrevious = f(shift, first);
  if (fPrevious == 0) return previous;
  (fPrevious < 0 ? lo : hi) = previous;
  Real current = second, fCurrent = f(shift, second);
  bool bisect = false;
  for (int step = 0; step < maximumSteps && fCurrent != 0; ++step) {
    (fCurrent < 0 ? lo : hi) = current;
    if (hi - lo <= 2 * epsilon * std::max(std::abs(lo), std::abs(hi))) break;
    Real next = bracketMiddle(lo, hi);
    bool modelStep = false;
    if (!bisect) {
      const Real a = (fCurrent - fPrevious) / (Real(1) / current - Real(1) / previous);
      const Real zero = -a / (fCurrent - a / current);
      modelStep = zero > lo && zero < hi;  // false for NaN
      if (modelStep) next = zero;
    }
    const Real fNext = f(shift, next);
    const bool smallStep =
        modelStep && std::abs(next - current) <= 8 * epsilon * std::max(std::abs(next), std::abs(current));
    bisect = modelStep && std::abs(fNext) > std::abs(fCurrent) / 2;
    previous = current;
    fPrevious = fCurrent;
    current = next;
    fCurrent = fNext;
    if (smallStep && fCurrent != 0) {
      // The model has settled; that is the root only if f changes sign
      // within a few ulps of it (a pole of order two at the shift, when the
      // shift is 0, can stall the model far from the root).
      (fCurrent < 0 ? lo : hi) = current;
      const Real probe = current + (fCurrent < 0 ? 4 : -4) * epsilon * std::abs(current);
      if (!(probe > lo && probe < hi)) break;  // the bracket is already that narrow
      const Real fProbe = f(shift, probe);
      if (fProbe == 0 || (fProbe < 0) != (fCurrent < 0)) break;
      previous = current;
      fPrevious = fCurrent;
      current = probe;
      fCurrent = fProbe;
      bisect = true;
    }
  }
  return current;
}

/// BDCSVD's `computeSingVals` (the singular values of a merged problem, each
/// as a shift, one of the diagonal entries, plus μ), with the same choice of
/// shift and the same outputs, but the root found by `secularRoot` and the
/// roots spread across the threads when the problem is large. Eigen's own
/// falls back to plain bisection for many roots (two in five at n = 512),
/// about fifty evaluations of f each.
template <class Real, class Array, class Indices, class Values>
void solveSecularEquation(const Array& col0, const Array& diag, const Indices& perm, Values& singVals, Array& shifts,
                          Array& mus) {
  const Index n = col0.size();
  Index actualN = n;
  while (actualN > 1 && isDeflated(col0(actualN - 1))) --actualN;
  SecularFunction<Real> f;
  f.z.resize(perm.size());
  f.d.resize(perm.size());
  for (Index i = 0; i < perm.size(); ++i) {
    f.z(i) = col0(perm(i));
    f.d(i) = diag(perm(i));
  }
  const Real norm = col0.matrix().norm();
  const Real smallestSafe = 2 / std::sqrt(std::numeric_limits<Real>::max());
  const auto solveRange = [&](Index begin, Index end) {
    for (Index k = begin; k < end; ++k) {
      if (isDeflated(col0(k)) || actualN == 1) {
        // Deflated: the singular value is on the diagonal.
        singVals(k) = k == 0 ? col0(0) : diag(k);
        shifts(k) = singVals(k);
        mus(k) = Real(0);
        continue;
      }
      const bool last = k == actualN - 1;
      Index next = k + 1;
      while (!last && isDeflated(col0(next))) ++next;
      const Real left = diag(k), right = last ? diag(actualN - 1) + norm : diag(next);
      const Real gap = right - left;
      Real shift = left;
      if (!last && f(Real(0), left + gap / 2) <= 0 && f(right, -gap / 2) <= 0) shift = right;
      Real mu;
      if (!(gap > 0)) {
        mu = Real(0);
      } else if (shift == left) {
        const Real lo = std::max(std::numeric_limits<Real>::min(), smallestSafe * std::abs(col0(k)));
        mu = secularRoot(f, shift, lo, last ? 2 * gap : Real(0.51) * gap, Real(0.1) * gap, last ? gap : gap / 2);
      } else {
        const Real hi = -std::max(std::numeric_limits<Real>::min(), smallestSafe * std::abs(col0(next)));
        mu = secularRoot(f, shift, Real(-0.51) * gap, hi, Real(-0.1) * gap, -gap / 2);
      }
      singVals(k) = shift + mu;
      shifts(k) = shift;
      mus(k) = mu;
    }
  };
  const double work = static_cast<double>(n) * static_cast<double>(perm.size());
  const Index parts = work < 128.0 * 128.0 ? 1 : parallel::partsFor(n, 32);
  parallel::forRange(n, parts, 1, solveRange);
}

/// BDCSVD's `perturbCol0`: ẑ, the first column for which the roots found
/// are the exact singular values (Gu and Eisenstat, equation 3.6), from
///   ẑ_k² = (σ_last² − d_k²) Π_{i≠k} (σ_j² − d_k²) / (d_i² − d_k²)
/// over the undeflated i, with j = i for i < k and the undeflated index
/// before i for i > k; each σ_j² − d_k² is taken as
/// (σ_j + d_k)(μ_j + (s_j − d_k)), as Eigen does, for accuracy. Entries that
/// `isDeflated` (consistent with `perm`, unlike Eigen 3.4) get ẑ = 0. The
/// products run over contiguous copies (they vectorize), the k across the
/// threads when the problem is large.
template <class Real, class Array, class Indices, class Values>
void perturbFirstColumn(const Array& col0, const Array& diag, const Indices& perm, const Values& singVals,
                        const Array& shifts, const Array& mus, Array& zhat) {
  using Packed = Eigen::Array<Real, Eigen::Dynamic, 1>;
  const Index n = col0.size(), m = perm.size();
  if (m == 0) {
    zhat.setZero();
    return;
  }
  // Packed by position l in perm: d_i, and σ_j, μ_j, s_j for j = i (at l)
  // or j = the entry before i (at l − 1).
  Packed d(m), sigma(m), mu(m), shift(m);
  for (Index l = 0; l < m; ++l) {
    const Index i = perm(l);
    d(l) = diag(i);
    sigma(l) = singVals(i);
    mu(l) = mus(i);
    shift(l) = shifts(i);
  }
  const Index last = perm(m - 1);
  const auto perturbRange = [&](Index begin, Index end) {
    Index position = 0;  // of k in perm, found by walking forward
    for (Index k = begin; k < end; ++k) {
      while (position < m && perm(position) < k) ++position;
      if (isDeflated(col0(k)) || position == m || perm(position) != k) {
        zhat(k) = Real(0);
        continue;
      }
      const Real dk = diag(k);
      const Index p = position;
      Real product = (singVals(last) + dk) * (mus(last) + (shifts(last) - dk));
      // i before k (j = i), then i after k (j = the entry before i).
      product *= (((sigma.head(p) + dk) / (d.head(p) + dk)) * ((mu.head(p) + (shift.head(p) - dk)) / (d.head(p) - dk)))
                     .prod();
      const Index after = m - p - 1;
      product *= (((sigma.segment(p, after) + dk) / (d.tail(after) + dk)) *
                  ((mu.segment(p, after) + (shift.segment(p, after) - dk)) / (d.tail(after) - dk)))
                     .prod();
      const Real magnitude = std::sqrt(product);
      zhat(k) = col0(k) > 0 ? magnitude : -magnitude;
    }
  };
  const double work = static_cast<double>(n) * static_cast<double>(m);
  const Index parts = work < 128.0 * 128.0 ? 1 : parallel::partsFor(n, 32);
  parallel::forRange(n, parts, 1, perturbRange);
}

/// The SVD of one of `divide`'s leaves, a rows×columns block with rows ≥
/// columns (columns + 1 rows in Eigen 3.4): full U, V when `wantV`, σ
/// descending, what `JacobiSVD::compute` gives `divide`. The block is
/// scaled by a power of two to a largest entry near 1 first, as
/// oneSidedJacobiSVD asks; its entries are the bidiagonal's, at least
/// eps times the largest where not zero (BidiagonalSVD.hpp), so the
/// Jacobi route cannot decline for a tiny column.
template <class T>
Eigen::ComputationInfo leafSVD(const ColumnMajorMatrix<T>& block, bool wantV, ColumnMajorMatrix<T>& u,
                               ColumnMajorMatrix<T>& v, Vector<T>& values) {
  const Index rows = block.rows(), columns = block.cols();
  if (rows < columns || columns < 1) return Eigen::InvalidInput;
  values.resize(columns);
  u.resize(rows, rows);
  v.resize(columns, columns);
  const T largest = block.cwiseAbs().maxCoeff();
  if (!(largest > T(0))) {
    values.setZero();
    u.setIdentity();
    v.setIdentity();
    return Eigen::Success;
  }
  int exponent = 0;
  std::frexp(largest, &exponent);
  // 2^−exponent stays finite for a subnormal largest entry
  // (MagnitudeScan::scaleExponent).
  exponent = std::max(exponent, 1 - std::numeric_limits<T>::max_exponent);
  ColumnMajorMatrix<T> w = block * std::ldexp(T(1), -exponent);
  if (!oneSidedJacobiSVD(w.data(), rows, columns, true, rows, u.data(), values.data(), v.data())) {
    return Eigen::NoConvergence;
  }
  values *= std::ldexp(T(1), exponent);
  if (!wantV) v.resize(0, 0);
  return Eigen::Success;
}

}  // namespace
}  // namespace core

template <>
Eigen::JacobiSVD<core::detail::ColumnMajorMatrix<float>>& Eigen::JacobiSVD<core::detail::ColumnMajorMatrix<float>>::compute(
    const MatrixType& matrix, unsigned int computationOptions) {
  m_computationOptions = computationOptions;
  m_computeFullU = true;
  m_computeFullV = (computationOptions & ComputeFullV) != 0;
  m_computeThinU = m_computeThinV = false;
  m_rows = matrix.rows();
  m_cols = matrix.cols();
  m_diagSize = std::min(m_rows, m_cols);
  m_info = core::leafSVD<float>(matrix, m_computeFullV, m_matrixU, m_matrixV, m_singularValues);
  m_nonzeroSingularValues = (m_singularValues.array() > 0.0f).count();
  m_isInitialized = m_isAllocated = true;
  return *this;
}

template <>
Eigen::JacobiSVD<core::detail::ColumnMajorMatrix<double>>& Eigen::JacobiSVD<core::detail::ColumnMajorMatrix<double>>::compute(
    const MatrixType& matrix, unsigned int computationOptions) {
  m_computationOptions = computationOptions;
  m_computeFullU = true;
  m_computeFullV = (computationOptions & ComputeFullV) != 0;
  m_computeThinU = m_computeThinV = false;
  m_rows = matrix.rows();
  m_cols = matrix.cols();
  m_diagSize = std::min(m_rows, m_cols);
  m_info = core::leafSVD<double>(matrix, m_computeFullV, m_matrixU, m_matrixV, m_singularValues);
  m_nonzeroSingularValues = (m_singularValues.array() > 0.0).count();
  m_isInitialized = m_isAllocated = true;
  return *this;
}

template <>
void Eigen::BDCSVD<core::detail::ColumnMajorMatrix<float>>::perturbCol0(const ArrayRef& col0, const ArrayRef& diag,
                                                                        const IndicesRef& perm, const VectorType& singVals,
                                                                        const ArrayRef& shifts, const ArrayRef& mus,
                                                                        ArrayRef zhat) {
  core::perturbFirstColumn<float>(col0, diag, perm, singVals, shifts, mus, zhat);
}

template <>
void Eigen::BDCSVD<core::detail::ColumnMajorMatrix<double>>::perturbCol0(const ArrayRef& col0, const ArrayRef& diag,
                                                                         const IndicesRef& perm,
                                                                         const VectorType& singVals,
                                                                         const ArrayRef& shifts, const ArrayRef& mus,
                                                                         ArrayRef zhat) {
  core::perturbFirstColumn<double>(col0, diag, perm, singVals, shifts, mus, zhat);
}

template <>
void Eigen::BDCSVD<core::detail::ColumnMajorMatrix<float>>::computeSingVals(const ArrayRef& col0, const ArrayRef& diag,
                                                                            const IndicesRef& perm, VectorType& singVals,
                                                                            ArrayRef shifts, ArrayRef mus) {
  core::solveSecularEquation<float>(col0, diag, perm, singVals, shifts, mus);
}

template <>
void Eigen::BDCSVD<core::detail::ColumnMajorMatrix<double>>::computeSingVals(const ArrayRef& col0, const ArrayRef& diag,
                                                                             const IndicesRef& perm, VectorType& singVals,
                                                                             ArrayRef shifts, ArrayRef mus) {
  core::solveSecularEquation<double>(col0, diag, perm, singVals, shifts, mus);
}

template <>
void Eigen::BDCSVD<core::detail::ColumnMajorMatrix<float>>::structured_update(Block<MatrixXr, Dynamic, Dynamic> A,
                                                                              const MatrixXr& B, Index n1) {
  core::multiplyStructuredInParallel<float>(A, B, n1);
}

template <>
void Eigen::BDCSVD<core::detail::ColumnMajorMatrix<double>>::structured_update(Block<MatrixXr, Dynamic, Dynamic> A,
                                                                               const MatrixXr& B, Index n1) {
  core::multiplyStructuredInParallel<double>(A, B, n1);
}

namespace core {
namespace {

template <class T>
using EigenBDCSVD = Eigen::BDCSVD<ColumnMajorMatrix<T>>;

/// Names BDCSVD<…>::divide for scalar T; `privateMember(DivideMember<T>())`
/// returns a pointer to it, defined by the explicit instantiation below.
template <class T>
struct DivideMember {
  using Pointer = void (EigenBDCSVD<T>::*)(Eigen::Index, Eigen::Index, Eigen::Index, Eigen::Index, Eigen::Index);
  friend Pointer privateMember(DivideMember);
};

template <class Tag, typename Tag::Pointer member>
struct PrivateMemberAccess {
  friend typename Tag::Pointer privateMember(Tag) { return member; }
};

template struct PrivateMemberAccess<DivideMember<float>, &EigenBDCSVD<float>::divide>;
template struct PrivateMemberAccess<DivideMember<double>, &EigenBDCSVD<double>::divide>;

/// B = P Σ Qᵀ for an n×n upper bidiagonal B without zero entries, by
/// Eigen's divide and conquer (BidiagonalSVD.hpp prepares B for it).
template <class T>
class BidiagonalDivideAndConquer : public EigenBDCSVD<T> {
  using Base = EigenBDCSVD<T>;
  using Real = typename Base::RealScalar;
  using RealMatrix = Eigen::Matrix<Real, Eigen::Dynamic, Eigen::Dynamic>;

 public:
  /// Decomposes B (diagonal `diagonal[0..<n]`, superdiagonal
  /// `superdiagonal[0..<n-1]`, n ≥ 1), with the singular vectors when
  /// `vectors`. Returns Eigen's outcome (Success, or NoConvergence).
  Eigen::ComputationInfo compute(const T* diagonal, const T* superdiagonal, Index n, bool vectors) {
    // What BDCSVD::allocate(n, n, …) prepares, with the vector flags set
    // directly: divide reads m_compU and m_compV only.
    this->Eigen::SVDBase<Base>::allocate(n, n, 0);
    this->m_isTranspose = false;
    this->m_compU = vectors;
    this->m_compV = vectors;
    this->m_computed = RealMatrix::Zero(n + 1, n);
    this->m_naiveU = vectors ? RealMatrix::Zero(n + 1, n + 1) : RealMatrix::Zero(2, n + 1);
    if (vectors) this->m_naiveV = RealMatrix::Zero(n, n);
    this->m_workspace.resize((n + 1) * (n + 1) * 3);
    this->m_workspaceI.resize(3 * n);
    // BDCSVD works on Bᵀ, lower bidiagonal with an extra zero row.
    for (Index i = 0; i < n; ++i) this->m_computed(i, i) = diagonal[i];
    for (Index i = 0; i + 1 < n; ++i) this->m_computed(i + 1, i) = superdiagonal[i];
    (this->*privateMember(DivideMember<T>()))(0, n - 1, 0, 0, 0);
    return this->m_info;
  }

  /// σ_i, largest first, as the divide and conquer left them. Valid after
  /// a successful `compute`.
  void rawSingularValues(T* values, Index n) const {
    for (Index i = 0; i < n; ++i) values[i] = T(std::abs(this->m_computed(i, i)));
  }

  /// P (the left singular vectors of B): BDCSVD's V of Bᵀ.
  auto leftVectors(Index n) const { return this->m_naiveV.topLeftCorner(n, n); }

  /// Q (the right singular vectors of B): BDCSVD's U of Bᵀ.
  auto rightVectors(Index n) const { return this->m_naiveU.topLeftCorner(n, n); }
};

}  // namespace
}  // namespace core
