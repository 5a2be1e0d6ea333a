internal import CXX

/// The number of primes `p <= limit` (π(limit)); 0 below 2.
///
///     primeCount(upTo: 1_000_000)  // 78498
///
/// Counted by the C++ segmented sieve on `PrimeSieve.threadCount` threads,
/// with popcounts over the sieve bits: no prime is ever materialized.
///
/// - Complexity: O(limit · log log limit) time, O(√limit) memory.
public func primeCount(upTo limit: Int) -> Int {
  guard limit >= 2 else { return 0 }
  return countPrimes(from: 0, through: UInt64(limit))
}

/// The number of primes in `range`; 0 for ranges below 2.
///
/// - Complexity: O(n log log n + √upperBound) for a range of width n.
public func primeCount(in range: ClosedRange<Int>) -> Int {
  guard range.upperBound >= 2 else { return 0 }
  return countPrimes(from: UInt64(Swift.max(range.lowerBound, 0)), through: UInt64(range.upperBound))
}

/// The number of primes in `range`, over the whole unsigned 64-bit range.
///
/// - Complexity: O(n log log n + √upperBound) for a range of width n.
public func primeCount(in range: ClosedRange<UInt64>) -> Int {
  countPrimes(from: range.lowerBound, through: range.upperBound)
}

func countPrimes(from low: UInt64, through high: UInt64) -> Int {
  var count: UInt64 = 0
  let status = core.countPrimes(low, high, &count)
  precondition(status == .ok, "Prime counting in [\(low), \(high)] failed in the C++ core (\(status))")
  return Int(count)
}
