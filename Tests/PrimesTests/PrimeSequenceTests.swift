import Primes
import Testing

@Suite("PrimeSequence")
struct PrimeSequenceTests {
  @Test func startsAtTwo() {
    #expect(Array(PrimeSequence().prefix(10)) == [2, 3, 5, 7, 11, 13, 17, 19, 23, 29])
    #expect(Array(PrimeSequence(from: -100).prefix(2)) == [2, 3])
  }

  @Test func matchesTheSieveOverManyWindows() {
    // Long enough to cross several window sizes (4096 numbers, doubling).
    let expected = primes(upTo: 3_000_000)
    #expect(Array(PrimeSequence(through: 3_000_000)) == expected)
    #expect(Array(PrimeSequence(from: 1_000_000, through: 1_100_000)) == primes(in: 1_000_000...1_100_000))
  }

  @Test func farOutIsInstant() {
    #expect(
      Array(PrimeSequence(from: 1_000_000_000_000_000_000).prefix(3)) == [
        1_000_000_000_000_000_003, 1_000_000_000_000_000_009, 1_000_000_000_000_000_031,
      ])
    #expect(Array(PrimeSequence(from: Int.max - 100)) == [9_223_372_036_854_775_783])
  }

  @Test func emptyRanges() {
    #expect(Array(PrimeSequence(from: 10, through: 5)).isEmpty)
    #expect(Array(PrimeSequence(from: 24, through: 28)).isEmpty)
    #expect(Array(PrimeSequence(from: -5, through: 1)).isEmpty)
  }
}
