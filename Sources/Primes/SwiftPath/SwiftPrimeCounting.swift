/// Prime counting without a sieve, in pure Swift: the benchmark's Swift path
/// for the C++ core's combinatorial counting.
///
/// This is the Legendre-type recurrence over the values ⌊x/n⌋ (known as
/// Lucy Hedgehog's method, a form of Legendre's and Meissel's φ): with
/// S(v, p) the count of numbers in [2, v] that are prime or have no prime
/// factor below p,
///
///     S(v, p) = S(v, p−1) − (S(⌊v/p⌋, p−1) − S(p−1, p−1))   for prime p, p² <= v,
///
/// and π(x) = S(x, √x). Only the O(√x) values ⌊x/n⌋ are ever needed. The
/// C++ core's Deléglise–Rivat method is asymptotically faster
/// (O(x^(2/3)/log² x) against O(x^(3/4))).
public enum SwiftPrimeCounting {
  /// π(x), the number of primes at most `limit` (0 below 2).
  ///
  /// - Complexity: O(x^(3/4)) time and O(√x) memory.
  public static func primeCount(upTo limit: Int) -> Int {
    guard limit >= 2 else { return 0 }
    var root = Int(Double(limit).squareRoot())
    while root * root > limit { root -= 1 }
    while (root + 1) * (root + 1) <= limit { root += 1 }
    // small[v] = S(v), v <= root; large[i] = S(⌊x/i⌋), i <= root.
    var small = [Int](unsafeUninitializedCapacity: root + 1) { buffer, count in
      for v in 0...root { buffer[v] = v - 1 }
      count = root + 1
    }
    small[0] = 0
    var large = [Int](unsafeUninitializedCapacity: root + 1) { buffer, count in
      buffer[0] = 0
      for i in 1...root { buffer[i] = limit / i - 1 }
      count = root + 1
    }
    guard root >= 2 else { return large[1] }
    for p in 2...root where small[p] > small[p - 1] {
      let below = small[p - 1]
      let square = p * p
      let lastLarge = min(root, limit / square)
      if lastLarge >= 1 {
        for i in 1...lastLarge {
          let d = i * p
          let value = d <= root ? large[d] : small[limit / d]
          large[i] -= value - below
        }
      }
      if square <= root {
        for v in stride(from: root, through: square, by: -1) {
          small[v] -= small[v / p] - below
        }
      }
    }
    return large[1]
  }
}
