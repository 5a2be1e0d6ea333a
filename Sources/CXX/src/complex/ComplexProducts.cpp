// Complex products and transposes: large products on the real packed kernel
// (ComplexProductKernel.hpp), small ones and matrix-vector products in a
// direct loop.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "ComplexCore.h"
#include "MatrixCore.h"

#include "ComplexProductKernel.hpp"
#include "ComplexSetup.hpp"

namespace core {
namespace {

using detail::guarded;

/// Products below this many complex multiply-adds take the direct loop.
constexpr Index directProductLimit = 32 * 32 * 32;

template <class T>
Status complexMultiplyImpl(const T* a, const T* b, T* c, Index m, Index k, Index n) {
  if (m < 0 || k < 0 || n < 0) return Status::invalidArgument;
  if (m == 0 || n == 0) return Status::ok;
  using C = std::complex<T>;
  const C* left = reinterpret_cast<const C*>(a);
  const C* right = reinterpret_cast<const C*>(b);
  C* out = reinterpret_cast<C*>(c);
  if (m * k * n <= directProductLimit || n == 1) {
    for (Index row = 0; row < m; ++row) {
      C* outRow = out + row * n;
      for (Index column = 0; column < n; ++column) outRow[column] = C(0, 0);
      for (Index inner = 0; inner < k; ++inner) {
        const T ar = left[row * k + inner].real();
        const T ai = left[row * k + inner].imag();
        const C* rightRow = right + inner * n;
        for (Index column = 0; column < n; ++column) {
          const T br = rightRow[column].real();
          const T bi = rightRow[column].imag();
          outRow[column] += C(ar * br - ai * bi, ar * bi + ai * br);
        }
      }
    }
    return Status::ok;
  }
  return detail::complexProduct4M(left, k, right, n, out, n, m, k, n, false);
}

template <class T>
Status complexTransposeImpl(const T* a, T* out, Index m, Index n, bool conjugate) {
  if (m < 0 || n < 0) return Status::invalidArgument;
  if (m == 0 || n == 0) return Status::ok;
  auto source = detail::complexView(a, m, n);
  auto target = detail::complexView(out, n, m);
  if (conjugate) {
    target = source.adjoint();
  } else {
    target = source.transpose();
  }
  return Status::ok;
}

}  // namespace

Status complexMultiply(const float* a, const float* b, float* c, Index m, Index k, Index n) noexcept {
  return guarded([&] { return complexMultiplyImpl(a, b, c, m, k, n); });
}
Status complexMultiply(const double* a, const double* b, double* c, Index m, Index k, Index n) noexcept {
  return guarded([&] { return complexMultiplyImpl(a, b, c, m, k, n); });
}

Status complexTranspose(const float* a, float* out, Index m, Index n, bool conjugate) noexcept {
  return guarded([&] { return complexTransposeImpl(a, out, m, n, conjugate); });
}
Status complexTranspose(const double* a, double* out, Index m, Index n, bool conjugate) noexcept {
  return guarded([&] { return complexTransposeImpl(a, out, m, n, conjugate); });
}

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
