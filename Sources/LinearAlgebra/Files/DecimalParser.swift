/// Reads decimal numbers from UTF-8 bytes to the correctly rounded Double,
/// as `Double(_:)` reads them, for the file readers' hot loops.
///
/// A decimal `[+-]digits[.digits][(e|E)[+-]digits]` with at most 19
/// significant digits is a significand w < 2^64 and a power of ten q. Two
/// exact paths cover nearly all numbers in practice:
/// - Clinger's ("How to read floating point numbers accurately", 1990): for
///   w ≤ 2^53 and |q| ≤ 22 both w and 10^|q| are exact Doubles, so one
///   multiplication or division rounds once, correctly.
/// - Eisel and Lemire's (Lemire, "Number parsing at a gigabyte per second",
///   Software: Practice and Experience 51, 2021): w times a 128-bit
///   truncation of 5^q (``powersOfFiveSignificands``) gives the leading bits
///   of w·10^q; when the bits below the rounding position cannot change the
///   result, those leading bits are the answer.
///
/// Everything else (more than 19 significant digits, a result in the
/// subnormal range or beyond the largest Double, the rare products the
/// second path cannot decide, `inf`, `nan`, hexadecimal) returns nil and is
/// left to `Double(_:)`. Reading the 4,996,000 values of a 10^6-row
/// Matrix Market file written by scipy.io.mmwrite (16 and 17 significant
/// digits), the 17-digit ones had gone through `Double(_:)`.
enum DecimalParser {
  /// The value of the decimal in `bytes[range]`, or nil when it is not
  /// exactly one decimal or neither exact path applies (see the type's
  /// description).
  ///
  /// - Complexity: O(range.count).
  static func double(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
    guard let (value, stop) = number(bytes, from: range.lowerBound, limit: range.upperBound),
      stop == range.upperBound
    else { return nil }
    return value
  }

