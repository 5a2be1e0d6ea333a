import Dispatch

/// Timing samples of one path of one case, in seconds.
struct Measurement: Codable {
  var samples: [Double]

  var median: Double {
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  var minimum: Double { samples.min() ?? .nan }
  var maximum: Double { samples.max() ?? .nan }

  /// (max − min) / median: how far apart the samples were.
  var spread: Double { samples.count < 2 ? 0 : (maximum - minimum) / median }

  enum CodingKeys: String, CodingKey { case samples, median, minimum, maximum, spread }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(samples, forKey: .samples)
    try container.encode(median, forKey: .median)
    try container.encode(minimum, forKey: .minimum)
    try container.encode(maximum, forKey: .maximum)
    try container.encode(spread, forKey: .spread)
  }

  init(samples: [Double]) { self.samples = samples }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    samples = try container.decode([Double].self, forKey: .samples)
  }
}

/// The median over the pairs of runs of `first`'s time over `second`'s, for
/// the two measurements of `measureAlternately`, whose i-th samples ran back
/// to back. A change of machine speed between pairs (this VM's second core
/// comes and goes; neighbours load the shared caches) moves both runs of a
/// pair alike and so cancels in the pair's ratio, where the ratio of the two
/// medians can pick samples from different stretches (a 2048 product
/// with 6 pairs, two of them at one core's speed: 1.16× as a ratio of
/// medians, pair ratios 0.98–1.38 with median 1.02×).
func pairedRatio(_ first: Measurement, _ second: Measurement) -> Double {
  guard first.samples.count == second.samples.count, !first.samples.isEmpty else {
    return first.median / second.median
  }
  return Measurement(samples: zip(first.samples, second.samples).map { $0 / $1 }).median
}

/// Keeps results alive so the optimizer cannot delete the work that made them.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Seconds since an arbitrary origin, monotonic.
func now() -> Double {
  Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}

/// How long to sample each path.
struct TimingBudget {
  var seconds: Double
  var maxSamples: Int
  var minSamples: Int
  /// Whether a run longer than the budget still gets `minSamples` samples
  /// (for the anchor comparisons, where one noisy sample would decide a
  /// target); otherwise such a run is timed once.
  var repeatLongRuns = false

  /// The budget for comparisons against a peer library: at least 9 pairs,
  /// whatever a run takes (a 2048 product gave 5 or 6 within the time
  /// budget, too few for a median on this machine).
  var forAnchors: TimingBudget {
    TimingBudget(
      seconds: seconds, maxSamples: max(maxSamples, 9), minSamples: max(minSamples, 9), repeatLongRuns: true)
  }

  /// The budget for the wrapper-overhead comparisons, whose target (3%) is
  /// finer than this machine's noise: pairs until the time budget runs out,
  /// up to 301 instead of `maxSamples` (30 pairs of batches of 64×64
  /// products whose samples spread by ±50% gave medians of pair ratios from
  /// 1.00× to 1.04× in runs minutes apart), at least 9.
  var forSmallDifferences: TimingBudget {
    TimingBudget(
      seconds: seconds, maxSamples: max(maxSamples, 301), minSamples: max(minSamples, 9),
      repeatLongRuns: repeatLongRuns)
  }
}

/// Warm-up runs before the samples. The first runs of a size fault in
/// fresh memory (the result, the core's packing storage, the allocator's
/// first reuse of freed blocks): in the product anchors the first sample
/// after a single warm-up run was our slowest in all four cases (up to 1.9×
/// the median), so both paths (and numpy, in peers.py) get two.
let warmUpRuns = 2

/// Times `body`: `warmUpRuns` warm-up runs (the first kept as the only
/// sample when it alone exceeds the budget, unless `repeatLongRuns`), then
/// repeated runs until the time budget or the sample limit, at least
/// `minSamples`.
func measure(_ budget: TimingBudget, _ body: () -> Void) -> Measurement {
  let warmStart = now()
  body()
  let warmUp = now() - warmStart
  if warmUp >= budget.seconds && !budget.repeatLongRuns { return Measurement(samples: [warmUp]) }
  for _ in 1..<warmUpRuns { body() }
  var samples: [Double] = []
  let deadline = now() + budget.seconds
  while samples.count < budget.minSamples || (samples.count < budget.maxSamples && now() < deadline) {
    let start = now()
    body()
    samples.append(now() - start)
  }
  return Measurement(samples: samples)
}

/// Times two paths that are to be compared, alternating between them (first
/// then second, then second then first, and so on) so that a machine that
/// speeds up or slows down during the run affects both alike: `warmUpRuns`
/// warm-up runs of each, then pairs of runs until twice the budget or the
/// sample limit, at least `minSamples` pairs. When a first warm-up run alone
/// exceeds the budget (and not `repeatLongRuns`), those runs are the
/// samples.
func measureAlternately(
  _ budget: TimingBudget, _ first: () -> Void, _ second: () -> Void
) -> (first: Measurement, second: Measurement) {
  func timed(_ body: () -> Void) -> Double {
    let start = now()
    body()
    return now() - start
  }
  let warmUps = (timed(first), timed(second))
  if max(warmUps.0, warmUps.1) >= budget.seconds && !budget.repeatLongRuns {
    return (Measurement(samples: [warmUps.0]), Measurement(samples: [warmUps.1]))
  }
  for _ in 1..<warmUpRuns {
    first()
    second()
  }
  var samples: ([Double], [Double]) = ([], [])
  let deadline = now() + 2 * budget.seconds
  while samples.0.count < budget.minSamples || (samples.0.count < budget.maxSamples && now() < deadline) {
    if samples.0.count.isMultiple(of: 2) {
      samples.0.append(timed(first))
      samples.1.append(timed(second))
    } else {
      samples.1.append(timed(second))
      samples.0.append(timed(first))
    }
  }
  return (Measurement(samples: samples.0), Measurement(samples: samples.1))
}
