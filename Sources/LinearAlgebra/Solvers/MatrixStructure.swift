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

extension Matrix {
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

  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)

  private func substitute(_ b: Matrix, lower: Bool) -> Matrix {
    let n = rowCount
    let columns = b.columnCount
    var x = b
    storage.withUnsafeBufferPointer { a in
      x.storage.withUnsafeMutableBufferPointer { x in
        let rows: [Int] = lower ? Array(0..<n) : Array((0..<n).reversed())
        for i in rows {
          let range = lower ? 0..<i : (i + 1)..<n
          let target = x.baseAddress! + i * columns
          for k in range {
            let factor = a[i * n + k]
            if factor == 0 { continue }
            let source = x.baseAddress! + k * columns
            for c in 0..<columns { target[c] -= factor * source[c] }
          }
          let pivot = a[i * n + i]
          for c in 0..<columns { target[c] /= pivot }
        }
      }
    }
    return x
  }
}
