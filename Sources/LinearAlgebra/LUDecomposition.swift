internal import CXX

/// An LU factorization with partial pivoting, `P A = L U`, that can be
/// reused for many right-hand sides.
///
///     let a: Matrix<Double> = [[0, 1], [2, 3]]
///     let lu = a.lu()
///     let x = try lu.solve([1, 5])   // [1, 1]
public struct LUDecomposition<Scalar: MatrixScalar>: Sendable {
  /// The size n of the factored n×n matrix.
  public let size: Int

  /// L (unit lower, diagonal not stored) and U packed in one n×n matrix.
  let packed: Matrix<Scalar>

  /// Row i of `P A` is row `rowOrder[i]` of `A`.
  public let rowOrder: [Int]

  /// Whether the factored matrix is singular to working precision: a pivot
  /// is zero or the reciprocal condition estimate is below `Scalar.ulpOfOne`.
  /// `solve(_:)` throws exactly when this is true.
  public let isSingular: Bool

  init(factoring matrix: Matrix<Scalar>) {
    precondition(matrix.isSquare, "lu() needs a square matrix; got \(matrix.shapeDescription)")
    let n = matrix.rowCount
    var singular = false
    var rowOrder = [Int](repeating: 0, count: n)
    packed = matrix.storage.withUnsafeBufferPointer { a in
      rowOrder.withUnsafeMutableBufferPointer { order in
        Matrix(rows: n, columns: n) { lu in
          let status: core.Status
          switch CoreElementKind(Scalar.self) {
          case .double:
            status = core.luFactor(a.baseAddress?.asDouble, n, lu?.asDouble, order.baseAddress, &singular)
          case .float:
            status = core.luFactor(a.baseAddress?.asFloat, n, lu?.asFloat, order.baseAddress, &singular)
          case .complexDouble:
            status = core.complexLUFactor(
              a.baseAddress?.asDouble, n, lu?.asDouble, order.baseAddress, &singular)
          case .complexFloat:
            status = core.complexLUFactor(
              a.baseAddress?.asFloat, n, lu?.asFloat, order.baseAddress, &singular)
          }
          status.expectSuccess("lu() of a \(matrix.shapeDescription) matrix")
        }
      }
    }
    self.size = n
    self.rowOrder = rowOrder
    self.isSingular = singular
  }

  /// The permutation matrix P, with `P A = L U`.
  ///
  /// - Complexity: O(n²).
  public var permutation: Matrix<Scalar> {
    var result = Matrix<Scalar>(rows: size, columns: size)
    for (row, source) in rowOrder.enumerated() { result[row, source] = 1 }
    return result
  }

  /// The unit lower-triangular factor L.
  ///
  /// - Complexity: O(n²).
  public var lower: Matrix<Scalar> {
    @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
    @_specialize(where Scalar == Complex<Double>) @_specialize(where Scalar == Complex<Float>)
    get {
      Matrix(rows: size, columns: size) { row, column in
        row == column ? 1 : (row > column ? packed.storage[row * size + column] : 0)
      }
    }
  }

  /// The upper-triangular factor U.
  ///
  /// - Complexity: O(n²).
  public var upper: Matrix<Scalar> {
    @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
    @_specialize(where Scalar == Complex<Double>) @_specialize(where Scalar == Complex<Float>)
    get {
      Matrix(rows: size, columns: size) { row, column in
        row <= column ? packed.storage[row * size + column] : 0
      }
    }
  }

  /// The determinant of the factored matrix: the sign of P times the product
  /// of U's diagonal (1 for a 0×0 matrix). The product is kept as a
  /// mantissa and a power of two, as `Matrix.determinant()` keeps it, so
  /// that pivots of 1e200 and 1e-200 give their product rather than
  /// infinity or zero on the way; only the result over- or underflows.
  ///
  /// - Complexity: O(n).
  public func determinant() -> Scalar {
    var product = ScaledProduct<Scalar>()
    for index in 0..<size { product.multiply(by: packed.storage[index * size + index]) }
    var result = product.value
    // The sign of P is the parity of its cycle decomposition.
    var visited = [Bool](repeating: false, count: size)
    for start in 0..<size where !visited[start] {
      var length = 0
      var index = start
      while !visited[index] {
        visited[index] = true
        index = rowOrder[index]
        length += 1
      }
      if length % 2 == 0 { result = -result }
    }
    return result
  }

  /// Solves `A x = b` for each column of `b`.
  ///
  /// - Throws: `LinearAlgebraError.singularMatrix` if `isSingular`.
  /// - Precondition: `b.rowCount == size`.
  /// - Complexity: O(n²·k) for k right-hand sides.
  public func solve(_ b: Matrix<Scalar>) throws(LinearAlgebraError) -> Matrix<Scalar> {
    precondition(
      b.rowCount == size,
      "LUDecomposition.solve(_:) needs b with \(size) rows; got \(b.shapeDescription)")
    return try solve(b.storage, columns: b.columnCount)
  }

  /// Solves `A x = b`.
  ///
  /// - Throws: `LinearAlgebraError.singularMatrix` if `isSingular`.
  /// - Precondition: `b.count == size`.
  /// - Complexity: O(n²).
  public func solve(_ b: [Scalar]) throws(LinearAlgebraError) -> [Scalar] {
    precondition(b.count == size, "LUDecomposition.solve(_:) needs \(size) elements; got \(b.count)")
    return try solve(b, columns: 1).storage
  }

  private func solve(_ b: [Scalar], columns: Int) throws(LinearAlgebraError) -> Matrix<Scalar> {
    if isSingular { throw .singularMatrix }
    let n = size
    return packed.storage.withUnsafeBufferPointer { lu in
      rowOrder.withUnsafeBufferPointer { order in
        b.withUnsafeBufferPointer { bPointer in
          Matrix(rows: n, columns: columns) { x in
            let (lu, order, b) = (lu.baseAddress, order.baseAddress, bPointer.baseAddress)
            let status: core.Status
            switch CoreElementKind(Scalar.self) {
            case .double:
              status = core.luSolve(lu?.asDouble, order, n, b?.asDouble, columns, x?.asDouble)
            case .float:
              status = core.luSolve(lu?.asFloat, order, n, b?.asFloat, columns, x?.asFloat)
            case .complexDouble:
              status = core.complexLUSolve(lu?.asDouble, order, n, b?.asDouble, columns, x?.asDouble)
            case .complexFloat:
              status = core.complexLUSolve(lu?.asFloat, order, n, b?.asFloat, columns, x?.asFloat)
            }
            status.expectSuccess("LUDecomposition.solve(_:)")
          }
        }
      }
    }
  }
}
