internal import CXX

/// What a caller knows about a square matrix, for
/// ``Matrix/solve(_:assuming:)-(Matrix<Scalar>,_)`` (scipy's `assume_a` and
/// `solve_triangular`).
public enum MatrixStructure: Sendable, Hashable, CaseIterable {
  /// No structure: LU with partial pivoting.
  case general
  /// Symmetric, possibly indefinite: Bunch–Kaufman `L D Lᵀ`; reads the
  /// lower triangle.
  case symmetric
  /// Symmetric positive definite: Cholesky; reads the lower triangle.
  case positiveDefinite
  /// Lower triangular: forward substitution; reads the lower triangle.
  case lowerTriangular
  /// Upper triangular: back substitution; reads the upper triangle.
  case upperTriangular
}

extension Matrix where Scalar: RealMatrixScalar {
  /// Solves `self * x = b` using what `structure` says about `self`.
  ///
  ///     let l: Matrix<Double> = [[2, 0], [1, 4]]
  ///     try l.solve(Matrix(column: [2, 9]), assuming: .lowerTriangular)   // [[1], [2]]
  ///
  /// - Throws: `LinearAlgebraError.singularMatrix` for a singular matrix
  ///   (for the triangular cases: a zero on the diagonal; for `.symmetric`: a
  ///   singular block of D), `.notPositiveDefinite` for `.positiveDefinite`
  ///   as ``cholesky()`` does.
  /// - Precondition: `isSquare` and `b.rowCount == rowCount`.
  /// - Complexity: O(n³) to factor (none for the triangular cases) and
  ///   O(n²) per column of `b`.
  public func solve(_ b: Matrix, assuming structure: MatrixStructure) throws(LinearAlgebraError) -> Matrix {
    precondition(isSquare, "solve(_:assuming:) needs a square matrix; got \(shapeDescription)")
    precondition(
      b.rowCount == rowCount,
      "solve(_:assuming:) needs b with \(rowCount) rows for a \(shapeDescription) matrix; got "
        + b.shapeDescription)
    switch structure {
    case .general: return try solve(b)
    case .symmetric: return try ldlt().solve(b)
    case .positiveDefinite: return try cholesky().solve(b)
    case .lowerTriangular: return try solveTriangular(b, lower: true)
    case .upperTriangular: return try solveTriangular(b, lower: false)
    }
  }

  /// Solves `self * x = b` for a vector using what `structure` says about
  /// `self`; see ``solve(_:assuming:)-(Matrix<Scalar>,_)``.
  ///
  /// - Throws: As the matrix form.
  /// - Precondition: `isSquare` and `b.count == rowCount`.
  /// - Complexity: As the matrix form, one column.
  public func solve(_ b: [Scalar], assuming structure: MatrixStructure) throws(LinearAlgebraError) -> [Scalar]
  {
    precondition(
      b.count == rowCount,
      "solve(_:assuming:) needs \(rowCount) elements for a \(shapeDescription) matrix; got \(b.count)")
    return try solve(Matrix(column: b), assuming: structure).storage
  }

  /// Forward or back substitution over every column of `b`, reading only
  /// the triangle named.
  private func solveTriangular(_ b: Matrix, lower: Bool) throws(LinearAlgebraError) -> Matrix {
    for i in 0..<rowCount where self[i, i] == 0 { throw .singularMatrix }
    return substitute(b, lower: lower)
  }

  /// Blocked substitution in the core, reading only the triangle named.
  private func substitute(_ b: Matrix, lower: Bool) -> Matrix {
    let n = rowCount
    let columns = b.columnCount
    return storage.withUnsafeBufferPointer { a in
      b.storage.withUnsafeBufferPointer { bPointer in
        Matrix(rows: n, columns: columns) { x in
          let status: core.Status
          switch CoreScalarKind(Scalar.self) {
          case .double:
            status = core.triangularSolve(
              a.baseAddress?.asDouble, n, lower, bPointer.baseAddress?.asDouble, columns, x?.asDouble)
          case .float:
            status = core.triangularSolve(
              a.baseAddress?.asFloat, n, lower, bPointer.baseAddress?.asFloat, columns, x?.asFloat)
          }
          status.expectSuccess("solve(_:assuming:)")
        }
      }
    }
  }
}
