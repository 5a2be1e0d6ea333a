// The segmented wheel sieve of the C++ core (see Sources/CXX/src/primes),
// written again in plain Swift with no C++: pre-sieve patterns for 7..101,
// an unrolled wheel turn for small primes, single steps for medium primes
// and buckets for large ones. It exists so that the benchmark can compare
// the same algorithm in both languages.

/// Pre-sieve patterns for the primes 7 to 101 (one per group of primes; a
/// pattern's period in bytes is the product of its group).
final class SwiftPreSieve: Sendable {
  static let shared = SwiftPreSieve()
  static let largestPrime: UInt64 = 101

  let patterns: [[UInt8]]

  private init() {
    let groups: [[Int]] = [
      [7, 11, 13, 17, 19], [23, 29, 31], [37, 41, 43], [47, 53, 59], [61, 67, 71], [73, 79, 83],
      [89, 97, 101],
    ]
    patterns = groups.map { group in
      let period = group.reduce(1, *)
      var pattern = [UInt8](repeating: 0xFF, count: period)
      for p in group {
        var index = p / 30
        var w = 8 * Int(wheelBitOfResidue[p % 30])
        while index < period {
          let step = swiftWheel[w]
          pattern[index] &= step.keepMask
          index += (p / 30) * Int(step.gap) + Int(step.correction)
          w = Int(step.next)
        }
      }
      return pattern
    }
  }

  /// Writes the pre-sieved bytes for numbers from 30·firstByte on.
  func apply(_ segment: UnsafeMutablePointer<UInt8>, bytes: Int, firstByte: UInt64) {
    for (number, pattern) in patterns.enumerated() {
      pattern.withUnsafeBufferPointer { source in
        let period = source.count
        var offset = Int(firstByte % UInt64(period))
        var done = 0
        while done < bytes {
          let chunk = Swift.min(bytes - done, period - offset)
          if number == 0 {
            (segment + done).update(from: source.baseAddress! + offset, count: chunk)
          } else {
            for i in 0..<chunk { segment[done + i] &= source[offset + i] }
          }
          done += chunk
          offset = 0
        }
      }
    }
  }
}

/// A segmented sieve over [low, high] (high <= 2^50), segment by segment.
struct SwiftSegmentedSieve {
  static let segmentBytes = 1 << 18
  /// The C++ core's L1 blocking: 32 KiB blocks for the primes below 8192
  /// with an L1 data cache of 48 KiB or more, else 16 KiB for those below 2048.
  static let l1BlockBytes = l1DataCacheBytes() >= 48 << 10 ? 1 << 15 : 1 << 14
  static let tinyPrimeLimit: UInt64 = l1BlockBytes == 1 << 15 ? 1 << 13 : 1 << 11

  private struct SievingPrime {
    var quotient: UInt32
    var index: UInt32
    var wheelIndex: UInt32
  }

  private struct BucketEntry {
    var quotient: UInt32
    var indexAndWheel: UInt32
  }

  private let low: UInt64
  private let high: UInt64
  private let base: UInt64
  private let totalBytes: UInt64
  private var sievingPrimes: [UInt64]
  private var nextSievingPrime = 0
  private var doneBytes: UInt64 = 0
  private var segmentNumber = 0
  private var tiny: [SievingPrime] = []
  private var small: [SievingPrime] = []
  private var medium: [SievingPrime] = []
  private var buckets: [[BucketEntry]] = []
  private let bucketCount: Int
  /// The current segment, zero-padded to a multiple of 8 bytes.
  private(set) var segment: [UInt8]
  private(set) var byteCount = 0
  private(set) var firstNumber: UInt64 = 0

  init(low: UInt64, high: UInt64) {
    precondition(low <= high && high <= 1 << 50, "the Swift sieve covers [low, high] with high <= 2^50")
    self.low = low
    self.high = high
    base = low - low % 30
    totalBytes = (high - base) / 30 + 1
    let root = UInt64(Double(high).squareRoot()) + 1
    sievingPrimes = swiftClassicPrimes(upTo: Int(root)).lazy.map(UInt64.init).filter {
      $0 > SwiftPreSieve.largestPrime
    }
    let maxStep = (root / 30) * 6 + 6
    bucketCount = Int(maxStep / UInt64(Self.segmentBytes)) + 2
    segment = [UInt8](repeating: 0, count: Self.segmentBytes + 16)
  }

