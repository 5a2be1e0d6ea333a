// Sums, differences, scalar products and the transpose of sparse matrices,
// in Swift: each walks the compressed rows once.

extension SparseMatrix {
  /// Merges two matrices of the same shape row by row: `combine(l, r)` for
  /// every position stored in either (a missing entry reads as zero).
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  internal static func merge(
    _ lhs: SparseMatrix, _ rhs: SparseMatrix, _ operation: String, _ combine: (Scalar, Scalar) -> Scalar
  ) -> SparseMatrix {
    precondition(
      lhs.rowCount == rhs.rowCount && lhs.columnCount == rhs.columnCount,
      "SparseMatrix \(operation) needs equal shapes; got \(lhs.shapeDescription) and \(rhs.shapeDescription)")
    var rowStarts = [Int](repeating: 0, count: lhs.rowCount + 1)
    var columns: [Int32] = []
    var values: [Scalar] = []
    columns.reserveCapacity(Swift.max(lhs.nonzeroCount, rhs.nonzeroCount))
    values.reserveCapacity(columns.capacity)
    for row in 0..<lhs.rowCount {
      var i = lhs.rowStarts[row]
      var j = rhs.rowStarts[row]
      let (iEnd, jEnd) = (lhs.rowStarts[row + 1], rhs.rowStarts[row + 1])
      while i < iEnd || j < jEnd {
        let left = i < iEnd ? lhs.columnIndices[i] : Int32.max
        let right = j < jEnd ? rhs.columnIndices[j] : Int32.max
        if left == right {
          columns.append(left)
          values.append(combine(lhs.values[i], rhs.values[j]))
          i += 1
          j += 1
        } else if left < right {
          columns.append(left)
          values.append(combine(lhs.values[i], 0))
          i += 1
        } else {
          columns.append(right)
          values.append(combine(0, rhs.values[j]))
          j += 1
        }
      }
      rowStarts[row + 1] = values.count
    }
    return SparseMatrix(
      uncheckedRows: lhs.rowCount, columns: lhs.columnCount, rowStarts: rowStarts, columnIndices: columns,
      values: values)
  }

  /// The element-wise sum.
  ///
  /// - Precondition: equal shapes.
  /// - Complexity: O(rows + nonzeroCount of both).
  public static func + (lhs: SparseMatrix, rhs: SparseMatrix) -> SparseMatrix {
    merge(lhs, rhs, "+") { $0 + $1 }
  }

  /// The element-wise difference.
  ///
  /// - Precondition: equal shapes.
  /// - Complexity: O(rows + nonzeroCount of both).
  public static func - (lhs: SparseMatrix, rhs: SparseMatrix) -> SparseMatrix {
    merge(lhs, rhs, "-") { $0 - $1 }
  }

  /// The matrix with every stored value negated.
  public static prefix func - (operand: SparseMatrix) -> SparseMatrix { operand.mapValues { -$0 } }

  /// Every element times `scalar`.
  ///
  /// - Complexity: O(nonzeroCount).
  public static func * (scalar: Scalar, matrix: SparseMatrix) -> SparseMatrix {
    matrix.mapValues { scalar * $0 }
  }

  /// Every element times `scalar`.
  ///
  /// - Complexity: O(nonzeroCount).
  public static func * (matrix: SparseMatrix, scalar: Scalar) -> SparseMatrix {
    matrix.mapValues { $0 * scalar }
  }

  /// Every element divided by `scalar`.
  ///
  /// - Complexity: O(nonzeroCount).
  public static func / (matrix: SparseMatrix, scalar: Scalar) -> SparseMatrix {
    matrix.mapValues { $0 / scalar }
  }

  /// The same structure with `transform` applied to every stored value.
  internal func mapValues(_ transform: (Scalar) -> Scalar) -> SparseMatrix {
    var result = self
    result.values = values.map(transform)
    return result
  }

  /// The transpose, again in compressed rows.
  ///
  /// - Complexity: O(rows + columns + nonzeroCount) (a counting sort).
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  public func transposed() -> SparseMatrix {
    var starts = [Int](repeating: 0, count: columnCount + 1)
    for column in columnIndices { starts[Int(column) + 1] += 1 }
    for column in 0..<columnCount { starts[column + 1] += starts[column] }
    var next = Array(starts.dropLast())
    var rows = [Int32](repeating: 0, count: nonzeroCount)
    var transposedValues = [Scalar](repeating: 0, count: nonzeroCount)
    for row in 0..<rowCount {
      for k in rowStarts[row]..<rowStarts[row + 1] {
        let column = Int(columnIndices[k])
        let slot = next[column]
        rows[slot] = Int32(truncatingIfNeeded: row)
        transposedValues[slot] = values[k]
        next[column] = slot + 1
      }
    }
    return SparseMatrix(
      uncheckedRows: columnCount, columns: rowCount, rowStarts: starts, columnIndices: rows,
      values: transposedValues)
  }
}
