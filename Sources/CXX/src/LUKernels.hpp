// The LU-family kernels: factorization with partial pivoting, solves,
// inverse and determinant. Eigen does not report singularity (its inverse
// of a singular matrix is full of infinities), so the core decides it: a
// zero pivot, or a reciprocal condition estimate below machine epsilon.
//
// Compiled once per instruction-set variant (MatrixLU.cpp for the baseline,
// MatrixLUAVX2.cpp for AVX2+FMA); everything here has internal linkage.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "EigenSetup.hpp"
#include <Eigen/LU>

namespace core {
namespace {

using namespace detail;

/// Factors the n×n `a` (n > 0), divided by 2^e (exact; see scaleExponent),
/// into an Eigen PartialPivLU: A = 2^e Â, so U = 2^e Û, x = Â⁻¹(b / 2^e),
/// A⁻¹ = Â⁻¹ / 2^e and det A = 2^(e·n) det Â. The rcond is unchanged.
template <class T>
Eigen::PartialPivLU<ColumnMajorMatrix<T>> factor(const T* a, Index n, int e) {
  return Eigen::PartialPivLU<ColumnMajorMatrix<T>>(ConstMatrixMap<T>(a, n, n) * std::ldexp(T(1), -e));
}

/// Whether `lu` is singular to working precision. NaN input is not called
/// singular: it flows into the results, which then carry the NaN.
template <class T>
bool isSingular(const Eigen::PartialPivLU<ColumnMajorMatrix<T>>& lu) {
  const auto pivots = lu.matrixLU().diagonal();
  if ((pivots.array() == T(0)).any()) return true;
  if (!pivots.allFinite()) return false;
  const T reciprocalCondition = lu.rcond();
  return reciprocalCondition < std::numeric_limits<T>::epsilon();
}

/// Non-finite input gives an all-NaN solution or inverse: never finite
/// numbers that only look like an answer.
template <class T>
bool fillWithNaNIfNonFinite(const T* a, Index aCount, const T* b, Index bCount, T* out, Index outCount) {
  if (allFinite(a, aCount) && allFinite(b, bCount)) return false;
  Eigen::Map<Vector<T>>(out, outCount).setConstant(std::numeric_limits<T>::quiet_NaN());
  return true;
}

template <class T>
Status luFactorImpl(const T* a, Index n, T* packed, Index* rowOrder, bool* singular) {
  if (n < 0) return Status::invalidArgument;
  *singular = false;
  if (n == 0) return Status::ok;
  const int e = scaleExponent(a, n * n);
  const auto lu = factor(a, n, e);
  MatrixMap<T> packedMap(packed, n, n);
  packedMap = lu.matrixLU();
  packedMap.template triangularView<Eigen::Upper>() *= std::ldexp(T(1), e);
  // P a = L U, and Eigen's permutationP() maps row i of a to row indices()[i]
  // of P a; invert it so that row i of P a is row rowOrder[i] of a.
  const auto& destination = lu.permutationP().indices();
  for (Index i = 0; i < n; ++i) rowOrder[destination[i]] = i;
  *singular = isSingular(lu);
  return Status::ok;
}

template <class T>
Status luSolveImpl(const T* packed, const Index* rowOrder, Index n, const T* b, Index nrhs, T* x) {
  if (n < 0 || nrhs < 0) return Status::invalidArgument;
  if (n == 0 || nrhs == 0) return Status::ok;
  if (fillWithNaNIfNonFinite(packed, n * n, b, n * nrhs, x, n * nrhs)) return Status::ok;
  MatrixMap<T> solution(x, n, nrhs);
  const ConstMatrixMap<T> rhs(b, n, nrhs);
  for (Index i = 0; i < n; ++i) {
    const Index source = rowOrder[i];
    if (source < 0 || source >= n) return Status::invalidArgument;
    solution.row(i) = rhs.row(source);
  }
  const ConstMatrixMap<T> lu(packed, n, n);
  lu.template triangularView<Eigen::UnitLower>().solveInPlace(solution);
  lu.template triangularView<Eigen::Upper>().solveInPlace(solution);
  return Status::ok;
}

template <class T>
Status solveImpl(const T* a, Index n, const T* b, Index nrhs, T* x) {
  if (n < 0 || nrhs < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  const int e = scaleExponent(a, n * n);
  const auto lu = factor(a, n, e);
  if (isSingular(lu)) return Status::singular;
  if (nrhs == 0) return Status::ok;
  if (fillWithNaNIfNonFinite(a, n * n, b, n * nrhs, x, n * nrhs)) return Status::ok;
  // A x = b  ⇔  Â x = b / 2^e: scaling b (not x) keeps subnormal
  // right-hand sides exact when A is tiny.
  MatrixMap<T>(x, n, nrhs) = lu.solve(ConstMatrixMap<T>(b, n, nrhs) * std::ldexp(T(1), -e));
  return Status::ok;
}

template <class T>
Status inverseImpl(const T* a, Index n, T* out) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) return Status::ok;
  const int e = scaleExponent(a, n * n);
  const auto lu = factor(a, n, e);
  if (isSingular(lu)) return Status::singular;
  if (fillWithNaNIfNonFinite(a, n * n, a, 0, out, n * n)) return Status::ok;
  MatrixMap<T>(out, n, n) = lu.inverse() * std::ldexp(T(1), -e);
  return Status::ok;
}

template <class T>
Status determinantImpl(const T* a, Index n, T* out) {
  if (n < 0) return Status::invalidArgument;
  if (n == 0) {
    *out = T(1);
    return Status::ok;
  }
  // det A = sign(P) · Π uᵢᵢ, from the unscaled factors: scaling by the
  // largest entry would flush the tiny entries of a matrix with a wide
  // range, and the determinant depends on every entry multiplicatively.
  // The product is kept as a mantissa and a separate exponent, so that it
  // neither underflows nor overflows before the final, single rounding.
  const auto lu = factor(a, n, 0);
  T mantissa = static_cast<T>(lu.permutationP().determinant());
  long long exponent = 0;
  for (Index i = 0; i < n; ++i) {
    int pivotExponent = 0;
    mantissa *= std::frexp(lu.matrixLU()(i, i), &pivotExponent);
    exponent += pivotExponent;
    int renormalized = 0;
    mantissa = std::frexp(mantissa, &renormalized);
    exponent += renormalized;
  }
  // Saturate far outside the representable range instead of wrapping.
  const int clamped = static_cast<int>(std::max<long long>(-100000, std::min<long long>(100000, exponent)));
  *out = std::ldexp(mantissa, clamped);
  return Status::ok;
}

}  // namespace
}  // namespace core
