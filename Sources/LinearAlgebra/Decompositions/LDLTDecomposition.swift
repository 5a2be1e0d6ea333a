/// The symmetric indefinite factorization `P A Pᵀ = L D Lᵀ` of a symmetric
/// matrix, with Bunch–Kaufman pivoting (LAPACK's `?sytrf`): `L` is unit
/// lower triangular, `D` is block diagonal with 1×1 and 2×2 blocks, and `P`
/// is a permutation.
///
/// Unlike Cholesky it needs no definiteness, and unlike LU it keeps the
/// symmetry (half the work in exact arithmetic). Reads the lower triangle of
/// the matrix only.
///
///     let a: Matrix<Double> = [[0, 1], [1, 0]]   // indefinite: Cholesky fails
///     let f = a.ldlt()
///     f.inertia        // (positive: 1, negative: 1, zero: 0)
///     try f.solve([1, 2])
public struct LDLTDecomposition<Scalar: MatrixScalar>: Sendable {
  /// The order n of the factored matrix.
  public let size: Int

  /// Row i of `P A Pᵀ` is row `rowOrder[i]` of `A`.
  public let rowOrder: [Int]

  /// The unit lower triangular factor `L`.
  public let lower: Matrix<Scalar>

  /// The diagonal of `D` and, for each 2×2 block starting at row k, its
  /// off-diagonal entry at `offDiagonal[k]` (0 elsewhere).
  let diagonal: [Scalar]
  let offDiagonal: [Scalar]

  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  init(factoring matrix: Matrix<Scalar>) {
    precondition(matrix.isSquare, "ldlt() needs a square matrix; got \(matrix.shapeDescription)")
    let n = matrix.rowCount
    // A full symmetric working copy from the lower triangle.
    var a = Matrix<Scalar>(rows: n, columns: n) { row, column in
      row >= column ? matrix[row, column] : matrix[column, row]
    }.storage
    var order = Array(0..<n)
    var diagonal = [Scalar](repeating: 0, count: n)
    var offDiagonal = [Scalar](repeating: 0, count: n)
    let alpha = (1 + Scalar(17).squareRoot()) / 8
    a.withUnsafeMutableBufferPointer { buffer in
      let a = buffer.baseAddress!
      func swapSymmetric(_ p: Int, _ q: Int, from k: Int) {
        guard p != q else { return }
        // Rows over every column (the finished columns of L move with them),
        // then columns over the trailing rows.
        for column in 0..<n { swap(&a[p * n + column], &a[q * n + column]) }
        for row in k..<n { swap(&a[row * n + p], &a[row * n + q]) }
      }
      var k = 0
      while k < n {
        let absakk = abs(a[k * n + k])
        var imax = k
        var colmax: Scalar = 0
        for i in (k + 1)..<n where abs(a[i * n + k]) > colmax || abs(a[i * n + k]).isNaN {
          colmax = abs(a[i * n + k])
          imax = i
          if colmax.isNaN { break }
        }
        if absakk.isNaN || colmax.isNaN {
          // NaN: record it and carry on with a 1×1 block, so D holds NaN.
          diagonal[k] = .nan
          for i in (k + 1)..<n { a[i * n + k] = .nan }
          k += 1
          continue
        }
        if Swift.max(absakk, colmax) == 0 {
          diagonal[k] = 0  // a zero column: D gets a zero, L an identity column
          k += 1
          continue
        }
        var step = 1
        var pivot = k
        if absakk < alpha * colmax {
          var rowmax: Scalar = 0
          for j in k..<n where j != imax { rowmax = Swift.max(rowmax, abs(a[imax * n + j])) }
          if absakk >= alpha * colmax * (colmax / rowmax) {
            pivot = k
          } else if abs(a[imax * n + imax]) >= alpha * rowmax {
            pivot = imax
          } else {
            pivot = imax
            step = 2
          }
        }
        let target = k + step - 1
        if pivot != target {
          swapSymmetric(target, pivot, from: k)
          order.swapAt(target, pivot)
        }
        if step == 1 {
          let d = a[k * n + k]
          diagonal[k] = d
          for i in (k + 1)..<n {
            let l = a[i * n + k] / d
            if l != 0 {
              let rowI = a + i * n
              let rowK = a + k * n
              for j in (k + 1)..<n { rowI[j] -= l * rowK[j] }
            }
            a[i * n + k] = l
          }
        } else {
          let d11 = a[k * n + k]
          let d21 = a[(k + 1) * n + k]
          let d22 = a[(k + 1) * n + k + 1]
          diagonal[k] = d11
          diagonal[k + 1] = d22
          offDiagonal[k] = d21
          let det = d11 * d22 - d21 * d21
          for i in (k + 2)..<n {
            let x0 = a[i * n + k]
            let x1 = a[i * n + k + 1]
            let w0 = (x0 * d22 - x1 * d21) / det
            let w1 = (x1 * d11 - x0 * d21) / det
            let rowI = a + i * n
            let row0 = a + k * n
            let row1 = a + (k + 1) * n
            for j in (k + 2)..<n { rowI[j] -= w0 * row0[j] + w1 * row1[j] }
            a[i * n + k] = w0
            a[i * n + k + 1] = w1
          }
          a[(k + 1) * n + k] = 0
        }
        k += step
      }
    }
    let factor = a
    self.size = n
    self.rowOrder = order
    self.diagonal = diagonal
    self.offDiagonal = offDiagonal
    self.lower = Matrix(rows: n, columns: n) { row, column in
      row == column ? 1 : (row > column ? factor[row * n + column] : 0)
    }
  }

  /// The permutation `P` as a matrix.
  public var permutation: Matrix<Scalar> {
    var result = Matrix<Scalar>(rows: size, columns: size)
    for (row, source) in rowOrder.enumerated() { result[row, source] = 1 }
    return result
  }

