/// Numbers as the command line accepts them: a term — digits (`1000000`),
/// a power of ten (`1e12`) or a power (`2^64`, `10^18`) — optionally plus
/// or minus a second term (`2^64-1`, `1e12+100`, `2^64-10^6`,
/// `1e18+1e9`); the result exact in UInt64. A term may be 2^64 itself when
/// something is subtracted from it.
enum NumberSyntax {
  enum Failure: Error, Equatable {
    case notANumber(String)
    case tooLarge(String)
    case belowZero(String)
  }

  /// A term's value, at most 2^64: `carry` is set for 2^64 itself (with
  /// `low` 0).
  private struct Term: Equatable {
    var carry = false
    var low: UInt64
  }

  /// The value of `text`.
  ///
  /// - Throws: `Failure.belowZero` for a minus sign in front of digits
  ///   (`-5`) or a difference below zero (`5-10`), `Failure.tooLarge` past
  ///   2^64 − 1, `Failure.notANumber` for anything else (a word, a plus
  ///   sign in front).
  static func parse(_ text: String) throws(Failure) -> UInt64 {
    if text.first == "-", let next = text.dropFirst().first, next.isASCII, next.isNumber {
      throw .belowZero(text)
    }
    var rest = Substring(text)
    func digits() throws(Failure) -> UInt64 {
      let run = rest.prefix { $0.isASCII && $0.isNumber }
      guard !run.isEmpty else { throw .notANumber(text) }
      rest = rest.dropFirst(run.count)
      guard let value = UInt64(run) else { throw .tooLarge(text) }
      return value
    }
    /// `term` times `factor`, in full width: 2^64 is still a term.
    func times(_ term: Term, _ factor: UInt64) throws(Failure) -> Term {
      if term.carry {
        guard factor == 1 else { throw .tooLarge(text) }
        return term
      }
      let (high, low) = term.low.multipliedFullWidth(by: factor)
      if high == 0 { return Term(low: low) }
      guard high == 1, low == 0 else { throw .tooLarge(text) }
      return Term(carry: true, low: 0)
    }
    func term() throws(Failure) -> Term {
      let base = try digits()
      if rest.first == "e" || rest.first == "E" {
        rest = rest.dropFirst()
        let exponent = try digits()
        var value = Term(low: base)
        // Overflows within 20 factors unless the base is 0.
        if base > 0 {
          for _ in 0..<exponent { value = try times(value, 10) }
        }
        return value
      }
      if rest.first == "^" {
        rest = rest.dropFirst()
        let exponent = try digits()
        if exponent == 0 { return Term(low: 1) }
        if base <= 1 { return Term(low: base) }
        var value = Term(low: 1)
        // Overflows within 65 factors of at least 2.
        for _ in 0..<exponent { value = try times(value, base) }
        return value
      }
      return Term(low: base)
    }
    var value = try term()
    if let sign = rest.first, sign == "+" || sign == "-" {
      rest = rest.dropFirst()
      let other = try term()
      if sign == "-" {
        if value.carry {
          // 2^64 − other, below 2^64 when other is at least 1.
          guard other.carry || other.low > 0 else { throw .tooLarge(text) }
          value = Term(low: other.carry ? 0 : 0 &- other.low)
        } else {
          guard !other.carry, value.low >= other.low else {
            // Below zero only when the difference is the whole text (5-10x
            // is not a number).
            guard rest.isEmpty else { throw .notANumber(text) }
            throw .belowZero(text)
          }
          value.low -= other.low
        }
      } else {
        guard !value.carry, !other.carry else { throw .tooLarge(text) }
        let (sum, overflow) = value.low.addingReportingOverflow(other.low)
        guard !overflow else { throw .tooLarge(text) }
        value.low = sum
      }
    }
    guard !value.carry else { throw .tooLarge(text) }
    guard rest.isEmpty else { throw .notANumber(text) }
    return value.low
  }
}
