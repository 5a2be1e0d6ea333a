internal import CXX

/// A kind of prime k-tuplet: the densest admissible clusters of k primes,
/// with primesieve's patterns (offsets from the first member):
/// twins (0, 2); triplets (0, 2, 6) and (0, 4, 6); quadruplets (0, 2, 6, 8);
/// quintuplets (0, 2, 6, 8, 12) and (0, 4, 6, 10, 12); sextuplets
/// (0, 4, 6, 10, 12, 16).
public enum PrimeTuplet: Int, CaseIterable, Sendable {
  /// Two primes, (p, p + 2).
  case twins = 2
  /// Three primes, (p, p + 2, p + 6) or (p, p + 4, p + 6).
  case triplets = 3
  /// Four primes, (p, p + 2, p + 6, p + 8).
  case quadruplets = 4
  /// Five primes, (p, p + 2, p + 6, p + 8, p + 12) or (p, p + 4, p + 6, p + 10, p + 12).
  case quintuplets = 5
  /// Six primes, (p, p + 4, p + 6, p + 10, p + 12, p + 16).
  case sextuplets = 6

  /// The offsets of the members from the first one, for each pattern.
  public var patterns: [[Int]] {
    switch self {
    case .twins: return [[0, 2]]
    case .triplets: return [[0, 2, 6], [0, 4, 6]]
    case .quadruplets: return [[0, 2, 6, 8]]
    case .quintuplets: return [[0, 2, 6, 8, 12], [0, 4, 6, 10, 12]]
    case .sextuplets: return [[0, 4, 6, 10, 12, 16]]
    }
  }
}

/// The number of prime tuplets of `kind` whose members all lie in `range`,
/// counted as `primesieve -c2` … `-c6` counts them.
///
///     primeTupletCount(.twins, in: 0...1_000)   // 35
///
/// Counted on the sieve's bit arrays (word-wide pattern masks of the mod-30
/// wheel) on `PrimeSieve.threadCount` threads.
///
/// - Complexity: O(n log log n + √upperBound) for a range of width n.
public func primeTupletCount(_ kind: PrimeTuplet, in range: ClosedRange<Int>) -> Int {
  guard range.upperBound >= 2 else { return 0 }
  return primeTupletCount(kind, in: UInt64(Swift.max(range.lowerBound, 0))...UInt64(range.upperBound))
}

/// The number of prime tuplets of `kind` with all members in `range`, over
/// the whole unsigned 64-bit range.
///
/// - Complexity: O(n log log n + √upperBound) for a range of width n.
public func primeTupletCount(_ kind: PrimeTuplet, in range: ClosedRange<UInt64>) -> Int {
  var count: UInt64 = 0
  let status = core.countPrimeTuplets(Int32(kind.rawValue), range.lowerBound, range.upperBound, &count)
  precondition(status == .ok, "primeTupletCount(\(kind), in: \(range)) failed in the C++ core (\(status))")
  return Int(count)
}

/// The prime tuplets of `kind` whose members all lie in `range`, ascending
/// by first member (two patterns with the same first member: the one with
/// the smaller second member first).
///
///     primeTuplets(.triplets, in: 0...20)   // [[5, 7, 11], [7, 11, 13], [11, 13, 17], [13, 17, 19]]
///
/// - Precondition: The result fits in memory.
/// - Complexity: O(n log log n) for a range of width n.
public func primeTuplets(_ kind: PrimeTuplet, in range: ClosedRange<Int>) -> [[Int]] {
  let found = primes(in: range)
  let patterns = kind.patterns.sorted { $0[1] < $1[1] }
  var result: [[Int]] = []
  for (index, first) in found.enumerated() {
    for pattern in patterns {
      var members = [first]
      var cursor = index + 1
      for offset in pattern.dropFirst() {
        let wanted = first + offset
        while cursor < found.count && found[cursor] < wanted { cursor += 1 }
        guard cursor < found.count, found[cursor] == wanted else { break }
        members.append(wanted)
      }
      if members.count == pattern.count { result.append(members) }
    }
  }
  return result
}
