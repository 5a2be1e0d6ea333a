/// A sparse matrix in compressed rows (CSR): only the stored entries take
/// memory, so a 100,000×100,000 matrix with five entries a row needs
/// about 6 MB rather than 80 GB.
///
/// Row `i` holds the entries `columnIndices[k]`, `values[k]` for `k` in
/// `rowStarts[i]..<rowStarts[i + 1]`, with increasing, distinct column
/// indices. Every other element is zero. The storage is Swift's, and the C++
/// core reads it in place. Like ``Matrix`` it is a value with copy-on-write
/// storage.
///
///     let poisson = SparseMatrix<Double>(rows: 3, columns: 3, entries: [
///       (0, 0, 2), (0, 1, -1), (1, 0, -1), (1, 1, 2), (1, 2, -1), (2, 1, -1), (2, 2, 2),
///     ])
///     let x = try poisson.solve([1, 0, 1])   // [1, 1, 1]
public struct SparseMatrix<Scalar: RealMatrixScalar>: Sendable {
  /// The number of rows.
  public let rowCount: Int
  /// The number of columns.
  public let columnCount: Int
  /// Where each row's entries start in ``columnIndices`` and ``values``;
  /// `rowCount + 1` elements, the last one ``nonzeroCount``.
  public internal(set) var rowStarts: [Int]
  /// The column of each stored entry, increasing within a row; 32-bit, as
  /// scipy's are, which takes a fifth off the memory a product streams.
  public internal(set) var columnIndices: [Int32]
  /// The value of each stored entry.
  public internal(set) var values: [Scalar]

  /// The number of stored entries (explicit zeros included).
  public var nonzeroCount: Int { values.count }

  /// Traps unless `rows` is non-negative and `columns` is in
  /// `0...Int32.max` (column indices are 32-bit).
  internal static func checkShape(_ rows: Int, _ columns: Int) {
    precondition(
      rows >= 0 && columns >= 0 && columns <= Int(Int32.max),
      "SparseMatrix needs rows >= 0 and 0 <= columns <= \(Int32.max); got \(rows)×\(columns)")
  }

  /// "rows×columns", for messages.
  internal var shapeDescription: String { "\(rowCount)×\(columnCount)" }

  /// A matrix from CSR arrays the caller vouches for (checked only in debug
  /// builds of this package).
  internal init(
    uncheckedRows rows: Int, columns: Int, rowStarts: [Int], columnIndices: [Int32], values: [Scalar]
  ) {
    self.rowCount = rows
    self.columnCount = columns
    self.rowStarts = rowStarts
    self.columnIndices = columnIndices
    self.values = values
    assert(
      rowStarts.count == rows + 1 && columnIndices.count == values.count && rowStarts.last == values.count)
  }

  /// The rows×columns zero matrix (no stored entries).
  ///
  /// - Precondition: `rows` and `columns` are not negative.
  public init(rows: Int, columns: Int) {
    Self.checkShape(rows, columns)
    self.init(
      uncheckedRows: rows, columns: columns, rowStarts: [Int](repeating: 0, count: rows + 1),
      columnIndices: [],
      values: [])
  }

  /// A matrix from its CSR arrays, checked.
  ///
  /// - Precondition: `rowStarts` has `rows + 1` non-decreasing elements from 0
  ///   to `values.count`; `columnIndices` has as many elements as `values`,
  ///   each in `0..<columns` and increasing within each row.
  /// - Complexity: O(rows + nonzeroCount).
  public init(rows: Int, columns: Int, rowStarts: [Int], columnIndices: [Int32], values: [Scalar]) {
    Self.checkShape(rows, columns)
    precondition(
      rowStarts.count == rows + 1 && rowStarts.first == 0 && rowStarts.last == values.count,
      "SparseMatrix: rowStarts needs \(rows + 1) elements from 0 to \(values.count); got \(rowStarts.count)")
    precondition(
      columnIndices.count == values.count,
      "SparseMatrix: \(columnIndices.count) column indices for \(values.count) values")
    for row in 0..<rows {
      let (start, end) = (rowStarts[row], rowStarts[row + 1])
      precondition(start <= end, "SparseMatrix: rowStarts decreases at row \(row)")
      var previous = -1
      for k in start..<end {
        let column = Int(columnIndices[k])
        precondition(
          column > previous && column < columns,
          "SparseMatrix: column index \(column) of row \(row) is out of 0..<\(columns) or not increasing")
        previous = column
      }
    }
    self.init(
      uncheckedRows: rows, columns: columns, rowStarts: rowStarts, columnIndices: columnIndices,
      values: values)
  }

