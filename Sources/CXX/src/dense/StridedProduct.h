// The real product on strided row-major operands, C = α A B + β C, across
// the pool: how the complex kernels reach the packed kernel without copying
// their operands apart (ComplexProductKernel.hpp). Defined in
// MatrixProducts.cpp, which runs the AVX2+FMA variant when the CPU has it.
#pragma once

#include "CoreStatus.h"

namespace core {

/// What `b` holds for multiplyStrided.
enum class RightFactorForm {
  /// The k×n right factor itself.
  stored,
  /// A (k/2)×(n/2) complex matrix Z as interleaved reals (leading dimension
  /// `ldb` in reals); the right factor is Z′, whose rows 2p and 2p + 1 are
  /// (Re zₚ₀, Im zₚ₀, …) and (−Im zₚ₀, Re zₚ₀, …) (ComplexProductKernel.hpp),
  /// packed straight from Z (with AVX-512, Z itself is packed, for a complex
  /// micro-kernel). k and n even; only the packed kernel reads it
  /// (packsComplexPairs()).
  complexPairs,
};

/// `c = alpha · a b + beta · c` for the m×k `a`, k×n `b` (as `form` says)
/// and m×n `c`, row-major with leading dimensions `lda`, `ldb`, `ldc`;
/// `beta == 0` writes `c` without reading it. `c` must not overlap `a` or
/// `b`.
Status multiplyStrided(const float* a, Index lda, const float* b, Index ldb, float* c, Index ldc, Index m, Index k,
                       Index n, float alpha, float beta, RightFactorForm form = RightFactorForm::stored) noexcept;
Status multiplyStrided(const double* a, Index lda, const double* b, Index ldb, double* c, Index ldc, Index m,
                       Index k, Index n, double alpha, double beta,
                       RightFactorForm form = RightFactorForm::stored) noexcept;

/// Whether multiplyStrided should get `RightFactorForm::complexPairs` for
/// an m×k times k×n real product (k, n counted in reals): the packed kernel
/// runs on this CPU (its AVX2+FMA or AVX-512 variant) and would take the
/// product with its right factor as stored too (every dimension large
/// enough).
bool packsComplexPairs(Index m, Index k, Index n) noexcept;

}  // namespace core
