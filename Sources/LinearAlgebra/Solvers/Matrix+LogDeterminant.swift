extension Matrix where Scalar: RealMatrixScalar {
  /// The sign and the natural logarithm of the magnitude of the determinant
  /// (numpy's `slogdet`): `det = sign · exp(logMagnitude)`, without the
  /// overflow or underflow of ``determinant()`` (an 8×8 matrix scaled by
  /// 1e150 has a finite log).
  ///
  /// A singular matrix gives `(0, -infinity)`; NaN in the matrix gives NaN.
  ///
  /// - Precondition: `isSquare`.
  /// - Complexity: O(n³) (an LU factorization).
  public func logDeterminant() -> (sign: Scalar, logMagnitude: Scalar) {
    precondition(isSquare, "logDeterminant() needs a square matrix; got \(shapeDescription)")
    return lu().logDeterminant()
  }
}

extension LUDecomposition where Scalar: RealMatrixScalar {
  /// The sign and the log of the magnitude of det(A); see
  /// ``Matrix/logDeterminant()``.
  ///
  /// - Complexity: O(n).
  public func logDeterminant() -> (sign: Scalar, logMagnitude: Scalar) {
    let u = upper
    var sign: Scalar = determinantSignOfPermutation()
    var log: Scalar = 0
    for index in 0..<size {
      let pivot = u[index, index]
      if pivot.isNaN { return (.nan, .nan) }
      if pivot == 0 { return (0, -.infinity) }
      if pivot < 0 { sign = -sign }
      log += Scalar.naturalLogarithm(abs(pivot))
    }
    return (sign, log)
  }

  private func determinantSignOfPermutation() -> Scalar {
    var sign: Scalar = 1
    var visited = [Bool](repeating: false, count: size)
    for start in 0..<size where !visited[start] {
      var length = 0
      var index = start
      while !visited[index] {
        visited[index] = true
        index = rowOrder[index]
        length += 1
      }
      if length % 2 == 0 { sign = -sign }
    }
    return sign
  }
}

extension CholeskyDecomposition {
  /// The sign (always 1) and the log of det(A) = Π lᵢᵢ²; see
  /// ``Matrix/logDeterminant()``.
  ///
  /// - Complexity: O(n).
  public func logDeterminant() -> (sign: Scalar, logMagnitude: Scalar) {
    let l = lower
    var log: Scalar = 0
    for index in 0..<l.rowCount { log += 2 * Scalar.naturalLogarithm(l[index, index]) }
    return (1, log)
  }
}
