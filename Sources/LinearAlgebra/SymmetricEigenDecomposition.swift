internal import CXX

/// The eigendecomposition `A = V Λ Vᵀ` of a real symmetric matrix.
///
/// Only the lower triangle of `A` is read. A matrix holding NaN or infinity
/// in its lower triangle gives NaN in every output.
public struct SymmetricEigenDecomposition<Scalar: MatrixScalar>: Sendable {
  /// The eigenvalues, ascending.
  public let eigenvalues: [Scalar]

  /// The orthonormal eigenvectors, as columns in the order of `eigenvalues`.
  public let eigenvectors: Matrix<Scalar>

  init(factoring matrix: Matrix<Scalar>) {
    precondition(matrix.isSquare, "symmetricEigen() needs a square matrix; got \(matrix.shapeDescription)")
    let n = matrix.rowCount
    var values = [Scalar](repeating: 0, count: n)
    var vectors = Matrix<Scalar>(rows: n, columns: n)
    let status = matrix.storage.withUnsafeBufferPointer { a in
      values.withUnsafeMutableBufferPointer { valuePointer in
        vectors.storage.withUnsafeMutableBufferPointer { vectorPointer in
          switch CoreScalarKind(Scalar.self) {
          case .double:
            core.symmetricEigen(
              a.baseAddress?.asDouble, n, valuePointer.baseAddress?.asDouble,
              vectorPointer.baseAddress?.asDouble)
          case .float:
            core.symmetricEigen(
              a.baseAddress?.asFloat, n, valuePointer.baseAddress?.asFloat, vectorPointer.baseAddress?.asFloat
            )
          }
        }
      }
    }
    if status == .noConvergence {
      values = [Scalar](repeating: .nan, count: n)
      vectors = Matrix(rows: n, columns: n, repeating: .nan)
    } else {
      status.expectSuccess("symmetricEigen() of a \(matrix.shapeDescription) matrix")
    }
    eigenvalues = values
    eigenvectors = vectors
  }
}
