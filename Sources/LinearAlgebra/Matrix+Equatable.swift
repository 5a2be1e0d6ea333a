extension Matrix: Equatable {
  /// Whether both matrices have the same shape and equal elements.
  ///
  /// Elements compare with `==`, so a matrix holding NaN is not equal to
  /// itself, and `0` equals `-0`. For computed results, compare with
  /// `isApproximatelyEqual(to:relativeTolerance:)` instead.
  @inlinable
  public static func == (lhs: Matrix, rhs: Matrix) -> Bool {
    lhs.rowCount == rhs.rowCount && lhs.columnCount == rhs.columnCount && lhs.storage == rhs.storage
  }
}
