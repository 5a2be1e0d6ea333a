internal import CXX

/// A sparse LU factorization `P A Q = L U` (row pivoting, a COLAMD column
/// ordering, supernodal), reusable for many right-hand sides.
///
/// Made by ``SparseMatrix/lu()``; Eigen's `SparseLU` underneath.
public struct SparseLUDecomposition<Scalar: RealMatrixScalar>: Sendable {
  let handle: SparseFactorizationHandle<Scalar>

  /// The order of the factored matrix.
  public var size: Int { handle.size }

  init(factoring matrix: SparseMatrix<Scalar>) throws(LinearAlgebraError) {
    handle = try SparseFactorizationHandle(matrix, operation: "SparseMatrix.lu()") {
      n, starts, indices, values, kind, out in
      switch kind {
      case .double: core.sparseLUFactor(n, starts, indices, values?.asDoubleValues, out)
      case .float: core.sparseLUFactor(n, starts, indices, values?.asFloatValues, out)
      }
    }
  }

  /// Solves `A x = b`.
  ///
  /// - Precondition: `b.count == size`.
  /// - Complexity: O(nonzeros of L and U).
  public func solve(_ b: [Scalar]) -> [Scalar] {
    precondition(b.count == size, "SparseLUDecomposition.solve(_:) needs \(size) elements; got \(b.count)")
    return handle.solve(b, columns: 1, operation: "SparseLUDecomposition.solve(_:)")
  }

  /// Solves `A X = B` for every column of `b`.
  ///
  /// - Precondition: `b.rowCount == size`.
  /// - Complexity: O(nonzeros of L and U × b.columnCount).
  public func solve(_ b: Matrix<Scalar>) -> Matrix<Scalar> {
    precondition(
      b.rowCount == size,
      "SparseLUDecomposition.solve(_:) needs b with \(size) rows; got \(b.shapeDescription)")
    let x = handle.solve(b.storage, columns: b.columnCount, operation: "SparseLUDecomposition.solve(_:)")
    return Matrix(rows: size, columns: b.columnCount, elements: x)
  }
}

extension SparseMatrix {
  /// The sparse LU factorization of a square matrix.
  ///
  /// - Throws: ``LinearAlgebraError/singularMatrix`` when a pivot is zero,
  ///   the smallest pivot is below n·ε times the largest, or a value is NaN
  ///   or infinite.
  /// - Precondition: the matrix is square.
  /// - Complexity: depends on the fill; about O(n^1.5) for a 2-D grid.
  public func lu() throws(LinearAlgebraError) -> SparseLUDecomposition<Scalar> {
    try SparseLUDecomposition(factoring: self)
  }

  /// Solves `A x = b` by sparse LU.
  ///
  /// - Throws: ``LinearAlgebraError/singularMatrix`` as ``lu()``.
  /// - Precondition: the matrix is square and `b.count == rowCount`.
  /// - Complexity: that of ``lu()``.
  public func solve(_ b: [Scalar]) throws(LinearAlgebraError) -> [Scalar] {
    precondition(
      b.count == rowCount,
      "SparseMatrix.solve(_:) needs \(rowCount) elements for a \(shapeDescription) matrix; got \(b.count)")
    return try lu().solve(b)
  }
}
