#if canImport(Dispatch)
  import Dispatch
#endif

/// The parser behind ``SparseMatrix/init(matrixMarket:)``: walks the text's
/// UTF-8 bytes once, line by line (lines end at `\n`; fields are separated
/// by spaces, tabs and `\r`, so CRLF text reads too). Indices and decimals
/// of up to 19 significant digits are parsed from the bytes
/// (``DecimalParser``); other numbers go through `Double`'s own parser. A
/// coordinate line of the plain form `row column value` is read in one pass
/// (``nextCoordinateEntry(hasValue:)``).
///
/// Reading a 2D Poisson matrix of 10^6 rows (4,996,000 entries, 170 MB,
/// values of 16 or 17 significant digits as scipy.io.mmwrite writes them):
/// 16–17 s when lines and fields were split as `Substring`s of
/// `Character`s; 1.5–1.6 s from the bytes, with 17-digit values left to
/// `Double(_:)`; 0.49–0.61 s with those read by Eisel–Lemire and the
/// one-pass lines (scipy.io.mmread: 0.24 s, two threads); the entries of a
/// large text are now read in two halves on two threads
/// (``entriesOnTwoThreads(hasValue:symmetry:rows:columns:lines:capacity:)``).
struct MatrixMarketReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  /// Where the next line starts.
  private var position = 0
  /// The 1-based number of the line last read.
  private var lineNumber = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The line just after the text's last one, for what is missing at its end.
  private var endLine: Int {
    let newlines = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    return bytes.last == UInt8(ascii: "\n") ? newlines + 1 : newlines + 2
  }

  /// The first fields of a line (as byte ranges) and how many it has.
  struct Fields {
    private(set) var count = 0
    private var ranges: (Range<Int>, Range<Int>, Range<Int>, Range<Int>) = (0..<0, 0..<0, 0..<0, 0..<0)

    /// Adds a field; only the first four are kept (a count above the
    /// expected one is an error whatever the rest hold).
    mutating func append(_ range: Range<Int>) {
      switch count {
      case 0: ranges.0 = range
      case 1: ranges.1 = range
      case 2: ranges.2 = range
      case 3: ranges.3 = range
      default: break
      }
      count += 1
    }

    subscript(index: Int) -> Range<Int> {
      switch index {
      case 0: ranges.0
      case 1: ranges.1
      case 2: ranges.2
      default: ranges.3
      }
    }
  }

  /// The bytes of `range` as text, for messages and the banner.
  private func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// The next line's bytes (without its `\n`); nil at the end. A text
  /// that does not end with a newline ends with a line all the same.
  private mutating func nextLine() -> Range<Int>? {
    guard position < bytes.count else { return nil }
    let start = position
    var end = start
    while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
    position = end + 1
    lineNumber += 1
    return start..<end
  }

  /// The next line that is neither blank nor a comment, split into fields,
  /// with its 1-based number; nil at the end.
  private mutating func nextFields() -> (fields: Fields, line: Int)? {
    while let line = nextLine() {
      var fields = Fields()
      var index = line.lowerBound
      while index < line.upperBound {
        while index < line.upperBound && Self.isSeparator(bytes[index]) { index += 1 }
        guard index < line.upperBound else { break }
        let start = index
        while index < line.upperBound && !Self.isSeparator(bytes[index]) { index += 1 }
        fields.append(start..<index)
      }
      if fields.count == 0 || bytes[fields[0].lowerBound] == UInt8(ascii: "%") { continue }
      return (fields, lineNumber)
    }
    return nil
  }

  /// The next line when it is exactly `row column value` (or `row column`
  /// for a pattern file): unsigned decimal indices of at most 18 digits and
  /// a number ``DecimalParser`` reads, separated by spaces, tabs or `\r`,
  /// up to `\n` or the end of the text. The line is read in one pass (the
  /// general path finds the line's end, then its fields, then parses each).
  /// Nil, with nothing consumed, for any other line, which ``nextFields()``
  /// then reads. `valueBytes` is where the value's text lies (empty for a
  /// pattern line).
  private mutating func nextCoordinateEntry(
    hasValue: Bool
  ) -> (row: Int, column: Int, value: Double, valueBytes: Range<Int>)? {
    var index = position
    let end = bytes.count
    func unsignedInteger() -> Int? {
      let start = index
      var value = 0
      while index < end, case let digit = bytes[index] &- UInt8(ascii: "0"), digit <= 9 {
        value = value &* 10 &+ Int(digit)
        index += 1
      }
      let count = index - start
      return count > 0 && count <= 18 ? value : nil
    }
    func separators() -> Int {
      let start = index
      while index < end && Self.isSeparator(bytes[index]) { index += 1 }
      return index - start
    }
    guard let row = unsignedInteger(), separators() > 0, let column = unsignedInteger() else { return nil }
    var value = 1.0
    var valueBytes = index..<index
    if hasValue {
      guard separators() > 0 else { return nil }
      guard let (number, stop) = DecimalParser.number(bytes, from: index, limit: end) else { return nil }
      valueBytes = index..<stop
      index = stop
      value = number
    }
    _ = separators()
    guard index == end || bytes[index] == UInt8(ascii: "\n") else { return nil }
    position = index + 1
    lineNumber += 1
    return (row, column, value, valueBytes)
  }

  /// Throws unless (row, column) lies in the rows × columns matrix
  /// (indices start at 1).
  private static func checkIndex(
    _ row: Int, _ column: Int, rows: Int, columns: Int, line: Int
  ) throws(MatrixMarketError) {
    guard isInside(row, column, rows: rows, columns: columns) else {
      throw MatrixMarketError(
        line: line,
        reason: "index (\(row), \(column)) is outside the \(rows)×\(columns) matrix (indices start at 1)")
    }
  }

  /// Whether the 1-based (row, column) lies in the rows × columns matrix.
  private static func isInside(_ row: Int, _ column: Int, rows: Int, columns: Int) -> Bool {
    row >= 1 && row <= rows && column >= 1 && column <= columns
  }

  private static func isSeparator(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }

  enum Field { case real, integer, pattern }
  enum Symmetry { case general, symmetric, skewSymmetric }

  /// ``read()`` as a `Result`, specialized for Float and Double (the generic
  /// version built its tuples' metadata at run time; `@_specialize` on the
  /// typed-throws `read()` itself crashes the 6.3.1 compiler's
  /// EagerSpecializer).
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  mutating func readResult<Scalar: RealMatrixScalar>() -> Result<SparseMatrix<Scalar>, MatrixMarketError> {
    do throws(MatrixMarketError) {
      return .success(try read())
    } catch {
      return .failure(error)
    }
  }

  mutating func read<Scalar: RealMatrixScalar>() throws(MatrixMarketError) -> SparseMatrix<Scalar> {
    guard !bytes.isEmpty, let bannerLine = nextLine() else {
      throw MatrixMarketError(line: 1, reason: "the text is empty")
    }
    let banner = text(bannerLine)
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
    for index in 0..<sizeFields.count {
      guard let value = integer(sizeFields[index]), value >= 0 else {
        throw MatrixMarketError(
          line: sizeLine, reason: "'\(text(sizeFields[index]))' is not a non-negative integer")
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

    // Room for the entries the size line declares (twice that for the
    // mirrored kinds), but no more than the text can hold (an entry takes
    // at least two bytes), so that a false header cannot ask for more.
    let declared = isArray ? 0 : Swift.min(sizes[2], bytes.count / 2)
    let capacity = symmetry == .general ? declared : 2 * declared
    if !isArray && field != .integer,
      let entries: [(row: Int, column: Int, value: Scalar)] = entriesOnTwoThreads(
        hasValue: field == .real, symmetry: symmetry, rows: rows, columns: columns, lines: sizes[2],
        capacity: capacity)
    {
      return SparseMatrix(rows: rows, columns: columns, entries: entries)
    }
    var entries: [(row: Int, column: Int, value: Scalar)] = []
    entries.reserveCapacity(capacity)
    func add(_ row: Int, _ column: Int, _ value: Scalar, line: Int) throws(MatrixMarketError) {
      guard Self.stores(row, column, symmetry) else {
        throw MatrixMarketError(
          line: line,
          reason: symmetry == .symmetric
            ? "a symmetric matrix stores its lower triangle; got (\(row + 1), \(column + 1))"
            : "a skew-symmetric matrix stores its strict lower triangle; got (\(row + 1), \(column + 1))")
      }
      Self.append(row, column, value, symmetry, to: &entries)
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
        let value: Scalar = try number(fields[0], field: field, line: line)
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
      // Real and pattern lines of the plain form take the one-pass path;
      // any other line (comments, blank lines, errors, numbers it leaves to
      // Double(_:)) is split into fields and read as before.
      let onePass = field != .integer
      while true {
        let row: Int
        let column: Int
        let value: Scalar
        let line: Int
        if onePass, let entry = nextCoordinateEntry(hasValue: field == .real) {
          (row, column, line) = (entry.row, entry.column, lineNumber)
          value = field == .pattern ? 1 : scalar(entry.value, entry.valueBytes)
          guard read < expected else {
            throw MatrixMarketError(
              line: line, reason: "more entries than the \(expected) the size line declares")
          }
          try Self.checkIndex(row, column, rows: rows, columns: columns, line: line)
        } else {
          guard let (fields, fieldsLine) = nextFields() else { break }
          line = fieldsLine
          guard read < expected else {
            throw MatrixMarketError(
              line: line, reason: "more entries than the \(expected) the size line declares")
          }
          guard fields.count == (field == .pattern ? 2 : 3) else {
            throw MatrixMarketError(
              line: line,
              reason: field == .pattern ? "a pattern entry is 'row column'" : "an entry is 'row column value'"
            )
          }
          guard let fieldRow = integer(fields[0]), let fieldColumn = integer(fields[1]) else {
            throw MatrixMarketError(
              line: line, reason: "'\(text(fields[0])) \(text(fields[1]))' are not integer indices")
          }
          (row, column) = (fieldRow, fieldColumn)
          // The indices are checked before the value is read, so that a line
          // with both errors names its indices.
          try Self.checkIndex(row, column, rows: rows, columns: columns, line: line)
          value = field == .pattern ? 1 : try number(fields[2], field: field, line: line)
        }
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

  /// Whether a file of this symmetry may store the 0-based entry (row,
  /// column): any entry in a general file, the lower triangle in a
  /// symmetric one, the strict lower triangle in a skew-symmetric one.
  private static func stores(_ row: Int, _ column: Int, _ symmetry: Symmetry) -> Bool {
    switch symmetry {
    case .general: true
    case .symmetric: row >= column
    case .skewSymmetric: row > column
    }
  }

  /// Appends a stored entry and, for the symmetric kinds, its mirror image.
  private static func append<Scalar: RealMatrixScalar>(
    _ row: Int, _ column: Int, _ value: Scalar, _ symmetry: Symmetry,
    to entries: inout [(row: Int, column: Int, value: Scalar)]
  ) {
    entries.append((row, column, value))
    switch symmetry {
    case .general: break
    case .symmetric: if row != column { entries.append((column, row, value)) }
    case .skewSymmetric: entries.append((column, row, -value))
    }
  }

  /// The coordinate entries from here to the end of a large text (4 MiB and
  /// more), its two halves read on two threads when the matrix threads
  /// allow it. Blank lines and comments are passed over. Nil when some other
  /// line is not of the plain form that ``nextCoordinateEntry(hasValue:)``
  /// reads (an error, a number it leaves to `Double(_:)`), an entry is out
  /// of range or in the wrong triangle, or the entry lines are not the
  /// `lines` the size line declares: ``read()`` then reads the entries on
  /// one thread from the same place, and names the line of any error. The
  /// entries come in the text's order, so repeated entries are summed in
  /// the same order.
  ///
  /// 2D Poisson with 10^6 rows from scipy.io.mmwrite (4,996,000 entries,
  /// 173 MB, values of 16–17 significant digits), from memory: 0.37–0.39 s
  /// on one thread, 0.25–0.27 s on two, of which the two halves take 0.14 s
  /// each, joining their arrays 35 ms and the rows 50–60 ms. From the file,
  /// which `Data(contentsOf:)` reads in 90 ms: 0.47–0.60 s and 0.35–0.42 s
  /// (scipy.io.mmread, two threads: 0.19–0.36 s in the same hour).
  private func entriesOnTwoThreads<Scalar: RealMatrixScalar>(
    hasValue: Bool, symmetry: Symmetry, rows: Int, columns: Int, lines: Int, capacity: Int
  ) -> [(row: Int, column: Int, value: Scalar)]? {
    #if canImport(Dispatch)
      let start = position
      guard bytes.count - start >= 1 << 22, LinearAlgebraThreads.count >= 2 else { return nil }
      var middle = start + (bytes.count - start) / 2
      while middle < bytes.count && bytes[middle] != UInt8(ascii: "\n") { middle += 1 }
      let parts = [
        start..<Swift.min(middle + 1, bytes.count), Swift.min(middle + 1, bytes.count)..<bytes.count,
      ]
      typealias Part = (entries: [(row: Int, column: Int, value: Scalar)], lines: Int)
      let results = UnsafeMutablePointer<Part?>.allocate(capacity: 2)
      defer { results.deallocate() }
      // Each part writes its own result; both are read after the join.
      nonisolated(unsafe) let (text, output) = (bytes, results)
      DispatchQueue.concurrentPerform(iterations: 2) { part in
        var reader = MatrixMarketReader(UnsafeBufferPointer(rebasing: text[parts[part]]))
        // The first part's array takes the second's entries afterwards.
        let room = part == 0 ? capacity : Swift.min(capacity, parts[1].count / 2)
        (output + part).initialize(
          to: reader.plainEntries(
            hasValue: hasValue, symmetry: symmetry, rows: rows, columns: columns, capacity: room))
      }
      // Moved out, so that the first array is not shared when it grows.
      let second = (results + 1).move()
      guard case (var entries, let firstLines)? = (results + 0).move(), let rest = second,
        firstLines + rest.lines == lines
      else { return nil }
      entries.append(contentsOf: rest.entries)
      return entries
    #else
      return nil
    #endif
  }

  /// Every line from here to the end read as a plain coordinate line (blank
  /// lines and comments passed over), and the number of entry lines; nil at
  /// the first line of another form, an entry out of range or in the wrong
  /// triangle (see
  /// ``entriesOnTwoThreads(hasValue:symmetry:rows:columns:lines:capacity:)``).
  private mutating func plainEntries<Scalar: RealMatrixScalar>(
    hasValue: Bool, symmetry: Symmetry, rows: Int, columns: Int, capacity: Int
  ) -> (entries: [(row: Int, column: Int, value: Scalar)], lines: Int)? {
    var entries: [(row: Int, column: Int, value: Scalar)] = []
    entries.reserveCapacity(capacity)
    var lines = 0
    while position < bytes.count {
      guard let entry = nextCoordinateEntry(hasValue: hasValue) else {
        if skipBlankOrComment() { continue }
        return nil
      }
      guard Self.isInside(entry.row, entry.column, rows: rows, columns: columns),
        Self.stores(entry.row - 1, entry.column - 1, symmetry)
      else { return nil }
      let value: Scalar = hasValue ? scalar(entry.value, entry.valueBytes) : 1
      Self.append(entry.row - 1, entry.column - 1, value, symmetry, to: &entries)
      lines += 1
    }
    return (entries, lines)
  }

  /// Passes over the next line when it is blank or a comment (its first
  /// field starts with `%`), as ``nextFields()`` does; false, with nothing
  /// consumed, for any other line.
  private mutating func skipBlankOrComment() -> Bool {
    var index = position
    while index < bytes.count && Self.isSeparator(bytes[index]) { index += 1 }
    guard index == bytes.count || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "%")
    else {
      return false
    }
    _ = nextLine()
    return true
  }

  private func number<Scalar: RealMatrixScalar>(
    _ range: Range<Int>, field: Field, line: Int
  ) throws(MatrixMarketError) -> Scalar {
    if field == .integer {
      guard let integer = integer(range) else {
        throw MatrixMarketError(line: line, reason: "'\(text(range))' is not an integer")
      }
      return Scalar(integer)
    }
    guard let real = DecimalParser.double(bytes, range) ?? Double(text(range)) else {
      throw MatrixMarketError(line: line, reason: "'\(text(range))' is not a number")
    }
    return scalar(real, range)
  }

  /// The Scalar nearest the number in `bytes[range]`, given `value`, the
  /// Double nearest it: for Float, without the error of rounding twice
  /// (``DecimalParser/float(nearest:_:_:)``).
  @inline(__always)
  private func scalar<Scalar: RealMatrixScalar>(_ value: Double, _ range: Range<Int>) -> Scalar {
    guard Scalar.self == Float.self else { return Scalar(value) }
    return unsafeBitCast(DecimalParser.float(nearest: value, bytes, range), to: Scalar.self)
  }

  /// The integer the bytes spell as `Int(_:)` reads it (an optional sign
  /// and decimal digits), or nil (also on overflow).
  private func integer(_ range: Range<Int>) -> Int? {
    var index = range.lowerBound
    let negative = index < range.upperBound && bytes[index] == UInt8(ascii: "-")
    if index < range.upperBound && (negative || bytes[index] == UInt8(ascii: "+")) { index += 1 }
    guard index < range.upperBound else { return nil }
    var value = 0
    while index < range.upperBound {
      let digit = Int(bytes[index]) - Int(UInt8(ascii: "0"))
      guard digit >= 0 && digit <= 9 else { return nil }
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) =
        negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
      guard !overflow1 && !overflow2 else { return nil }
      value = next
      index += 1
    }
    return value
  }
}
