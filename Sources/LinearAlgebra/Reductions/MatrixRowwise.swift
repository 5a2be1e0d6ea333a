extension Matrix {
  /// Operations along each row (Eigen's `rowwise()`): one result per row,
  /// and a row vector broadcast against every row. Sums, means, norms and
  /// broadcasting work for every scalar; `min()` and `max()` for real ones.
  ///
  ///     let centered = a.rowwise - a.columnwise.mean()   // every column's mean removed
  ///     let rowSums = a.rowwise.sum()                    // one per row
  @inlinable
  public var rowwise: Rowwise { Rowwise(matrix: self) }

  /// A matrix seen row by row; see ``Matrix/rowwise``.
  @frozen
  public struct Rowwise: Sendable {
    /// The matrix.
    public let matrix: Matrix

    @inlinable
    init(matrix: Matrix) { self.matrix = matrix }

    /// The sum of each row (pairwise), `rowCount` values.
    @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
    @_specialize(where Scalar == Complex<Double>) @_specialize(where Scalar == Complex<Float>)
    public func sum() -> [Scalar] {
      perRow(empty: 0) { pairwiseSum($0, $1) }
    }

    /// The mean of each row (NaN for rows of no elements).
    public func mean() -> [Scalar] {
      let n = Scalar(Scalar.RealType(matrix.columnCount))
      return sum().map { matrix.columnCount == 0 ? Scalar(.nan) : $0 / n }
    }

    /// The Euclidean norm of each row (for a complex row, the norm of its
    /// real and imaginary parts together).
    @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
    @_specialize(where Scalar == Complex<Double>) @_specialize(where Scalar == Complex<Float>)
    public func norm() -> [Scalar.RealType] {
      let realsPerElement = CoreElementKind(Scalar.self).realsPerElement
      return perRow(empty: 0) { start, count in
        UnsafeRawPointer(start).withMemoryRebound(to: Scalar.RealType.self, capacity: count * realsPerElement)
        {
          euclideanNorm(UnsafeBufferPointer(start: $0, count: count * realsPerElement))
        }
      }
    }

    /// `reduce` of each row's elements; `empty` for each row of a matrix
    /// with no columns.
    private func perRow<Result>(empty: Result, _ reduce: (UnsafePointer<Scalar>, Int) -> Result) -> [Result] {
      let (m, n) = (matrix.rowCount, matrix.columnCount)
      return matrix.storage.withUnsafeBufferPointer { elements in
        (0..<m).map { row in n == 0 ? empty : reduce(elements.baseAddress! + row * n, n) }
      }
    }

    /// `vector` (with `columnCount` elements) applied to every row.
    /// Inlinable, as the element-wise arithmetic is: a caller gets the loop
    /// and `op` specialized for its `Scalar` (through the generic entry
    /// point, `op` is a witness-table thunk; a complex one took 84 ns per
    /// element).
    @inlinable @inline(__always)
    internal static func broadcast(
      _ lhs: Rowwise, _ vector: [Scalar], _ name: String, _ op: (Scalar, Scalar) -> Scalar
    )
      -> Matrix
    {
      let matrix = lhs.matrix
      precondition(
        vector.count == matrix.columnCount,
        "rowwise \(name) needs a vector of \(matrix.columnCount) elements for a \(matrix.shapeDescription) "
          + "matrix; got \(vector.count)")
      var result = matrix
      let n = matrix.columnCount
      result.storage.withUnsafeMutableBufferPointer { elements in
        for row in 0..<matrix.rowCount {
          for column in 0..<n { elements[row * n + column] = op(elements[row * n + column], vector[column]) }
        }
      }
      return result
    }

    /// Every row plus `rhs`. - Precondition: `rhs.count == columnCount`.
    @inlinable
    public static func + (lhs: Rowwise, rhs: [Scalar]) -> Matrix { broadcast(lhs, rhs, "+", +) }
    /// Every row minus `rhs`. - Precondition: `rhs.count == columnCount`.
    @inlinable
    public static func - (lhs: Rowwise, rhs: [Scalar]) -> Matrix { broadcast(lhs, rhs, "-", -) }
    /// Every row times `rhs`, element by element. - Precondition: `rhs.count == columnCount`.
    @inlinable
    public static func * (lhs: Rowwise, rhs: [Scalar]) -> Matrix { broadcast(lhs, rhs, "*", *) }
    /// Every row divided by `rhs`, element by element. - Precondition: `rhs.count == columnCount`.
    @inlinable
    public static func / (lhs: Rowwise, rhs: [Scalar]) -> Matrix { broadcast(lhs, rhs, "/", /) }
  }
}

extension Matrix.Rowwise where Scalar: RealMatrixScalar {
  /// The smallest element of each row (NaN if the row holds NaN).
  ///
  /// - Precondition: `columnCount > 0`.
  public func min() -> [Scalar] { extremum(largest: false, "min") }

  /// The largest element of each row (NaN if the row holds NaN).
  ///
  /// - Precondition: `columnCount > 0`.
  public func max() -> [Scalar] { extremum(largest: true, "max") }

  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  private func extremum(largest: Bool, _ name: String) -> [Scalar] {
    precondition(
      matrix.columnCount > 0, "rowwise.\(name)() of a \(matrix.shapeDescription) matrix: rows are empty")
    return perRow(empty: .nan) { start, count in
      var best = start[0]
      for index in 0..<count {
        let value = start[index]
        if value.isNaN { return .nan }
        if largest ? value > best : value < best { best = value }
      }
      return best
    }
  }
}

/// The Euclidean norm of a vector, scaled so that neither overflow nor
/// underflow of the squares spoils it (LAPACK's `?nrm2` idea: divide by
/// the largest magnitude first).
@usableFromInline
@_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
internal func euclideanNorm<Scalar: RealMatrixScalar>(_ values: UnsafeBufferPointer<Scalar>) -> Scalar {
  var largest: Scalar = 0
  for value in values {
    if value.isNaN { return .nan }
    largest = Swift.max(largest, abs(value))
  }
  guard largest > 0, largest.isFinite else { return largest }
  var sum: Scalar = 0
  for value in values {
    let scaled = value / largest
    sum += scaled * scaled
  }
  return largest * sum.squareRoot()
}
