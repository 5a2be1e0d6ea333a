internal import CXX

/// The primes in a range, produced lazily, a window at a time.
///
/// Nothing is sieved until iteration starts, and each window is only as
/// large as the iteration has gone so far (it doubles, from 4096 numbers up
/// to 2^24), so taking a few primes anywhere is fast:
///
///     Array(PrimeSequence(from: 1_000_000_000_000_000_000).prefix(3))
///     // [1000000000000000003, 1000000000000000009, 1000000000000000031]
///
/// Near very large numbers a window is decided by small-prime sieving plus
/// Miller-Rabin instead of sieving by all primes up to its square root.
public struct PrimeSequence: Sequence, Sendable {
  /// The first number considered.
  public let start: Int
  /// The last number considered.
  public let end: Int

  /// The primes `p` with `start <= p <= end`.
  public init(from start: Int = 2, through end: Int = .max) {
    self.start = start
    self.end = end
  }

  /// An iterator that sieves lazily, window by window, from `start`.
  ///
  /// - Complexity: O(1); the first call of `next()` sieves the first window.
  public func makeIterator() -> Iterator {
    Iterator(start: start, end: end)
  }

  /// Walks the primes of a `PrimeSequence` in ascending order.
  ///
  /// Copies of one iterator share its position.
  public struct Iterator: IteratorProtocol {
    private let cursor: Cursor?
    private var batch: [Int] = []
    private var position = 0

    init(start: Int, end: Int) {
      cursor = end < Swift.max(start, 2) ? nil : Cursor(low: UInt64(Swift.max(start, 2)), high: UInt64(end))
    }

    /// The next prime, or `nil` past `end`.
    ///
    /// - Complexity: Amortized O(log log n) per prime near n; a call that
    ///   starts a new window sieves it (up to 2^24 numbers).
    public mutating func next() -> Int? {
      if position == batch.count {
        guard let cursor else { return nil }
        batch = cursor.nextBatch()
        position = 0
        if batch.isEmpty { return nil }
      }
      defer { position += 1 }
      return batch[position]
    }
  }

  /// Owns the C++ cursor.
  private final class Cursor {
    private let state: OpaquePointer
    private var batchSize = 64

    init(low: UInt64, high: UInt64) {
      guard let state = core.primeCursorCreate(low, high) else {
        preconditionFailure("PrimeSequence: out of memory creating the C++ cursor")
      }
      self.state = state
    }

    deinit { core.primeCursorDestroy(state) }

    /// The next primes (empty at the end); batches grow to 65536.
    func nextBatch() -> [Int] {
      let capacity = batchSize
      batchSize = Swift.min(batchSize * 4, 1 << 16)
      return [Int](unsafeUninitializedCapacity: capacity) { buffer, count in
        var written: UInt64 = 0
        let status = UnsafeMutableRawPointer(buffer.baseAddress!).withMemoryRebound(
          to: UInt64.self, capacity: capacity
        ) { core.primeCursorNext(state, $0, UInt64(capacity), &written) }
        precondition(status == .ok, "PrimeSequence: the C++ cursor failed (\(status))")
        count = Int(written)
      }
    }
  }
}
