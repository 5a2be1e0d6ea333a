/// A dense real matrix with value semantics.
///
/// Elements are stored contiguously in row-major order: element `(i, j)` of an
/// `m×n` matrix is `elements[i * n + j]`. Storage is copy-on-write, so copies
/// are cheap until one of them is mutated. Products, solvers and
/// decompositions run in the package's C++ core (Eigen 3.4), which reads the
/// storage in place and writes results straight into freshly allocated
/// Swift storage.
///
///     let a: Matrix<Double> = [[1, 2], [3, 4]]
///     let b = a * a.transposed()
///     print(b)
@frozen
public struct Matrix<Scalar: MatrixScalar>: Sendable {
  /// The number of rows.
  public let rowCount: Int

  /// The number of columns.
  public let columnCount: Int

  /// The elements in row-major order; its count is `rowCount * columnCount`.
  @usableFromInline
  internal var storage: [Scalar]

  /// Creates a matrix from row-major storage whose count is already checked.
  /// (Inlinable: out of line, every inlined operation paid a generic call
  /// with a witness-table lookup to wrap its result.)
  @inlinable
  internal init(rowCount: Int, columnCount: Int, storage: [Scalar]) {
    self.rowCount = rowCount
    self.columnCount = columnCount
    self.storage = storage
  }

  /// Creates a `rows×columns` matrix with every element equal to `value`.
  ///
  /// - Precondition: `rows >= 0` and `columns >= 0`.
  /// - Complexity: O(rows · columns).
  @inlinable
  public init(rows: Int, columns: Int, repeating value: Scalar = 0) {
    let count = Self.elementCount(rows: rows, columns: columns)
    let storage = Self.makeStorage(count: count) { elements, initializedCount in
      elements.initialize(repeating: value, count: count)
      initializedCount = count
    }
    self.init(rowCount: rows, columnCount: columns, storage: storage)
  }

  /// Creates a `rows×columns` matrix from its elements in row-major order.
  ///
  ///     let a = Matrix<Double>(rows: 2, columns: 3, elements: [1, 2, 3, 4, 5, 6])
  ///     // a[1, 0] == 4
  ///
  /// - Precondition: `elements.count == rows * columns`.
  /// - Complexity: O(1) beyond the array's own copy-on-write.
  @inlinable
  public init(rows: Int, columns: Int, elements: [Scalar]) {
    let count = Self.elementCount(rows: rows, columns: columns)
    precondition(
      elements.count == count,
      "Matrix(rows: \(rows), columns: \(columns), elements:) needs \(count) elements, got \(elements.count)"
    )
    self.init(rowCount: rows, columnCount: columns, storage: elements)
  }

  /// Creates a matrix from an array of rows.
  ///
  /// An empty array gives a 0×0 matrix.
  ///
  /// - Precondition: Every row has the same number of elements.
  /// - Complexity: O(rows · columns).
  @inlinable
  public init(_ rows: [[Scalar]]) {
    let columns = rows.first?.count ?? 0
    var storage: [Scalar] = []
    storage.reserveCapacity(rows.count * columns)
    for (index, row) in rows.enumerated() {
      precondition(
        row.count == columns,
        "Matrix rows must all have \(columns) elements; row \(index) has \(row.count)")
      storage.append(contentsOf: row)
    }
    self.init(rowCount: rows.count, columnCount: columns, storage: storage)
  }

  /// Creates a `rows×columns` matrix whose element `(i, j)` is `element(i, j)`.
  ///
  ///     let hilbert = Matrix<Double>(rows: 3, columns: 3) { i, j in 1 / Double(i + j + 1) }
  ///
  /// - Precondition: `rows >= 0` and `columns >= 0`.
  /// - Complexity: O(rows · columns) calls of `element`.
  @inlinable
  public init(rows: Int, columns: Int, _ element: (_ row: Int, _ column: Int) throws -> Scalar)
    rethrows
  {
    let count = Self.elementCount(rows: rows, columns: columns)
    let storage = try Self.makeStorage(count: count) { elements, initializedCount in
      for row in 0..<rows {
        for column in 0..<columns {
          (elements + initializedCount).initialize(to: try element(row, column))
          initializedCount += 1
        }
      }
    }
    self.init(rowCount: rows, columnCount: columns, storage: storage)
  }

