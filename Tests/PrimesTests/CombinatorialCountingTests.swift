import CXX
import Foundation
import Primes
import Testing

/// Combinatorial prime counting (Deléglise–Rivat) against published values
/// (OEIS A006880, A006988; π(2^63 − 1) and π(2^64 − 1) from Oliveira e
/// Silva's tables, confirmed with primecount 7.6) and against the sieve.
@Suite("Combinatorial prime counting")
struct CombinatorialCountingTests {
  /// π(10^k) for k = 11…19 (OEIS A006880).
  static let piOfPowersOfTen: [Int: UInt64] = [
    11: 4_118_054_813,
    12: 37_607_912_018,
    13: 346_065_536_839,
    14: 3_204_941_750_802,
    15: 29_844_570_422_669,
    16: 279_238_341_033_925,
    17: 2_623_557_157_654_233,
    18: 24_739_954_287_740_860,
    19: 234_057_667_276_344_607,
  ]

  /// The 10^k-th prime (OEIS A006988).
  static let nthPrimeOfPowersOfTen: [Int: Int] = [
    4: 104_729, 5: 1_299_709, 6: 15_485_863, 7: 179_424_673, 8: 2_038_074_743, 9: 22_801_763_489,
    10: 252_097_800_623, 11: 2_760_727_302_517, 12: 29_996_224_275_833, 13: 323_780_508_946_331,
  ]

  /// The C++ core runs unoptimized in debug builds: keep the large x to
  /// release builds, and the longest to runs that ask for them:
  /// `PRIMES_LONG_TESTS=1` (π(10^17), the 10^13-th prime; about a minute,
  /// `.ci/run` sets it once) and `PRIMES_VERY_LONG_TESTS=1` (π(10^18),
  /// π(2^63 − 1); many minutes).
  #if DEBUG
    static let largestPower = 11
    static let largestNthPower = 9
    static let largestSieved: UInt64 = 200_000_000
  #else
    static let largestPower = 16
    static let largestNthPower = 12
    static let largestSieved: UInt64 = 2_000_000_000
  #endif
  static let longTests = ProcessInfo.processInfo.environment["PRIMES_LONG_TESTS"] == "1"
  static let veryLongTests = ProcessInfo.processInfo.environment["PRIMES_VERY_LONG_TESTS"] == "1"

  static func power(_ k: Int) -> UInt64 { (0..<k).reduce(1) { value, _ in value * 10 } }

  @Test("π(10^k), combinatorial", arguments: 11...18)
  func powersOfTen(_ k: Int) {
    guard k <= Self.largestPower || (Self.longTests && k <= 17) || Self.veryLongTests else { return }
    let x = Self.power(k)
    #expect(UInt64(primeCount(in: 0...x)) == Self.piOfPowersOfTen[k], "π(10^\(k))")
    if k <= 18 {
      #expect(UInt64(primeCount(upTo: Int(x))) == Self.piOfPowersOfTen[k], "primeCount(upTo: 10^\(k))")
    }
  }

  @Test(.enabled(if: veryLongTests, "very long test: set PRIMES_VERY_LONG_TESTS=1"))
  func piOfIntMax() {
    #expect(primeCount(upTo: Int.max) == 216_289_611_853_439_384)
  }

  @Test("the n-th prime for n = 10^k", arguments: 4...13)
  func nthPrimes(_ k: Int) {
    guard k <= Self.largestNthPower || (Self.longTests && k <= 13) else { return }
    let n = Int(Self.power(k))
    #expect(nthPrime(n) == Self.nthPrimeOfPowersOfTen[k], "nthPrime(10^\(k))")
  }

  /// π(x) by Deléglise–Rivat with y = alpha·x^(1/3), straight from the core.
  static func combinatorial(_ x: UInt64, alpha: Double = 0) -> UInt64 {
    var count: UInt64 = 0
    let status = core.countPrimesCombinatorially(x, alpha, &count)
    precondition(status == .ok)
    return count
  }

  static func sieved(_ x: UInt64) -> UInt64 {
    var count: UInt64 = 0
    let status = core.countPrimesBySieve(0, x, &count)
    precondition(status == .ok)
    return count
  }

  @Test func randomLimitsAgreeWithTheSieve() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var generator = SeededGenerator(seed: seed)
    #if DEBUG
      let top: UInt64 = 20_000_000
    #else
      let top: UInt64 = 3_000_000_000
    #endif
    for _ in 0..<12 {
      let x = UInt64.random(in: 64...top, using: &generator)
      let alpha = [0, 1, 2.5, 7, 40].randomElement(using: &generator)!
      #expect(
        Self.combinatorial(x, alpha: alpha) == Self.sieved(x),
        "π(\(x)) with alpha \(alpha); seed \(seed)")
    }
  }

  @Test func limitsNextToPrimeSquaresAndCubes() {
    // Next to p² and p³ the leaves change category (trivial, easy, hard).
    for p: UInt64 in [101, 1009, 4099, 10007] {
      for x in [p * p - 1, p * p, p * p + 1, p * p * p - 1, p * p * p, p * p * p + 1]
      where x < Self.largestSieved {
        #expect(Self.combinatorial(x) == Self.sieved(x), "π(\(x)) next to a power of \(p)")
        #expect(Self.combinatorial(x, alpha: 1) == Self.sieved(x), "π(\(x)), alpha 1")
      }
    }
  }

  @Test func aroundTheCrossover() {
    // primeCount switches from the sieve to the combinatorial method at
    // 2^24 (for ranges from 0); either side must agree with the sieve.
    for x: UInt64 in [(1 << 24) - 1, 1 << 24, (1 << 24) + 1, (1 << 25) + 12_345] {
      #expect(UInt64(primeCount(upTo: Int(x))) == Self.sieved(x), "π(\(x))")
    }
  }

  @Test func longRangesUseDifferencesOfCounts() {
    #expect(primeCount(in: 1_000_000_000...10_000_000_000) == 455_052_511 - 50_847_534)
    #expect(primeCount(in: 10_000_000_001...100_000_000_000) == 4_118_054_813 - 455_052_511)
    // A short range high up goes to the sieve.
    #expect(primeCount(in: 1_000_000_000_000...1_000_000_001_000) == 37)  // primecount
  }
}
