/// A small dense matrix whose shape is part of its type, stored inline (no
/// heap allocation), for the 2×2 to 4×4 (and other small) matrices of
/// geometry, graphics, robotics and Kalman filters.
///
/// Shapes are checked by the type checker: a 3×4 times a 3×4 does not
/// compile. Every operation is pure Swift that the optimizer unrolls and
/// vectorizes for the concrete shape; nothing calls into the C++ core.
///
///     let r = StaticMatrix<3, 3, Double>([[0, -1, 0], [1, 0, 0], [0, 0, 1]])
///     let p = StaticMatrix<3, 1, Double>([[1], [2], [3]])
///     let q = r * p                        // StaticMatrix<3, 1, Double>
///     let back = try r.inverse() * q       // p again
///
/// Uses Swift's value generics and `InlineArray` (Swift 6.2; on Apple
/// platforms their 26 releases).
@available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
@frozen
public struct StaticMatrix<let Rows: Int, let Columns: Int, Scalar: RealMatrixScalar>: Sendable {
  /// The elements, row by row.
  @usableFromInline
  internal var storage: InlineArray<Rows, InlineArray<Columns, Scalar>>

  /// A matrix with every element equal to `value` (zero by default).
  ///
  /// - Complexity: O(Rows · Columns).
  @inlinable
  public init(repeating value: Scalar = 0) {
    storage = InlineArray(repeating: InlineArray(repeating: value))
  }

  /// A matrix whose element (i, j) is `element(i, j)`.
  ///
  /// - Complexity: O(Rows · Columns) calls of `element`.
  @inlinable
  public init(_ element: (_ row: Int, _ column: Int) throws -> Scalar) rethrows {
    self.init()
    for i in 0..<Rows {
      for j in 0..<Columns { storage[i][j] = try element(i, j) }
    }
  }

  /// A matrix from nested arrays, row by row.
  ///
  /// - Precondition: `rows` has `Rows` arrays of `Columns` elements each.
  @inlinable
  public init(_ rows: [[Scalar]]) {
    precondition(
      rows.count == Rows && rows.allSatisfy { $0.count == Columns },
      "StaticMatrix<\(Rows), \(Columns)> needs \(Rows) rows of \(Columns) elements; got "
        + "\(rows.count) rows of \(rows.map(\.count))")
    self.init { i, j in rows[i][j] }
  }

  /// The number of rows, `Rows`.
  @inlinable
  public var rowCount: Int { Rows }

  /// The number of columns, `Columns`.
  @inlinable
  public var columnCount: Int { Columns }

  /// Element (row, column).
  ///
  /// - Precondition: `0 <= row < Rows` and `0 <= column < Columns`.
  @inlinable
  public subscript(row: Int, column: Int) -> Scalar {
    get { storage[row][column] }
    set { storage[row][column] = newValue }
  }

  /// Calls `body` with the elements as one row-major buffer of
  /// `Rows * Columns` scalars (the inline storage, unchecked access).
  @inlinable @inline(__always)
  internal func withElements<Result>(_ body: (UnsafePointer<Scalar>) -> Result) -> Result {
    withUnsafePointer(to: storage) { pointer in
      pointer.withMemoryRebound(to: Scalar.self, capacity: Rows * Columns) { body($0) }
    }
  }

  /// Calls `body` with the elements as one mutable row-major buffer.
  @inlinable @inline(__always)
  internal mutating func withMutableElements<Result>(_ body: (UnsafeMutablePointer<Scalar>) -> Result)
    -> Result
  {
    withUnsafeMutablePointer(to: &storage) { pointer in
      pointer.withMemoryRebound(to: Scalar.self, capacity: Rows * Columns) { body($0) }
    }
  }

  /// The elements in row-major order.
  @inlinable
  public var elements: [Scalar] {
    var result: [Scalar] = []
    result.reserveCapacity(Rows * Columns)
    for i in 0..<Rows {
      for j in 0..<Columns { result.append(storage[i][j]) }
    }
    return result
  }
}

@available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
extension StaticMatrix where Rows == Columns {
  /// The identity matrix.
  @inlinable
  public static var identity: StaticMatrix {
    var result = StaticMatrix()
    for i in 0..<Rows { result.storage[i][i] = 1 }
    return result
  }
}
