extension Matrix {
  /// The elements of row `index`, left to right.
  ///
  /// - Precondition: `0 <= index < rowCount`.
  /// - Complexity: O(columnCount).
  @inlinable
  public func row(_ index: Int) -> [Scalar] {
    precondition(
      index >= 0 && index < rowCount, "Row \(index) is out of range for a \(shapeDescription) matrix")
    return Array(storage[index * columnCount..<(index + 1) * columnCount])
  }

  /// The elements of column `index`, top to bottom.
  ///
  /// - Precondition: `0 <= index < columnCount`.
  /// - Complexity: O(rowCount).
  @inlinable
  public func column(_ index: Int) -> [Scalar] {
    precondition(
      index >= 0 && index < columnCount,
      "Column \(index) is out of range for a \(shapeDescription) matrix")
    return (0..<rowCount).map { storage[$0 * columnCount + index] }
  }
}
