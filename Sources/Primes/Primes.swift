import CXX

/// All primes `p` with `p <= limit`, in ascending order.
///
///     primes(upTo: 30)  // [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
///
/// A negative limit gives an empty array.
///
/// - Precondition: The result fits in memory.
/// - Complexity: O(limit log log limit) time, O(√limit) working memory
///   besides the result.
public func primes(upTo limit: Int) -> [Int] {
  guard limit >= 2 else { return [] }
  return generatePrimes(from: 0, through: UInt64(limit), as: Int.self)
}
