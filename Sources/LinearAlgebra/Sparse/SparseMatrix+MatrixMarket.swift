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
  /// Repeated coordinate entries are summed. A value is the Scalar nearest
  /// its text, as `Double(_:)` or `Float(_:)` reads it.
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
  /// The file's bytes are read as they are, without first making a `String`
  /// of them (which checked the UTF-8 of a 170 MB file in 0.3 s): only the
  /// format's ASCII structure matters, and comments may hold any bytes.
  ///
  /// - Throws: the file system's error when the file cannot be read, else
  ///   as ``init(matrixMarket:)``.
  public init(contentsOfMatrixMarket url: URL) throws {
    let data = try Data(contentsOf: url)
    let result: Result<SparseMatrix, MatrixMarketError> = data.withUnsafeBytes { raw in
      var reader = MatrixMarketReader(raw.bindMemory(to: UInt8.self))
      return reader.readResult()
    }
    self = try result.get()
  }

  /// The matrix as Matrix Market text: `coordinate real general`, one entry
  /// a line in row order, values in their shortest exact decimal form.
  ///
  /// - Complexity: O(nonzeroCount).
  public func matrixMarketText() -> String {
    String(decoding: matrixMarketBytes(), as: UTF8.self)
  }

  /// Writes ``matrixMarketText()`` to a file.
  ///
  /// - Throws: the file system's error when the file cannot be written.
  public func writeMatrixMarket(to url: URL) throws {
    // The bytes written from the array itself, without a copy into `Data`.
    var bytes = matrixMarketBytes()
    try bytes.withUnsafeMutableBytes { raw in
      try Data(bytesNoCopy: raw.baseAddress!, count: raw.count, deallocator: .none).write(
        to: url, options: .atomic)
    }
  }

  /// ``matrixMarketText()`` as UTF-8 bytes, the indices written digit by
  /// digit (string interpolation for every entry took 2.7–4.4 s for the
  /// 4,996,000 entries of a 10^6-row Poisson matrix) and the values through
  /// ``MatrixMarketByteSink``.
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  private func matrixMarketBytes() -> [UInt8] {
    var sink = MatrixMarketByteSink()
    sink.bytes = Array(
      "%%MatrixMarket matrix coordinate real general\n\(rowCount) \(columnCount) \(nonzeroCount)\n".utf8)
    sink.bytes.reserveCapacity(sink.bytes.count + nonzeroCount * 24)
    for row in 0..<rowCount {
      for k in rowStarts[row]..<rowStarts[row + 1] {
        sink.appendIndex(row + 1)
        sink.appendIndex(Int(columnIndices[k]) + 1)
        let value = values[k]
        if Scalar.self == Double.self {
          unsafeBitCast(value, to: Double.self).write(to: &sink)
        } else if Scalar.self == Float.self {
          unsafeBitCast(value, to: Float.self).write(to: &sink)
        } else {
          sink.write("\(value)")
        }
        sink.bytes.append(UInt8(ascii: "\n"))
      }
    }
    return sink.bytes
  }
}
