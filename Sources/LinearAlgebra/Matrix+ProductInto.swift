extension Matrix {
  /// Writes the matrix product `self * rhs` into `result`, reusing its
  /// storage.
  ///
  /// For loops that multiply matrices of the same shapes again and again:
  /// when `result` already has the product's shape, the core writes into its
  /// storage and nothing is allocated (if that storage is shared with another
  /// matrix, copy-on-write copies it first, so the other matrix keeps its
  /// values). Otherwise `result` is replaced by `self * rhs`.
  ///
  ///     var c = Matrix<Double>(rows: 64, columns: 64)
  ///     for b in blocks {
  ///       a.multiply(b, into: &c)
  ///       // use c
  ///     }
  ///
  /// - Precondition: `columnCount == rhs.rowCount`.
  /// - Complexity: O(m·k·n) for an m×k times a k×n matrix.
  @inlinable
  public func multiply(_ rhs: Matrix, into result: inout Matrix) {
    precondition(
      columnCount == rhs.rowCount,
      "Matrix product needs lhs.columnCount == rhs.rowCount; got \(shapeDescription) * \(rhs.shapeDescription)"
    )
    let (m, k, n) = (rowCount, columnCount, rhs.columnCount)
    guard result.rowCount == m, result.columnCount == n else {
      result = self * rhs
      return
    }
    guard m > 0, n > 0 else { return }
    storage.withUnsafeBufferPointer { a in
      rhs.storage.withUnsafeBufferPointer { b in
        result.storage.withUnsafeMutableBufferPointer { c in
          coreMultiply(
            CoreElementKind(Scalar.self), UnsafeRawPointer(a.baseAddress), UnsafeRawPointer(b.baseAddress),
            UnsafeMutableRawPointer(c.baseAddress), m, k, n)
        }
      }
    }
  }

  /// Writes the matrix-vector product `self * x` into `y`, reusing its
  /// storage.
  ///
  /// When `y` already has `rowCount` elements, the core writes into its
  /// storage and nothing is allocated (copy-on-write copies it first if it
  /// is shared). Otherwise `y` is replaced by `self * x`.
  ///
  /// - Precondition: `x.count == columnCount`.
  /// - Complexity: O(m·n).
  @inlinable
  public func multiply(_ x: [Scalar], into y: inout [Scalar]) {
    precondition(
      columnCount == x.count,
      "Matrix-vector product needs \(columnCount) vector elements for a \(shapeDescription) matrix; got \(x.count)"
    )
    let (m, n) = (rowCount, columnCount)
    guard y.count == m else {
      y = self * x
      return
    }
    guard m > 0 else { return }
    storage.withUnsafeBufferPointer { a in
      x.withUnsafeBufferPointer { x in
        y.withUnsafeMutableBufferPointer { y in
          coreMultiplyVector(
            CoreElementKind(Scalar.self), UnsafeRawPointer(a.baseAddress), UnsafeRawPointer(x.baseAddress),
            UnsafeMutableRawPointer(y.baseAddress), m, n)
        }
      }
    }
  }
}