  /// Sieves the next segment; false once the range is done. Afterwards bit k
  /// of `segment[i]` (i < byteCount) is set when firstNumber + 30·i +
  /// wheelResidues[k] is a prime >= 7 inside [low, high].
  mutating func nextSegment() -> Bool {
    guard doneBytes < totalBytes else { return false }
    let bytes = Int(Swift.min(UInt64(Self.segmentBytes), totalBytes - doneBytes))
    let first = base + 30 * doneBytes
    let last = Swift.min(high, first + 30 * UInt64(bytes) - 1)
    while nextSievingPrime < sievingPrimes.count,
      sievingPrimes[nextSievingPrime] * sievingPrimes[nextSievingPrime] <= last
    {
      add(sievingPrimes[nextSievingPrime], first: first)
      nextSievingPrime += 1
    }
    // Take the buffer out of self so that the crossing-off methods can
    // mutate the prime lists while it is being written (no copy is made).
    var buffer = [UInt8]()
    swap(&buffer, &segment)
    defer { swap(&buffer, &segment) }
    let size = buffer.count
    buffer.withUnsafeMutableBufferPointer { buffer in
      let pointer = buffer.baseAddress!
      SwiftPreSieve.shared.apply(pointer, bytes: bytes, firstByte: first / 30)
      (pointer + bytes).update(repeating: 0, count: size - bytes)
      Self.crossOffSmall(&tiny, &small, pointer, bytes)
      Self.crossOffMedium(&medium, pointer, bytes)
      crossOffLarge(pointer)
      if first < 128 { restoreSmallPrimes(pointer, first: first) }
      clearOutsideRange(pointer, bytes: bytes, first: first)
    }
    byteCount = bytes
    firstNumber = first
    doneBytes += UInt64(bytes)
    segmentNumber += 1
    return true
  }

  private mutating func add(_ p: UInt64, first: UInt64) {
    var q = first / p + (first % p != 0 ? 1 : 0)
    if q < p { q = p }
    q += UInt64(wheelDistanceToCoprime[Int(q % 30)])
    let (multiple, overflow) = p.multipliedReportingOverflow(by: q)
    if overflow || multiple > high { return }
    let offset = (multiple - first) / 30
    let wheelIndex = UInt32(8 * Int(wheelBitOfResidue[Int(p % 30)]) + Int(wheelBitOfResidue[Int(q % 30)]))
    let quotient = UInt32(p / 30)
    if p < Self.tinyPrimeLimit {
      tiny.append(SievingPrime(quotient: quotient, index: UInt32(offset), wheelIndex: wheelIndex))
    } else if p < UInt64(Self.segmentBytes) {
      small.append(SievingPrime(quotient: quotient, index: UInt32(offset), wheelIndex: wheelIndex))
    } else if p < 15 * UInt64(Self.segmentBytes) {
      medium.append(SievingPrime(quotient: quotient, index: UInt32(offset), wheelIndex: wheelIndex))
    } else {
      if buckets.isEmpty { buckets = Array(repeating: [], count: bucketCount) }
      let ahead = Int(offset / UInt64(Self.segmentBytes))
      let index = UInt32(offset % UInt64(Self.segmentBytes))
      buckets[(segmentNumber + ahead) % bucketCount].append(
        BucketEntry(quotient: quotient, indexAndWheel: index << 6 | wheelIndex))
    }
  }

  /// Crosses off the multiples of `prime` below byte `end`: single steps up
  /// to the start of a wheel turn, unrolled whole turns, single steps to
  /// the end (the C++ core's `crossOff`).
  @inline(__always)
  private static func crossOff(
    _ prime: inout SievingPrime, _ segment: UnsafeMutablePointer<UInt8>, _ end: Int,
    _ wheel: UnsafeBufferPointer<SwiftWheelStep>, _ corrections: UnsafeBufferPointer<Int>
  ) {
    var i = Int(prime.index)
    var w = Int(prime.wheelIndex)
    let a = Int(prime.quotient)
    while w & 7 != 0 && i < end {
      let step = wheel[w]
      segment[i] &= step.keepMask
      i += a * Int(step.gap) + Int(step.correction)
      w = Int(step.next)
    }
    if i < end {
      let base = w  // 8·pi: the start of a turn
      let o1 = a * 6 + corrections[base + 1]
      let o2 = a * 10 + corrections[base + 2]
      let o3 = a * 12 + corrections[base + 3]
      let o4 = a * 16 + corrections[base + 4]
      let o5 = a * 18 + corrections[base + 5]
      let o6 = a * 22 + corrections[base + 6]
      let o7 = a * 28 + corrections[base + 7]
      let turn = 30 * a + Int(wheelResidues[base >> 3])
      let (m0, m1, m2, m3) = (
        wheel[base].keepMask, wheel[base + 1].keepMask, wheel[base + 2].keepMask, wheel[base + 3].keepMask
      )
      let (m4, m5, m6, m7) = (
        wheel[base + 4].keepMask, wheel[base + 5].keepMask, wheel[base + 6].keepMask, wheel[base + 7].keepMask
      )
      while i + o7 < end {
        let s = segment + i
        s[0] &= m0
        s[o1] &= m1
        s[o2] &= m2
        s[o3] &= m3
        s[o4] &= m4
        s[o5] &= m5
        s[o6] &= m6
        s[o7] &= m7
        i += turn
      }
      while i < end {
        let step = wheel[w]
        segment[i] &= step.keepMask
        i += a * Int(step.gap) + Int(step.correction)
        w = Int(step.next)
      }
    }
    prime.index = UInt32(i)
    prime.wheelIndex = UInt32(w)
  }

