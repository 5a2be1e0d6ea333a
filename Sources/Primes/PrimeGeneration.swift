internal import CXX

/// All primes `p` with `p <= limit`, in ascending order.
///
///     primes(upTo: 30)  // [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
///
/// A limit below 2 gives an empty array. The C++ core writes the primes
/// straight into the returned array's storage, which is allocated once.
///
/// - Precondition: The result fits in this machine's memory (about
///   `limit / ln(limit)` values of 8 bytes).
/// - Complexity: O(limit · log log limit) time, O(√limit) working memory
///   besides the result.
public func primes(upTo limit: Int) -> [Int] {
  guard limit >= 2 else { return [] }
  return generatePrimes(from: 0, through: UInt64(limit), as: Int.self)
}

/// The primes in `range`, in ascending order.
///
/// Negative parts of the range hold no primes; an empty result is not an
/// error.
///
/// - Precondition: The result fits in this machine's memory.
/// - Complexity: O(n log log n + √upperBound) for a range of width n; a
///   narrow range of very large numbers is decided by Miller-Rabin instead.
public func primes(in range: ClosedRange<Int>) -> [Int] {
  guard range.upperBound >= 2 else { return [] }
  return generatePrimes(
    from: UInt64(Swift.max(range.lowerBound, 0)), through: UInt64(range.upperBound), as: Int.self)
}

/// The primes in `range`, over the whole unsigned 64-bit range.
///
///     primes(in: UInt64.max - 100...UInt64.max)  // [18446744073709551557]
///
/// - Precondition: The result fits in this machine's memory.
/// - Complexity: As for `primes(in:)` over `Int`.
public func primes(in range: ClosedRange<UInt64>) -> [UInt64] {
  generatePrimes(from: range.lowerBound, through: range.upperBound, as: UInt64.self)
}

/// The primes in `[low, high]` as `Element` values (`Int` or `UInt64`),
/// written by the C++ core straight into the storage of the returned array:
/// no intermediate buffer, no copy. The array is allocated once with room
/// for an upper bound on the count (within about 0.1% of the true count for
/// large ranges).
func generatePrimes<Element: FixedWidthInteger>(
  from low: UInt64, through high: UInt64, as _: Element.Type
) -> [Element] {
  precondition(MemoryLayout<Element>.stride == MemoryLayout<UInt64>.stride)
  guard low <= high, high >= 2 else { return [] }
  let capacity = core.primeCountUpperBound(low, high)
  let bytes = capacity.multipliedReportingOverflow(by: UInt64(MemoryLayout<UInt64>.stride))
  precondition(
    !bytes.overflow && bytes.partialValue <= core.physicalMemoryBytes(),
    "The primes in [\(low), \(high)] (up to \(capacity) values, 8 bytes each) do not fit in this machine's memory"
  )
  return [Element](unsafeUninitializedCapacity: Int(capacity)) { buffer, count in
    guard let base = buffer.baseAddress else { return }
    var written: UInt64 = 0
    let status = UnsafeMutableRawPointer(base).withMemoryRebound(to: UInt64.self, capacity: buffer.count) {
      core.generatePrimes(low, high, $0, capacity, &written)
    }
    precondition(status == .ok, "Prime generation in [\(low), \(high)] failed in the C++ core (\(status))")
    count = Int(written)
  }
}
