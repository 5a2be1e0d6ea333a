internal import CXX

extension Matrix {
  /// The rows and columns a pair of range expressions select, checked
  /// against the shape.
  @usableFromInline
  internal func resolve(
    _ rows: some RangeExpression<Int>, _ columns: some RangeExpression<Int>
  ) -> (rows: Range<Int>, columns: Range<Int>) {
    let rowRange = rows.relative(to: 0..<rowCount)
    let columnRange = columns.relative(to: 0..<columnCount)
    precondition(
      rowRange.lowerBound >= 0 && rowRange.upperBound <= rowCount && columnRange.lowerBound >= 0
        && columnRange.upperBound <= columnCount,
      "Block [\(rowRange), \(columnRange)] is out of range for a \(shapeDescription) matrix")
    return (rowRange, columnRange)
  }

  /// The block of the given rows and columns, as a new matrix (a copy, as
  /// numpy's fancy indexing gives; not a view).
  ///
  ///     let a: Matrix<Double> = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
  ///     a[1..<3, 0...]    // [[4, 5, 6], [7, 8, 9]]
  ///     a[..., 1..<2]     // [[2], [5], [8]]
  ///
  /// Setting a block writes the new value's elements into it.
  ///
  /// - Precondition: The ranges lie inside the matrix; when setting, the new
  ///   value has the block's shape.
  /// - Complexity: O(rows · columns) of the block, row by row at memory speed.
  @inlinable
  public subscript(rows: some RangeExpression<Int>, columns: some RangeExpression<Int>) -> Matrix {
    get {
      let (r, c) = resolve(rows, columns)
      return block(rows: r, columns: c)
    }
    set {
      let (r, c) = resolve(rows, columns)
      setBlock(rows: r, columns: c, to: newValue)
    }
  }

  /// The block of the given rows and all columns (`a[1..<3, ...]`).
  @inlinable
  public subscript(rows: some RangeExpression<Int>, _: UnboundedRange) -> Matrix {
    get { self[rows, 0..<columnCount] }
    set { self[rows, 0..<columnCount] = newValue }
  }

  /// The block of all rows and the given columns (`a[..., 2..<4]`).
  @inlinable
  public subscript(_: UnboundedRange, columns: some RangeExpression<Int>) -> Matrix {
    get { self[0..<rowCount, columns] }
    set { self[0..<rowCount, columns] = newValue }
  }

  @usableFromInline
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  internal func block(rows: Range<Int>, columns: Range<Int>) -> Matrix {
    let (m, n) = (rows.count, columns.count)
    return storage.withUnsafeBufferPointer { source in
      Matrix(rows: m, columns: n) { destination in
        guard let destination, let source = source.baseAddress else { return }
        let first = source + rows.lowerBound * columnCount + columns.lowerBound
        // A complex block is the real block of twice the width.
        let kind = CoreElementKind(Scalar.self)
        let (stride, width) = (columnCount * kind.realsPerElement, n * kind.realsPerElement)
        let status: core.Status
        switch kind {
        case .double, .complexDouble:
          status = core.copyBlock(first.asDouble, stride, m, width, destination.asDouble)
        case .float, .complexFloat:
          status = core.copyBlock(first.asFloat, stride, m, width, destination.asFloat)
        }
        status.expectSuccess("a[\(rows), \(columns)] of a \(shapeDescription) matrix")
      }
    }
  }

  @usableFromInline
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  internal mutating func setBlock(rows: Range<Int>, columns: Range<Int>, to value: Matrix) {
    precondition(
      value.rowCount == rows.count && value.columnCount == columns.count,
      "Block [\(rows), \(columns)] of a \(shapeDescription) matrix is \(rows.count)×\(columns.count); "
        + "cannot set it to a \(value.shapeDescription) matrix")
    let n = columns.count
    guard n > 0, !rows.isEmpty else { return }
    let stride = columnCount
    value.storage.withUnsafeBufferPointer { source in
      storage.withUnsafeMutableBufferPointer { destination in
        for row in 0..<rows.count {
          (destination.baseAddress! + (rows.lowerBound + row) * stride + columns.lowerBound).update(
            from: source.baseAddress! + row * n, count: n)
        }
      }
    }
  }

  /// Row `index` as an array; setting it replaces the row.
  ///
  ///     a[row: 2] = [1, 2, 3]
  ///
  /// - Precondition: `index` is a row of the matrix; a new row has
  ///   `columnCount` elements.
  /// - Complexity: O(columnCount).
  @inlinable
  public subscript(row index: Int) -> [Scalar] {
    get { row(index) }
    set {
      precondition(
        index >= 0 && index < rowCount, "Row \(index) is out of range for a \(shapeDescription) matrix")
      precondition(
        newValue.count == columnCount,
        "A row of a \(shapeDescription) matrix has \(columnCount) elements; got \(newValue.count)")
      storage.replaceSubrange(index * columnCount..<(index + 1) * columnCount, with: newValue)
    }
  }

  /// Column `index` as an array; setting it replaces the column.
  ///
  /// - Precondition: `index` is a column of the matrix; a new column has
  ///   `rowCount` elements.
  /// - Complexity: O(rowCount).
  @inlinable
  public subscript(column index: Int) -> [Scalar] {
    get { column(index) }
    set {
      precondition(
        index >= 0 && index < columnCount,
        "Column \(index) is out of range for a \(shapeDescription) matrix")
      precondition(
        newValue.count == rowCount,
        "A column of a \(shapeDescription) matrix has \(rowCount) elements; got \(newValue.count)")
      let stride = columnCount
      storage.withUnsafeMutableBufferPointer { elements in
        for row in 0..<newValue.count { elements[row * stride + index] = newValue[row] }
      }
    }
  }

  /// A 1×n matrix holding `row`.
  @inlinable
  public init(row: [Scalar]) {
    self.init(rowCount: 1, columnCount: row.count, storage: row)
  }

  /// An n×1 matrix holding `column`.
  @inlinable
  public init(column: [Scalar]) {
    self.init(rowCount: column.count, columnCount: 1, storage: column)
  }
}