  /// A matrix from (row, column, value) triplets; the values of repeated
  /// positions are summed, as scipy's COO to CSR conversion does.
  /// Explicit zeros (given, or sums that cancel) stay stored, as in scipy;
  /// ``init(_:)`` from a dense matrix stores only the nonzeros.
  ///
  ///     let a = SparseMatrix<Double>(rows: 2, columns: 2, entries: [(0, 0, 1), (1, 1, 2), (0, 0, 3)])
  ///     a[0, 0]   // 4
  ///
  /// - Precondition: every row is in `0..<rows` and every column in `0..<columns`.
  /// - Complexity: O(rows + e log e) for e entries (a counting sort by row,
  ///   then a sort within each row).
  public init(rows: Int, columns: Int, entries: [(row: Int, column: Int, value: Scalar)]) {
    Self.checkShape(rows, columns)
    self = Self.fromTriplets(rows: rows, columns: columns, entries: entries)
  }

  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  internal static func fromTriplets(
    rows: Int, columns: Int, entries: [(row: Int, column: Int, value: Scalar)]
  ) -> SparseMatrix {
    // rowStarts[r + 1] first counts row r's entries and then, summed, is
    // where row r + 1 starts. While the entries are placed, rowStarts[r] is
    // row r's next free slot, so afterwards it is where row r ends. One
    // array of rows + 1 offsets, not three: a Matrix Market header may ask
    // for 2^31 − 1 rows.
    var rowStarts = [Int](repeating: 0, count: rows + 1)
    var (descents, previousRow) = (0, 0)
    for entry in entries {
      precondition(
        entry.row >= 0 && entry.row < rows && entry.column >= 0 && entry.column < columns,
        "SparseMatrix: entry (\(entry.row), \(entry.column)) is outside a \(rows)×\(columns) matrix")
      rowStarts[entry.row + 1] += 1
      descents += entry.row < previousRow ? 1 : 0
      previousRow = entry.row
    }
    for row in 0..<rows { rowStarts[row + 1] += rowStarts[row] }
    var bucketColumns = [Int32](repeating: 0, count: entries.count)
    var bucketValues = [Scalar](repeating: 0, count: entries.count)
    // Through buffer pointers: the slots are in range by construction, and
    // the arrays' own checks doubled the time. 2D Poisson with 10^6 rows,
    // medians of five: from entries by rows 239 ms before this function's
    // changes, 61–67 ms after; in random order 568 and 260–327 ms (scipy's
    // COO to CSR with sum_duplicates: 82 and 173 ms). Entries in random
    // order then went through row blocks: medians of seven, 170–201 ms
    // against 290 ms placed directly (scipy the same day: 182–222 ms; by
    // rows, ours 73–81 ms, scipy 55–67 ms).
    let written = rowStarts.withUnsafeMutableBufferPointer { rowStarts in
      bucketColumns.withUnsafeMutableBufferPointer { bucketColumns in
        bucketValues.withUnsafeMutableBufferPointer { bucketValues in
          // Through row blocks from 2^18 entries when more than one in
          // sixteen goes to a lower row than the one before: entries by
          // rows, a few restarts included, stay on the direct loop, which
          // then writes in sequence.
          if entries.count >= placementThroughBlocksMinimum && descents > entries.count / 16 {
            placeThroughRowBlocks(entries, rows, rowStarts, bucketColumns, bucketValues)
          } else {
            for entry in entries {
              let slot = rowStarts[entry.row]
              bucketColumns[slot] = Int32(truncatingIfNeeded: entry.column)
              bucketValues[slot] = entry.value
              rowStarts[entry.row] = slot + 1
            }
          }
          return sortAndSumRows(rows, rowStarts, bucketColumns, bucketValues)
        }
      }
    }
    bucketColumns.removeLast(entries.count - written)
    bucketValues.removeLast(entries.count - written)
    return SparseMatrix(
      uncheckedRows: rows, columns: columns, rowStarts: rowStarts, columnIndices: bucketColumns,
      values: bucketValues)
  }

  /// The number of entries from which ``fromTriplets(rows:columns:entries:)``
  /// places entries given out of row order through row blocks.
  private static var placementThroughBlocksMinimum: Int { 1 << 18 }

