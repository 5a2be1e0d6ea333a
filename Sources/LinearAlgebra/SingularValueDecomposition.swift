internal import CXX

/// A singular value decomposition `A = U Σ Vᵀ` of an m×n matrix (`A = U Σ Vᴴ`
/// for a complex one, whose singular values are real).
///
/// Thin (the default) with k = min(m, n): `u` is m×k and `v` is n×k, both
/// with orthonormal columns. Full: `u` is m×m and `v` is n×n, orthogonal.
/// A matrix holding NaN or infinity gives NaN in every output.
public struct SingularValueDecomposition<Scalar: MatrixScalar>: Sendable {
  /// The left singular vectors, as columns.
  public let u: Matrix<Scalar>

  /// The k = min(m, n) singular values, descending and non-negative.
  public let singularValues: [Scalar.RealType]

  /// The right singular vectors, as columns.
  public let v: Matrix<Scalar>

  init(factoring matrix: Matrix<Scalar>, full: Bool) {
    let (m, n) = (matrix.rowCount, matrix.columnCount)
    let k = Swift.min(m, n)
    var u = Matrix<Scalar>(rows: m, columns: full ? m : k)
    var v = Matrix<Scalar>(rows: n, columns: full ? n : k)
    var values = [Scalar.RealType](repeating: 0, count: k)
    let status = matrix.storage.withUnsafeBufferPointer { a in
      u.storage.withUnsafeMutableBufferPointer { uPointer in
        v.storage.withUnsafeMutableBufferPointer { vPointer in
          values.withUnsafeMutableBufferPointer { sPointer in
            let (a, u, s, v) = (
              a.baseAddress, uPointer.baseAddress, sPointer.baseAddress, vPointer.baseAddress
            )
            return switch CoreElementKind(Scalar.self) {
            case .double: core.svd(a?.asDouble, m, n, full, u?.asDouble, s?.asDouble, v?.asDouble)
            case .float: core.svd(a?.asFloat, m, n, full, u?.asFloat, s?.asFloat, v?.asFloat)
            case .complexDouble:
              core.complexSVD(a?.asDouble, m, n, full, u?.asDouble, s?.asDouble, v?.asDouble)
            case .complexFloat: core.complexSVD(a?.asFloat, m, n, full, u?.asFloat, s?.asFloat, v?.asFloat)
            }
          }
        }
      }
    }
    if status == .noConvergence {
      u = Matrix(rows: u.rowCount, columns: u.columnCount, repeating: Scalar(.nan))
      v = Matrix(rows: v.rowCount, columns: v.columnCount, repeating: Scalar(.nan))
      values = [Scalar.RealType](repeating: .nan, count: k)
    } else {
      status.expectSuccess("svd() of a \(matrix.shapeDescription) matrix")
    }
    self.u = u
    self.singularValues = values
    self.v = v
  }
}
