internal import CXX

/// The prime factors of `n` in ascending order, with multiplicity;
/// `primeFactors(of: 1) == []`.
///
///     primeFactors(of: 360)  // [2, 2, 2, 3, 3, 5]
///
/// A negative `n` gives the factors of its magnitude.
///
/// Trial division by the primes below 2^10, then Pollard-Brent (Pollard's
/// rho with Brent's cycle detection) on what remains, with Miller-Rabin
/// deciding primality.
///
/// - Precondition: `n != 0`.
/// - Complexity: Expected O(n^¼) multiplications for the hardest inputs
///   (semiprimes with two factors of similar size).
public func primeFactors(of n: Int) -> [Int] {
  precondition(n != 0, "primeFactors(of: 0) is undefined: every prime divides 0")
  return factor(UInt64(n.magnitude)).map { Int($0) }
}

/// The prime factors of `n` in ascending order, with multiplicity, over
/// the whole `UInt64` range.
///
/// - Precondition: `n != 0`.
/// - Complexity: Expected O(n^¼) multiplications.
public func primeFactors(of n: UInt64) -> [UInt64] {
  precondition(n != 0, "primeFactors(of: 0) is undefined: every prime divides 0")
  return factor(n)
}

private func factor(_ n: UInt64) -> [UInt64] {
  // No 64-bit number has more than 64 prime factors.
  [UInt64](unsafeUninitializedCapacity: 64) { buffer, count in
    var written: Int32 = 0
    let status = core.primeFactors(n, buffer.baseAddress, &written)
    precondition(status == .ok, "primeFactors(of: \(n)) failed in the C++ core (\(status))")
    count = Int(written)
  }
}
