#pragma once

#include <cstddef>

namespace core {

/// Index and size type of the core; Swift sees it as `Int`.
using Index = std::ptrdiff_t;

/// Outcome of a core call. Swift turns the data-dependent ones into thrown
/// errors and the rest into precondition failures with a message.
enum class Status : int {
  /// The call succeeded and its outputs are written.
  ok = 0,
  /// The matrix is singular to working precision.
  singular = 1,
  /// The matrix is not symmetric positive definite (or holds NaN/infinity).
  notPositiveDefinite = 2,
  /// An iterative algorithm did not converge.
  noConvergence = 3,
  /// Memory for a temporary could not be allocated.
  outOfMemory = 4,
  /// An argument broke a precondition the Swift layer should have checked.
  invalidArgument = 5,
  /// Anything else thrown inside the core.
  internalError = 6,
  /// A prime job was cancelled by its caller before it finished.
  cancelled = 7,
};

}  // namespace core
