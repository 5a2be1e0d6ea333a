internal import CXX

/// The `n`-th prime: `nthPrime(1) == 2`, `nthPrime(4) == 7`.
///
/// Estimates the answer with the inverse of Riemann's R function, counts
/// the primes up to just below the estimate (combinatorially from 2^24 on,
/// see <doc:CountingPrimesFar>), then sieves forward to the answer.
///
/// - Precondition: `n >= 1`, and the n-th prime fits in `Int`
///   (`n <= 216289611853439384`).
/// - Complexity: About the cost of ``primeCount(upTo:)`` at pₙ ≈ n ln n:
///   O(pₙ^(2/3) / log² pₙ) for large n.
public func nthPrime(_ n: Int) -> Int {
  precondition(n >= 1, "nthPrime(_:) needs n >= 1 (the first prime is nthPrime(1) == 2); got \(n)")
  // π(2^63 − 1) = 216289611853439384.
  precondition(n <= 216_289_611_853_439_384, "nthPrime(\(n)) does not fit in Int")
  var prime: UInt64 = 0
  let status = core.nthPrime(UInt64(n), &prime)
  precondition(status == .ok, "nthPrime(\(n)) failed in the C++ core (\(status))")
  return Int(prime)
}
