// Complex products and transposes. A large complex product runs as one real
// product of the packed kernel: with A = Ar + i Ai and B = Br + i Bi,
//
//     [Ar Ai] · [ Br  Bi ]  =  [Ar Br - Ai Bi   Ar Bi + Ai Br]  =  [Re C  Im C],
//               [-Bi  Br ]
//
// an m×2k by 2k×2n real product of exactly the complex product's 8mkn flops
// (Van Zee and Smith's "4M" method, in its one-product form), so the complex
// product inherits the real kernel's speed and threads. Small products stay
// in a direct loop.
#include "ComplexCore.h"
#include "MatrixCore.h"

#include "ComplexSetup.hpp"

#include <vector>

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
  std::vector<T> stackedLeft(static_cast<size_t>(m) * 2 * k);
  std::vector<T> blockRight(static_cast<size_t>(2 * k) * 2 * n);
  std::vector<T> product(static_cast<size_t>(m) * 2 * n);
  for (Index row = 0; row < m; ++row) {
    T* target = stackedLeft.data() + row * 2 * k;
    for (Index inner = 0; inner < k; ++inner) {
      target[inner] = left[row * k + inner].real();
      target[k + inner] = left[row * k + inner].imag();
    }
  }
  for (Index inner = 0; inner < k; ++inner) {
    T* top = blockRight.data() + inner * 2 * n;
    T* bottom = blockRight.data() + (k + inner) * 2 * n;
    for (Index column = 0; column < n; ++column) {
      const T br = right[inner * n + column].real();
      const T bi = right[inner * n + column].imag();
      top[column] = br;
      top[n + column] = bi;
      bottom[column] = -bi;
      bottom[n + column] = br;
    }
  }
  const Status status = multiply(stackedLeft.data(), blockRight.data(), product.data(), m, 2 * k, 2 * n);
  if (status != Status::ok) return status;
  for (Index row = 0; row < m; ++row) {
    const T* source = product.data() + row * 2 * n;
    C* target = out + row * n;
    for (Index column = 0; column < n; ++column) target[column] = C(source[column], source[n + column]);
  }
  return Status::ok;
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
