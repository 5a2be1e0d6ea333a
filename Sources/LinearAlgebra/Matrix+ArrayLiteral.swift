extension Matrix: ExpressibleByArrayLiteral {
  /// Creates a matrix from a literal array of rows.
  ///
  ///     let a: Matrix<Double> = [[1, 2], [3, 4]]
  ///
  /// - Precondition: Every row has the same number of elements.
  public init(arrayLiteral rows: [Scalar]...) {
    self.init(rows)
  }
}
