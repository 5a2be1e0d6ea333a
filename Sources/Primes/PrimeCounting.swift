internal import CXX

/// The number of primes `p <= limit` (π(limit)); 0 below 2.
///
///     primeCount(upTo: 1_000_000)  // 78498
///
/// Below 2^24, counted by the C++ segmented sieve with popcounts over the
/// sieve bits; from 2^24 on, combinatorially by the Deléglise–Rivat method
/// (see <doc:CountingPrimesFar>), on `PrimeSieve.threadCount` threads.
///
/// - Complexity: O(x^(2/3) / log² x) time and O(x^(1/3) log³ x) memory
///   for x = `limit` from 2^24 on.
public func primeCount(upTo limit: Int) -> Int {
  guard limit >= 2 else { return 0 }
  return countPrimes(from: 0, through: UInt64(limit))
}

/// The number of primes in `range`; 0 for ranges below 2.
///
/// A range wider than about 4·b^(2/3) (b its upper bound) is counted as
/// π(b) − π(a − 1) combinatorially; a narrower one is sieved.
///
/// - Complexity: O(min(n log log n + √b, b^(2/3))) for a range of width n.
public func primeCount(in range: ClosedRange<Int>) -> Int {
  guard range.upperBound >= 2 else { return 0 }
  return countPrimes(from: UInt64(Swift.max(range.lowerBound, 0)), through: UInt64(range.upperBound))
}

/// The number of primes in `range`, over the whole unsigned 64-bit range
/// (`primeCount(in: 0...UInt64.max)` is π(2^64 − 1) = 425656284035217743).
///
/// - Complexity: O(min(n log log n + √b, b^(2/3))) for a range of width n.
public func primeCount(in range: ClosedRange<UInt64>) -> Int {
  countPrimes(from: range.lowerBound, through: range.upperBound)
}

func countPrimes(from low: UInt64, through high: UInt64) -> Int {
  var count: UInt64 = 0
  let status = core.countPrimes(low, high, &count)
  precondition(status == .ok, "Prime counting in [\(low), \(high)] failed in the C++ core (\(status))")
  return Int(count)
}
