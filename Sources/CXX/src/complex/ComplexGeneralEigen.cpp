// The general complex eigenproblem (balancing, the blocked Hessenberg
// reduction of HessenbergReduction.hpp with Q formed by our block
// reflectors, our single-shift QR and back substitution),
// complex Schur and complex Hessenberg form.
// Non-finite input gives NaN outputs without entering the QR iteration,
// whose failure is a status.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "ComplexCore.h"

#include "Balancing.hpp"
#include "BlockReflector.hpp"
#include "ComplexBlockReflector.hpp"
#include "ComplexHessenbergQR.hpp"
#include "ComplexSetup.hpp"
#include "HessenbergReduction.hpp"
#include "KernelVariants.hpp"
#include "TriangularEigenvectors.hpp"

#include <Eigen/Householder>

#include <type_traits>
#include <vector>

namespace core {
namespace {

using detail::guarded;

/// Reflectors per block when Q of the Hessenberg reduction is formed.
constexpr Index hessenbergReflectorBlockWidth = 32;

/// The Hessenberg form of `work`, and (when `q` is not null) the unitary Q
/// of work = Q H Qᴴ, by the blocked reduction of HessenbergReduction.hpp.
/// Q = H₀ H₁ ⋯ H_{n−2}, H_j = I − τ_j v_j v_jᴴ with v_j below the
/// subdiagonal of the packed reduction; the last reflector turns the last
/// subdiagonal entry real. Q is formed by blocks of reflectors, each
/// applied as 4M products (ApplyComplexBlockReflector).
template <class T>
detail::ComplexMatrix<T> reduceToHessenberg(const detail::ComplexMatrix<T>& work, detail::ComplexMatrix<T>* q) {
  const Index n = work.rows();
  detail::ComplexMatrix<T> packed = work;
  detail::Vector<std::complex<T>> coefficients;
  detail::reduceToHessenbergInPlace(packed, coefficients);
  if (q != nullptr) {
    q->setIdentity(n, n);
    if (n > 1) {
      formReflectorProductInBlocks(packed.block(1, 0, n - 1, n - 1), coefficients, q->bottomRightCorner(n - 1, n - 1),
                                   hessenbergReflectorBlockWidth, ApplyComplexBlockReflector{});
    }
  }
  for (Index column = 0; column + 2 < n; ++column) packed.col(column).tail(n - column - 2).setZero();
  return packed;
}

/// The QR iteration of ComplexHessenbergQR.hpp, in its AVX2+FMA variant
/// when the processor has it.
template <class T>
bool runHessenbergQR(std::complex<T>* h, Index n, bool wantT, std::complex<T>* z, std::complex<T>* values) {
  if (avx2::isUsable()) {
    return avx2::complexHessenbergQR(reinterpret_cast<T*>(h), n, n, wantT, reinterpret_cast<T*>(z), n,
                                     reinterpret_cast<T*>(values));
  }
  return detail::complexHessenbergQR(h, n, n, wantT, z, n, values);
}

/// The back substitution of TriangularEigenvectors.hpp, in its AVX2+FMA
/// variant when the processor has it.
template <class T>
void runTriangularEigenvectors(const std::complex<T>* t, Index n, std::complex<T>* x) {
  if (avx2::isUsable()) {
    return avx2::triangularEigenvectors(reinterpret_cast<const T*>(t), n, n, reinterpret_cast<T*>(x), n);
  }
  detail::triangularEigenvectors(t, n, n, x, n);
}

template <class T>
Status eigenImpl(const T* a, Index n, T* values, T* vectors) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  const auto input = detail::scanMagnitudes(a, 2 * n * n);
  if (!input.allFinite) {
    detail::fillNaN(values, 2 * n);
    detail::fillNaN(vectors, 2 * n * n);
    return Status::ok;
  }
  const bool wantVectors = vectors != nullptr;
  detail::ComplexMatrix<T> work = detail::complexView(a, n, n);
  // Â = A / 2^e exactly, outside the safe range only; eigenvalues and
  // Schur forms are 2^e times Â's.
  const T factor = std::ldexp(T(1), -detail::safeRangeExponent(input));
  work *= factor;
  const detail::Vector<T> scale = detail::balance(work);
  detail::ComplexMatrix<T> z;
  detail::ComplexMatrix<T> h = reduceToHessenberg(work, wantVectors ? &z : nullptr);
  auto* eigenvalues = reinterpret_cast<std::complex<T>*>(values);
  if (!runHessenbergQR(h.data(), n, wantVectors, wantVectors ? z.data() : nullptr, eigenvalues)) {
    return Status::noConvergence;
  }
  for (Index index = 0; index < n; ++index) eigenvalues[index] /= factor;
  if (!wantVectors) return Status::ok;
  // Vectors of T, then of the balanced matrix (Z X), then of a.
  detail::ComplexMatrix<T> x(n, n);
  runTriangularEigenvectors(h.data(), n, x.data());
  detail::ComplexMatrix<T> result(n, n);
  // Column-major Z and X are row-major Zᵀ and Xᵀ, and Xᵀ Zᵀ = (Z X)ᵀ.
  const Status status = complexMultiply(reinterpret_cast<const T*>(x.data()), reinterpret_cast<const T*>(z.data()),
                                        reinterpret_cast<T*>(result.data()), n, n, n);
  if (status != Status::ok) return status;
  result = scale.template cast<std::complex<T>>().asDiagonal() * result;
  detail::normalizeEigenvectors(result);
  detail::complexView(vectors, n, n) = result;
  return Status::ok;
}

template <class T>
Status schurImpl(const T* a, Index n, T* t, T* z) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  const auto input = detail::scanMagnitudes(a, 2 * n * n);
  if (!input.allFinite) {
    detail::fillNaN(t, 2 * n * n);
    detail::fillNaN(z, 2 * n * n);
    return Status::ok;
  }
  detail::ComplexMatrix<T> work = detail::complexView(a, n, n);
  // Â = A / 2^e exactly, outside the safe range only; eigenvalues and
  // Schur forms are 2^e times Â's.
  const T factor = std::ldexp(T(1), -detail::safeRangeExponent(input));
  work *= factor;
  detail::ComplexMatrix<T> unitary;
  detail::ComplexMatrix<T> h = reduceToHessenberg(work, &unitary);
  std::vector<std::complex<T>> values(n);
  if (!runHessenbergQR(h.data(), n, true, unitary.data(), values.data())) {
    return Status::noConvergence;
  }
  // Divided by the real factor: Eigen's vectorized division by a complex
  // scalar computes a b̄ / |b|², and |2^e|² over- or underflows for
  // |e| > 511. (Into this view Eigen happened to divide element by element,
  // with the careful scalar division; the hermitianEigen path did not.)
  detail::complexView(t, n, n) = h.template triangularView<Eigen::Upper>().toDenseMatrix() / factor;
  detail::complexView(z, n, n) = unitary;
  return Status::ok;
}

template <class T>
Status hessenbergImpl(const T* a, Index n, T* h, T* q) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  const auto input = detail::scanMagnitudes(a, 2 * n * n);
  if (!input.allFinite) {
    detail::fillNaN(h, 2 * n * n);
    detail::fillNaN(q, 2 * n * n);
    return Status::ok;
  }
  detail::ComplexMatrix<T> work = detail::complexView(a, n, n);
  // Â = A / 2^e exactly, outside the safe range only; eigenvalues and
  // Schur forms are 2^e times Â's.
  const T factor = std::ldexp(T(1), -detail::safeRangeExponent(input));
  work *= factor;
  detail::ComplexMatrix<T> unitary;
  detail::complexView(h, n, n) = reduceToHessenberg(work, &unitary) / factor;  // real factor, as in schurImpl
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

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
