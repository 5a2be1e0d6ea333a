// The real bidiagonal SVD (BidiagonalSVD.hpp, compiled in the SVD
// translation units) as a function, for the complex SVD: a complex matrix
// reduces to a real bidiagonal one (complex/ComplexSVD.cpp), so the complex
// SVD needs no divide and conquer of its own, as LAPACK's zgesdd calls
// dbdsdc.
#pragma once

#include "MatrixCore.h"

namespace core {

/// B = P Σ Qᵀ for the n×n (n ≥ 1) upper bidiagonal B with diagonal `d` and
/// superdiagonal `e` (n − 1 entries): the singular values, descending, into
/// `values`, and when `p` and `q` are not null P and Q into them, n×n
/// column-major. Runs the AVX2+FMA variant when the CPU has it.
Status bidiagonalSVD(const float* d, const float* e, Index n, float* p, float* values, float* q) noexcept;
/// B = P Σ Qᵀ for the n×n upper bidiagonal B (see the float overload).
Status bidiagonalSVD(const double* d, const double* e, Index n, double* p, double* values, double* q) noexcept;

namespace avx2 {
// MatrixSVDAVX2.cpp's variant; call only when avx2::isUsable().
Status bidiagonalSVD(const float* d, const float* e, Index n, float* p, float* values, float* q);
Status bidiagonalSVD(const double* d, const double* e, Index n, double* p, double* values, double* q);
}  // namespace avx2

}  // namespace core
