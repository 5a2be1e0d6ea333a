// The symmetric eigendecomposition kernel, compiled once per
// instruction-set variant (MatrixEigen.cpp for the baseline,
// MatrixEigenAVX2.cpp for AVX2+FMA); everything here has internal linkage.
#pragma once

#include <cmath>
#include <limits>

#include "EigenSetup.hpp"
#include <Eigen/Eigenvalues>

namespace core {
namespace {

using namespace detail;

template <class T>
Status symmetricEigenImpl(const T* a, Index n, T* values, T* vectors) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  Eigen::Map<Vector<T>> valueMap(values, n);
  MatrixMap<T> vectorMap(vectors, n, n);
  // Row-major lower triangle == column-major upper triangle of the transpose;
  // copying the lower view keeps the "reads the lower triangle" contract.
  ColumnMajorMatrix<T> lower = ConstMatrixMap<T>(a, n, n).template triangularView<Eigen::Lower>();
  if (!lower.allFinite()) {
    valueMap.setConstant(std::numeric_limits<T>::quiet_NaN());
    vectorMap.setConstant(std::numeric_limits<T>::quiet_NaN());
    return Status::ok;
  }
  const int e = scaleExponent(lower.data(), n * n);  // A = 2^e Â exactly; λ = 2^e λ̂
  lower *= std::ldexp(T(1), -e);
  const Eigen::SelfAdjointEigenSolver<ColumnMajorMatrix<T>> solver(lower, Eigen::ComputeEigenvectors);
  if (solver.info() != Eigen::Success) return Status::noConvergence;
  valueMap = solver.eigenvalues() * std::ldexp(T(1), e);  // ascending
  vectorMap = solver.eigenvectors();
  return Status::ok;
}

}  // namespace
}  // namespace core
