/// SplitMix64: a seedable generator so random test inputs can be replayed
/// from the seed printed with a failure.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Primality by trial division: slow, obviously right, independent of the
/// sieve and of Miller-Rabin.
func isPrimeByTrialDivision(_ n: UInt64) -> Bool {
  if n < 2 { return false }
  if n < 4 { return true }
  if n % 2 == 0 { return false }
  var d: UInt64 = 3
  while d <= n / d {
    if n % d == 0 { return false }
    d += 2
  }
  return true
}

/// The primes in [low, high] by a plain `[Bool]` sieve over the window,
/// for windows of modest width (an independent reference for ranges).
func referencePrimes(in low: Int, _ high: Int) -> [Int] {
  guard high >= 2, low <= high else { return [] }
  let low = max(low, 2)
  var composite = [Bool](repeating: false, count: high - low + 1)
  var d = 2
  while d * d <= high {
    var m = max(d * d, (low + d - 1) / d * d)
    while m <= high {
      composite[m - low] = true
      m += d
    }
    d += 1
  }
  return (low...high).filter { !composite[$0 - low] }
}