  /// Places the entries by row as the direct loop of
  /// ``fromTriplets(rows:columns:entries:)`` does (row r's next free slot in
  /// `rowStarts[r]`, its entries in their given order), for entries given
  /// out of row order: placed directly, each entry writes to a random place
  /// in two arrays too large for the cache. Here a first pass groups the
  /// entries by blocks of at most 2^s rows (at most 1024 blocks, so every
  /// block's next slot stays in cache and the writes run in sequence), and
  /// a second pass places each block's entries, copied out first, within
  /// the block's own part of the arrays, which fits in the cache.
  private static func placeThroughRowBlocks(
    _ entries: [(row: Int, column: Int, value: Scalar)], _ rows: Int,
    _ rowStarts: UnsafeMutableBufferPointer<Int>, _ columns: UnsafeMutableBufferPointer<Int32>,
    _ values: UnsafeMutableBufferPointer<Scalar>
  ) {
    var shift = 0
    while (rows - 1) >> shift >= 1024 { shift += 1 }
    let blockCount = ((rows - 1) >> shift) + 1
    let blockStarts = (0..<blockCount).map { rowStarts[$0 << shift] }
    var blockEnds = blockStarts
    var localRows = [UInt32](repeating: 0, count: entries.count)
    localRows.withUnsafeMutableBufferPointer { localRows in
      blockEnds.withUnsafeMutableBufferPointer { blockEnds in
        for entry in entries {
          let block = entry.row >> shift
          let slot = blockEnds[block]
          localRows[slot] = UInt32(truncatingIfNeeded: entry.row - (block << shift))
          columns[slot] = Int32(truncatingIfNeeded: entry.column)
          values[slot] = entry.value
          blockEnds[block] = slot + 1
        }
      }
      let largest = zip(blockStarts, blockEnds).map { $1 - $0 }.max() ?? 0
      let scratchRows = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: largest)
      let scratchColumns = UnsafeMutableBufferPointer<Int32>.allocate(capacity: largest)
      let scratchValues = UnsafeMutableBufferPointer<Scalar>.allocate(capacity: largest)
      defer {
        scratchRows.deallocate()
        scratchColumns.deallocate()
        scratchValues.deallocate()
      }
      for block in 0..<blockCount {
        let (start, count) = (blockStarts[block], blockEnds[block] - blockStarts[block])
        for k in 0..<count {
          (scratchRows[k], scratchColumns[k], scratchValues[k]) =
            (localRows[start + k], columns[start + k], values[start + k])
        }
        let firstRow = block << shift
        for k in 0..<count {
          let row = firstRow + Int(scratchRows[k])
          let slot = rowStarts[row]
          (columns[slot], values[slot]) = (scratchColumns[k], scratchValues[k])
          rowStarts[row] = slot + 1
        }
      }
    }
  }

  /// Sorts each row of entries placed by row (row r in
  /// `rowEnds[r - 1]..<rowEnds[r]`, from 0 for row 0) by column and sums
  /// duplicates in their given order, compacting in place; `rowEnds`
  /// becomes the rows' starts (`rowEnds[r + 1]` where compacted row r ends,
  /// `rowEnds[0]` = 0). Returns the number of entries kept.
  private static func sortAndSumRows(
    _ rows: Int, _ rowEnds: UnsafeMutableBufferPointer<Int>, _ columns: UnsafeMutableBufferPointer<Int32>,
    _ values: UnsafeMutableBufferPointer<Scalar>
  ) -> Int {
    var written = 0
    var (start, end) = (0, rows > 0 ? rowEnds[0] : 0)
    var order: [Int] = []
    var rowColumns: [Int32] = []
    var rowValues: [Scalar] = []
    for row in 0..<rows {
      let nextEnd = rowEnds[row + 1]
      let rowStart = written
      if end - start <= 32 {
        // A short row (every row of a stencil or a mesh): a stable insertion
        // sort in place.
        for i in (start + 1)..<Swift.max(start + 1, end) {
          let (column, value) = (columns[i], values[i])
          var j = i
          while j > start && columns[j - 1] > column {
            (columns[j], values[j]) = (columns[j - 1], values[j - 1])
            j -= 1
          }
          (columns[j], values[j]) = (column, value)
        }
      } else {
        // A long row: a sort of its positions by (column, position), stable
        // as well, and the row permuted through two scratch arrays.
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: start..<end)
        let isSorted = zip(order, order.dropFirst()).allSatisfy { columns[$0] <= columns[$1] }
        if !isSorted {
          order.sort { (columns[$0], $0) < (columns[$1], $1) }
          rowColumns.removeAll(keepingCapacity: true)
          rowValues.removeAll(keepingCapacity: true)
          for k in order {
            rowColumns.append(columns[k])
            rowValues.append(values[k])
          }
          for k in 0..<rowColumns.count {
            (columns[start + k], values[start + k]) = (rowColumns[k], rowValues[k])
          }
        }
      }
      // Duplicates summed in their given order while the row moves down.
      for k in start..<end {
        if written > rowStart && columns[written - 1] == columns[k] {
          values[written - 1] += values[k]
        } else {
          (columns[written], values[written]) = (columns[k], values[k])
          written += 1
        }
      }
      rowEnds[row + 1] = written
      (start, end) = (end, nextEnd)
    }
    if rows > 0 { rowEnds[0] = 0 }
    return written
  }

  /// The nonzero elements of a dense matrix.
  ///
  /// - Complexity: O(rows × columns).
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  public init(_ dense: Matrix<Scalar>) {
    let (m, n) = (dense.rowCount, dense.columnCount)
    var rowStarts = [0]
    rowStarts.reserveCapacity(m + 1)
    Self.checkShape(m, n)
    var columnIndices: [Int32] = []
    var values: [Scalar] = []
    dense.storage.withUnsafeBufferPointer { elements in
      let count = elements.reduce(0) { $1 != 0 ? $0 + 1 : $0 }
      columnIndices.reserveCapacity(count)
      values.reserveCapacity(count)
      for row in 0..<m {
        for column in 0..<n where elements[row * n + column] != 0 {
          columnIndices.append(Int32(column))
          values.append(elements[row * n + column])
        }
        rowStarts.append(values.count)
      }
    }
    self.init(
      uncheckedRows: dense.rowCount, columns: dense.columnCount, rowStarts: rowStarts,
      columnIndices: columnIndices,
      values: values)
  }

  /// The element at `row`, `column` (zero where nothing is stored).
  ///
  /// - Precondition: the indices are inside the matrix.
  /// - Complexity: O(log k) for k entries in the row.
  public subscript(row: Int, column: Int) -> Scalar {
    precondition(
      row >= 0 && row < rowCount && column >= 0 && column < columnCount,
      "SparseMatrix: index (\(row), \(column)) is outside a \(shapeDescription) matrix")
    var low = rowStarts[row]
    var high = rowStarts[row + 1]
    while low < high {
      let middle = (low + high) / 2
      if Int(columnIndices[middle]) < column { low = middle + 1 } else { high = middle }
    }
    return low < rowStarts[row + 1] && Int(columnIndices[low]) == column ? values[low] : 0
  }

  /// The stored entries as (row, column, value) triplets, row by row.
  public var entries: [(row: Int, column: Int, value: Scalar)] {
    @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
    get {
      var result: [(row: Int, column: Int, value: Scalar)] = []
      result.reserveCapacity(nonzeroCount)
      for row in 0..<rowCount {
        for k in rowStarts[row]..<rowStarts[row + 1] {
          result.append((row, Int(columnIndices[k]), values[k]))
        }
      }
      return result
    }
  }
}

