extension Matrix {
  /// The LU factorization with partial pivoting, `P A = L U`.
  ///
  /// Always succeeds; a singular matrix gives a factorization whose
  /// `isSingular` is true and whose `solve(_:)` throws.
  ///
  /// - Precondition: `isSquare`.
  /// - Complexity: O(n³).
  public func lu() -> LUDecomposition<Scalar> { LUDecomposition(factoring: self) }

  /// The thin Householder QR factorization `A = Q R`.
  ///
  /// - Complexity: O(m·n·min(m, n)).
  public func qr() -> QRDecomposition<Scalar> { QRDecomposition(factoring: self) }

  /// The singular value decomposition `A = U Σ Vᵀ`, singular values
  /// descending.
  ///
  /// - Parameter full: `false` (the default) for thin U (m×k) and V (n×k),
  ///   k = min(m, n); `true` for square orthogonal U (m×m) and V (n×n).
  /// - Complexity: O(m·n·min(m, n)).
  public func svd(full: Bool = false) -> SingularValueDecomposition<Scalar> {
    SingularValueDecomposition(factoring: self, full: full)
  }

  /// The eigendecomposition of a Hermitian matrix (a symmetric one when
  /// real): real eigenvalues ascending, unitary eigenvectors.
  ///
  /// Only the lower triangle is read; the upper one is assumed to mirror its
  /// conjugate, and the imaginary parts of the diagonal are taken as zero.
  /// NaN or infinity in the lower triangle gives NaN in every output.
  ///
  /// - Precondition: `isSquare`.
  /// - Complexity: O(n³).
  public func hermitianEigen() -> HermitianEigenDecomposition<Scalar> {
    HermitianEigenDecomposition(factoring: self, operation: "hermitianEigen()")
  }
}

extension Matrix where Scalar: RealMatrixScalar {
  /// The Cholesky factorization `A = L Lᵀ`, reading the lower triangle.
  ///
  /// - Throws: `LinearAlgebraError.notPositiveDefinite` if the matrix is
  ///   indefinite, singular, zero, or holds NaN or infinity in its lower
  ///   triangle.
  /// - Precondition: `isSquare`.
  /// - Complexity: O(n³).
  public func cholesky() throws(LinearAlgebraError) -> CholeskyDecomposition<Scalar> {
    try CholeskyDecomposition(factoring: self)
  }

  /// The eigendecomposition of a symmetric matrix, eigenvalues ascending.
  ///
  /// Only the lower triangle is read; the upper one is assumed to mirror it.
  ///
  /// - Precondition: `isSquare`.
  /// - Complexity: O(n³).
  public func symmetricEigen() -> SymmetricEigenDecomposition<Scalar> {
    SymmetricEigenDecomposition(factoring: self, operation: "symmetricEigen()")
  }
}
