internal import CXX

/// The Schur decomposition `A = Z T Zᴴ` of a square matrix (scipy's
/// `schur`): `z` is orthogonal (unitary for a complex matrix) and `t` is
/// upper triangular for a complex matrix, quasi-upper triangular for a real
/// one, whose complex-conjugate eigenvalue pairs sit in 2×2 diagonal blocks.
/// The eigenvalues are on the diagonal (blocks) of `t`. NaN or infinity in
/// the matrix gives NaN everywhere.
public struct SchurDecomposition<Scalar: MatrixScalar>: Sendable {
  /// The (quasi-)upper-triangular Schur form T.
  public let t: Matrix<Scalar>

  /// The orthogonal (unitary) Schur vectors Z, as columns.
  public let z: Matrix<Scalar>

  init(factoring matrix: Matrix<Scalar>) throws(LinearAlgebraError) {
    precondition(matrix.isSquare, "schur() needs a square matrix; got \(matrix.shapeDescription)")
    let n = matrix.rowCount
    var t = Matrix<Scalar>(rows: n, columns: n)
    var z = Matrix<Scalar>(rows: n, columns: n)
    let status = matrix.storage.withUnsafeBufferPointer { a in
      t.storage.withUnsafeMutableBufferPointer { tPointer in
        z.storage.withUnsafeMutableBufferPointer { zPointer in
          let (a, t, z) = (a.baseAddress, tPointer.baseAddress, zPointer.baseAddress)
          return switch CoreElementKind(Scalar.self) {
          case .double: core.schur(a?.asDouble, n, t?.asDouble, z?.asDouble)
          case .float: core.schur(a?.asFloat, n, t?.asFloat, z?.asFloat)
          case .complexDouble: core.complexSchur(a?.asDouble, n, t?.asDouble, z?.asDouble)
          case .complexFloat: core.complexSchur(a?.asFloat, n, t?.asFloat, z?.asFloat)
          }
        }
      }
    }
    try status.check("schur() of a \(matrix.shapeDescription) matrix")
    self.t = t
    self.z = z
  }
}

extension Matrix {
  /// The Schur decomposition `A = Z T Zᴴ`; see ``SchurDecomposition``.
  ///
  /// - Throws: `LinearAlgebraError.noConvergence` if the QR iteration gives
  ///   up.
  /// - Precondition: `isSquare`.
  /// - Complexity: O(n³).
  public func schur() throws(LinearAlgebraError) -> SchurDecomposition<Scalar> {
    try SchurDecomposition(factoring: self)
  }
}
