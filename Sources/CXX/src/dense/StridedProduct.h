// The real product on strided row-major operands, C = α A B + β C, across
// the pool: how the complex kernels reach the packed kernel without copying
// their operands apart (ComplexProductKernel.hpp). Defined in
// MatrixProducts.cpp, which runs the AVX2+FMA variant when the CPU has it.
#pragma once

#include "CoreStatus.h"

namespace core {

/// `c = alpha · a b + beta · c` for the m×k `a`, k×n `b` and m×n `c`,
/// row-major with leading dimensions `lda`, `ldb`, `ldc`; `beta == 0`
/// writes `c` without reading it. `c` must not overlap `a` or `b`.
Status multiplyStrided(const float* a, Index lda, const float* b, Index ldb, float* c, Index ldc, Index m, Index k,
                       Index n, float alpha, float beta) noexcept;
Status multiplyStrided(const double* a, Index lda, const double* b, Index ldb, double* c, Index ldc, Index m,
                       Index k, Index n, double alpha, double beta) noexcept;

}  // namespace core
