// The general real eigenproblem and its two forms: eigenvalues and vectors
// (Eigen's EigenSolver after our balancing), real Schur (RealSchur) and
// Hessenberg (HessenbergDecomposition). Non-finite input gives NaN outputs
// without entering the QR iteration, whose failure is a status.
#include "ComplexCore.h"

#include "Balancing.hpp"
#include "ComplexSetup.hpp"

#include <Eigen/Eigenvalues>

namespace core {
namespace {

using detail::guarded;

template <class T>
Status eigenImpl(const T* a, Index n, T* values, T* vectors) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  if (!detail::allFinite(a, n * n)) {
    detail::fillNaN(values, 2 * n);
    detail::fillNaN(vectors, 2 * n * n);
    return Status::ok;
  }
  detail::ColumnMajorMatrix<T> work = detail::ConstMatrixMap<T>(a, n, n);
  const detail::Vector<T> scale = detail::balance(work);
  Eigen::EigenSolver<detail::ColumnMajorMatrix<T>> solver(work, vectors != nullptr);
  if (solver.info() != Eigen::Success) return Status::noConvergence;
  const auto& eigenvalues = solver.eigenvalues();
  for (Index index = 0; index < n; ++index) {
    values[2 * index] = eigenvalues(index).real();
    values[2 * index + 1] = eigenvalues(index).imag();
  }
  if (vectors == nullptr) return Status::ok;
  detail::ComplexMatrix<T> result = scale.asDiagonal() * solver.eigenvectors();
  detail::normalizeEigenvectors(result);
  // A conjugate pair of eigenvalues gets exactly conjugate vectors.
  for (Index index = 0; index + 1 < n; ++index) {
    if (eigenvalues(index).imag() > 0 && eigenvalues(index + 1) == std::conj(eigenvalues(index))) {
      result.col(index + 1) = result.col(index).conjugate();
      ++index;
    }
  }
  detail::complexView(vectors, n, n) = result;
  return Status::ok;
}

template <class T>
Status schurImpl(const T* a, Index n, T* t, T* z) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  if (!detail::allFinite(a, n * n)) {
    detail::fillNaN(t, n * n);
    detail::fillNaN(z, n * n);
    return Status::ok;
  }
  Eigen::RealSchur<detail::ColumnMajorMatrix<T>> schur{detail::ColumnMajorMatrix<T>(detail::ConstMatrixMap<T>(a, n, n))};
  if (schur.info() != Eigen::Success) return Status::noConvergence;
  detail::MatrixMap<T>(t, n, n) = schur.matrixT();
  detail::MatrixMap<T>(z, n, n) = schur.matrixU();
  return Status::ok;
}

template <class T>
Status hessenbergImpl(const T* a, Index n, T* h, T* q) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  if (!detail::allFinite(a, n * n)) {
    detail::fillNaN(h, n * n);
    detail::fillNaN(q, n * n);
    return Status::ok;
  }
  Eigen::HessenbergDecomposition<detail::ColumnMajorMatrix<T>> decomposition(
      detail::ColumnMajorMatrix<T>(detail::ConstMatrixMap<T>(a, n, n)));
  detail::MatrixMap<T>(h, n, n) = decomposition.matrixH();
  detail::ColumnMajorMatrix<T> orthogonal = decomposition.matrixQ();
  detail::MatrixMap<T>(q, n, n) = orthogonal;
  return Status::ok;
}

}  // namespace

Status eigen(const float* a, Index n, float* values, float* vectors) noexcept {
  return guarded([&] { return eigenImpl(a, n, values, vectors); });
}
Status eigen(const double* a, Index n, double* values, double* vectors) noexcept {
  return guarded([&] { return eigenImpl(a, n, values, vectors); });
}

Status schur(const float* a, Index n, float* t, float* z) noexcept {
  return guarded([&] { return schurImpl(a, n, t, z); });
}
Status schur(const double* a, Index n, double* t, double* z) noexcept {
  return guarded([&] { return schurImpl(a, n, t, z); });
}

Status hessenberg(const float* a, Index n, float* h, float* q) noexcept {
  return guarded([&] { return hessenbergImpl(a, n, h, q); });
}
Status hessenberg(const double* a, Index n, double* h, double* q) noexcept {
  return guarded([&] { return hessenbergImpl(a, n, h, q); });
}

}  // namespace core