  /// `D`: 1×1 and 2×2 symmetric blocks on the diagonal.
  public var blockDiagonal: Matrix<Scalar> {
    var result = Matrix<Scalar>.diagonal(diagonal)
    for k in 0..<Swift.max(size - 1, 0) where offDiagonal[k] != 0 {
      result[k + 1, k] = offDiagonal[k]
      result[k, k + 1] = offDiagonal[k]
    }
    return result
  }

  /// The number of positive, negative and zero eigenvalues of the matrix
  /// (Sylvester's law of inertia: those of `D`).
  public var inertia: (positive: Int, negative: Int, zero: Int) {
    var counts = (positive: 0, negative: 0, zero: 0)
    var k = 0
    while k < size {
      if k + 1 < size, offDiagonal[k] != 0 {
        let det = diagonal[k] * diagonal[k + 1] - offDiagonal[k] * offDiagonal[k]
        if det < 0 {
          counts.positive += 1
          counts.negative += 1
        } else if det > 0 {
          if diagonal[k] + diagonal[k + 1] > 0 { counts.positive += 2 } else { counts.negative += 2 }
        } else {
          counts.zero += 1
          if diagonal[k] + diagonal[k + 1] > 0 { counts.positive += 1 } else { counts.negative += 1 }
        }
        k += 2
      } else {
        let d = diagonal[k]
        if d > 0 { counts.positive += 1 } else if d < 0 { counts.negative += 1 } else { counts.zero += 1 }
        k += 1
      }
    }
    return counts
  }

  /// det(A) = det(D).
  public func determinant() -> Scalar {
    var result: Scalar = 1
    var k = 0
    while k < size {
      if k + 1 < size, offDiagonal[k] != 0 {
        result *= diagonal[k] * diagonal[k + 1] - offDiagonal[k] * offDiagonal[k]
        k += 2
      } else {
        result *= diagonal[k]
        k += 1
      }
    }
    return result
  }

  /// Solves `A x = b` for a vector.
  ///
  /// - Throws: `LinearAlgebraError.singularMatrix` when `D` has a zero
  ///   (or non-finite) block.
  /// - Precondition: `b.count == size`.
  /// - Complexity: O(n²).
  public func solve(_ b: [Scalar]) throws(LinearAlgebraError) -> [Scalar] {
    precondition(b.count == size, "LDLTDecomposition.solve(_:) needs \(size) elements; got \(b.count)")
    return try solve(Matrix(column: b)).storage
  }

  /// Solves `A X = B`, one column of `B` at a time.
  ///
  /// - Throws: `LinearAlgebraError.singularMatrix` when `D` has a zero
  ///   (or non-finite) block.
  /// - Precondition: `b.rowCount == size`.
  /// - Complexity: O(n²) per column.
  public func solve(_ b: Matrix<Scalar>) throws(LinearAlgebraError) -> Matrix<Scalar> {
    precondition(
      b.rowCount == size, "LDLTDecomposition.solve(_:) needs b with \(size) rows; got \(b.shapeDescription)")
    guard let x = solveColumns(b) else { throw .singularMatrix }
    return x
  }

  /// The solve's work, or nil when D is singular (typed throws kept out of
  /// the specialized body).
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)

  private func solveColumns(_ b: Matrix<Scalar>) -> Matrix<Scalar>? {
    let n = size
    let columns = b.columnCount
    // y = P b, rows permuted.
    var y = Matrix<Scalar>(rows: n, columns: columns) { row, column in b[rowOrder[row], column] }
    let l = lower.storage
    var singular = false
    y.storage.withUnsafeMutableBufferPointer { y in
      // L z = y (unit lower), row by row over all columns.
      for i in 0..<n {
        for k in 0..<i where l[i * n + k] != 0 {
          let factor = l[i * n + k]
          for c in 0..<columns { y[i * columns + c] -= factor * y[k * columns + c] }
        }
      }
      // D w = z.
      var k = 0
      while k < n {
        if k + 1 < n, offDiagonal[k] != 0 {
          let (d11, d21, d22) = (diagonal[k], offDiagonal[k], diagonal[k + 1])
          let det = d11 * d22 - d21 * d21
          if det == 0 || !det.isFinite { singular = true }
          for c in 0..<columns {
            let z0 = y[k * columns + c]
            let z1 = y[(k + 1) * columns + c]
            y[k * columns + c] = (z0 * d22 - z1 * d21) / det
            y[(k + 1) * columns + c] = (z1 * d11 - z0 * d21) / det
          }
          k += 2
        } else {
          let d = diagonal[k]
          if d == 0 || !d.isFinite { singular = true }
          for c in 0..<columns { y[k * columns + c] /= d }
          k += 1
        }
      }
      // Lᵀ v = w, from the bottom.
      for i in stride(from: n - 1, through: 0, by: -1) {
        for k in (i + 1)..<n where l[k * n + i] != 0 {
          let factor = l[k * n + i]
          for c in 0..<columns { y[i * columns + c] -= factor * y[k * columns + c] }
        }
      }
    }
    if singular { return nil }
    // x = Pᵀ v.
    var x = Matrix<Scalar>(rows: n, columns: columns)
    for row in 0..<n {
      for c in 0..<columns { x[rowOrder[row], c] = y[row, c] }
    }
    return x
  }
}

extension Matrix {
  /// The Bunch–Kaufman factorization `P A Pᵀ = L D Lᵀ` of a symmetric
  /// (possibly indefinite) matrix; reads the lower triangle.
  ///
  /// - Precondition: `isSquare`.
  /// - Complexity: O(n³).
  public func ldlt() -> LDLTDecomposition<Scalar> { LDLTDecomposition(factoring: self) }
}
