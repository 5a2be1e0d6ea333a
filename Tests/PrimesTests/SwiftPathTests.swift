import Primes
import Testing

/// The pure-Swift sieves (the benchmark's Swift path) must agree with the
/// C++ core exactly.
@Suite("Swift path agrees with the C++ path")
struct SwiftPathTests {
  @Test("counts", arguments: [0, 1, 2, 6, 7, 100, 4_096, 3_932_160, 10_000_000, 123_456_789])
  func counts(_ limit: Int) {
    #expect(SwiftPrimeSieve.primeCount(upTo: limit) == primeCount(upTo: limit), "limit \(limit)")
  }

  @Test func generation() {
    #expect(SwiftPrimeSieve.primes(upTo: 5_000_000) == primes(upTo: 5_000_000))
    #expect(SwiftPrimeSieve.primes(upTo: 1) == [])
    #expect(SwiftPrimeSieve.primes(upTo: 5) == [2, 3, 5])
  }

  @Test func classicSieve() {
    #expect(SwiftPrimeSieve.classicPrimeCount(upTo: 1_000_000) == 78_498)
    #expect(SwiftPrimeSieve.classicPrimeCount(upTo: 1) == 0)
  }

  @Test func largeSievingPrimesUseBuckets() {
    // √(2·10^13) ≈ 4.5·10^6 > 15 · 2^17: large primes go through buckets.
    let range = 20_000_000_000_000...20_000_003_000_000
    #expect(SwiftPrimeSieve.primeCount(in: range) == primeCount(in: range))
    #expect(SwiftPrimeSieve.primeCount(in: 1_000_003...2_000_000) == primeCount(in: 1_000_003...2_000_000))
  }
}