  /// Creates a matrix whose row-major storage is written by `initialize`.
  ///
  /// `initialize` receives a pointer to `rows * columns` uninitialized
  /// elements (nil when there are none) and must write all of them. This is
  /// how the core writes results straight into Swift-owned storage.
  @inlinable
  internal init<Failure: Error>(
    rows: Int, columns: Int,
    unsafeUninitialized initialize: (UnsafeMutablePointer<Scalar>?) throws(Failure) -> Void
  ) throws(Failure) {
    let count = Self.elementCount(rows: rows, columns: columns)
    if count <= smallStorageLimit {
      // Small results are allocated zeroed (see zeroedSmallArray).
      var storage = zeroedSmallArray(of: Scalar.self, count: count)
      try storage.withUnsafeMutableBufferPointer { (buffer) throws(Failure) in
        try initialize(buffer.baseAddress)
      }
      self.init(rowCount: rows, columnCount: columns, storage: storage)
      return
    }
    var failure: Failure?
    let storage = [Scalar](uninitializedCount: count) { buffer, initializedCount in
      do throws(Failure) {
        try initialize(buffer.baseAddress)
        initializedCount = count
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    self.init(rowCount: rows, columnCount: columns, storage: storage)
  }

  /// The element count of a `rows×columns` matrix, trapping on bad shapes.
  @inlinable
  internal static func elementCount(rows: Int, columns: Int) -> Int {
    precondition(rows >= 0 && columns >= 0, "Matrix shape \(rows)×\(columns) is negative")
    let (count, overflow) = rows.multipliedReportingOverflow(by: columns)
    precondition(!overflow, "Matrix shape \(rows)×\(columns) has too many elements")
    return count
  }
}

extension Matrix {
  /// Whether the matrix has as many rows as columns.
  @inlinable
  public var isSquare: Bool { rowCount == columnCount }

  /// The shape as text, `"m×n"`, for messages.
  @usableFromInline
  internal var shapeDescription: String { "\(rowCount)×\(columnCount)" }

  /// The elements in row-major order.
  ///
  /// - Complexity: O(1): the array shares the matrix's storage.
  @inlinable
  public var elements: [Scalar] { storage }

  /// Accesses the element in row `row` and column `column`.
  ///
  /// - Precondition: `0 <= row < rowCount` and `0 <= column < columnCount`.
  /// - Complexity: O(1), or O(rowCount · columnCount) for the first write to
  ///   storage that is shared with a copy.
  @inlinable
  public subscript(row: Int, column: Int) -> Scalar {
    get {
      checkIndex(row: row, column: column)
      return storage[row &* columnCount &+ column]
    }
    set {
      checkIndex(row: row, column: column)
      storage[row &* columnCount &+ column] = newValue
    }
  }

  /// Traps unless `(row, column)` is inside the matrix. The comparison is
  /// inlined into the caller's loop; the message is built out of line, so
  /// that the check stays two unsigned comparisons (a negative index wraps
  /// to a large unsigned one).
  @inlinable @inline(__always)
  internal func checkIndex(row: Int, column: Int) {
    if UInt(bitPattern: row) >= UInt(bitPattern: rowCount)
      || UInt(bitPattern: column) >= UInt(bitPattern: columnCount)
    {
      indexOutOfRange(row: row, column: column)
    }
  }

  /// Traps with the message that names `(row, column)` and the shape.
  @usableFromInline @inline(never)
  internal func indexOutOfRange(row: Int, column: Int) -> Never {
    preconditionFailure("Index (\(row), \(column)) is out of range for a \(shapeDescription) matrix")
  }
}
