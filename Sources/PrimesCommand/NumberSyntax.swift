/// Numbers as the command line accepts them: digits (`1000000`), powers
/// of ten (`1e12`), powers (`2^64`, `10^18`), each with an optional
/// `+k` or `-k` (`2^64-1`, `1e12+100`); all of them exact in UInt64.
enum NumberSyntax {
  enum Failure: Error, Equatable {
    case notANumber(String)
    case tooLarge(String)
  }

  /// The value of `text`.
  ///
  /// - Throws: `Failure.notANumber` for anything else (a word, a sign in
  ///   front), `Failure.tooLarge` past 2^64 − 1.
  static func parse(_ text: String) throws(Failure) -> UInt64 {
    var rest = Substring(text)
    func digits() throws(Failure) -> UInt64 {
      let run = rest.prefix { $0.isASCII && $0.isNumber }
      guard !run.isEmpty else { throw .notANumber(text) }
      rest = rest.dropFirst(run.count)
      guard let value = UInt64(run) else { throw .tooLarge(text) }
      return value
    }
    func power(_ base: UInt64, _ exponent: UInt64) throws(Failure) -> UInt64 {
      var result: UInt64 = 1
      for _ in 0..<exponent {
        let (product, overflow) = result.multipliedReportingOverflow(by: base)
        guard !overflow else { throw .tooLarge(text) }
        result = product
        if result == 0 || result == 1 { break }
      }
      return result
    }
    var value = try digits()
    if rest.first == "e" || rest.first == "E" {
      rest = rest.dropFirst()
      let exponent = try digits()
      let (product, overflow) = value.multipliedReportingOverflow(by: try power(10, exponent))
      guard !overflow else { throw .tooLarge(text) }
      value = product
    } else if rest.first == "^" {
      rest = rest.dropFirst()
      let exponent = try digits()
      guard exponent > 0 else {
        return try applyOffset(1)
      }
      // A^B = A^(B−1) · A, the last product in full width: 2^64 itself does
      // not fit, but 2^64-1 does.
      let head = try power(value, exponent - 1)
      let (high, low) = head.multipliedFullWidth(by: value)
      if high == 0 {
        value = low
      } else if high == 1, rest.first == "-" {
        rest = rest.dropFirst()
        let offset = try digits()
        guard low < offset, rest.isEmpty else { throw .tooLarge(text) }
        return low &- offset  // 2^64 + low − offset, below 2^64
      } else {
        throw .tooLarge(text)
      }
    }
    return try applyOffset(value)

    func applyOffset(_ value: UInt64) throws(Failure) -> UInt64 {
      var value = value
      if rest.first == "-" || rest.first == "+" {
        let minus = rest.first == "-"
        rest = rest.dropFirst()
        let offset = try digits()
        if minus {
          guard value >= offset else { throw .notANumber(text) }
          value -= offset
        } else {
          let (sum, overflow) = value.addingReportingOverflow(offset)
          guard !overflow else { throw .tooLarge(text) }
          value = sum
        }
      }
      guard rest.isEmpty else { throw .notANumber(text) }
      return value
    }
  }
}
