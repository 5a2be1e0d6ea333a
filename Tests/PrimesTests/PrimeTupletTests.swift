import Primes
import Testing

/// Prime k-tuplets against primesieve 12's counts (`primesieve X Y -cK`),
/// and the counting against the generation, which finds the tuplets by a
/// different method (a scan of the prime list).
@Suite("Prime k-tuplets")
struct PrimeTupletTests {
  /// Counts up to 10^2, 10^3, 10^6 and 10^10 for twins … sextuplets.
  static let table: [PrimeTuplet: [Int]] = [
    .twins: [8, 35, 8169, 27_412_679],
    .triplets: [8, 30, 2837, 5_425_573],
    .quadruplets: [2, 5, 166, 180_529],
    .quintuplets: [3, 5, 65, 40414],
    .sextuplets: [1, 2, 5, 1613],
  ]

  /// Ranges and their counts for twins … sextuplets.
  static let ranges: [(ClosedRange<UInt64>, [Int])] = [
    (123_456_789...223_456_789, [366_916, 83532, 3239, 859, 45]),
    (4_294_967_000...4_295_067_296, [263, 61, 1, 0, 0]),
    (1_000_000_000_000...1_000_100_000_000, [172_900, 27284, 699, 145, 5]),
    (18_446_744_073_709_000_000...UInt64.max, [361, 44, 0, 0, 0]),
    (1_000_000...2_000_000, [6702, 0, 0, 0, 3]),
  ]

  @Test("counts up to powers of ten", arguments: PrimeTuplet.allCases)
  func table(_ kind: PrimeTuplet) {
    #if DEBUG
      let limits = [100, 1_000, 1_000_000]
    #else
      let limits = [100, 1_000, 1_000_000, 10_000_000_000]
    #endif
    for (index, limit) in limits.enumerated() {
      #expect(primeTupletCount(kind, in: 0...limit) == Self.table[kind]![index], "\(kind) up to \(limit)")
    }
  }

  @Test func ranges() {
    for (range, counts) in Self.ranges {
      for kind in PrimeTuplet.allCases
      where !(range.lowerBound == 1_000_000 && ![.twins, .sextuplets].contains(kind)) {
        #expect(primeTupletCount(kind, in: range) == counts[kind.rawValue - 2], "\(kind) in \(range)")
      }
    }
  }

  @Test func smallTupletsAndBoundaries() {
    #expect(primeTuplets(.twins, in: 0...20) == [[3, 5], [5, 7], [11, 13], [17, 19]])
    #expect(primeTuplets(.triplets, in: 0...20) == [[5, 7, 11], [7, 11, 13], [11, 13, 17], [13, 17, 19]])
    #expect(primeTuplets(.quadruplets, in: 5...13) == [[5, 7, 11, 13]])
    #expect(primeTuplets(.quintuplets, in: 0...19) == [[5, 7, 11, 13, 17], [7, 11, 13, 17, 19]])
    #expect(primeTuplets(.sextuplets, in: 7...23) == [[7, 11, 13, 17, 19, 23]])
    #expect(primeTupletCount(.sextuplets, in: 7...22) == 0, "a member past the range")
    #expect(primeTupletCount(.sextuplets, in: 8...23) == 0, "a member before the range")
    #expect(primeTupletCount(.twins, in: -5...4) == 0 && primeTupletCount(.twins, in: 3...5) == 1)
  }

  @Test func countingAgreesWithGeneration() {
    var generator = SeededGenerator(seed: 2026)
    #if DEBUG
      let trials = 5
    #else
      let trials = 20
    #endif
    for _ in 0..<trials {
      let low = Int.random(in: 0...5_000_000_000, using: &generator)
      let width = Int.random(in: 0...3_000_000, using: &generator)
      for kind in PrimeTuplet.allCases {
        let counted = primeTupletCount(kind, in: low...(low + width))
        let listed = primeTuplets(kind, in: low...(low + width))
        #expect(counted == listed.count, "\(kind) in \(low)...\(low + width)")
        #expect(listed.allSatisfy { $0.allSatisfy(isPrime) && $0.first! >= low && $0.last! <= low + width })
      }
    }
  }

  @Test func wideRangesSplitAcrossThreadsAgree() {
    // A wide range is split into chunks on threads; its count must equal
    // the sum over random pieces counted separately.
    let range = 1_000_000_000...1_400_000_000
    var generator = SeededGenerator(seed: 7)
    var cuts = (0..<6).map { _ in Int.random(in: range, using: &generator) }.sorted()
    cuts = [range.lowerBound - 1] + cuts + [range.upperBound]
    for kind in PrimeTuplet.allCases {
      let whole = primeTupletCount(kind, in: range)
      var pieces = 0
      for index in 0..<(cuts.count - 1) {
        pieces += primeTupletCount(kind, in: (cuts[index] + 1)...cuts[index + 1])
      }
      // Tuplets across a cut are in neither piece: add them back.
      for cut in cuts.dropFirst().dropLast() {
        pieces += primeTuplets(kind, in: (cut - 16)...(cut + 16)).count { $0.first! <= cut && $0.last! > cut }
      }
      #expect(whole == pieces, "\(kind)")
    }
  }
}
