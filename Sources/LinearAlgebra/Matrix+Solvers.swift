internal import CXX

extension Matrix {
  /// The determinant, from an LU factorization with partial pivoting.
  ///
  /// The determinant of a 0×0 matrix is 1. It may overflow to infinity or
  /// underflow to zero for badly scaled matrices; NaN input gives NaN.
  ///
  /// - Precondition: `isSquare`.
  /// - Complexity: O(n³).
  @inlinable
  public func determinant() -> Scalar {
    precondition(isSquare, "determinant() needs a square matrix; got \(shapeDescription)")
    if rowCount >= 1 && rowCount <= smallSystemLimit, let value = smallDeterminant() { return value }
    return coreDeterminant()
  }

  /// `determinant()` in the core.
  @usableFromInline
  internal func coreDeterminant() -> Scalar {
    let n = rowCount
    var result: Scalar = 0
    storage.withUnsafeBufferPointer { a in
      withUnsafeMutablePointer(to: &result) { out in
        let status: core.Status
        switch CoreElementKind(Scalar.self) {
        case .double: status = core.determinant(a.baseAddress?.asDouble, n, out.asDouble)
        case .float: status = core.determinant(a.baseAddress?.asFloat, n, out.asFloat)
        case .complexDouble: status = core.complexDeterminant(a.baseAddress?.asDouble, n, out.asDouble)
        case .complexFloat: status = core.complexDeterminant(a.baseAddress?.asFloat, n, out.asFloat)
        }
        status.expectSuccess("determinant() of a \(shapeDescription) matrix")
      }
    }
    return result
  }

  /// The inverse matrix. The inverse of a 0×0 matrix is 0×0.
  ///
  /// - Throws: `LinearAlgebraError.singularMatrix` if a pivot is zero or the
  ///   reciprocal condition number is below `Scalar.ulpOfOne`.
  /// - Precondition: `isSquare`.
  /// - Complexity: O(n³).
  @inlinable
  public func inverse() throws(LinearAlgebraError) -> Matrix {
    precondition(isSquare, "inverse() needs a square matrix; got \(shapeDescription)")
    if rowCount >= 1 && rowCount <= smallSystemLimit, let result = try smallInverse() { return result }
    return try coreInverse()
  }

  /// `inverse()` in the core.
  @usableFromInline
  internal func coreInverse() throws(LinearAlgebraError) -> Matrix {
    let n = rowCount
    return try storage.withUnsafeBufferPointer { a throws(LinearAlgebraError) in
      try Matrix(rows: n, columns: n) { out throws(LinearAlgebraError) in
        let status: core.Status
        switch CoreElementKind(Scalar.self) {
        case .double: status = core.inverse(a.baseAddress?.asDouble, n, out?.asDouble)
        case .float: status = core.inverse(a.baseAddress?.asFloat, n, out?.asFloat)
        case .complexDouble: status = core.complexInverse(a.baseAddress?.asDouble, n, out?.asDouble)
        case .complexFloat: status = core.complexInverse(a.baseAddress?.asFloat, n, out?.asFloat)
        }
        try status.check("inverse() of a \(shapeDescription) matrix")
      }
    }
  }

  /// Solves `self * x = b` for a square `self` and each column of `b`.
  ///
  /// Uses LU decomposition with partial pivoting.
  ///
  /// - Parameter b: The right-hand sides, with `rowCount` rows.
  /// - Returns: `x`, with the shape of `b`.
  /// - Throws: `LinearAlgebraError.singularMatrix` if `self` is singular to
  ///   working precision.
  /// - Precondition: `isSquare` and `b.rowCount == rowCount`.
  /// - Complexity: O(n³ + n²·k) for k right-hand sides.
  @inlinable
  public func solve(_ b: Matrix) throws(LinearAlgebraError) -> Matrix {
    precondition(isSquare, "solve(_:) needs a square matrix; got \(shapeDescription)")
    precondition(
      b.rowCount == rowCount,
      "solve(_:) needs b with \(rowCount) rows for a \(shapeDescription) matrix; got \(b.shapeDescription)")
    return try Self.solveSquare(self, b.storage, columns: b.columnCount)
  }

  /// Solves `self * x = b` for a square `self`.
  ///
  ///     let a: Matrix<Double> = [[2, 0], [0, 4]]
  ///     let x = try a.solve([2, 8])   // [1, 2]
  ///
  /// - Parameter b: The right-hand side, with `rowCount` elements.
  /// - Returns: The solution `x`.
  /// - Throws: `LinearAlgebraError.singularMatrix` if `self` is singular to
  ///   working precision.
  /// - Precondition: `isSquare` and `b.count == rowCount`.
  /// - Complexity: O(n³).
  @inlinable
  public func solve(_ b: [Scalar]) throws(LinearAlgebraError) -> [Scalar] {
    precondition(isSquare, "solve(_:) needs a square matrix; got \(shapeDescription)")
    precondition(
      b.count == rowCount,
      "solve(_:) needs \(rowCount) right-hand-side elements for a \(shapeDescription) matrix; got \(b.count)")
    return try Self.solveSquare(self, b, columns: 1).storage
  }

