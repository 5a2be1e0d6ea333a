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
// `m_compV`, `structured_update`); an Eigen upgrade must recheck them.
//
// Each merge of the divide and conquer multiplies the singular vectors
// found so far by the merged problem's (BDCSVD's `structured_update`, a
// third of the work at n = 1024). Those products are threaded here through
// explicit specializations of that member for Float and Double: the two
// row halves of each product go to two threads. A specialization is an
// ordinary definition with external linkage, so every translation unit that
// includes this header must compile Eigen in a namespace of its own (the
// AVX2 variant's `EigenAVX2`, the baseline's `EigenSVDBaseline`, see
// MatrixSVD.cpp): a program that uses Eigen's BDCSVD elsewhere keeps its
// own. Everything else here has internal linkage.
#pragma once

#include <cmath>
#include <limits>
#include <vector>

#include "EigenSetup.hpp"
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

}  // namespace
}  // namespace core

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

/// B = P Σ Qᵀ for an n×n upper bidiagonal B, by Eigen's divide and conquer.
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

  /// σ_i, largest first; values below the smallest normal number are zero.
  /// Valid after a successful `compute`.
  void singularValues(T* values, Index n) const {
    bool zero = false;
    for (Index i = 0; i < n; ++i) {
      const Real value = std::abs(this->m_computed(i, i));
      zero = zero || value < std::numeric_limits<Real>::min();
      values[i] = zero ? T(0) : T(value);
    }
  }

  /// P (the left singular vectors of B): BDCSVD's V of Bᵀ.
  auto leftVectors(Index n) const { return this->m_naiveV.topLeftCorner(n, n); }

  /// Q (the right singular vectors of B): BDCSVD's U of Bᵀ.
  auto rightVectors(Index n) const { return this->m_naiveU.topLeftCorner(n, n); }
};

}  // namespace
}  // namespace core
