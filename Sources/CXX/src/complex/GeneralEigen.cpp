// The general real eigenproblem and its two forms: eigenvalues and vectors
// (balancing, the blocked Hessenberg reduction of HessenbergReduction.hpp
// with Q formed by our block reflectors, our double-shift QR and back
// substitution), real Schur and
// Hessenberg. Non-finite input gives NaN outputs without entering the QR
// iteration, whose failure is a status.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "ComplexCore.h"

#include "Balancing.hpp"
#include "BlockReflector.hpp"
#include "ComplexSetup.hpp"
#include "HessenbergQR.hpp"
#include "HessenbergReduction.hpp"
#include "KernelVariants.hpp"
#include "MatrixCore.h"
#include "QuasiTriangularEigenvectors.hpp"

#include <Eigen/Householder>

#include <vector>

namespace core {
namespace {

using detail::ColumnMajorMatrix;
using detail::guarded;

/// Reflectors per block when Q is formed.
constexpr Index hessenbergReflectorBlockWidth = 32;

/// The Hessenberg form of the column-major `work`, and (when `q` is not
/// null) the orthogonal Q of work = Q H Qᵀ, by the blocked reduction of
/// HessenbergReduction.hpp. Q = H₀ H₁ ⋯ H_{n−3}, where H_j acts on rows
/// j + 1 onwards with its vector below the subdiagonal of the packed
/// reduction (H_{n−2} is the identity for real input); it is formed by
/// blocks of reflectors across the threads (BlockReflector.hpp).
template <class T>
ColumnMajorMatrix<T> reduceToHessenberg(const ColumnMajorMatrix<T>& work, ColumnMajorMatrix<T>* q) {
  const Index n = work.rows();
  ColumnMajorMatrix<T> packed = work;
  detail::Vector<T> coefficients;
  detail::reduceToHessenbergInPlace(packed, coefficients);
  if (q != nullptr) {
    q->setIdentity(n, n);
    if (n > 2) {
      formReflectorProductInBlocks(packed.block(1, 0, n - 1, n - 2), coefficients.head(n - 2),
                                   q->bottomRightCorner(n - 1, n - 1), hessenbergReflectorBlockWidth);
    }
  }
  for (Index column = 0; column + 2 < n; ++column) packed.col(column).tail(n - column - 2).setZero();
  return packed;
}

/// The QR iteration of HessenbergQR.hpp, in its AVX2+FMA variant when the
/// processor has it.
template <class T>
bool runHessenbergQR(T* h, Index n, bool wantT, T* z, T* real, T* imaginary) {
  if (avx2::isUsable()) return avx2::hessenbergQR(h, n, n, wantT, z, n, real, imaginary);
  return detail::hessenbergQR(h, n, n, wantT, z, n, real, imaginary);
}

/// The back substitution of QuasiTriangularEigenvectors.hpp, in its
/// AVX2+FMA variant when the processor has it.
template <class T>
void runQuasiTriangularEigenvectors(const T* t, Index n, const T* real, const T* imaginary, T* x) {
  if (avx2::isUsable()) return avx2::quasiTriangularEigenvectors(t, n, n, real, imaginary, x, n);
  detail::quasiTriangularEigenvectors(t, n, n, real, imaginary, x, n);
}

template <class T>
Status eigenImpl(const T* a, Index n, T* values, T* vectors) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  const auto input = detail::scanMagnitudes(a, n * n);
  if (!input.allFinite) {
    detail::fillNaN(values, 2 * n);
    detail::fillNaN(vectors, 2 * n * n);
    return Status::ok;
  }
  const bool wantVectors = vectors != nullptr;
  ColumnMajorMatrix<T> work = detail::ConstMatrixMap<T>(a, n, n);
  // Â = A / 2^e exactly, outside the safe range only; eigenvalues and
  // Schur forms are 2^e times Â's.
  const T factor = std::ldexp(T(1), -detail::safeRangeExponent(input));
  work *= factor;
  const detail::Vector<T> scale = detail::balance(work);
  ColumnMajorMatrix<T> z;
  ColumnMajorMatrix<T> h = reduceToHessenberg(work, wantVectors ? &z : nullptr);
  std::vector<T> real(n), imaginary(n);
  if (!runHessenbergQR(h.data(), n, wantVectors, wantVectors ? z.data() : nullptr, real.data(), imaginary.data())) {
    return Status::noConvergence;
  }
  for (Index index = 0; index < n; ++index) {
    values[2 * index] = real[index] / factor;
    values[2 * index + 1] = imaginary[index] / factor;
  }
  if (!wantVectors) return Status::ok;
  // Vectors of T, then of the balanced matrix (Z X), then of a.
  ColumnMajorMatrix<T> x(n, n);
  runQuasiTriangularEigenvectors(h.data(), n, real.data(), imaginary.data(), x.data());
  ColumnMajorMatrix<T> v(n, n);
  // Column-major Z and X are row-major Zᵀ and Xᵀ, and Xᵀ Zᵀ = (Z X)ᵀ.
  const Status status = multiply(x.data(), z.data(), v.data(), n, n, n);
  if (status != Status::ok) return status;
  detail::ComplexMatrix<T> result(n, n);
  for (Index column = 0; column < n; ++column) {
    if (imaginary[column] == T(0)) {
      result.col(column) = (scale.array() * v.col(column).array()).template cast<std::complex<T>>();
      continue;
    }
    for (Index row = 0; row < n; ++row) {
      const std::complex<T> entry(scale(row) * v(row, column), scale(row) * v(row, column + 1));
      result(row, column) = entry;
      result(row, column + 1) = std::conj(entry);
    }
    ++column;
  }
  detail::normalizeEigenvectors(result);
  // A conjugate pair of eigenvalues gets exactly conjugate vectors.
  for (Index index = 0; index + 1 < n; ++index) {
    if (imaginary[index] > 0) {
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
  const auto input = detail::scanMagnitudes(a, n * n);
  if (!input.allFinite) {
    detail::fillNaN(t, n * n);
    detail::fillNaN(z, n * n);
    return Status::ok;
  }
  ColumnMajorMatrix<T> work = detail::ConstMatrixMap<T>(a, n, n);
  // Â = A / 2^e exactly, outside the safe range only; eigenvalues and
  // Schur forms are 2^e times Â's.
  const T factor = std::ldexp(T(1), -detail::safeRangeExponent(input));
  work *= factor;
  ColumnMajorMatrix<T> orthogonal;
  ColumnMajorMatrix<T> h = reduceToHessenberg(work, &orthogonal);
  std::vector<T> real(n), imaginary(n);
  if (!runHessenbergQR(h.data(), n, true, orthogonal.data(), real.data(), imaginary.data())) {
    return Status::noConvergence;
  }
  detail::MatrixMap<T>(t, n, n) = h / factor;
  detail::MatrixMap<T>(z, n, n) = orthogonal;
  return Status::ok;
}

template <class T>
Status hessenbergImpl(const T* a, Index n, T* h, T* q) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  const auto input = detail::scanMagnitudes(a, n * n);
  if (!input.allFinite) {
    detail::fillNaN(h, n * n);
    detail::fillNaN(q, n * n);
    return Status::ok;
  }
  ColumnMajorMatrix<T> work = detail::ConstMatrixMap<T>(a, n, n);
  // Â = A / 2^e exactly, outside the safe range only; eigenvalues and
  // Schur forms are 2^e times Â's.
  const T factor = std::ldexp(T(1), -detail::safeRangeExponent(input));
  work *= factor;
  ColumnMajorMatrix<T> orthogonal;
  detail::MatrixMap<T>(h, n, n) = reduceToHessenberg(work, &orthogonal) / factor;
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

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
