// The symmetric eigendecomposition kernel, compiled once per
// instruction-set variant (MatrixEigen.cpp for the baseline,
// MatrixEigenAVX2.cpp for AVX2+FMA); everything here has internal linkage.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>

#include "BlockReflector.hpp"
#include "EigenSetup.hpp"
#include "StorageOrder.hpp"
#include "ThreadPool.hpp"
#include "TridiagonalEigen.hpp"
#include "Tridiagonalization.hpp"
#include <Eigen/Eigenvalues>

namespace core {
namespace {

using namespace detail;

/// From this size up, eigenvectors come from inverse iteration on the
/// tridiagonal form and a blocked back-transformation (below, Eigen's QR
/// iteration accumulating rotations into the vectors is as fast).
constexpr Index inverseIterationMinimumSize = 128;

/// Reflectors per block of the back-transformation V = Q Z.
constexpr Index eigenReflectorBlockWidth = 48;

/// The eigendecomposition of the symmetric `lower` (lower triangle read)
/// as LAPACK's xSYEVX computes it: blocked Householder reduction to
/// tridiagonal form (Tridiagonalization.hpp), eigenvalues of each
/// unreduced tridiagonal block by root-free implicit QL without vectors
/// (TridiagonalEigenvalues.hpp; about twice as fast as Eigen's QR
/// iteration without vectors at n = 1024, which took ~15% of the time),
/// eigenvectors by inverse iteration in ranges across the pool, then
/// V = Q Z with Q's block reflectors applied to column parts of Z across
/// the pool (on the packed kernel in the AVX2 variant).
/// `values` come out ascending; column order[j] of `vectors` belongs to
/// values(j) (the caller's final copy puts the columns in order, so they are
/// not sorted here). Returns false when the QL iteration does not converge.
template <class T>
bool eigenByInverseIteration(ColumnMajorMatrix<T> lower, Vector<T>& values, ColumnMajorMatrix<T>& vectors,
                             std::vector<Index>& order) {
  const Index n = lower.rows();
  Vector<T> d, e, reflectorCoefficients;
  tridiagonalizeInPlace(lower, d, e, reflectorCoefficients);
  if (!tridiagonal::eigenOfTridiagonal(d, e, values, vectors, order)) return false;
  // V = Q Z: Q = H₀ H₁ ⋯ H_{n−2}, where H_j acts on rows j + 1 onwards; its
  // vector lies below the subdiagonal of the packed reduction, with the
  // implied 1 on the subdiagonal (which applyBlockReflector does not read).
  if (n > 1) {
    applyReflectorsInBlocks(lower.block(1, 0, n - 1, n - 1), reflectorCoefficients, vectors.bottomRows(n - 1),
                            eigenReflectorBlockWidth);
  }
  return true;
}

template <class T>
Status symmetricEigenImpl(const T* a, Index n, T* values, T* vectors) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  Eigen::Map<Vector<T>> valueMap(values, n);
  MatrixMap<T> vectorMap(vectors, n, n);
  memory::adviseLargePagesFor(vectors, n * n);
  // Row-major lower triangle == column-major upper triangle of the transpose;
  // copying the lower view keeps the "reads the lower triangle" contract.
  ColumnMajorMatrix<T> lower = ConstMatrixMap<T>(a, n, n).template triangularView<Eigen::Lower>();
  const auto input = scanMagnitudes(lower.data(), n * n);
  if (!input.allFinite) {
    valueMap.setConstant(std::numeric_limits<T>::quiet_NaN());
    vectorMap.setConstant(std::numeric_limits<T>::quiet_NaN());
    return Status::ok;
  }
  const int e = input.scaleExponent();  // A = 2^e Â exactly; λ = 2^e λ̂
  lower *= std::ldexp(T(1), -e);
  if (n >= inverseIterationMinimumSize) {
    // Float goes through Double: in single precision the inverse-iteration
    // vectors of a dense spectrum lose orthogonality (measured: ‖VᵀV − I‖
    // of 3000·n·eps at n = 1024), while Double keeps it below n·eps.
    Vector<double> eigenvalues;
    ColumnMajorMatrix<double> eigenvectors;
    std::vector<Index> order;
    // The reduction works in place on its argument: Double hands over its
    // copy of the lower triangle, Float converts it.
    ColumnMajorMatrix<double> working;
    if constexpr (std::is_same_v<T, double>) {
      working = std::move(lower);
    } else {
      working = lower.template cast<double>();
    }
    if (!eigenByInverseIteration<double>(std::move(working), eigenvalues, eigenvectors, order)) {
      return Status::noConvergence;
    }
    valueMap = eigenvalues.cast<T>() * std::ldexp(T(1), e);
    // Sorting the columns and converting to row-major in one copy: column j
    // of V is column order[j] of the eigenvectors.
    if constexpr (std::is_same_v<T, double>) {
      copyTransposed(eigenvectors.data(), n, n, 1.0, vectors, order.data());
    } else {
      vectorMap = eigenvectors(Eigen::all, order).template cast<T>();
    }
    return Status::ok;
  }
  const Eigen::SelfAdjointEigenSolver<ColumnMajorMatrix<T>> solver(lower, Eigen::ComputeEigenvectors);
  if (solver.info() != Eigen::Success) return Status::noConvergence;
  valueMap = solver.eigenvalues() * std::ldexp(T(1), e);  // ascending
  vectorMap = solver.eigenvectors();
  return Status::ok;
}

}  // namespace
}  // namespace core
