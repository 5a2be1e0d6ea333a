import Foundation
import LinearAlgebra
import Testing

/// Matrix Market text: the kinds read, the round trip, and errors naming the
/// line. The expected matrices are what scipy.io.mmread gives for the same
/// text (scipy 1.17), and the first two texts are scipy.io.mmwrite's output.
@Suite("Matrix Market files")
struct MatrixMarketTests {
  @Test func readsScipysSymmetricCoordinateOutput() throws {
    let text = """
      %%MatrixMarket matrix coordinate real symmetric
      %
      3 3 5
      1 1 4
      2 1 -1
      2 2 4
      3 2 5E-1
      3 3 3

      """
    let a = try SparseMatrix<Double>(matrixMarket: text)
    #expect(Matrix(a) == [[4, -1, 0], [-1, 4, 0.5], [0, 0.5, 3]])
  }

  @Test func readsScipysArrayOutput() throws {
    let text = "%%MatrixMarket matrix array real general\n%\n3 2\n1\n3\n5\n2\n4\n6\n"
    #expect(Matrix(try SparseMatrix<Float>(matrixMarket: text)) == [[1, 2], [3, 4], [5, 6]])
  }

  @Test func sumsRepeatedEntriesAsScipyDoes() throws {
    let text = """
      %%MatrixMarket matrix coordinate real general
      % scipy reads this
      3 4 5
      1 1 1.5
      3 4 -2e3
      2 2 7
      1 1 0.5
      3 1 1
      """
    let a = try SparseMatrix<Double>(matrixMarket: text)
    #expect(Matrix(a) == [[2, 0, 0, 0], [0, 7, 0, 0], [1, 0, 0, -2000]])
  }

  @Test func patternIntegerSkewAndSymmetricArray() throws {
    let pattern = try SparseMatrix<Double>(
      matrixMarket: "%%MatrixMarket matrix coordinate pattern general\n2 3 2\n1 3\n2 1\n")
    #expect(Matrix(pattern) == [[0, 0, 1], [1, 0, 0]])
    let integer = try SparseMatrix<Double>(
      matrixMarket: "%%MatrixMarket matrix coordinate integer symmetric\n2 2 2\n1 1 -3\n2 1 5\n")
    #expect(Matrix(integer) == [[-3, 5], [5, 0]])
    let skew = try SparseMatrix<Double>(
      matrixMarket: "%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 2\n2 1 1.5\n3 2 -2\n")
    #expect(Matrix(skew) == [[0, -1.5, 0], [1.5, 0, 2], [0, -2, 0]])
    // Symmetric array: the lower triangle column by column.
    let symmetricArray = try SparseMatrix<Double>(
      matrixMarket: "%%MatrixMarket matrix array real symmetric\n2 2\n1\n2\n3\n")
    #expect(Matrix(symmetricArray) == [[1, 2], [2, 3]])
    let skewArray = try SparseMatrix<Double>(
      matrixMarket: "%%MatrixMarket matrix array real skew-symmetric\n3 3\n1\n2\n3\n")
    #expect(Matrix(skewArray) == [[0, -1, -2], [1, 0, -3], [2, 3, 0]])
  }

