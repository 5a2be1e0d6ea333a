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
    var reader = MatrixMarketReader(text)
    self = try reader.read()
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

/// The parser behind ``SparseMatrix/init(matrixMarket:)``: walks the lines of
/// the text once.
struct MatrixMarketReader {
  private var lines: [Substring]
  private var index = 0

  init(_ text: String) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// The line just after the text's last one, for what is missing at its end.
  private var endLine: Int { lines.last?.isEmpty == true ? lines.count : lines.count + 1 }

  /// The next line that is neither blank nor a comment, split into fields,
  /// with its 1-based number; nil at the end.
  private mutating func nextFields() -> (fields: [Substring], line: Int)? {
    while index < lines.count {
      let line = lines[index]
      index += 1
      let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
      if fields.isEmpty || fields[0].hasPrefix("%") { continue }
      return (fields, index)
    }
    return nil
  }

  enum Field { case real, integer, pattern }
  enum Symmetry { case general, symmetric, skewSymmetric }

  mutating func read<Scalar: RealMatrixScalar>() throws(MatrixMarketError) -> SparseMatrix<Scalar> {
    guard let banner = lines.first, !(lines.count == 1 && banner.isEmpty) else {
      throw MatrixMarketError(line: 1, reason: "the text is empty")
    }
    index = 1
    let words = banner.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
    guard words.count == 5, words[0] == "%%matrixmarket" else {
      throw MatrixMarketError(
        line: 1,
        reason: "the banner must be '%%MatrixMarket matrix <format> <field> <symmetry>'; got '\(banner)'")
    }
    guard words[1] == "matrix" else {
      throw MatrixMarketError(line: 1, reason: "the object '\(words[1])' is not supported (only 'matrix')")
    }
    let isArray: Bool
    switch words[2] {
    case "coordinate": isArray = false
    case "array": isArray = true
    default: throw MatrixMarketError(line: 1, reason: "unknown format '\(words[2])' (coordinate or array)")
    }
    let field: Field
    switch words[3] {
    case "real", "double": field = .real
    case "integer": field = .integer
    case "pattern" where !isArray: field = .pattern
    default:
      throw MatrixMarketError(
        line: 1, reason: "the field '\(words[3])' is not supported (real, integer, or pattern for coordinate)"
      )
    }
    let symmetry: Symmetry
    switch words[4] {
    case "general": symmetry = .general
    case "symmetric": symmetry = .symmetric
    case "skew-symmetric": symmetry = .skewSymmetric
    default:
      throw MatrixMarketError(
        line: 1, reason: "the symmetry '\(words[4])' is not supported (general, symmetric or skew-symmetric)")
    }

    guard let (sizeFields, sizeLine) = nextFields() else {
      throw MatrixMarketError(line: endLine, reason: "the size line is missing")
    }
    guard sizeFields.count == (isArray ? 2 : 3) else {
      throw MatrixMarketError(
        line: sizeLine, reason: "the size line needs \(isArray ? "'rows columns'" : "'rows columns entries'")"
      )
    }
    var sizes: [Int] = []
    for text in sizeFields {
      guard let value = Int(text), value >= 0 else {
        throw MatrixMarketError(line: sizeLine, reason: "'\(text)' is not a non-negative integer")
      }
      sizes.append(value)
    }
    let (rows, columns) = (sizes[0], sizes[1])
    if symmetry != .general && rows != columns {
      throw MatrixMarketError(
        line: sizeLine, reason: "a \(words[4]) matrix must be square; got \(rows)×\(columns)")
    }
    // Column indices are 32-bit (SparseMatrix); rows get the same bound,
    // which also keeps the counts below from overflowing.
    guard rows <= Int(Int32.max), columns <= Int(Int32.max) else {
      throw MatrixMarketError(
        line: sizeLine,
        reason: "the shape \(rows)×\(columns) is too large (rows and columns at most \(Int32.max))")
    }
    let product = rows * columns

    var entries: [(row: Int, column: Int, value: Scalar)] = []
    func add(_ row: Int, _ column: Int, _ value: Scalar, line: Int) throws(MatrixMarketError) {
      switch symmetry {
      case .general:
        entries.append((row, column, value))
      case .symmetric:
        guard row >= column else {
          throw MatrixMarketError(
            line: line,
            reason: "a symmetric matrix stores its lower triangle; got (\(row + 1), \(column + 1))")
        }
        entries.append((row, column, value))
        if row != column { entries.append((column, row, value)) }
      case .skewSymmetric:
        guard row > column else {
          throw MatrixMarketError(
            line: line,
            reason:
              "a skew-symmetric matrix stores its strict lower triangle; got (\(row + 1), \(column + 1))")
        }
        entries.append((row, column, value))
        entries.append((column, row, -value))
      }
    }

    if isArray {
      // Column by column; the symmetric kinds store only their lower triangle.
      let expected: Int
      switch symmetry {
      case .general: expected = product
      case .symmetric: expected = rows * (rows + 1) / 2
      case .skewSymmetric: expected = rows * (rows - 1) / 2
      }
      var column = 0
      var row = symmetry == .skewSymmetric ? 1 : 0
      var read = 0
      while let (fields, line) = nextFields() {
        guard read < expected else {
          throw MatrixMarketError(
            line: line, reason: "more values than the \(expected) the size line implies")
        }
        guard fields.count == 1 else {
          throw MatrixMarketError(line: line, reason: "an array entry is one value")
        }
        while row >= rows {
          column += 1
          row = symmetry == .general ? 0 : (symmetry == .symmetric ? column : column + 1)
        }
        let value: Scalar = try Self.value(fields[0], field: field, line: line)
        if value != 0 { try add(row, column, value, line: line) }
        row += 1
        read += 1
      }
      guard read == expected else {
        throw MatrixMarketError(
          line: endLine, reason: "\(read) values for the \(expected) the size line implies")
      }
    } else {
      let expected = sizes[2]
      var read = 0
      while let (fields, line) = nextFields() {
        guard read < expected else {
          throw MatrixMarketError(
            line: line, reason: "more entries than the \(expected) the size line declares")
        }
        guard fields.count == (field == .pattern ? 2 : 3) else {
          throw MatrixMarketError(
            line: line,
            reason: field == .pattern ? "a pattern entry is 'row column'" : "an entry is 'row column value'")
        }
        guard let row = Int(fields[0]), let column = Int(fields[1]) else {
          throw MatrixMarketError(line: line, reason: "'\(fields[0]) \(fields[1])' are not integer indices")
        }
        guard row >= 1, row <= rows, column >= 1, column <= columns else {
          throw MatrixMarketError(
            line: line,
            reason: "index (\(row), \(column)) is outside the \(rows)×\(columns) matrix (indices start at 1)")
        }
        let value: Scalar = field == .pattern ? 1 : try Self.value(fields[2], field: field, line: line)
        try add(row - 1, column - 1, value, line: line)
        read += 1
      }
      guard read == expected else {
        throw MatrixMarketError(
          line: endLine, reason: "\(read) entries for the \(expected) the size line declares")
      }
    }
    return SparseMatrix(rows: rows, columns: columns, entries: entries)
  }

  private static func value<Scalar: RealMatrixScalar>(
    _ text: Substring, field: Field, line: Int
  ) throws(MatrixMarketError) -> Scalar {
    if field == .integer {
      guard let integer = Int(text) else {
        throw MatrixMarketError(line: line, reason: "'\(text)' is not an integer")
      }
      return Scalar(integer)
    }
    guard let real = Double(text) else {
      throw MatrixMarketError(line: line, reason: "'\(text)' is not a number")
    }
    return Scalar(real)
  }
}
