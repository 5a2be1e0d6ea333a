// All eigenvalues and eigenvectors of a real symmetric tridiagonal matrix,
// as LAPACK's xSTEVX-style path of xSYEVX computes them: the matrix split
// into unreduced blocks where an off-diagonal entry is negligible, each
// block's eigenvalues by root-free implicit QL (TridiagonalEigenvalues.hpp)
// and its eigenvectors by inverse iteration (TridiagonalInverseIteration.hpp).
// Shared by the real symmetric eigensolver (SymmetricEigenKernels.hpp) and
// the Hermitian one (complex/HermitianEigen.cpp), whose tridiagonal form is
// real too. Internal linkage.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "EigenSetup.hpp"
#include "TridiagonalEigenvalues.hpp"
#include "TridiagonalInverseIteration.hpp"

namespace core {
namespace {
namespace tridiagonal {

/// The eigenvalues of the n×n symmetric tridiagonal matrix with diagonal
/// `d` and off-diagonal `e` (n − 1 entries) into `values`, ascending, and
/// its orthonormal eigenvectors into the columns of `z` (n×n); column
/// order[j] of `z` belongs to values(j) (callers reorder while they copy).
/// Returns false when the QL iteration does not converge.
template <class T>
bool eigenOfTridiagonal(const detail::Vector<T>& d, const detail::Vector<T>& e, detail::Vector<T>& values,
                        detail::ColumnMajorMatrix<T>& z, std::vector<Index>& order) {
  const Index n = d.size();
  values.resize(n);
  z = detail::ColumnMajorMatrix<T>::Zero(n, n);
  Index start = 0;
  for (Index i = 0; i < n; ++i) {
    // A block ends where the off-diagonal is negligible next to its
    // neighbours on the diagonal (dropping it perturbs T by ≤ eps‖T‖).
    const bool blockEnds =
        i == n - 1 || std::abs(e(i)) <= std::numeric_limits<T>::epsilon() * (std::abs(d(i)) + std::abs(d(i + 1)));
    if (!blockEnds) continue;
    const Index size = i - start + 1;
    if (size == 1) {
      values(start) = d(start);
      z(start, start) = T(1);
    } else {
      const T* const blockDiagonal = d.data() + start;
      const T* const blockOffDiagonal = e.data() + start;
      if (!eigenvaluesRootFree(blockDiagonal, blockOffDiagonal, size, values.data() + start)) return false;
      eigenvectorsOfBlock(blockDiagonal, blockOffDiagonal, size, values.data() + start, &z.coeffRef(start, start),
                          n);
    }
    start = i + 1;
  }
  // All eigenvalues ascending; `order` says where their columns of Z are.
  order.resize(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), Index(0));
  std::sort(order.begin(), order.end(),
            [&](Index x, Index y) { return values(x) < values(y) || (values(x) == values(y) && x < y); });
  const detail::Vector<T> unsorted = values;
  for (Index j = 0; j < n; ++j) values(j) = unsorted(order[static_cast<std::size_t>(j)]);
  return true;
}

}  // namespace tridiagonal
}  // namespace
}  // namespace core