  /// The decimal that starts at `bytes[start]` and ends at the first byte
  /// (before `limit`) that cannot continue it: its value and that byte's
  /// index. Nil when no decimal starts there or neither exact path applies.
  /// A line reader takes the value and then checks what follows it, without
  /// a separate pass to find the number's end.
  ///
  /// - Complexity: O(the number's length).
  @inline(__always)
  static func number(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit end: Int
  ) -> (value: Double, end: Int)? {
    var index = start
    let negative = index < end && bytes[index] == UInt8(ascii: "-")
    if index < end && (negative || bytes[index] == UInt8(ascii: "+")) { index += 1 }
    var significand: UInt64 = 0
    var digits = 0
    var significant = 0
    var power = 0
    var seenPoint = false
    while index < end {
      // Eight digits at a time while they fit the 19 significant digits.
      if significant <= 11 && end - index >= 8, let eight = eightDigits(bytes, at: index) {
        if significand != 0 {
          significant += 8
        } else if eight != 0 {
          significant = decimalDigitCount(eight)
        }
        significand = significand &* 100_000_000 &+ eight
        digits += 8
        if seenPoint { power -= 8 }
        index += 8
        continue
      }
      let byte = bytes[index]
      if byte &- UInt8(ascii: "0") <= 9 {
        digits += 1
        let digit = UInt64(byte &- UInt8(ascii: "0"))
        if significand != 0 || digit != 0 {
          significant += 1
          guard significant <= 19 else { return nil }
          significand = significand &* 10 &+ digit
        }
        if seenPoint { power -= 1 }
      } else if byte == UInt8(ascii: ".") && !seenPoint {
        seenPoint = true
      } else {
        break
      }
      index += 1
    }
    guard digits > 0 else { return nil }
    if index < end && bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      let negativeExponent = index < end && bytes[index] == UInt8(ascii: "-")
      if index < end && (negativeExponent || bytes[index] == UInt8(ascii: "+")) { index += 1 }
      let exponentStart = index
      var exponent = 0
      while index < end, case let digit = Int(bytes[index] &- UInt8(ascii: "0")), digit <= 9 {
        guard exponent < 10_000 else { return nil }
        exponent = exponent * 10 + digit
        index += 1
      }
      guard index > exponentStart else { return nil }
      power += negativeExponent ? -exponent : exponent
    }
    let magnitude: Double
    if significand == 0 {
      magnitude = 0
    } else if significand <= 1 << 53 && power >= -22 && power <= 22 {
      let scale = exactPowersOfTen[power < 0 ? -power : power]
      magnitude = power >= 0 ? Double(significand) * scale : Double(significand) / scale
    } else {
      guard let value = eiselLemire(significand, power) else { return nil }
      magnitude = value
    }
    return (negative ? -magnitude : magnitude, index)
  }

  /// The value of the eight ASCII digits at `bytes[index...]`, or nil when
  /// they are not all digits; read as one 64-bit word (SWAR: the digit test
  /// and the conversion are a few word operations, with pairs, then
  /// quadruples, then the octet combined by multiplications).
  ///
  /// - Precondition: `index + 8 <= bytes.count`.
  @inline(__always)
  static func eightDigits(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64? {
    let word = UInt64(
      littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
    // A byte is a digit when its high nibble is 3 and adding 6 leaves it 3.
    let highNibbles = word & 0xF0F0_F0F0_F0F0_F0F0
    let carried = (word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0
    guard highNibbles | (carried >> 4) == 0x3333_3333_3333_3333 else { return nil }
    var value = word &- 0x3030_3030_3030_3030
    // Pairs: each even byte becomes 10·d(2k) + d(2k+1).
    value = value &* 10 &+ (value >> 8)
    // Then the four pairs into eight digits: 10^6, 10^4, 10^2 and 1 as
    // the multipliers of the pairs at bytes 0, 2, 4 and 6, summed in the
    // upper 32 bits.
    let outer = (value & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 << 32))
    let inner = ((value >> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 << 32))
    return (outer &+ inner) >> 32
  }

  /// The number of decimal digits of 0 < value < 10^8.
  @inline(__always)
  static func decimalDigitCount(_ value: UInt64) -> Int {
    var count = 1
    var power: UInt64 = 10
    while value >= power {
      count += 1
      power &*= 10
    }
    return count
  }

  /// The Float nearest the decimal in `bytes[range]`, given `value`, the
  /// Double nearest it.
  ///
  /// Rounding to Double and then to Float gives the Float nearest the
  /// decimal except when the Double lies exactly halfway between two Floats
  /// while the decimal does not: then the second rounding breaks a tie that
  /// the decimal did not have. Those values read the text again with
  /// `Float(_:)`, as do finite values at or beyond Float's range (which
  /// round to infinity), so that the text decides them too.
  ///
  /// - Complexity: O(1), or O(range.count) for the values read again.
  static func float(
    nearest value: Double, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
  ) -> Float {
    let rounded = Float(value)
    guard value.isFinite, Double(rounded) != value else { return rounded }
    if rounded.isFinite {
      let neighbor = Double(rounded) < value ? rounded.nextUp : rounded.nextDown
      guard neighbor.isFinite, (Double(rounded) + Double(neighbor)) / 2 == value else { return rounded }
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    return Float(text) ?? rounded
  }

  /// 10^0 … 10^22, each exact in a Double (as literals, so that the array
  /// is constant data rather than initialized on first use).
  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
    1e19, 1e20, 1e21, 1e22,
  ]

  /// The Double nearest w·10^q (ties to even) for w > 0, or nil when the
  /// result is subnormal, overflows, or the 128-bit product leaves the
  /// rounding undecided.
  ///
  /// w is shifted so that its top bit is set; the high 64 bits of
  /// w · 5^q's 128-bit significand then hold the result's 53 bits, a
  /// rounding bit and at least 9 more. When those 9 are all ones, the low
  /// half of the table's entry is multiplied in too. The binary exponent is
  /// ⌊q·log2 10⌋ (as (217706·q) >> 16, exact for −342 ≤ q ≤ 308, the
  /// table's range) plus the shifts.
  static func eiselLemire(_ w: UInt64, _ q: Int) -> Double? {
    guard q >= -342 && q <= 308 else { return nil }
    let shift = w.leadingZeroBitCount
    let normalized = w << UInt64(shift)
    let entry = 2 * (q + 342)
    var (high, low) = normalized.multipliedFullWidth(by: powersOfFiveSignificands[entry])
    if high & 0x1FF == 0x1FF {
      let next = normalized.multipliedFullWidth(by: powersOfFiveSignificands[entry + 1]).high
      let (sum, carry) = low.addingReportingOverflow(next)
      low = sum
      if carry { high &+= 1 }
    }
    // A product whose low half is all ones may lie just below a rounding
    // boundary that the exact product reaches (the table's entries are
    // truncated). Lemire (2021) needs the check only outside −27…55;
    // there, leave such a product to the fallback.
    if low == .max && (q < -27 || q > 55) { return nil }
    let upperBit = Int(high >> 63)
    var significand = high >> UInt64(upperBit + 9)
    var exponent = ((217_706 * q) >> 16) + 63 + upperBit - shift + 1023
    guard exponent > 0 else { return nil }
    // Exactly halfway between two Doubles: only possible for these q, and
    // then the product is exact; round to even instead of up.
    if low <= 1 && q >= -4 && q <= 23 && significand & 3 == 1
      && significand << UInt64(upperBit + 9) == high
    {
      significand &= ~1
    }
    significand += significand & 1
    significand >>= 1
    if significand >= 1 << 53 {
      significand = 1 << 52
      exponent += 1
    }
    guard exponent < 0x7FF else { return nil }
    return Double(bitPattern: UInt64(exponent) << 52 | (significand & ~(1 << 52)))
  }
}
