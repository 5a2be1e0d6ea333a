internal import CXX

/// A thin Householder QR factorization `A = Q R` of an m×n matrix, with
/// k = min(m, n): `q` is m×k with orthonormal columns, `r` is k×n upper
/// triangular. For a complex matrix Q has orthonormal columns in the
/// Hermitian sense, `Qᴴ Q = I`.
public struct QRDecomposition<Scalar: MatrixScalar>: Sendable {
  /// The m×k factor with orthonormal columns.
  public let q: Matrix<Scalar>

  /// The k×n upper-triangular factor.
  public let r: Matrix<Scalar>

  init(factoring matrix: Matrix<Scalar>) {
    let (m, n) = (matrix.rowCount, matrix.columnCount)
    let k = Swift.min(m, n)
    var r = Matrix<Scalar>(rows: k, columns: n)
    q = matrix.storage.withUnsafeBufferPointer { a in
      r.storage.withUnsafeMutableBufferPointer { rPointer in
        Matrix(rows: m, columns: k) { qPointer in
          let status: core.Status
          switch CoreElementKind(Scalar.self) {
          case .double:
            status = core.qr(
              a.baseAddress?.asDouble, m, n, qPointer?.asDouble, rPointer.baseAddress?.asDouble)
          case .float:
            status = core.qr(a.baseAddress?.asFloat, m, n, qPointer?.asFloat, rPointer.baseAddress?.asFloat)
          case .complexDouble:
            status = core.complexQR(
              a.baseAddress?.asDouble, m, n, qPointer?.asDouble, rPointer.baseAddress?.asDouble)
          case .complexFloat:
            status = core.complexQR(
              a.baseAddress?.asFloat, m, n, qPointer?.asFloat, rPointer.baseAddress?.asFloat)
          }
          status.expectSuccess("qr() of a \(matrix.shapeDescription) matrix")
        }
      }
    }
    self.r = r
  }

  /// The least-squares solution of `A x ≈ b` for each column of `b`:
  /// `x = R⁻¹ Qᴴ b`.
  ///
  /// For rank-deficient or underdetermined systems use
  /// `Matrix.leastSquares(_:)`, which gives the minimum-norm solution.
  ///
  /// - Throws: `LinearAlgebraError.singularMatrix` if A is rank-deficient to
  ///   working precision: a diagonal entry of R is at most `m · eps` times
  ///   the largest.
  /// - Precondition: `A` has at least as many rows as columns, and
  ///   `b.rowCount` equals its row count.
  /// - Complexity: O(m·n·k) for k right-hand sides.
  public func solve(_ b: Matrix<Scalar>) throws(LinearAlgebraError) -> Matrix<Scalar> {
    precondition(
      b.rowCount == q.rowCount,
      "QRDecomposition.solve(_:) needs b with \(q.rowCount) rows; got \(b.shapeDescription)")
    return try solve(b.storage, columns: b.columnCount)
  }

  /// The least-squares solution of `A x ≈ b`: `x = R⁻¹ Qᴴ b`.
  ///
  /// - Throws: `LinearAlgebraError.singularMatrix` if A is rank-deficient to
  ///   working precision.
  /// - Precondition: `A` has at least as many rows as columns, and
  ///   `b.count` equals its row count.
  /// - Complexity: O(m·n).
  public func solve(_ b: [Scalar]) throws(LinearAlgebraError) -> [Scalar] {
    precondition(
      b.count == q.rowCount, "QRDecomposition.solve(_:) needs \(q.rowCount) elements; got \(b.count)")
    return try solve(b, columns: 1).storage
  }

  private func solve(_ b: [Scalar], columns: Int) throws(LinearAlgebraError) -> Matrix<Scalar> {
    let (m, n) = (q.rowCount, r.columnCount)
    precondition(
      m >= n,
      "QRDecomposition.solve(_:) needs rows >= columns; got \(m)×\(n) (use leastSquares(_:) for underdetermined systems)"
    )
    return try q.storage.withUnsafeBufferPointer { qPointer throws(LinearAlgebraError) in
      try r.storage.withUnsafeBufferPointer { rPointer throws(LinearAlgebraError) in
        try b.withUnsafeBufferPointer { bPointer throws(LinearAlgebraError) in
          try Matrix(rows: n, columns: columns) { x throws(LinearAlgebraError) in
            let (q, r, b) = (qPointer.baseAddress, rPointer.baseAddress, bPointer.baseAddress)
            let status: core.Status
            switch CoreElementKind(Scalar.self) {
            case .double:
              status = core.qrSolve(q?.asDouble, r?.asDouble, m, n, b?.asDouble, columns, x?.asDouble)
            case .float:
              status = core.qrSolve(q?.asFloat, r?.asFloat, m, n, b?.asFloat, columns, x?.asFloat)
            case .complexDouble:
              status = core.complexQRSolve(q?.asDouble, r?.asDouble, m, n, b?.asDouble, columns, x?.asDouble)
            case .complexFloat:
              status = core.complexQRSolve(q?.asFloat, r?.asFloat, m, n, b?.asFloat, columns, x?.asFloat)
            }
            try status.check("QRDecomposition.solve(_:)")
          }
        }
      }
    }
  }
}
