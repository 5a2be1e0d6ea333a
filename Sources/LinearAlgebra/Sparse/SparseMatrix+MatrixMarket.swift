import Foundation

// Matrix Market exchange format (NIST; Boisvert, Pozo & Remington, "The
// Matrix Market Exchange Formats: Initial Design", 1996): the banner
// `%%MatrixMarket matrix <coordinate|array> <real|integer|pattern>
// <general|symmetric|skew-symmetric>`, comment lines, a size line and
// 1-based entries (array format: column by column).

extension SparseMatrix {
  /// Reads a matrix from Matrix Market text: coordinate or array format;
  /// real, integer or pattern values (pattern entries read as 1); general,
  /// symmetric or skew-symmetric (the stored triangle is mirrored).
  /// Repeated coordinate entries are summed.
  ///
  /// - Throws: ``MatrixMarketError`` naming the line when the banner is not
  ///   one of these, a count is wrong, the shape has more than 2^31 − 1
  ///   rows or columns, an index is out of range or a value is not a
  ///   number.
  /// - Complexity: O(text length + rows + entries log entries).
  public init(matrixMarket text: String) throws(MatrixMarketError) {
    var text = text
    let result: Result<SparseMatrix, MatrixMarketError> = text.withUTF8 { bytes in
      var reader = MatrixMarketReader(bytes)
      return reader.readResult()
    }
    self = try result.get()
  }

  /// Reads a Matrix Market file.
  ///
  /// - Throws: the file system's error when the file cannot be read, else
  ///   as ``init(matrixMarket:)``.
  public init(contentsOfMatrixMarket url: URL) throws {
    let text = try String(contentsOf: url, encoding: .utf8)
    try self.init(matrixMarket: text)
  }

  /// The matrix as Matrix Market text: `coordinate real general`, one entry
  /// a line in row order, values in their shortest exact decimal form.
  ///
  /// - Complexity: O(nonzeroCount).
  public func matrixMarketText() -> String {
    var text = "%%MatrixMarket matrix coordinate real general\n\(rowCount) \(columnCount) \(nonzeroCount)\n"
    text.reserveCapacity(text.utf8.count + nonzeroCount * 24)
    for row in 0..<rowCount {
      for k in rowStarts[row]..<rowStarts[row + 1] {
        text += "\(row + 1) \(columnIndices[k] + 1) \(values[k])\n"
      }
    }
    return text
  }

  /// Writes ``matrixMarketText()`` to a file.
  ///
  /// - Throws: the file system's error when the file cannot be written.
  public func writeMatrixMarket(to url: URL) throws {
    try matrixMarketText().write(to: url, atomically: true, encoding: .utf8)
  }
}
