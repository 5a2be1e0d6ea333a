import Dispatch
import Foundation
import Primes
import Testing

/// Several threads counting, generating and testing primes at once, each
/// against values from primesieve (and the prime-counting function's
/// published values): the sieve's and the counting's threads serve one
/// caller at a time, and a caller that finds them busy works alone.
@Suite("Concurrent callers of Primes")
struct PrimesConcurrentCallerTests {
  /// Whether each of the calls returned its reference value.
  static func round(_ index: Int) -> [Bool] {
    switch index % 4 {
    case 0:
      return [primeCount(upTo: 100_000_000) == 5_761_455, nthPrime(1_000_000) == 15_485_863]
    case 1:
      return [
        primeCount(in: 1_000_000_000_000...1_000_001_000_000) == 36249,
        primes(upTo: 100_000).count == 9592,
      ]
    case 2:
      return [primeTupletCount(.twins, in: 0...10_000_000) == 58980, isPrime(2_305_843_009_213_693_951)]
    default:
      return [
        primeCount(upTo: 10_000_000_000) == 455_052_511,
        primeFactors(of: 600_851_475_143) == [71, 839, 1471, 6857],
      ]
    }
  }

  @Test func eightCallersAtOnce() {
    let lock = NSLock()
    nonisolated(unsafe) var outcomes: [Int: [Bool]] = [:]
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      let result = Self.round(index)
      lock.withLock { outcomes[index] = result }
    }
    for index in 0..<8 {
      #expect(outcomes[index] == [true, true], "caller \(index): \(outcomes[index] ?? [])")
    }
  }
}
