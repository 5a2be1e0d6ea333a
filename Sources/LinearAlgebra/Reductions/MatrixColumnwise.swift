extension Matrix {
  /// Operations along each column (Eigen's `colwise()`): one result per
  /// column, and a column vector broadcast against every column. Sums,
  /// means, norms and broadcasting work for every scalar; `min()` and
  /// `max()` for real ones.
  ///
  ///     a.columnwise.sum()      // one per column, like numpy's a.sum(axis=0)
  ///     a.columnwise - weights  // weights (rowCount elements) from every column
  @inlinable
  public var columnwise: Columnwise { Columnwise(matrix: self) }

  /// A matrix seen column by column; see ``Matrix/columnwise``.
  @frozen
  public struct Columnwise: Sendable {
    /// The matrix.
    public let matrix: Matrix

    @inlinable
    init(matrix: Matrix) { self.matrix = matrix }

    /// The sum of each column, pairwise over the rows: `columnCount` values.
    ///
    /// - Complexity: O(elements), one pass in row order.
    @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
    @_specialize(where Scalar == Complex<Double>) @_specialize(where Scalar == Complex<Float>)
    public func sum() -> [Scalar] {
      let (m, n) = (matrix.rowCount, matrix.columnCount)
      return matrix.storage.withUnsafeBufferPointer { elements in
        [Scalar](uninitializedCount: n) { result, count in
          if n > 0 {
            result.baseAddress!.initialize(repeating: 0, count: n)
            if m > 0 {
              threadedPairwiseColumnSums(
                elements.baseAddress!, rows: m, columns: n, into: result.baseAddress!)
            }
          }
          count = n
        }
      }
    }

    /// The mean of each column (NaN for columns of no elements).
    public func mean() -> [Scalar] {
      let m = matrix.rowCount
      return sum().map { m == 0 ? Scalar(.nan) : $0 / Scalar(Scalar.RealType(m)) }
    }

    /// The Euclidean norm of each column (for a complex column, the norm of
    /// its real and imaginary parts together).
    public func norm() -> [Scalar.RealType] {
      matrix.transposed().rowwise.norm()
    }

    /// `vector` (with `rowCount` elements) applied to every column.
    /// Inlinable, as the element-wise arithmetic is: a caller gets the loop
    /// and `op` specialized for its `Scalar` (through the generic entry
    /// point, `op` is a witness-table thunk; a complex one took 84 ns per
    /// element).
    @inlinable @inline(__always)
    internal static func broadcast(
      _ lhs: Columnwise, _ vector: [Scalar], _ name: String, _ op: (Scalar, Scalar) -> Scalar
    ) -> Matrix {
      let matrix = lhs.matrix
      precondition(
        vector.count == matrix.rowCount,
        "columnwise \(name) needs a vector of \(matrix.rowCount) elements for a \(matrix.shapeDescription) "
          + "matrix; got \(vector.count)")
      var result = matrix
      let n = matrix.columnCount
      result.storage.withUnsafeMutableBufferPointer { elements in
        for row in 0..<matrix.rowCount {
          let value = vector[row]
          for column in 0..<n { elements[row * n + column] = op(elements[row * n + column], value) }
        }
      }
      return result
    }

    /// Every column plus `rhs`. - Precondition: `rhs.count == rowCount`.
    @inlinable
    public static func + (lhs: Columnwise, rhs: [Scalar]) -> Matrix { broadcast(lhs, rhs, "+", +) }
    /// Every column minus `rhs`. - Precondition: `rhs.count == rowCount`.
    @inlinable
    public static func - (lhs: Columnwise, rhs: [Scalar]) -> Matrix { broadcast(lhs, rhs, "-", -) }
    /// Every column times `rhs`, element by element. - Precondition: `rhs.count == rowCount`.
    @inlinable
    public static func * (lhs: Columnwise, rhs: [Scalar]) -> Matrix { broadcast(lhs, rhs, "*", *) }
    /// Every column divided by `rhs`, element by element. - Precondition: `rhs.count == rowCount`.
    @inlinable
    public static func / (lhs: Columnwise, rhs: [Scalar]) -> Matrix { broadcast(lhs, rhs, "/", /) }
  }
}

extension Matrix.Columnwise where Scalar: RealMatrixScalar {
  /// The smallest element of each column (NaN if the column holds NaN).
  ///
  /// - Precondition: `rowCount > 0`.
  public func min() -> [Scalar] { extremum(largest: false, "min") }

  /// The largest element of each column (NaN if the column holds NaN).
  ///
  /// - Precondition: `rowCount > 0`.
  public func max() -> [Scalar] { extremum(largest: true, "max") }

  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  private func extremum(largest: Bool, _ name: String) -> [Scalar] {
    precondition(
      matrix.rowCount > 0, "columnwise.\(name)() of a \(matrix.shapeDescription) matrix: columns are empty")
    var best = matrix.row(0)
    let n = matrix.columnCount
    matrix.storage.withUnsafeBufferPointer { elements in
      for row in 1..<matrix.rowCount {
        for column in 0..<n {
          let value = elements[row * n + column]
          if value.isNaN || (!best[column].isNaN && (largest ? value > best[column] : value < best[column])) {
            best[column] = value
          }
        }
      }
    }
    return best
  }
}
