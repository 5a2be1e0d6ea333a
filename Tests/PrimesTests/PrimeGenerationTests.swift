import Primes
import Testing

@Suite("primes(upTo:)")
struct PrimeGenerationTests {
  @Test func smallLimits() {
    #expect(primes(upTo: -5) == [])
    #expect(primes(upTo: 0) == [])
    #expect(primes(upTo: 1) == [])
    #expect(primes(upTo: 2) == [2])
    #expect(primes(upTo: 3) == [2, 3])
    #expect(primes(upTo: 30) == [2, 3, 5, 7, 11, 13, 17, 19, 23, 29])
  }

  @Test func countsMatchKnownValues() {
    // pi(10^k) from the literature (OEIS A006880).
    #expect(primes(upTo: 100).count == 25)
    #expect(primes(upTo: 1_000).count == 168)
    #expect(primes(upTo: 100_000).count == 9_592)
    #expect(primes(upTo: 1_000_000).count == 78_498)
  }
}
