internal import CXX

extension Matrix {
  /// A matrix assembled from a grid of blocks, like `numpy.block`: the
  /// blocks of a row of the grid share their row count, and every row of
  /// the grid has the same total column count.
  ///
  ///     let a = Matrix<Double>.identity(2)
  ///     let m = Matrix(blocks: [[a, 2 * a], [Matrix(rows: 1, columns: 4, repeating: 7)]])  // 3×4
  ///
  /// - Precondition: The blocks fit together as described; an empty grid
  ///   gives a 0×0 matrix.
  /// - Complexity: O(elements), row by row at memory speed.
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  public init(blocks: [[Matrix]]) {
    let nonEmptyRows = blocks.filter { !$0.isEmpty }
    let columns = nonEmptyRows.first.map { $0.reduce(0) { $0 + $1.columnCount } } ?? 0
    var rows = 0
    for (index, gridRow) in nonEmptyRows.enumerated() {
      let height = gridRow[0].rowCount
      for block in gridRow {
        precondition(
          block.rowCount == height,
          "Matrix(blocks:): the blocks of grid row \(index) need \(height) rows; got "
            + gridRow.map(\.shapeDescription).joined(separator: ", "))
      }
      let width = gridRow.reduce(0) { $0 + $1.columnCount }
      precondition(
        width == columns,
        "Matrix(blocks:): grid row \(index) is \(width) columns wide, grid row 0 is \(columns)")
      rows += height
    }
    // Every element is written once, straight into uninitialized storage,
    // by the core's block copy (streaming stores across the pool when large).
    // A complex block is the real block of twice the width.
    let kind = CoreElementKind(Scalar.self)
    let reals = kind.realsPerElement
    self.init(rows: rows, columns: columns) { destination in
      guard let destination else { return }
      adviseLargePages(
        UnsafeMutableRawPointer(destination), byteCount: rows * columns * MemoryLayout<Scalar>.stride)
      var top = 0
      for gridRow in nonEmptyRows {
        var left = 0
        for block in gridRow {
          block.storage.withUnsafeBufferPointer { source in
            guard let source = source.baseAddress else { return }
            let target = destination + top * columns + left
            let (height, width) = (block.rowCount, block.columnCount * reals)
            let status: core.Status
            switch kind {
            case .double, .complexDouble:
              status = core.copyBlockInto(
                source.asDouble, width, height, width, target.asDouble, columns * reals)
            case .float, .complexFloat:
              status = core.copyBlockInto(
                source.asFloat, width, height, width, target.asFloat, columns * reals)
            }
            status.expectSuccess("Matrix(blocks:) copying a \(block.shapeDescription) block")
          }
          left += block.columnCount
        }
        top += gridRow[0].rowCount
      }
    }
  }

  /// The matrices stacked on top of each other (`numpy.vstack`).
  ///
  /// - Precondition: All have the same column count.
  /// - Complexity: O(elements).
  public static func vstack(_ matrices: [Matrix]) -> Matrix {
    if let first = matrices.first {
      for (index, matrix) in matrices.enumerated() where matrix.columnCount != first.columnCount {
        preconditionFailure(
          "vstack needs equal column counts; matrix 0 is \(first.shapeDescription), matrix \(index) is "
            + matrix.shapeDescription)
      }
    }
    return Matrix(blocks: matrices.map { [$0] })
  }

  /// The matrices side by side (`numpy.hstack`).
  ///
  /// - Precondition: All have the same row count.
  /// - Complexity: O(elements).
  public static func hstack(_ matrices: [Matrix]) -> Matrix {
    if let first = matrices.first {
      for (index, matrix) in matrices.enumerated() where matrix.rowCount != first.rowCount {
        preconditionFailure(
          "hstack needs equal row counts; matrix 0 is \(first.shapeDescription), matrix \(index) is "
            + matrix.shapeDescription)
      }
    }
    return matrices.isEmpty ? Matrix(rows: 0, columns: 0) : Matrix(blocks: [matrices])
  }

  /// The same elements in row-major order, in a new shape
  /// (`numpy.reshape` with order "C").
  ///
  /// - Precondition: `rows * columns == rowCount * columnCount`.
  /// - Complexity: O(1) until either copy is mutated (copy-on-write).
  @inlinable
  public func reshaped(rows: Int, columns: Int) -> Matrix {
    let count = Self.elementCount(rows: rows, columns: columns)
    precondition(
      count == storage.count, "Cannot reshape a \(shapeDescription) matrix to \(rows)×\(columns)")
    return Matrix(rowCount: rows, columnCount: columns, storage: storage)
  }

  /// The matrix with `transform` applied to every element.
  ///
  /// - Complexity: O(elements).
  @inlinable
  public func map(_ transform: (Scalar) throws -> Scalar) rethrows -> Matrix {
    Matrix(rowCount: rowCount, columnCount: columnCount, storage: try storage.map(transform))
  }
}
