extension Matrix {
  /// The matrix raised to an integer power, by repeated squaring
  /// (`numpy.linalg.matrix_power`): `power(0)` is the identity, a negative
  /// exponent raises the inverse.
  ///
  /// - Throws: `LinearAlgebraError.singularMatrix` for a negative exponent
  ///   and a singular matrix.
  /// - Precondition: `isSquare`.
  /// - Complexity: O(n³ log |exponent|).
  public func power(_ exponent: Int) throws(LinearAlgebraError) -> Matrix {
    precondition(isSquare, "power(_:) needs a square matrix; got \(shapeDescription)")
    var base = exponent < 0 ? try inverse() : self
    var remaining = exponent.magnitude
    var result: Matrix? = nil
    while remaining > 0 {
      if remaining & 1 == 1 { result = result.map { $0 * base } ?? base }
      remaining >>= 1
      if remaining > 0 { base = base * base }
    }
    return result ?? .identity(rowCount)
  }
}
