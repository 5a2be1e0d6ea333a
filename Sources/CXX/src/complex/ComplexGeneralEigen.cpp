// The general complex eigenproblem (Eigen's ComplexEigenSolver after our
// balancing), complex Schur (ComplexSchur) and complex Hessenberg form.
// Non-finite input gives NaN outputs without entering the QR iteration,
// whose failure is a status.
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
  if (!detail::allFinite(a, 2 * n * n)) {
    detail::fillNaN(values, 2 * n);
    detail::fillNaN(vectors, 2 * n * n);
    return Status::ok;
  }
  detail::ComplexMatrix<T> work = detail::complexView(a, n, n);
  const detail::Vector<T> scale = detail::balance(work);
  Eigen::ComplexEigenSolver<detail::ComplexMatrix<T>> solver(work, vectors != nullptr);
  if (solver.info() != Eigen::Success) return Status::noConvergence;
  Eigen::Map<detail::Vector<std::complex<T>>>(reinterpret_cast<std::complex<T>*>(values), n) =
      solver.eigenvalues();
  if (vectors == nullptr) return Status::ok;
  detail::ComplexMatrix<T> result = scale.template cast<std::complex<T>>().asDiagonal() * solver.eigenvectors();
  detail::normalizeEigenvectors(result);
  detail::complexView(vectors, n, n) = result;
  return Status::ok;
}

template <class T>
Status schurImpl(const T* a, Index n, T* t, T* z) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  if (!detail::allFinite(a, 2 * n * n)) {
    detail::fillNaN(t, 2 * n * n);
    detail::fillNaN(z, 2 * n * n);
    return Status::ok;
  }
  Eigen::ComplexSchur<detail::ComplexMatrix<T>> schur{detail::ComplexMatrix<T>(detail::complexView(a, n, n))};
  if (schur.info() != Eigen::Success) return Status::noConvergence;
  detail::complexView(t, n, n) = schur.matrixT();
  detail::complexView(z, n, n) = schur.matrixU();
  return Status::ok;
}

template <class T>
Status hessenbergImpl(const T* a, Index n, T* h, T* q) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  if (!detail::allFinite(a, 2 * n * n)) {
    detail::fillNaN(h, 2 * n * n);
    detail::fillNaN(q, 2 * n * n);
    return Status::ok;
  }
  Eigen::HessenbergDecomposition<detail::ComplexMatrix<T>> decomposition(
      detail::ComplexMatrix<T>(detail::complexView(a, n, n)));
  detail::complexView(h, n, n) = decomposition.matrixH();
  detail::ComplexMatrix<T> unitary = decomposition.matrixQ();
  detail::complexView(q, n, n) = unitary;
  return Status::ok;
}

}  // namespace

Status complexEigen(const float* a, Index n, float* values, float* vectors) noexcept {
  return guarded([&] { return eigenImpl(a, n, values, vectors); });
}
Status complexEigen(const double* a, Index n, double* values, double* vectors) noexcept {
  return guarded([&] { return eigenImpl(a, n, values, vectors); });
}

Status complexSchur(const float* a, Index n, float* t, float* z) noexcept {
  return guarded([&] { return schurImpl(a, n, t, z); });
}
Status complexSchur(const double* a, Index n, double* t, double* z) noexcept {
  return guarded([&] { return schurImpl(a, n, t, z); });
}

Status complexHessenberg(const float* a, Index n, float* h, float* q) noexcept {
  return guarded([&] { return hessenbergImpl(a, n, h, q); });
}
Status complexHessenberg(const double* a, Index n, double* h, double* q) noexcept {
  return guarded([&] { return hessenbergImpl(a, n, h, q); });
}

}  // namespace core