  @Test func writesOneEntryALineInRowOrder() {
    let a = SparseMatrix<Double>(
      rows: 12, columns: 3, entries: [(11, 0, -2.5e-20), (0, 2, 0.1), (0, 1, 1e22)])
    #expect(
      a.matrixMarketText()
        == "%%MatrixMarket matrix coordinate real general\n12 3 3\n1 2 1e+22\n1 3 0.1\n12 1 -2.5e-20\n")
    let b = SparseMatrix<Float>(rows: 1, columns: 10, entries: [(0, 9, 0.1), (0, 0, -3)])
    #expect(
      b.matrixMarketText() == "%%MatrixMarket matrix coordinate real general\n1 10 2\n1 1 -3.0\n1 10 0.1\n")
  }

  @Test func readsTextWithCRLFLineEnds() throws {
    let text = "%%MatrixMarket matrix coordinate real general\r\n% c\r\n2 3 2\r\n1 3 1.5\r\n2 1 -2\r\n"
    #expect(Matrix(try SparseMatrix<Double>(matrixMarket: text)) == [[0, 0, 1.5], [-2, 0, 0]])
  }

  /// Coordinate lines of the plain form `row column value` are read in one
  /// pass; every other form falls back to splitting the line into fields.
  /// Both must read the same matrix: leading and trailing blanks, tabs, a
  /// sign on an index, values left to `Double(_:)` (infinity, hexadecimal,
  /// 25 significant digits), a comment between entries, CRLF, and a last
  /// line without its newline.
  @Test func entriesOfEveryFormReadAlike() throws {
    let text =
      "%%MatrixMarket matrix coordinate real general\n3 4 9\n1 1 1.5\n  2 2 2.5\n3\t3\t-3.5 \n+1 4 4e0\n"
      + "% a comment\n2 4 inf\n3 4 0x1p-2\r\n1 2 1.000000000000000000000000\n2 1 7\t\r\n3 1 1E+1"
    let a = Matrix(try SparseMatrix<Double>(matrixMarket: text))
    #expect(a == [[1.5, 1, 0, 4], [7, 2.5, 0, .infinity], [10, 0, -3.5, 0.25]])
  }

  /// A file is read as bytes: a comment that is not UTF-8 does not stop it.
  @Test func fileWithBytesOutsideUTF8InAComment() throws {
    var bytes = Array("%%MatrixMarket matrix coordinate real general\n% ".utf8)
    bytes += [0xFF, 0xFE, 0x80]
    bytes += Array("\n2 2 1\n2 1 -0.5\n".utf8)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bytes-\(UUID().uuidString).mtx")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(bytes).write(to: url)
    #expect(Matrix(try SparseMatrix<Double>(contentsOfMatrixMarket: url)) == [[0, 0], [-0.5, 0]])
  }

  /// Values are read from the bytes when they are plain decimals with at
  /// most 19 significant digits (Clinger's exact path, else Eisel–Lemire's),
  /// and by `Double(_:)` otherwise: either way each must be `Double(_:)`'s
  /// value, bit for bit (signs of zero included). The texts mix short
  /// decimals, 15–20 significant digits with powers of ten from −360 to
  /// 330 (zeros, subnormals and infinities among them), integers within one
  /// of the midpoint between two adjacent Doubles above 2^53 (ties go to
  /// even), and every Double's shortest text with and without its last
  /// digit.
  @Test(arguments: testSeeds(43))
  func valuesReadAsDoubleReadsThem(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    func digits(_ count: Int) -> String {
      String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
    }
    var texts: [String] = []
    while texts.count < 2000 {
      var text = ["", "-", "+"].randomElement(using: &generator)!
      text += digits(Int.random(in: 0...18, using: &generator))
      if Bool.random(using: &generator) { text += "." + digits(Int.random(in: 0...18, using: &generator)) }
      if Bool.random(using: &generator) {
        text +=
          ["e", "E"].randomElement(using: &generator)! + ["", "-", "+"].randomElement(using: &generator)!
        text += String(Int.random(in: 0...40, using: &generator))
      }
      if Double(text) != nil { texts.append(text) }
    }
    while texts.count < 4000 {
      let long = digits(Int.random(in: 15...20, using: &generator))
      texts.append(long + "e" + String(Int.random(in: -360...330, using: &generator)))
      let below = Double.random(in: 0x1p53..<0x1p63, using: &generator)
      let (low, high) = (UInt64(below), UInt64(below.nextUp))
      let midpoint = low / 2 + high / 2 + (low % 2 + high % 2) / 2
      texts.append(String(midpoint - 1 + UInt64.random(in: 0...2, using: &generator)))
      let shortest = "\(Double(bitPattern: UInt64.random(in: 0..<0x7FF0_0000_0000_0000, using: &generator)))"
      texts.append(shortest)
      texts.append(String(shortest.dropLast()))
    }
    texts = texts.filter { Double($0) != nil }
    texts += [
      "0", "-0", "-0.0e5", "9007199254740992", "9007199254740993", "1e22", "1e23", "1e-22",
      "123456789012345.6", "9007199254740993e3", "18446744073709551615", "1.7976931348623157e308",
      "1.7976931348623159e308", "2.2250738585072014e-308", "4.9406564584124654e-324", "1e-400",
    ]
    let body = texts.enumerated().map { "1 \($0.offset + 1) \($0.element)\n" }.joined()
    let a = try SparseMatrix<Double>(
      matrixMarket: "%%MatrixMarket matrix coordinate real general\n1 \(texts.count) \(texts.count)\n" + body)
    #expect(a.values.count == texts.count)
    for (k, text) in texts.enumerated() {
      #expect(a.values[k].bitPattern == Double(text)!.bitPattern, "seed \(seed): '\(text)'")
    }
  }

  /// Float values are the Float nearest the text, as `Float(_:)` reads it,
  /// not the Float nearest the Double nearest it: the two differ when the
  /// Double lands exactly halfway between two Floats. The texts are such
  /// midpoints, written exactly, with a digit more (just above), cut to 19
  /// and 20 significant digits (just below; 19 digits take the reader's
  /// own decimal path) and those with their last digit raised (above), and
  /// the midpoints' shortest Double texts; Floats of every exponent,
  /// subnormals included.
  @Test(arguments: testSeeds(44))
  func floatValuesAreRoundedOnce(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    var texts: [String] = []
    for _ in 0..<300 {
      let low = Float(bitPattern: UInt32.random(in: 0..<0x7F7F_FFFF, using: &generator))
      let midpoint = (Double(low) + Double(low.nextUp)) / 2
      let exact = Self.exactDecimal(midpoint)
      texts += [exact.text, exact.text + "1", "\(midpoint)"]
      for count in [19, 20] where exact.digits.count > count {
        let cut = Array(exact.digits.prefix(count))
        var raised = cut
        var position = count - 1
        while position > 0 && raised[position] == 9 {
          raised[position] = 0
          position -= 1
        }
        raised[position] += 1
        for digits in [cut, raised] {
          texts.append(digits.map(String.init).joined() + "e\(exact.exponent - count)")
        }
      }
    }
    let body = texts.enumerated().map { "1 \($0.offset + 1) \($0.element)\n" }.joined()
    let a = try SparseMatrix<Float>(
      matrixMarket: "%%MatrixMarket matrix coordinate real general\n1 \(texts.count) \(texts.count)\n" + body)
    for (k, text) in texts.enumerated() {
      #expect(a[0, k].bitPattern == Float(text)!.bitPattern, "seed \(seed): '\(text)'")
    }
  }

  /// The exact decimal value of a positive normal Double: its significant
  /// digits, the power of ten after them, and the text "digits" "e" power.
  static func exactDecimal(_ x: Double) -> (digits: [Int], exponent: Int, text: String) {
    var digits = String(x.significandBitPattern | 1 << 52).map { Int(String($0))! }
    var exponent = 0
    func multiply(by factor: Int) {
      var carry = 0
      for index in digits.indices.reversed() {
        let product = digits[index] * factor + carry
        (digits[index], carry) = (product % 10, product / 10)
      }
      while carry > 0 {
        digits.insert(carry % 10, at: 0)
        carry /= 10
      }
    }
    let power = Int(x.exponent) - 52
    for _ in 0..<abs(power) { multiply(by: power > 0 ? 2 : 5) }
    if power < 0 { exponent = power }
    while digits.count > 1 && digits.last == 0 {
      digits.removeLast()
      exponent += 1
    }
    return (digits, exponent + digits.count, digits.map(String.init).joined() + "e\(exponent)")
  }

  /// Texts of 4 MiB and more are read in two halves on two threads when
  /// the matrix threads allow it. The matrices read with one thread and
  /// with two equal the ones the entries give directly (values written as
  /// Swift writes them, which read back exactly; repeated entries summed in
  /// order); comments and blank lines in the second half read as anywhere
  /// else; and errors in the second half name the same lines as on one
  /// thread.
  @Test func largeTextsReadOnTwoThreadsAsOnOne() throws {
    var generator = SeededGenerator(seed: 45)
    let n = 20_000
    var entries: [(row: Int, column: Int, value: Double)] = []
    var lines: [String] = []
    for _ in 0..<200_000 {
      let row = Int.random(in: 0..<n, using: &generator)
      let column = Int.random(in: 0...row, using: &generator)
      let value = Double.random(in: -1...1, using: &generator)
      entries.append((row, column, value))
      lines.append("\(row + 1) \(column + 1) \(value)\n")
    }
    func text(_ kind: String, declared: Int = lines.count, _ body: [String] = lines) -> String {
      "%%MatrixMarket matrix coordinate \(kind)\n\(n) \(n) \(declared)\n" + body.joined()
    }
    let general = text("real general")
    #expect(general.utf8.count > 1 << 22)
    let expected = SparseMatrix(rows: n, columns: n, entries: entries)
    let mirrored = entries + entries.filter { $0.row != $0.column }.map { ($0.column, $0.row, $0.value) }
    let late = lines.count * 3 / 4
    var commented = lines
    commented.insert("% a comment in the second half\n", at: late)
    commented.insert(" \t\n", at: late + 10)
    commented.append("\n")
    defer { LinearAlgebraThreads.count = 0 }
    for threads in [1, 2] {
      LinearAlgebraThreads.count = threads
      #expect(try SparseMatrix<Double>(matrixMarket: general) == expected, "\(threads) threads")
      #expect(
        try SparseMatrix<Double>(matrixMarket: text("real symmetric"))
          == SparseMatrix(rows: n, columns: n, entries: mirrored), "\(threads) threads")
      #expect(try SparseMatrix<Double>(matrixMarket: text("real general", commented)) == expected)
    }
    let floats = entries.map { ($0.row, $0.column, Float(String($0.value))!) }
    #expect(
      try SparseMatrix<Float>(matrixMarket: general) == SparseMatrix(rows: n, columns: n, entries: floats))
    // Three times over, to pass 4 MiB with the shorter lines.
    let patternLines = lines.map { $0.split(separator: " ").prefix(2).joined(separator: " ") + "\n" }
    let pattern = text(
      "pattern general", declared: 3 * lines.count, patternLines + patternLines + patternLines)
    #expect(pattern.utf8.count > 1 << 22)
    let ones = (entries + entries + entries).map { ($0.row, $0.column, 1.0) }
    #expect(
      try SparseMatrix<Double>(matrixMarket: pattern) == SparseMatrix(rows: n, columns: n, entries: ones))

    // The entries start on line 3; `late` is the 0-based entry index.
    var outside = lines
    outside[late] = "1 \(n + 1) 0.5\n"
    var upper = lines
    upper[late] = "1 2 0.5\n"
    let errors: [(text: String, line: Int, reason: String)] = [
      (text("real general", outside), late + 3, "outside"),
      (text("real symmetric", upper), late + 3, "lower triangle"),
      (text("real general", declared: lines.count - 1), lines.count + 2, "more entries"),
      (text("real general", declared: lines.count + 1), lines.count + 3, "entries for the"),
    ]
    for threads in [1, 2] {
      LinearAlgebraThreads.count = threads
      for (text, line, reason) in errors {
        do {
          _ = try SparseMatrix<Double>(matrixMarket: text)
          Issue.record("no error (\(reason), \(threads) threads)")
        } catch {
          #expect(error.line == line && error.reason.contains(reason), "\(threads) threads: \(error)")
        }
      }
    }
  }

  /// A large text with bytes changed at random places (digits, signs,
  /// separators, line ends, `%`, letters) reads the same on two threads as
  /// on one: the same matrix, or the same error on the same line.
  @Test(arguments: testSeeds(46, count: 2))
  func damagedLargeTextsReadAlikeOnOneAndTwoThreads(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    var body: [UInt8] = []
    for _ in 0..<180_000 {
      let row = Int.random(in: 1...5000, using: &generator)
      let column = Int.random(in: 1...row, using: &generator)
      body += Array("\(row) \(column) \(Double.random(in: -1...1, using: &generator))\n".utf8)
    }
    let header = Array("%%MatrixMarket matrix coordinate real symmetric\n5000 5000 180000\n".utf8)
    let replacements = Array("0123456789 -+.eE\t\r\n%x".utf8)
    func outcome(_ bytes: [UInt8], threads: Int) -> String {
      LinearAlgebraThreads.count = threads
      do {
        let a = try SparseMatrix<Double>(matrixMarket: String(decoding: bytes, as: UTF8.self))
        return "\(a.rowStarts.hashValue) \(a.columnIndices.hashValue) \(a.values.map(\.bitPattern).hashValue)"
      } catch {
        return "\(error)"
      }
    }
    defer { LinearAlgebraThreads.count = 0 }
    for round in 0..<6 {
      var damaged = body
      for _ in 0..<(round % 3 + 1) {
        damaged[Int.random(in: damaged.indices, using: &generator)] =
          replacements.randomElement(using: &generator)!
      }
      let text = header + damaged
      #expect(text.count > 1 << 22)
      let (one, two) = (outcome(text, threads: 1), outcome(text, threads: 2))
      #expect(one == two, "seed \(seed), round \(round)")
    }
  }

  @Test func roundTripIsExact() throws {
    let a =
      SparseTestMatrices.random(rows: 30, columns: 20, density: 0.2, seed: 3, as: Double.self) * (1.0 / 3.0)
    let text = a.matrixMarketText()
    #expect(text.hasPrefix("%%MatrixMarket matrix coordinate real general\n30 20 \(a.nonzeroCount)\n"))
    let back = try SparseMatrix<Double>(matrixMarket: text)
    #expect(back.values == a.values && back.columnIndices == a.columnIndices && back.rowStarts == a.rowStarts)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sparse-\(UUID().uuidString).mtx")
    defer { try? FileManager.default.removeItem(at: url) }
    try a.writeMatrixMarket(to: url)
    #expect(try SparseMatrix<Double>(contentsOfMatrixMarket: url) == a)
  }

  @Test(arguments: [
    ("%%MatrixMarket vector coordinate real general\n1 1 1\n1 1 1\n", 1, "object"),
    ("%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 1\n", 1, "banner"),
    ("%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n", 1, "complex"),
    ("%%MatrixMarket matrix coordinate real hermitian\n1 1 1\n1 1 1\n", 1, "hermitian"),
    ("%%MatrixMarket matrix coordinate real general\n% c\n2 2\n", 3, "size line"),
    ("%%MatrixMarket matrix coordinate real general\n2 x 1\n1 1 1\n", 2, "'x'"),
    ("%%MatrixMarket matrix coordinate real general\n2 2 1\n3 1 1\n", 3, "outside"),
    ("%%MatrixMarket matrix coordinate real general\n2 2 1\n0 1 1\n", 3, "outside"),
    ("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 one\n", 3, "'one' is not a number"),
    ("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 1.5x\n", 3, "'1.5x' is not a number"),
    ("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 2e\n", 3, "'2e' is not a number"),
    ("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 1e5-1\n", 3, "'1e5-1' is not a number"),
    ("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 123456789.5.\n", 3, "is not a number"),
    ("%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1\n", 4, "1 entries for the 2"),
    ("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 1\n2 2 2\n", 4, "more entries"),
    ("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1\n", 3, "'row column value'"),
    ("%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 1 1.5\n", 3, "not an integer"),
    ("%%MatrixMarket matrix coordinate real symmetric\n2 2 1\n1 2 1\n", 3, "lower triangle"),
    ("%%MatrixMarket matrix coordinate real symmetric\n2 3 0\n", 2, "square"),
    ("%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n", 6, "3 values for the 4"),
    ("%%MatrixMarket matrix array real general\n9223372036854775807 2\n", 2, "too large"),
    ("%%MatrixMarket matrix coordinate real general\n2 3000000000 0\n", 2, "too large"),
    ("%%MatrixMarket matrix coordinate real general\n3000000000 2 0\n", 2, "at most 2147483647"),
    ("%%MatrixMarket matrix coordinate real general\n0 2 1\n1 1 1\n", 3, "outside the 0×2 matrix"),
    ("%%MatrixMarket matrix coordinate pattern general\n2 0 1\n1 1\n", 3, "outside the 2×0 matrix"),
    ("%%MatrixMarket matrix coordinate real general\n2 2 1\n3 1 x\n", 3, "outside the 2×2 matrix"),
    ("", 1, "empty"),
  ])
  func malformedTextNamesTheLine(text: String, line: Int, reason: String) {
    do {
      _ = try SparseMatrix<Double>(matrixMarket: text)
      Issue.record("no error for \(text.debugDescription)")
    } catch {
      #expect(error.line == line, "\(error)")
      #expect(error.reason.contains(reason), "\(error)")
      #expect("\(error)".hasPrefix("Matrix Market line \(line): "))
    }
  }
}
