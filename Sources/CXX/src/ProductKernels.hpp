// The matrix-product kernels, compiled once per instruction-set variant:
// MatrixProducts.cpp includes this for the baseline, MatrixProductsAVX2.cpp
// for AVX2+FMA. Everything here has internal linkage, so the variants never
// collide at link time.
#pragma once

#include "EigenSetup.hpp"

namespace core {
namespace {

template <class T>
Status multiplyKernel(const T* a, const T* b, T* c, Index m, Index k, Index n) {
  if (m < 0 || k < 0 || n < 0) return Status::invalidArgument;
  detail::MatrixMap<T> product(c, m, n);
  if (k == 0) {
    product.setZero();  // (m×0)(0×n) is the m×n zero matrix
    return Status::ok;
  }
  // `c` is fresh storage that never overlaps `a` or `b`, so noalias is safe.
  product.noalias() = detail::ConstMatrixMap<T>(a, m, k) * detail::ConstMatrixMap<T>(b, k, n);
  return Status::ok;
}

template <class T>
Status multiplyVectorKernel(const T* a, const T* x, T* y, Index m, Index n) {
  if (m < 0 || n < 0) return Status::invalidArgument;
  Eigen::Map<detail::Vector<T>> result(y, m);
  if (n == 0) {
    result.setZero();
    return Status::ok;
  }
  result.noalias() = detail::ConstMatrixMap<T>(a, m, n) * Eigen::Map<const detail::Vector<T>>(x, n);
  return Status::ok;
}

}  // namespace
}  // namespace core
