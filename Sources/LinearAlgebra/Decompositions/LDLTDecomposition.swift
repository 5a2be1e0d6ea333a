internal import CXX

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
public struct LDLTDecomposition<Scalar: RealMatrixScalar>: Sendable {
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

  /// Factors in the core: blocked Bunch–Kaufman (LAPACK's `?sytrf`).
  init(factoring matrix: Matrix<Scalar>) {
    precondition(matrix.isSquare, "ldlt() needs a square matrix; got \(matrix.shapeDescription)")
    let n = matrix.rowCount
    var order = [Int](repeating: 0, count: n)
    var diagonal = [Scalar](repeating: 0, count: n)
    var offDiagonal = [Scalar](repeating: 0, count: n)
    lower = matrix.storage.withUnsafeBufferPointer { a in
      order.withUnsafeMutableBufferPointer { order in
        diagonal.withUnsafeMutableBufferPointer { d in
          offDiagonal.withUnsafeMutableBufferPointer { e in
            Matrix(rows: n, columns: n) { l in
              let status: core.Status
              switch CoreScalarKind(Scalar.self) {
              case .double:
                status = core.ldltFactor(
                  a.baseAddress?.asDouble, n, l?.asDouble, order.baseAddress, d.baseAddress?.asDouble,
                  e.baseAddress?.asDouble)
              case .float:
                status = core.ldltFactor(
                  a.baseAddress?.asFloat, n, l?.asFloat, order.baseAddress, d.baseAddress?.asFloat,
                  e.baseAddress?.asFloat)
              }
              status.expectSuccess("ldlt() of a \(matrix.shapeDescription) matrix")
            }
          }
        }
      }
    }
    self.size = n
    self.rowOrder = order
    self.diagonal = diagonal
    self.offDiagonal = offDiagonal
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
        let det = scaledBlockDeterminant(at: k)
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

  /// det(A) = det(D), its running product kept as a mantissa and a power
  /// of two (a matrix of 1e200 entries has 2×2 blocks whose determinants
  /// alone overflow).
  public func determinant() -> Scalar {
    var product = ScaledProduct<Scalar>()
    var k = 0
    while k < size {
      if k + 1 < size, offDiagonal[k] != 0 {
        product.multiply(by: offDiagonal[k])
        product.multiply(by: offDiagonal[k])
        product.multiply(by: scaledBlockDeterminant(at: k))
        k += 2
      } else {
        product.multiply(by: diagonal[k])
        k += 1
      }
    }
    return product.value
  }

  /// det(D_k) / d21² for the 2×2 block [d11 d21; d21 d22] of D at k, as
  /// LAPACK's ?sytrs forms it: (d11 / d21)(d22 / d21) − 1, which neither
  /// overflows nor underflows where d11 d22 − d21² would; it has the sign
  /// of the block's determinant.
  private func scaledBlockDeterminant(at k: Int) -> Scalar {
    (diagonal[k] / offDiagonal[k]) * (diagonal[k + 1] / offDiagonal[k]) - 1
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

  /// Solves `A X = B` (blocked substitutions in the core).
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

  /// The solve's work in the core, or nil when D is singular (typed throws
  /// kept out of the core call).
  private func solveColumns(_ b: Matrix<Scalar>) -> Matrix<Scalar>? {
    let n = size
    let columns = b.columnCount
    var status = core.Status.ok
    let x = lower.storage.withUnsafeBufferPointer { l in
      rowOrder.withUnsafeBufferPointer { order in
        diagonal.withUnsafeBufferPointer { d in
          offDiagonal.withUnsafeBufferPointer { e in
            b.storage.withUnsafeBufferPointer { bPointer in
              Matrix<Scalar>(rows: n, columns: columns) { x in
                switch CoreScalarKind(Scalar.self) {
                case .double:
                  status = core.ldltSolve(
                    l.baseAddress?.asDouble, order.baseAddress, d.baseAddress?.asDouble,
                    e.baseAddress?.asDouble, n,
                    bPointer.baseAddress?.asDouble, columns, x?.asDouble)
                case .float:
                  status = core.ldltSolve(
                    l.baseAddress?.asFloat, order.baseAddress, d.baseAddress?.asFloat, e.baseAddress?.asFloat,
                    n,
                    bPointer.baseAddress?.asFloat, columns, x?.asFloat)
                }
              }
            }
          }
        }
      }
    }
    if status == .singular { return nil }
    status.expectSuccess("LDLTDecomposition.solve(_:)")
    return x
  }
}

extension Matrix where Scalar: RealMatrixScalar {
  /// The Bunch–Kaufman factorization `P A Pᵀ = L D Lᵀ` of a symmetric
  /// (possibly indefinite) matrix; reads the lower triangle.
  ///
  /// Blocked as LAPACK's `?sytrf`, with the trailing updates on the
  /// core's threads.
  ///
  /// - Precondition: `isSquare`.
  /// - Complexity: O(n³/3).
  public func ldlt() -> LDLTDecomposition<Scalar> { LDLTDecomposition(factoring: self) }
}
