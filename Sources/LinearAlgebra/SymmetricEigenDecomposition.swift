internal import CXX

/// The eigendecomposition `A = V Λ Vᵀ` of a real symmetric matrix, or
/// `A = V Λ Vᴴ` of a complex Hermitian one; the eigenvalues are real.
///
/// Only the lower triangle of `A` is read (and, for a complex matrix, the
/// imaginary parts of its diagonal are taken as zero). A matrix holding NaN or infinity
/// in its lower triangle gives NaN in every output.
public struct SymmetricEigenDecomposition<Scalar: MatrixScalar>: Sendable {
  /// The eigenvalues, ascending.
  public let eigenvalues: [Scalar.RealType]

  /// The orthonormal (unitary) eigenvectors, as columns in the order of `eigenvalues`.
  public let eigenvectors: Matrix<Scalar>

  init(factoring matrix: Matrix<Scalar>, operation: String) {
    precondition(matrix.isSquare, "\(operation) needs a square matrix; got \(matrix.shapeDescription)")
    let n = matrix.rowCount
    var values = [Scalar.RealType](repeating: 0, count: n)
    var vectors = Matrix<Scalar>(rows: n, columns: n)
    let status = matrix.storage.withUnsafeBufferPointer { a in
      values.withUnsafeMutableBufferPointer { valuePointer in
        vectors.storage.withUnsafeMutableBufferPointer { vectorPointer in
          let (a, values, vectors) = (a.baseAddress, valuePointer.baseAddress, vectorPointer.baseAddress)
          return switch CoreElementKind(Scalar.self) {
          case .double: core.symmetricEigen(a?.asDouble, n, values?.asDouble, vectors?.asDouble)
          case .float: core.symmetricEigen(a?.asFloat, n, values?.asFloat, vectors?.asFloat)
          case .complexDouble: core.hermitianEigen(a?.asDouble, n, values?.asDouble, vectors?.asDouble)
          case .complexFloat: core.hermitianEigen(a?.asFloat, n, values?.asFloat, vectors?.asFloat)
          }
        }
      }
    }
    if status == .noConvergence {
      values = [Scalar.RealType](repeating: .nan, count: n)
      vectors = Matrix(rows: n, columns: n, repeating: Scalar(.nan))
    } else {
      status.expectSuccess("\(operation) of a \(matrix.shapeDescription) matrix")
    }
    eigenvalues = values
    eigenvectors = vectors
  }
}

/// The eigendecomposition of a complex Hermitian (or real symmetric) matrix:
/// real eigenvalues ascending, unitary eigenvectors.
public typealias HermitianEigenDecomposition<Scalar: MatrixScalar> = SymmetricEigenDecomposition<Scalar>
