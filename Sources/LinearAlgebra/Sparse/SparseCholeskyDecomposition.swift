internal import CXX

/// A sparse Cholesky factorization `P A Pᵀ = L Lᵀ` of a symmetric positive
/// definite matrix with an approximate minimum degree ordering, reusable for
/// many right-hand sides.
///
/// Made by ``SparseMatrix/cholesky()``: the core's supernodal factorization,
/// whose dense blocks run on the packed product kernel, after Eigen's AMD
/// ordering.
public struct SparseCholeskyDecomposition<Scalar: RealMatrixScalar>: Sendable {
  let handle: SparseFactorizationHandle<Scalar>

  /// The order of the factored matrix.
  public var size: Int { handle.size }

  init(factoring matrix: SparseMatrix<Scalar>) throws(LinearAlgebraError) {
    handle = try SparseFactorizationHandle(matrix, operation: "SparseMatrix.cholesky()") {
      n, starts, indices, values, kind, out in
      switch kind {
      case .double: core.sparseCholeskyFactor(n, starts, indices, values?.asDoubleValues, out)
      case .float: core.sparseCholeskyFactor(n, starts, indices, values?.asFloatValues, out)
      }
    }
  }

  /// Solves `A x = b`.
  ///
  /// - Precondition: `b.count == size`.
  /// - Complexity: O(nonzeros of L).
  public func solve(_ b: [Scalar]) -> [Scalar] {
    precondition(
      b.count == size, "SparseCholeskyDecomposition.solve(_:) needs \(size) elements; got \(b.count)")
    return handle.solve(b, columns: 1, operation: "SparseCholeskyDecomposition.solve(_:)")
  }

  /// Solves `A X = B` for every column of `b`.
  ///
  /// - Precondition: `b.rowCount == size`.
  /// - Complexity: O(nonzeros of L × b.columnCount).
  public func solve(_ b: Matrix<Scalar>) -> Matrix<Scalar> {
    precondition(
      b.rowCount == size,
      "SparseCholeskyDecomposition.solve(_:) needs b with \(size) rows; got \(b.shapeDescription)")
    let x = handle.solve(
      b.storage, columns: b.columnCount, operation: "SparseCholeskyDecomposition.solve(_:)")
    return Matrix(rows: size, columns: b.columnCount, elements: x)
  }
}

extension SparseMatrix {
  /// The sparse Cholesky factorization of a symmetric positive definite
  /// matrix; only its lower triangle (diagonal included) is read, as
  /// ``Matrix/cholesky()`` does.
  ///
  /// - Throws: ``LinearAlgebraError/notPositiveDefinite`` when a pivot is not
  ///   positive or a value is NaN or infinite.
  /// - Precondition: the matrix is square.
  /// - Complexity: depends on the fill; about O(n^1.5) for a 2-D grid.
  public func cholesky() throws(LinearAlgebraError) -> SparseCholeskyDecomposition<Scalar> {
    try SparseCholeskyDecomposition(factoring: self)
  }
}
