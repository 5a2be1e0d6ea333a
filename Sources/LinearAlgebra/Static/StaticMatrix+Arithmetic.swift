@available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
extension StaticMatrix {
  /// The matrix product; the inner dimensions must agree at compile time.
  ///
  /// - Complexity: O(Rows · Inner · Columns), fully unrolled for small shapes.
  @inlinable @inline(__always)
  public static func * <let Inner: Int>(
    lhs: StaticMatrix<Rows, Inner, Scalar>, rhs: StaticMatrix<Inner, Columns, Scalar>
  ) -> StaticMatrix {
    var result = StaticMatrix()
    // Element access straight on the inline storage (no pointer closures,
    // which forced both operands onto the stack and kept the product out of
    // line): after specialization the loops unroll completely and the
    // elements stay in registers.
    if Columns == 4 {
      // One SIMD vector per row (the 4×4 products of graphics and
      // geometry): each row of the result is Σₖ aᵢₖ · row k of rhs.
      for i in 0..<Rows {
        func term(_ k: Int) -> SIMD4<Scalar> {
          let rhsRow = rhs.storage[k]
          return SIMD4(repeating: lhs.storage[i][k]) * SIMD4(rhsRow[0], rhsRow[1], rhsRow[2], rhsRow[3])
        }
        guard Inner > 0 else { break }
        var row = term(0)
        for k in 1..<Inner { row += term(k) }
        for j in 0..<4 { result.storage[i][j] = row[j] }
      }
      return result
    }
    // Row i of the result as a combination of the rows of rhs.
    for i in 0..<Rows {
      for k in 0..<Inner {
        let factor = lhs.storage[i][k]
        for j in 0..<Columns { result.storage[i][j] += factor * rhs.storage[k][j] }
      }
    }
    return result
  }

  /// Element-wise sum.
  @inlinable
  public static func + (lhs: StaticMatrix, rhs: StaticMatrix) -> StaticMatrix {
    var result = lhs
    for i in 0..<Rows {
      for j in 0..<Columns { result.storage[i][j] += rhs.storage[i][j] }
    }
    return result
  }

  /// Element-wise difference.
  @inlinable
  public static func - (lhs: StaticMatrix, rhs: StaticMatrix) -> StaticMatrix {
    var result = lhs
    for i in 0..<Rows {
      for j in 0..<Columns { result.storage[i][j] -= rhs.storage[i][j] }
    }
    return result
  }

  /// Every element negated.
  @inlinable
  public static prefix func - (operand: StaticMatrix) -> StaticMatrix {
    var result = operand
    for i in 0..<Rows {
      for j in 0..<Columns { result.storage[i][j] = -result.storage[i][j] }
    }
    return result
  }

  /// Every element times a scalar.
  @inlinable
  public static func * (lhs: Scalar, rhs: StaticMatrix) -> StaticMatrix {
    var result = rhs
    for i in 0..<Rows {
      for j in 0..<Columns { result.storage[i][j] *= lhs }
    }
    return result
  }

  /// Every element times a scalar.
  @inlinable
  public static func * (lhs: StaticMatrix, rhs: Scalar) -> StaticMatrix { rhs * lhs }

  /// Every element divided by a scalar.
  @inlinable
  public static func / (lhs: StaticMatrix, rhs: Scalar) -> StaticMatrix {
    var result = lhs
    for i in 0..<Rows {
      for j in 0..<Columns { result.storage[i][j] /= rhs }
    }
    return result
  }

  /// `lhs = lhs + rhs`.
  @inlinable
  public static func += (lhs: inout StaticMatrix, rhs: StaticMatrix) { lhs = lhs + rhs }

  /// `lhs = lhs - rhs`.
  @inlinable
  public static func -= (lhs: inout StaticMatrix, rhs: StaticMatrix) { lhs = lhs - rhs }

  /// `lhs = lhs * rhs` for a scalar.
  @inlinable
  public static func *= (lhs: inout StaticMatrix, rhs: Scalar) { lhs = lhs * rhs }

  /// The transpose, a `Columns × Rows` matrix.
  @inlinable
  public func transposed() -> StaticMatrix<Columns, Rows, Scalar> {
    var result = StaticMatrix<Columns, Rows, Scalar>()
    for i in 0..<Rows {
      for j in 0..<Columns { result.storage[j][i] = storage[i][j] }
    }
    return result
  }
}
