import Primes
import Testing

@Suite("Primality, neighbours, n-th prime, factorization")
struct PrimalityTests {
  @Test func carmichaelNumbersAndStrongPseudoprimes() {
    // Carmichael numbers (OEIS A002997) fool Fermat tests to every base.
    let carmichael = [
      561, 1105, 1729, 2465, 2821, 6601, 8911, 10585, 15841, 29341, 41041, 46657, 52633, 62745, 63973,
    ]
    for n in carmichael { #expect(!isPrime(n), "\(n) is a Carmichael number") }
    // Strong pseudoprimes to base 2 (A001262), and numbers that are strong
    // pseudoprimes to many prime bases at once (A014233).
    let strongPseudoprimes: [UInt64] = [
      2047, 3277, 4033, 4681, 8321, 1_373_653, 25_326_001, 3_215_031_751, 2_152_302_898_747,
      3_474_749_660_383, 341_550_071_728_321, 3_825_123_056_546_413_051,
    ]
    for n in strongPseudoprimes { #expect(!isPrime(n), "\(n) is a strong pseudoprime") }
    // Products of two primes just below 2^32.
    #expect(!isPrime(UInt64(4_294_967_291) * 4_294_967_279))
  }

  @Test func knownPrimes() {
    #expect(isPrime(2) && isPrime(3) && !isPrime(1) && !isPrime(0) && !isPrime(-7))
    #expect(isPrime(9_223_372_036_854_775_783))  // largest prime below 2^63
    #expect(!isPrime(Int.max))
    #expect(isPrime(UInt64(18_446_744_073_709_551_557)))  // largest prime below 2^64
    #expect(!isPrime(UInt64.max))
    #expect(isPrime(UInt64(4_294_967_291)) && isPrime(UInt64(4_294_967_311)))
    #expect(isPrime(1_000_000_000_000_000_003))
  }

  @Test func randomNumbersAgreeWithTrialDivision() {
    var generator = SeededGenerator(seed: 99)
    for _ in 0..<3000 {
      let n = UInt64.random(in: 0..<(1 << 36), using: &generator)
      #expect(isPrime(n) == isPrimeByTrialDivision(n), "\(n)")
    }
  }

  @Test func nextAndPreviousPrime() {
    #expect(nextPrime(after: -10) == 2 && nextPrime(after: 1) == 2 && nextPrime(after: 2) == 3)
    #expect(nextPrime(after: 13) == 17 && previousPrime(before: 13) == 11)
    #expect(
      previousPrime(before: 3) == 2 && previousPrime(before: 2) == nil && previousPrime(before: -5) == nil)
    #expect(previousPrime(before: Int.max) == 9_223_372_036_854_775_783)
    #expect(nextPrime(after: 9_223_372_036_854_775_782) == 9_223_372_036_854_775_783)
    #expect(nextPrime(after: 9_223_372_036_854_775_783) == nil)
    #expect(nextPrime(after: Int.max) == nil)
    #expect(nextPrime(after: UInt64(9_223_372_036_854_775_783)) == 9_223_372_036_854_775_837)
    #expect(nextPrime(after: UInt64(18_446_744_073_709_551_556)) == 18_446_744_073_709_551_557)
    #expect(nextPrime(after: UInt64(18_446_744_073_709_551_557)) == nil)
    #expect(nextPrime(after: UInt64.max) == nil)
  }

  /// The 10^k-th primes (OEIS A006988).
  @Test(
    "n-th prime",
    arguments: [
      (1, 2), (2, 3), (4, 7), (10, 29), (100, 541), (1000, 7919), (10_000, 104_729), (100_000, 1_299_709),
      (1_000_000, 15_485_863), (10_000_000, 179_424_673), (100_000_000, 2_038_074_743),
    ])
  func nthPrimes(_ n: Int, _ expected: Int) {
    #expect(nthPrime(n) == expected)
  }

  @Test func nthPrimeAgreesWithCounting() {
    var generator = SeededGenerator(seed: 5)
    for _ in 0..<10 {
      let n = Int.random(in: 1...3_000_000, using: &generator)
      let p = nthPrime(n)
      #expect(isPrime(p) && primeCount(upTo: p) == n, "n \(n) gave \(p)")
    }
  }

  @Test func factorizationsMultiplyBack() {
    #expect(primeFactors(of: 1) == [])
    #expect(primeFactors(of: 360) == [2, 2, 2, 3, 3, 5])
    #expect(primeFactors(of: -12) == [2, 2, 3])
    #expect(primeFactors(of: 97) == [97])
    #expect(primeFactors(of: Int.max) == [7, 7, 73, 127, 337, 92_737, 649_657])
    #expect(primeFactors(of: Int.min) == [Int](repeating: 2, count: 63))
    #expect(primeFactors(of: UInt64.max) == [3, 5, 17, 257, 641, 65_537, 6_700_417])
    #expect(primeFactors(of: UInt64(18_446_744_073_709_551_557)) == [18_446_744_073_709_551_557])
    #expect(primeFactors(of: UInt64(4_294_967_291) * 4_294_967_279) == [4_294_967_279, 4_294_967_291])
    #expect(primeFactors(of: UInt64(3_825_123_056_546_413_051)) == [149_491, 747_451, 34_233_211])
    #expect(primeFactors(of: UInt64(4_294_967_291) * 4_294_967_291) == [4_294_967_291, 4_294_967_291])
    var generator = SeededGenerator(seed: 62)
    for _ in 0..<200 {
      let n = UInt64.random(in: 1...UInt64.max, using: &generator)
      let factors = primeFactors(of: n)
      #expect(factors == factors.sorted() && factors.allSatisfy { isPrime($0) }, "\(n): \(factors)")
      #expect(factors.reduce(1, *) == n, "\(n): \(factors)")
    }
    // 62-bit semiprimes with two 31-bit factors: the hardest case for rho.
    for _ in 0..<20 {
      let p = nextPrime(after: UInt64.random(in: (1 << 30)..<(1 << 31), using: &generator))!
      let q = nextPrime(after: UInt64.random(in: (1 << 30)..<(1 << 31), using: &generator))!
      #expect(primeFactors(of: p * q) == [min(p, q), max(p, q)])
    }
  }
}
