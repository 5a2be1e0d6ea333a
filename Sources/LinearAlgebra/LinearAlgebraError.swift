/// A failure that depends on a matrix's values rather than its shape.
///
/// Shape mismatches and bad indices are programmer errors and trap; these are
/// outcomes a correct program can meet and handle.
public enum LinearAlgebraError: Error, Equatable, Sendable {
  /// The matrix is singular to working precision: a pivot is zero or its
  /// reciprocal condition number is below the scalar's epsilon.
  case singularMatrix
  /// The matrix is not symmetric positive definite (or holds NaN or infinity).
  case notPositiveDefinite
  /// An iterative algorithm did not converge.
  case noConvergence
}
