// The object behind the opaque core::SparseFactorization of SparseCore.h: a
// factorization of one scalar type that solves for right-hand sides held
// row-major. Its subclasses (SparseLU.cpp, SparseCholesky.cpp) hold Eigen's
// factorizations; this header does not include Eigen.
#pragma once

#include "CoreStatus.h"

namespace core {

struct SparseFactorization {
  /// Defined in SparseLU.cpp (a baseline translation unit), which thus
  /// holds the one vtable.
  virtual ~SparseFactorization();
  /// Solves A x = b for n×nrhs row-major b and x; `invalidArgument` when the
  /// factorization holds the other scalar type.
  virtual Status solve(const float* b, Index nrhs, float* x) const = 0;
  virtual Status solve(const double* b, Index nrhs, double* x) const = 0;
};

}  // namespace core
