import Primes
import Testing

@Suite("Counting and generating primes")
struct PrimeCountingTests {
  /// π(10^k) (OEIS A006880).
  static let piOfPowersOfTen: [Int] = [
    0, 4, 25, 168, 1_229, 9_592, 78_498, 664_579, 5_761_455, 50_847_534, 455_052_511,
  ]

  #if DEBUG
    static let largestPower = 9
  #else
    static let largestPower = 10
  #endif

  @Test("π(10^k)", arguments: 0...10)
  func powersOfTen(_ k: Int) {
    guard k <= Self.largestPower else { return }
    var limit = 1
    for _ in 0..<k { limit *= 10 }
    #expect(primeCount(upTo: limit) == Self.piOfPowersOfTen[k], "π(10^\(k))")
    if k <= 7 {
      #expect(primes(upTo: limit).count == Self.piOfPowersOfTen[k], "primes(upTo: 10^\(k)).count")
    }
  }

  @Test func piOfTwoToThe32() {
    #expect(primeCount(in: UInt64(0)...UInt64(1) << 32) == 203_280_221)
  }

  @Test func smallLimitsAndBadInput() {
    #expect(primes(upTo: -5) == [])
    #expect(primes(upTo: 0) == [] && primes(upTo: 1) == [])
    #expect(primes(upTo: 2) == [2])
    #expect(primes(upTo: 30) == [2, 3, 5, 7, 11, 13, 17, 19, 23, 29])
    #expect(primeCount(upTo: -1) == 0 && primeCount(upTo: Int.min) == 0)
    #expect(primes(in: -100 ... -1) == [] && primeCount(in: -100...1) == 0)
    #expect(primes(in: -10...10) == [2, 3, 5, 7])
    #expect(primes(in: 24...28) == [] && primeCount(in: 24...28) == 0)
    #expect(primes(in: 97...97) == [97] && primeCount(in: 97...97) == 1)
    #expect(primes(in: UInt64(0)...UInt64(0)) == [])
  }

  @Test func everySmallNumberAgreesWithTrialDivision() {
    let limit = 100_000
    let sieved = Set(primes(upTo: limit))
    for n in 0...limit {
      let expected = isPrimeByTrialDivision(UInt64(n))
      if sieved.contains(n) != expected || isPrime(n) != expected {
        Issue.record("\(n): sieve \(sieved.contains(n)), isPrime \(isPrime(n)), trial division \(expected)")
      }
    }
  }

  @Test func randomRangesBelowTenMillion() {
    var generator = SeededGenerator(seed: 2024)
    for _ in 0..<40 {
      let low = Int.random(in: 0..<10_000_000, using: &generator)
      let width = Int.random(in: 0..<300_000, using: &generator)
      let high = min(low + width, 10_000_000)
      let expected = referencePrimes(in: low, high)
      #expect(primes(in: low...high) == expected, "[\(low), \(high)]")
      #expect(primeCount(in: low...high) == expected.count, "count [\(low), \(high)]")
    }
  }

  @Test func chunksAddUpToTheWhole() {
    // Random cut points, so chunk edges fall anywhere in a sieve segment.
    var generator = SeededGenerator(seed: 77)
    let low = 3_000_000_000
    let high = 3_400_000_000
    var cuts = (0..<25).map { _ in Int.random(in: low...high, using: &generator) }.sorted()
    cuts = [low - 1] + cuts + [high]
    let total = zip(cuts, cuts.dropFirst()).reduce(0) { sum, pair in sum + primeCount(in: pair.0 + 1...pair.1)
    }
    #expect(total == primeCount(in: low...high))
    #expect(total == primeCount(upTo: high) - primeCount(upTo: low - 1))
  }

  @Test func threadCountDoesNotChangeResults() {
    let saved = PrimeSieve.threadCount
    defer { PrimeSieve.threadCount = saved }
    var counts: [Int] = []
    for threads in [1, 2, 3, 7] {
      PrimeSieve.threadCount = threads
      #expect(PrimeSieve.threadCount == threads)
      counts.append(primeCount(in: 1_000_000_007...1_900_000_000))
    }
    #expect(Set(counts).count == 1, "\(counts)")
    PrimeSieve.threadCount = 0
    #expect(PrimeSieve.threadCount >= 1)
  }

  /// Counts near the top of Int and UInt64, checked against primesieve 11
  /// (`primesieve LOW HIGH`), an independent implementation.
  @Test func countsNearTheTopMatchPrimesieve() {
    #if DEBUG
      // Narrow windows: decided by small-prime sieving plus Miller-Rabin.
      #expect(primeCount(in: UInt64.max - 1_000_000...UInt64.max) == 22_475)
      #expect(primeCount(in: Int.max - 1_000_000...Int.max) == 22_968)
    #else
      // Wide windows: the full segmented sieve with primes up to 2^32.
      #expect(primeCount(in: UInt64.max - 100_000_000...UInt64.max) == 2_253_052)
      #expect(primeCount(in: Int.max - 100_000_000...Int.max) == 2_289_797)
      #expect(primeCount(in: 1_000_000_000_000_000_000...1_000_000_000_100_000_000) == 2_414_886)
    #endif
    #expect(primeCount(in: 1_000_000_000_000...1_001_000_000_000) == 36_190_991)
  }

  @Test func rangesTouchingTheTopTerminate() {
    #expect(
      primes(in: UInt64.max - 100...UInt64.max) == [
        18_446_744_073_709_551_521, 18_446_744_073_709_551_533, 18_446_744_073_709_551_557,
      ])
    #expect(primes(in: UInt64.max...UInt64.max) == [])
    #expect(primes(in: Int.max - 30...Int.max) == [9_223_372_036_854_775_783])
    #expect(primeCount(in: Int.max...Int.max) == 0)
  }
}