  /// Tiny primes (below the L1 block) sieve one L1-sized block at a time;
  /// small primes sieve the whole segment.
  private static func crossOffSmall(
    _ tiny: inout [SievingPrime], _ small: inout [SievingPrime], _ segment: UnsafeMutablePointer<UInt8>,
    _ bytes: Int
  ) {
    swiftWheel.withUnsafeBufferPointer { wheel in
      wheelTurnCorrectionSums.withUnsafeBufferPointer { corrections in
        tiny.withUnsafeMutableBufferPointer { tiny in
          var blockEnd = 0
          repeat {
            blockEnd = Swift.min(blockEnd + Self.l1BlockBytes, bytes)
            for n in tiny.indices { crossOff(&tiny[n], segment, blockEnd, wheel, corrections) }
          } while blockEnd < bytes
          for n in tiny.indices { tiny[n].index -= UInt32(bytes) }
        }
        small.withUnsafeMutableBufferPointer { small in
          for n in small.indices {
            crossOff(&small[n], segment, bytes, wheel, corrections)
            small[n].index -= UInt32(bytes)
          }
        }
      }
    }
  }

  private static func crossOffMedium(
    _ primes: inout [SievingPrime], _ segment: UnsafeMutablePointer<UInt8>, _ bytes: Int
  ) {
    swiftWheel.withUnsafeBufferPointer { wheel in
      primes.withUnsafeMutableBufferPointer { primes in
        for n in primes.indices {
          var i = Int(primes[n].index)
          var w = Int(primes[n].wheelIndex)
          let a = Int(primes[n].quotient)
          while i < bytes {
            let step = wheel[w]
            segment[i] &= step.keepMask
            i += a * Int(step.gap) + Int(step.correction)
            w = Int(step.next)
          }
          primes[n].index = UInt32(i - bytes)
          primes[n].wheelIndex = UInt32(w)
        }
      }
    }
  }

  private mutating func crossOffLarge(_ segment: UnsafeMutablePointer<UInt8>) {
    guard !buckets.isEmpty else { return }
    let slot = segmentNumber % bucketCount
    let bucket = buckets[slot]
    buckets[slot].removeAll(keepingCapacity: true)
    let size = Self.segmentBytes
    for entry in bucket {
      let w = Int(entry.indexAndWheel & 63)
      let i = Int(entry.indexAndWheel >> 6)
      let step = swiftWheel[w]
      segment[i] &= step.keepMask
      let next = i + Int(entry.quotient) * Int(step.gap) + Int(step.correction)
      buckets[(segmentNumber + next / size) % bucketCount].append(
        BucketEntry(quotient: entry.quotient, indexAndWheel: UInt32(next % size) << 6 | UInt32(step.next)))
    }
  }

  /// The pre-sieve clears 7..101 themselves and keeps 1; fix both (only
  /// inside [low, high]).
  private func restoreSmallPrimes(_ segment: UnsafeMutablePointer<UInt8>, first: UInt64) {
    for p: UInt64 in [
      7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101,
    ]
    where p >= first && p >= low && p <= high {
      let offset = Int(p - first)
      segment[offset / 30] |= UInt8(1) << wheelBitOfResidue[offset % 30]
    }
    if first == 0 { segment[0] &= ~1 }  // 1 is not prime
  }

  private func clearOutsideRange(_ segment: UnsafeMutablePointer<UInt8>, bytes: Int, first: UInt64) {
    if first <= low && low - first < 30 {
      for k in 0..<8 where first + UInt64(wheelResidues[k]) < low { segment[0] &= ~(UInt8(1) << k) }
    }
    if doneBytes + UInt64(bytes) == totalBytes {
      let lastByteFirst = first + 30 * UInt64(bytes - 1)
      let room = high - lastByteFirst
      for k in 0..<8 where UInt64(wheelResidues[k]) > room { segment[bytes - 1] &= ~(UInt8(1) << k) }
    }
  }
}
