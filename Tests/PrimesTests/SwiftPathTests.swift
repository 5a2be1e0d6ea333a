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

@Suite("Swift prime counting (the benchmark's Swift path)")
struct SwiftPrimeCountingTests {
  @Test func powersOfTenAndSmallLimits() {
    let reference = [0, 4, 25, 168, 1_229, 9_592, 78_498, 664_579, 5_761_455, 50_847_534]  // OEIS A006880
    var limit = 1
    for expected in reference {
      #expect(SwiftPrimeCounting.primeCount(upTo: limit) == expected, "π(\(limit))")
      limit *= 10
    }
    #expect(SwiftPrimeCounting.primeCount(upTo: -3) == 0 && SwiftPrimeCounting.primeCount(upTo: 1) == 0)
    for n in [2, 3, 4, 8, 9, 10, 24, 25, 26, 48, 49, 50, 120, 121, 122] {
      #expect(SwiftPrimeCounting.primeCount(upTo: n) == primeCount(upTo: n), "π(\(n))")
    }
  }
}
