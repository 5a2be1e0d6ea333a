internal import CXX

/// A Cholesky factorization `A = L Lᵀ` of a symmetric positive definite
/// matrix, reusable for many right-hand sides.
public struct CholeskyDecomposition<Scalar: RealMatrixScalar>: Sendable {
  /// The lower-triangular factor L, with a positive diagonal.
  public let lower: Matrix<Scalar>

  init(factoring matrix: Matrix<Scalar>) throws(LinearAlgebraError) {
    precondition(matrix.isSquare, "cholesky() needs a square matrix; got \(matrix.shapeDescription)")
    let n = matrix.rowCount
    lower = try matrix.storage.withUnsafeBufferPointer { a throws(LinearAlgebraError) in
      try Matrix(rows: n, columns: n) { l throws(LinearAlgebraError) in
        let status: core.Status
        switch CoreScalarKind(Scalar.self) {
        case .double: status = core.cholesky(a.baseAddress?.asDouble, n, l?.asDouble)
        case .float: status = core.cholesky(a.baseAddress?.asFloat, n, l?.asFloat)
        }
        try status.check("cholesky() of a \(matrix.shapeDescription) matrix")
      }
    }
  }

  /// Solves `A x = b` for each column of `b` by two triangular solves.
  ///
  /// - Precondition: `b.rowCount` equals the size of `A`.
  /// - Complexity: O(n²·k) for k right-hand sides.
  public func solve(_ b: Matrix<Scalar>) -> Matrix<Scalar> {
    precondition(
      b.rowCount == lower.rowCount,
      "CholeskyDecomposition.solve(_:) needs b with \(lower.rowCount) rows; got \(b.shapeDescription)")
    return solve(b.storage, columns: b.columnCount)
  }

  /// Solves `A x = b`.
  ///
  /// - Precondition: `b.count` equals the size of `A`.
  /// - Complexity: O(n²).
  public func solve(_ b: [Scalar]) -> [Scalar] {
    precondition(
      b.count == lower.rowCount,
      "CholeskyDecomposition.solve(_:) needs \(lower.rowCount) elements; got \(b.count)")
    return solve(b, columns: 1).storage
  }

  /// The determinant of `A`: the square of the product of L's diagonal.
  ///
  /// - Complexity: O(n).
  public func determinant() -> Scalar {
    let product = (0..<lower.rowCount).reduce(Scalar(1)) { $0 * lower.storage[$1 * lower.columnCount + $1] }
    return product * product
  }

  private func solve(_ b: [Scalar], columns: Int) -> Matrix<Scalar> {
    let n = lower.rowCount
    return lower.storage.withUnsafeBufferPointer { l in
      b.withUnsafeBufferPointer { bPointer in
        Matrix(rows: n, columns: columns) { x in
          let status: core.Status
          switch CoreScalarKind(Scalar.self) {
          case .double:
            status = core.choleskySolve(
              l.baseAddress?.asDouble, n, bPointer.baseAddress?.asDouble, columns, x?.asDouble)
          case .float:
            status = core.choleskySolve(
              l.baseAddress?.asFloat, n, bPointer.baseAddress?.asFloat, columns, x?.asFloat)
          }
          status.expectSuccess("CholeskyDecomposition.solve(_:)")
        }
      }
    }
  }
}
