internal import CXX

/// The eigendecomposition `A V = V Λ` of a general square matrix, real or
/// complex; numpy's `eig`.
///
/// Eigenvalues are complex in general, and so are eigenvectors. The matrix
/// is balanced first (LAPACK's `?gebal` scaling), then reduced to Schur form
/// by the shifted QR iteration, as LAPACK's `?geev` does. For a real matrix,
/// complex eigenvalues come in adjacent conjugate pairs (positive imaginary
/// part first) whose eigenvectors are exact conjugates. Each eigenvector has
/// unit 2-norm and its largest component real and positive. A defective
/// matrix (a Jordan block) gets nearly parallel vectors, as from LAPACK;
/// NaN or infinity in the matrix gives NaN everywhere.
///
///     let rotation: Matrix<Double> = [[0, -1], [1, 0]]
///     let e = try rotation.eigen()
///     e.eigenvalues   // [0.0 + 1.0i, 0.0 - 1.0i]
public struct EigenDecomposition<Scalar: MatrixScalar>: Sendable {
  /// The n eigenvalues, in the order the Schur form produces them.
  public let eigenvalues: [Complex<Scalar.RealType>]

  /// The eigenvectors, as columns in the order of `eigenvalues`.
  public let eigenvectors: Matrix<Complex<Scalar.RealType>>

  init(factoring matrix: Matrix<Scalar>) throws(LinearAlgebraError) {
    precondition(matrix.isSquare, "eigen() needs a square matrix; got \(matrix.shapeDescription)")
    let n = matrix.rowCount
    var vectors = Matrix<Complex<Scalar.RealType>>(rows: n, columns: n)
    eigenvalues = try vectors.storage.withUnsafeMutableBufferPointer { vectors throws(LinearAlgebraError) in
      try generalEigenvalues(of: matrix, vectors: vectors.baseAddress)
    }
    eigenvectors = vectors
  }
}

/// The eigenvalues of the square `matrix` by the core, and its eigenvectors
/// into `vectors` (n×n complex) unless it is nil.
func generalEigenvalues<Scalar: MatrixScalar>(
  of matrix: Matrix<Scalar>, vectors: UnsafeMutablePointer<Complex<Scalar.RealType>>?
) throws(LinearAlgebraError) -> [Complex<Scalar.RealType>] {
  let n = matrix.rowCount
  var values = [Complex<Scalar.RealType>](repeating: .zero, count: n)
  let status = matrix.storage.withUnsafeBufferPointer { a in
    values.withUnsafeMutableBufferPointer { valuePointer in
      let (a, values) = (a.baseAddress, valuePointer.baseAddress)
      let vectorReals = vectors.map { UnsafeMutableRawPointer($0) }
      return switch CoreElementKind(Scalar.self) {
      case .double:
        core.eigen(
          a?.asDouble, n, values.map { UnsafeMutableRawPointer($0) }?.assumingMemoryBound(to: Double.self),
          vectorReals?.assumingMemoryBound(to: Double.self))
      case .float:
        core.eigen(
          a?.asFloat, n, values.map { UnsafeMutableRawPointer($0) }?.assumingMemoryBound(to: Float.self),
          vectorReals?.assumingMemoryBound(to: Float.self))
      case .complexDouble:
        core.complexEigen(
          a?.asDouble, n, values.map { UnsafeMutableRawPointer($0) }?.assumingMemoryBound(to: Double.self),
          vectorReals?.assumingMemoryBound(to: Double.self))
      case .complexFloat:
        core.complexEigen(
          a?.asFloat, n, values.map { UnsafeMutableRawPointer($0) }?.assumingMemoryBound(to: Float.self),
          vectorReals?.assumingMemoryBound(to: Float.self))
      }
    }
  }
  try status.check("eigen() of a \(matrix.shapeDescription) matrix")
  return values
}

extension Matrix {
  /// The eigenvalues and eigenvectors of a square matrix: `A V = V Λ`
  /// (numpy's `eig`). See ``EigenDecomposition``.
  ///
  /// - Throws: `LinearAlgebraError.noConvergence` if the QR iteration gives
  ///   up (LAPACK's `info > 0`).
  /// - Precondition: `isSquare`.
  /// - Complexity: O(n³).
  public func eigen() throws(LinearAlgebraError) -> EigenDecomposition<Scalar> {
    try EigenDecomposition(factoring: self)
  }

  /// The eigenvalues of a square matrix, without eigenvectors (numpy's
  /// `eigvals`): cheaper than ``eigen()``, same values and order.
  ///
  /// - Throws: `LinearAlgebraError.noConvergence` if the QR iteration gives
  ///   up.
  /// - Precondition: `isSquare`.
  /// - Complexity: O(n³).
  public func eigenvalues() throws(LinearAlgebraError) -> [Complex<Scalar.RealType>] {
    precondition(isSquare, "eigenvalues() needs a square matrix; got \(shapeDescription)")
    return try generalEigenvalues(of: self, vectors: nil)
  }
}
