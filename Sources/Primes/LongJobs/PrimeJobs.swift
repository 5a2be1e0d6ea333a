internal import CXX

/// π(limit), as ``primeCount(upTo:)``, on the core's threads without
/// blocking Swift's cooperative pool; cancellable and with progress.
///
///     let task = Task {
///       try await primeCount(upTo: 100_000_000_000_000_000) { fraction in print(fraction) }
///     }
///     task.cancel()   // the work stops within a segment (milliseconds)
///
/// - Parameters:
///   - limit: The upper bound x of π(x); 0 below 2.
///   - progress: Called about every 100 ms with a fraction that rises from
///     0 and ends at 1 when the count is done (on another thread).
/// - Throws: `CancellationError` when the calling task is cancelled; every
///   thread and buffer of the job is released before it is thrown.
/// - Complexity: As ``primeCount(upTo:)``.
public func primeCount(
  upTo limit: Int, reportingProgress progress: @escaping @Sendable (Double) -> Void
) async throws(CancellationError) -> Int {
  guard limit >= 2 else {
    progress(0)
    progress(1)
    return 0
  }
  return try await runPrimeJob(reportingProgress: progress) { job in
    var count: UInt64 = 0
    let status = core.countPrimesInJob(job.pointer, 0, UInt64(limit), &count)
    if status == .cancelled { return nil }
    precondition(status == .ok, "primeCount(upTo: \(limit)) failed in the C++ core (\(status))")
    return Int(count)
  }
}

/// The n-th prime, as ``nthPrime(_:)``, cancellable and with progress; see
/// ``primeCount(upTo:reportingProgress:)``.
///
/// - Throws: `CancellationError` when the calling task is cancelled.
/// - Precondition: `n >= 1`, and the n-th prime fits in `Int`.
public func nthPrime(
  _ n: Int, reportingProgress progress: @escaping @Sendable (Double) -> Void
) async throws(CancellationError) -> Int {
  precondition(n >= 1, "nthPrime(_:) needs n >= 1 (the first prime is nthPrime(1) == 2); got \(n)")
  precondition(n <= 216_289_611_853_439_384, "nthPrime(\(n)) does not fit in Int")
  return try await runPrimeJob(reportingProgress: progress) { job in
    var prime: UInt64 = 0
    let status = core.nthPrimeInJob(job.pointer, UInt64(n), &prime)
    if status == .cancelled { return nil }
    precondition(status == .ok, "nthPrime(\(n)) failed in the C++ core (\(status))")
    return Int(prime)
  }
}

/// The primes in `range`, as ``primes(in:)-(ClosedRange<Int>)``, generated
/// in blocks of 2^24 numbers on a thread of their own; cancellable between
/// blocks and with progress; see ``primeCount(upTo:reportingProgress:)``.
///
/// - Throws: `CancellationError` when the calling task is cancelled.
/// - Precondition: The primes fit in memory.
public func primes(
  in range: ClosedRange<Int>, reportingProgress progress: @escaping @Sendable (Double) -> Void
) async throws(CancellationError) -> [Int] {
  guard range.upperBound >= 2 else {
    progress(0)
    progress(1)
    return []
  }
  let low = UInt64(Swift.max(range.lowerBound, 0))
  let high = UInt64(range.upperBound)
  return try await runPrimeJob(reportingProgress: progress) { job in
    // Blocks are kept apart until the end, so that a cancellation never
    // waits for the copy of a large array that is growing.
    var blocks: [[Int]] = []
    let block: UInt64 = 1 << 24
    var start = low
    while true {
      if job.isCancelled { return nil }
      let end = high - start < block ? high : start + block - 1
      blocks.append(generatePrimes(from: start, through: end, as: Int.self))
      job.reportProgress(Double(end - low) / Double(Swift.max(high - low, 1)))
      if end == high { break }
      start = end + 1
    }
    return Array(blocks.joined())
  }
}
