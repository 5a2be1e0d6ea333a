internal import CXX

/// Whether `n` is prime; `false` for every `n < 2`.
///
/// Deterministic for every 64-bit integer: trial division by small primes,
/// then Miller-Rabin with a base set that no composite below 2^64 passes,
/// in Montgomery arithmetic.
///
/// - Complexity: O(log n) multiplications.
public func isPrime(_ n: Int) -> Bool {
  n >= 2 && core.isPrime(UInt64(n))
}

/// Whether `n` is prime (deterministic over the whole `UInt64` range).
///
/// - Complexity: O(log n) multiplications.
public func isPrime(_ n: UInt64) -> Bool {
  core.isPrime(n)
}

/// The smallest prime greater than `n`, or `nil` when it would exceed
/// `Int.max` (there is none after 9223372036854775783).
///
///     nextPrime(after: 13)  // 17
///
/// - Complexity: O(g · log n) for a prime gap g (g is O(log² n) in practice).
public func nextPrime(after n: Int) -> Int? {
  if n < 2 { return 2 }
  var prime: UInt64 = 0
  guard core.nextPrime(UInt64(n), &prime), prime <= UInt64(Int.max) else { return nil }
  return Int(prime)
}

/// The smallest prime greater than `n`, or `nil` past the largest 64-bit
/// prime, 18446744073709551557.
///
/// - Complexity: O(g · log n) for a prime gap g.
public func nextPrime(after n: UInt64) -> UInt64? {
  var prime: UInt64 = 0
  return core.nextPrime(n, &prime) ? prime : nil
}

/// The largest prime less than `n`, or `nil` when `n <= 2`.
///
///     previousPrime(before: 13)  // 11
///
/// - Complexity: O(g · log n) for a prime gap g.
public func previousPrime(before n: Int) -> Int? {
  guard n > 2 else { return nil }
  var prime: UInt64 = 0
  return core.previousPrime(UInt64(n), &prime) ? Int(prime) : nil
}
