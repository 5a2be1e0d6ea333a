// The modulo-30 wheel tables of the pure-Swift sieve; the same layout as the
// C++ core's Wheel.hpp: byte i stands for 30 numbers, bit k for the residue
// wheelResidues[k].

/// The residues modulo 30 coprime to 30; bit k of a sieve byte stands for
/// 30·byte + wheelResidues[k].
let wheelResidues: [UInt8] = [1, 7, 11, 13, 17, 19, 23, 29]

/// For r in 0..<30: the bit of residue r, or 8 when r shares a factor with 30.
let wheelBitOfResidue: [UInt8] = (0..<30).map { r in
  UInt8(wheelResidues.firstIndex(of: UInt8(r)) ?? 8)
}

/// For r in 0..<30: the distance from r to the next residue coprime to 30.
let wheelDistanceToCoprime: [UInt8] = (0..<30).map { r in
  var next = r
  while wheelBitOfResidue[next % 30] == 8 { next += 1 }
  return UInt8(next - r)
}

/// One step of crossing off the multiples of p = 30a + wheelResidues[pi]
/// from p·q (q ≡ wheelResidues[j]) at wheel index 8·pi + j.
struct SwiftWheelStep {
  var keepMask: UInt8
  var gap: UInt8
  var correction: UInt8
  var next: UInt8
}

let swiftWheel: [SwiftWheelStep] = (0..<64).map { w in
  let (pi, j) = (w / 8, w % 8)
  let gaps: [Int] = [6, 4, 2, 4, 2, 4, 6, 2]
  let rp = Int(wheelResidues[pi])
  let product = (rp * Int(wheelResidues[j])) % 30
  return SwiftWheelStep(
    keepMask: ~(UInt8(1) << wheelBitOfResidue[product]),
    gap: UInt8(gaps[j]),
    correction: UInt8((product + rp * gaps[j]) / 30),
    next: UInt8(8 * pi + (j + 1) % 8))
}

/// For bit b of a 64-bit word of sieve bytes: 30·(b / 8) + wheelResidues[b % 8].
let wheelBitValue: [UInt64] = (0..<64).map { b in UInt64(30 * (b / 8)) + UInt64(wheelResidues[b % 8]) }

/// Offsets of the 8 crossings of one wheel turn of p = 30a + r (r =
/// wheelResidues[pi]) from q ≡ 1 (mod 30): crossing k is
/// a·wheelTurnGapSums[k] + wheelTurnCorrectionSums[8·pi + k] bytes on.
let wheelTurnGapSums: [Int] = [0, 6, 10, 12, 16, 18, 22, 28]

let wheelTurnCorrectionSums: [Int] = (0..<8).flatMap { pi in
  var sum = 0
  return (0..<8).map { j in
    defer { sum += Int(swiftWheel[8 * pi + j].correction) }
    return sum
  }
}
