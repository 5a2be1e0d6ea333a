/// Bytes that Float and Double write their shortest exact decimal form into
/// (the text of `"\(value)"`). Their `write(to:)` hands the digits over as
/// ASCII bytes in a stack buffer (`TextOutputStream`'s `_writeASCII`), so no
/// `String` is made per value; `description` made one, on the heap for
/// texts longer than 15 bytes such as most 17-digit values. 4,996,000
/// entries: 1.4–1.7 s with `description`. A standard library without that
/// requirement would call `write(_:)` instead, with the same bytes.
struct MatrixMarketByteSink: TextOutputStream {
  var bytes: [UInt8] = []

  mutating func write(_ string: String) {
    bytes.append(contentsOf: string.utf8)
  }

  mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: buffer)
  }

  /// Appends the decimal digits of `value` (positive) and a space, the
  /// digits formed last to first in a buffer on the stack.
  mutating func appendIndex(_ value: Int) {
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { buffer in
      var (rest, start) = (value, buffer.count)
      repeat {
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      } while rest > 0
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
    }
    bytes.append(UInt8(ascii: " "))
  }
}
