#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The pure-Swift implementations of the sieves, for measuring Swift against
/// the C++ core (the benchmark's Swift path) and for cross-checking it.
///
/// `SwiftPrimeSieve` runs the same segmented modulo-30 wheel algorithm as
/// the C++ core, on one thread, and the classic one-`Bool`-per-number sieve
/// that the C++ baseline mirrors. Use the module's free functions
/// (`primeCount(upTo:)`, `primes(upTo:)`) in applications: they are faster.
public enum SwiftPrimeSieve {
  /// π(limit) by the segmented wheel sieve in pure Swift, on one thread.
  ///
  /// - Precondition: `limit <= 2^50`.
  /// - Complexity: O(limit log log limit) time, O(√limit) memory.
  public static func primeCount(upTo limit: Int) -> Int {
    primeCount(in: 0...Swift.max(limit, 0))
  }

  /// The number of primes in `range` by the segmented wheel sieve in pure
  /// Swift, on one thread.
  ///
  /// - Precondition: `range.upperBound <= 2^50`.
  /// - Complexity: O(n log log n + √upperBound) for a range of width n.
  public static func primeCount(in range: ClosedRange<Int>) -> Int {
    let (low, high) = (Swift.max(range.lowerBound, 0), range.upperBound)
    guard high >= 2, low <= high else { return 0 }
    var count = [2, 3, 5].count { low <= $0 && $0 <= high }
    guard high >= 7 else { return count }
    var sieve = SwiftSegmentedSieve(low: UInt64(Swift.max(low, 7)), high: UInt64(high))
    while sieve.nextSegment() {
      let words = (sieve.byteCount + 7) / 8
      sieve.segment.withUnsafeBytes { raw in
        for w in 0..<words {
          count += raw.loadUnaligned(fromByteOffset: 8 * w, as: UInt64.self).nonzeroBitCount
        }
      }
    }
    return count
  }

  /// The primes up to `limit` by the segmented wheel sieve in pure Swift.
  ///
  /// - Precondition: `limit <= 2^50` and the result fits in memory.
  /// - Complexity: O(limit log log limit) time.
  public static func primes(upTo limit: Int) -> [Int] {
    guard limit >= 2 else { return [] }
    var result = [2, 3, 5].filter { $0 <= limit }
    guard limit >= 7 else { return result }
    let x = Double(limit)
    result.reserveCapacity(Int(1.25506 * x / log(x)) + 8)
    var sieve = SwiftSegmentedSieve(low: 7, high: UInt64(limit))
    while sieve.nextSegment() {
      let words = (sieve.byteCount + 7) / 8
      let first = sieve.firstNumber
      sieve.segment.withUnsafeBytes { raw in
        for w in 0..<words {
          var word = raw.loadUnaligned(fromByteOffset: 8 * w, as: UInt64.self)
          let wordFirst = first + 240 * UInt64(w)
          while word != 0 {
            result.append(Int(wordFirst + wheelBitValue[word.trailingZeroBitCount]))
            word &= word - 1
          }
        }
      }
    }
    return result
  }

  /// π(limit) by the classic sieve of Eratosthenes with one `Bool` per
  /// number (`[Bool]`): the baseline the C++ `std::vector<char>` sieve
  /// mirrors.
  ///
  /// - Complexity: O(limit log log limit) time, O(limit) memory.
  public static func classicPrimeCount(upTo limit: Int) -> Int {
    swiftClassicPrimes(upTo: limit).count
  }
}

/// The primes up to `limit` by the classic `[Bool]` sieve.
func swiftClassicPrimes(upTo limit: Int) -> [Int] {
  guard limit >= 2 else { return [] }
  var composite = [Bool](repeating: false, count: limit + 1)
  var primes: [Int] = []
  for n in 2...limit where !composite[n] {
    primes.append(n)
    if n <= limit / n {
      for m in stride(from: n * n, through: limit, by: n) { composite[m] = true }
    }
  }
  return primes
}
