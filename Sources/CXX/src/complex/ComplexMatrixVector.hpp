// Column-major complex matrix-vector products for the panels of the
// complex SVD's and Hessenberg reductions: y = Aᴴ v and y = A u on
// interleaved storage. The AVX2 variant (HessenbergQRAVX2.cpp) works on
// ComplexPack vectors; the baseline units call it through dispatchedTimes
// (HessenbergReduction.hpp) and use Eigen's products on CPUs without AVX2,
// whose complex code there is SSE2 (45% of a 256×256 SVD before this).
#pragma once

#include "ComplexPack.hpp"
#include "CoreStatus.h"

#include <complex>

namespace core::detail {
namespace {

/// y[j] = Σᵢ conj(a(i, j)) v[i] for the column-major rows × columns `a`
/// (columns `lda` apart).
template <class T>
void adjointTimes(const std::complex<T>* a, Index lda, Index rows, Index columns, const std::complex<T>* v,
                  std::complex<T>* y) {
  for (Index j = 0; j < columns; ++j) {
    const std::complex<T>* column = a + j * lda;
    std::complex<T> sum(0, 0);
    Index i = 0;
#if defined(__AVX2__) && defined(__FMA__)
    using Pack = ComplexPack<T>;
    constexpr Index count = Pack::count;
    const T* const entries = reinterpret_cast<const T*>(column);
    const T* const vector = reinterpret_cast<const T*>(v);
    // direct: (re a · re v, im a · im v); crossed: (re a · im v, im a · re v).
    auto direct0 = Pack::broadcast(T(0)), direct1 = direct0, crossed0 = direct0, crossed1 = direct0;
    for (; i + 2 * count <= rows; i += 2 * count) {
      const auto a0 = Pack::load(entries + 2 * i), a1 = Pack::load(entries + 2 * (i + count));
      const auto v0 = Pack::load(vector + 2 * i), v1 = Pack::load(vector + 2 * (i + count));
      direct0 = Pack::multiplyAdd(a0, v0, direct0);
      direct1 = Pack::multiplyAdd(a1, v1, direct1);
      crossed0 = Pack::multiplyAdd(a0, Pack::swapParts(v0), crossed0);
      crossed1 = Pack::multiplyAdd(a1, Pack::swapParts(v1), crossed1);
    }
    for (; i + count <= rows; i += count) {
      const auto a0 = Pack::load(entries + 2 * i), v0 = Pack::load(vector + 2 * i);
      direct0 = Pack::multiplyAdd(a0, v0, direct0);
      crossed0 = Pack::multiplyAdd(a0, Pack::swapParts(v0), crossed0);
    }
    alignas(32) T direct[2 * count], crossed[2 * count];
    Pack::store(direct, Pack::add(direct0, direct1));
    Pack::store(crossed, Pack::add(crossed0, crossed1));
    T real = 0, imaginary = 0;
    for (Index lane = 0; lane < count; ++lane) {
      real += direct[2 * lane] + direct[2 * lane + 1];
      imaginary += crossed[2 * lane] - crossed[2 * lane + 1];
    }
    sum = std::complex<T>(real, imaginary);
#endif
    for (; i < rows; ++i) sum += std::conj(column[i]) * v[i];
    y[j] = sum;
  }
}

/// y = a u for the column-major rows × columns `a` (columns `lda` apart).
template <class T>
void times(const std::complex<T>* a, Index lda, Index rows, Index columns, const std::complex<T>* u,
           std::complex<T>* y) {
  for (Index i = 0; i < rows; ++i) y[i] = std::complex<T>(0, 0);
  // Two columns per pass over y.
  Index j = 0;
  for (; j + 2 <= columns; j += 2) {
    const std::complex<T>*first = a + j * lda, *second = first + lda;
    const std::complex<T> u0 = u[j], u1 = u[j + 1];
    Index i = 0;
#if defined(__AVX2__) && defined(__FMA__)
    using Pack = ComplexPack<T>;
    const auto re0 = Pack::broadcast(u0.real()), im0 = Pack::broadcast(u0.imag());
    const auto re1 = Pack::broadcast(u1.real()), im1 = Pack::broadcast(u1.imag());
    T* const out = reinterpret_cast<T*>(y);
    const T* const left = reinterpret_cast<const T*>(first);
    const T* const right = reinterpret_cast<const T*>(second);
    for (; i + Pack::count <= rows; i += Pack::count) {
      const auto sum = Pack::add(Pack::times(Pack::load(left + 2 * i), re0, im0),
                                 Pack::times(Pack::load(right + 2 * i), re1, im1));
      Pack::store(out + 2 * i, Pack::add(Pack::load(out + 2 * i), sum));
    }
#endif
    for (; i < rows; ++i) y[i] += first[i] * u0 + second[i] * u1;
  }
  for (; j < columns; ++j) {
    const std::complex<T>* column = a + j * lda;
    for (Index i = 0; i < rows; ++i) y[i] += column[i] * u[j];
  }
}

}  // namespace
}  // namespace core::detail
