import Primes
import Testing

/// Programmer errors trap with a message instead of returning garbage.
@Suite("Primes preconditions trap")
struct PrimesPreconditionTests {
  @Test func nthPrimeOfZero() async {
    await #expect(processExitsWith: .failure) { _ = nthPrime(0) }
  }

  @Test func factorsOfZero() async {
    await #expect(processExitsWith: .failure) { _ = primeFactors(of: 0) }
  }

  @Test func resultTooLargeForMemory() async {
    await #expect(processExitsWith: .failure) { _ = primes(upTo: Int.max) }
  }
}