  @inlinable
  internal static func solveSquare(_ matrix: Matrix, _ b: [Scalar], columns: Int) throws(LinearAlgebraError)
    -> Matrix
  {
    let n = matrix.rowCount
    if n >= 1 && n <= smallSystemLimit, let result = try matrix.smallSolve(b, columns: columns) {
      return result
    }
    return try coreSolveSquare(matrix, b, columns: columns)
  }

  /// `solve` in the core.
  @usableFromInline
  internal static func coreSolveSquare(_ matrix: Matrix, _ b: [Scalar], columns: Int)
    throws(LinearAlgebraError)
    -> Matrix
  {
    let n = matrix.rowCount
    return try matrix.storage.withUnsafeBufferPointer { aPointer throws(LinearAlgebraError) in
      try b.withUnsafeBufferPointer { bPointer throws(LinearAlgebraError) in
        try Matrix(rows: n, columns: columns) { x throws(LinearAlgebraError) in
          let (a, b) = (aPointer.baseAddress, bPointer.baseAddress)
          let status: core.Status
          switch CoreElementKind(Scalar.self) {
          case .double: status = core.solve(a?.asDouble, n, b?.asDouble, columns, x?.asDouble)
          case .float: status = core.solve(a?.asFloat, n, b?.asFloat, columns, x?.asFloat)
          case .complexDouble: status = core.complexSolve(a?.asDouble, n, b?.asDouble, columns, x?.asDouble)
          case .complexFloat: status = core.complexSolve(a?.asFloat, n, b?.asFloat, columns, x?.asFloat)
          }
          try status.check("solve(_:) with a \(matrix.shapeDescription) matrix")
        }
      }
    }
  }
}

extension Matrix {
  /// The least-squares solution of `self * x ≈ b` with the smallest norm.
  ///
  /// Works for any shape and rank, like numpy's `lstsq`: singular values
  /// below `max(rows, columns) · eps · σ_max` count as zero, so a
  /// rank-deficient `self` gives the minimum-norm solution. NaN or infinity
  /// in the input gives a NaN result. x = V Σ⁺ (Uᴴ b) is formed as
  /// LAPACK's `?gelsd` forms it: the reflectors of a bidiagonal reduction
  /// reach `b` directly, and U and V are never formed (but for small real
  /// matrices, which take a one-sided Jacobi SVD).
  ///
  /// - Parameter b: The right-hand sides, with `rowCount` rows.
  /// - Returns: `x`, with `columnCount` rows and `b.columnCount` columns.
  /// - Precondition: `b.rowCount == rowCount`.
  /// - Complexity: O(m·n·min(m, n)) for an m×n matrix (an SVD).
  public func leastSquares(_ b: Matrix) -> Matrix {
    precondition(
      b.rowCount == rowCount,
      "leastSquares(_:) needs b with \(rowCount) rows for a \(shapeDescription) matrix; got \(b.shapeDescription)"
    )
    return leastSquares(b.storage, columns: b.columnCount)
  }

  /// The least-squares solution of `self * x ≈ b` with the smallest norm.
  ///
  /// - Parameter b: The right-hand side, with `rowCount` elements.
  /// - Returns: `x`, with `columnCount` elements.
  /// - Precondition: `b.count == rowCount`.
  /// - Complexity: O(m·n·min(m, n)) for an m×n matrix.
  public func leastSquares(_ b: [Scalar]) -> [Scalar] {
    precondition(
      b.count == rowCount,
      "leastSquares(_:) needs \(rowCount) right-hand-side elements for a \(shapeDescription) matrix; got \(b.count)"
    )
    return leastSquares(b, columns: 1).storage
  }

  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  @_specialize(where Scalar == Complex<Double>) @_specialize(where Scalar == Complex<Float>)
  private func leastSquares(_ b: [Scalar], columns: Int) -> Matrix {
    let (m, n) = (rowCount, columnCount)
    return storage.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { bPointer in
        Matrix(rows: n, columns: columns) { x in
          let (a, b) = (a.baseAddress, bPointer.baseAddress)
          let status =
            switch CoreElementKind(Scalar.self) {
            case .double: core.leastSquares(a?.asDouble, m, n, b?.asDouble, columns, x?.asDouble)
            case .float: core.leastSquares(a?.asFloat, m, n, b?.asFloat, columns, x?.asFloat)
            case .complexDouble:
              core.complexLeastSquares(a?.asDouble, m, n, b?.asDouble, columns, x?.asDouble)
            case .complexFloat: core.complexLeastSquares(a?.asFloat, m, n, b?.asFloat, columns, x?.asFloat)
            }
          Self.fillWithNaNUnlessSuccessful(status, x, count: n * columns, "leastSquares(_:)")
        }
      }
    }
  }

  /// For the non-throwing SVD-based operations: a (practically unreachable)
  /// failure to converge leaves NaN in the result instead of finite garbage.
  static func fillWithNaNUnlessSuccessful(
    _ status: core.Status, _ output: UnsafeMutablePointer<Scalar>?, count: Int, _ operation: String
  ) {
    if status == .noConvergence, let output {
      output.update(repeating: Scalar(.nan), count: count)
      return
    }
    status.expectSuccess(operation)
  }
}
