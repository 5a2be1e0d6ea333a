extension Matrix {
  /// The `size×size` identity matrix.
  ///
  /// - Precondition: `size >= 0`.
  /// - Complexity: O(size²).
  @inlinable
  public static func identity(_ size: Int) -> Matrix {
    var result = Matrix(rows: size, columns: size)
    for index in 0..<size { result.storage[index * size + index] = 1 }
    return result
  }

  /// The `rows×columns` zero matrix.
  ///
  /// - Precondition: `rows >= 0` and `columns >= 0`.
  /// - Complexity: O(rows · columns).
  @inlinable
  public static func zeros(rows: Int, columns: Int) -> Matrix {
    Matrix(rows: rows, columns: columns)
  }

  /// The square matrix with `values` on its diagonal and zeros elsewhere.
  ///
  /// - Complexity: O(n²) for n values.
  @inlinable
  public static func diagonal(_ values: [Scalar]) -> Matrix {
    var result = Matrix(rows: values.count, columns: values.count)
    for (index, value) in values.enumerated() { result.storage[index * values.count + index] = value }
    return result
  }
}

extension Matrix where Scalar: RealMatrixScalar {
  /// A matrix of independent values drawn uniformly from `range` with the
  /// system's random number generator.
  ///
  /// - Precondition: `rows >= 0`, `columns >= 0` and `range` is finite.
  /// - Complexity: O(rows · columns).
  @inlinable
  public static func random(rows: Int, columns: Int, in range: ClosedRange<Scalar>) -> Matrix {
    var generator = SystemRandomNumberGenerator()
    return random(rows: rows, columns: columns, in: range, using: &generator)
  }

  /// A matrix of independent values drawn uniformly from `range` with
  /// `generator`, so that a seeded generator reproduces the same matrix.
  ///
  /// Values are drawn in row-major order.
  ///
  /// - Precondition: `rows >= 0`, `columns >= 0` and `range` is finite.
  /// - Complexity: O(rows · columns).
  @inlinable
  public static func random<G: RandomNumberGenerator>(
    rows: Int, columns: Int, in range: ClosedRange<Scalar>, using generator: inout G
  ) -> Matrix {
    let count = elementCount(rows: rows, columns: columns)
    let storage = makeStorage(count: count) { elements, initializedCount in
      for index in 0..<count {
        (elements + index).initialize(to: Scalar.random(in: range, using: &generator))
      }
      initializedCount = count
    }
    return Matrix(rowCount: rows, columnCount: columns, storage: storage)
  }
}