extension Matrix where Scalar: RealMatrixScalar {
  /// The dense form of a sparse matrix.
  ///
  /// - Complexity: O(rows × columns + nonzeroCount).
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  public init(_ sparse: SparseMatrix<Scalar>) {
    let n = sparse.columnCount
    var dense = Matrix(rows: sparse.rowCount, columns: n)
    dense.storage.withUnsafeMutableBufferPointer { elements in
      for row in 0..<sparse.rowCount {
        for k in sparse.rowStarts[row]..<sparse.rowStarts[row + 1] {
          elements[row * n + Int(sparse.columnIndices[k])] = sparse.values[k]
        }
      }
    }
    self = dense
  }
}

extension SparseMatrix: Equatable {
  /// Whether two sparse matrices have the same shape and the same elements
  /// (an explicitly stored zero equals a missing entry).
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  public static func == (lhs: SparseMatrix, rhs: SparseMatrix) -> Bool {
    guard lhs.rowCount == rhs.rowCount && lhs.columnCount == rhs.columnCount else { return false }
    let difference = lhs - rhs
    return difference.values.allSatisfy { $0 == 0 }
  }
}

extension SparseMatrix: CustomStringConvertible {
  /// The shape, the entry count and the first entries.
  public var description: String {
    let shown = entries.prefix(8).map { "(\($0.row), \($0.column)): \($0.value)" }
    let more = nonzeroCount > 8 ? ", …" : ""
    return
      "SparseMatrix<\(Scalar.self)> \(shapeDescription), \(nonzeroCount) stored: [\(shown.joined(separator: ", "))\(more)]"
  }
}
