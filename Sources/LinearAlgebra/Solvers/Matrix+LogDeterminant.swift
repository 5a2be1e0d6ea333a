extension Matrix {
  /// The sign and the natural logarithm of the magnitude of the determinant
  /// (numpy's `slogdet`): `det = sign · exp(logMagnitude)`, without the
  /// overflow or underflow of ``determinant()`` (an 8×8 matrix scaled by
  /// 1e150 has a finite log). For a complex matrix the sign is the
  /// determinant's phase, a complex number of length 1.
  ///
  /// A singular matrix gives `(0, -infinity)`; NaN in the matrix gives NaN.
  ///
  /// - Precondition: `isSquare`.
  /// - Complexity: O(n³) (an LU factorization).
  public func logDeterminant() -> (sign: Scalar, logMagnitude: Scalar.RealType) {
    precondition(isSquare, "logDeterminant() needs a square matrix; got \(shapeDescription)")
    return lu().logDeterminant()
  }
}

extension LUDecomposition {
  /// The sign (for a complex matrix, the phase) and the log of the
  /// magnitude of det(A); see ``Matrix/logDeterminant()``.
  ///
  /// - Complexity: O(n).
  public func logDeterminant() -> (sign: Scalar, logMagnitude: Scalar.RealType) {
    let u = upper
    var sign = Scalar(determinantSignOfPermutation())
    var log: Scalar.RealType = 0
    for index in 0..<size {
      let (phase, length) = Self.phaseAndLength(u[index, index])
      if length.isNaN { return (Scalar(.nan), .nan) }
      if length == 0 { return (0, -.infinity) }
      sign *= phase
      log += Scalar.RealType.naturalLogarithm(length)
    }
    return (sign, log)
  }

  /// x / |x| and |x| (the complex length): ±1 for a real x, also an
  /// infinite one, and a complex number of length 1 otherwise (NaN for an
  /// infinite part).
  private static func phaseAndLength(_ x: Scalar) -> (phase: Scalar, length: Scalar.RealType) {
    if let z = x as? Complex<Double> {
      let length = Scalar.RealType(z.length)
      return (x / Scalar(length), length)
    }
    if let z = x as? Complex<Float> {
      let length = Scalar.RealType(z.length)
      return (x / Scalar(length), length)
    }
    // A real x: its magnitude is |x|.
    let length = x.magnitude
    return (x == Scalar(length) ? 1 : -1, length)
  }

  private func determinantSignOfPermutation() -> Scalar.RealType {
    var sign: Scalar.RealType = 1
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
