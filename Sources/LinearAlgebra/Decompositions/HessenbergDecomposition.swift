internal import CXX

/// The Hessenberg decomposition `A = Q H Qᴴ` of a square matrix (scipy's
/// `hessenberg`): `h` is zero below its first subdiagonal and `q` is
/// orthogonal (unitary for a complex matrix), from Householder reflections.
/// NaN or infinity in the matrix gives NaN everywhere.
public struct HessenbergDecomposition<Scalar: MatrixScalar>: Sendable {
  /// The upper Hessenberg form H.
  public let h: Matrix<Scalar>

  /// The orthogonal (unitary) Q.
  public let q: Matrix<Scalar>

  init(factoring matrix: Matrix<Scalar>) {
    precondition(matrix.isSquare, "hessenberg() needs a square matrix; got \(matrix.shapeDescription)")
    let n = matrix.rowCount
    var h = Matrix<Scalar>(rows: n, columns: n)
    var q = Matrix<Scalar>(rows: n, columns: n)
    let status = matrix.storage.withUnsafeBufferPointer { a in
      h.storage.withUnsafeMutableBufferPointer { hPointer in
        q.storage.withUnsafeMutableBufferPointer { qPointer in
          let (a, h, q) = (a.baseAddress, hPointer.baseAddress, qPointer.baseAddress)
          return switch CoreElementKind(Scalar.self) {
          case .double: core.hessenberg(a?.asDouble, n, h?.asDouble, q?.asDouble)
          case .float: core.hessenberg(a?.asFloat, n, h?.asFloat, q?.asFloat)
          case .complexDouble: core.complexHessenberg(a?.asDouble, n, h?.asDouble, q?.asDouble)
          case .complexFloat: core.complexHessenberg(a?.asFloat, n, h?.asFloat, q?.asFloat)
          }
        }
      }
    }
    status.expectSuccess("hessenberg() of a \(matrix.shapeDescription) matrix")
    self.h = h
    self.q = q
  }
}

extension Matrix {
  /// The Hessenberg decomposition `A = Q H Qᴴ`; see
  /// ``HessenbergDecomposition``.
  ///
  /// - Precondition: `isSquare`.
  /// - Complexity: O(n³).
  public func hessenberg() -> HessenbergDecomposition<Scalar> {
    HessenbergDecomposition(factoring: self)
  }
}
