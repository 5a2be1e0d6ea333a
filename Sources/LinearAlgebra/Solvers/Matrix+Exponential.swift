#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Matrix {
  /// The matrix exponential e^A = Σ Aᵏ/k! (`scipy.linalg.expm`), by scaling
  /// and squaring with a Padé approximant of degree 3, 5, 7, 9 or 13, for
  /// real and complex matrices.
  ///
  /// The degree and the number of squarings come from the norms of A's
  /// powers, ‖Aᵏ‖₁^(1/k), rather than from ‖A‖₁ alone, with the check
  /// against overscaling of Al-Mohy and Higham ("A new scaling and squaring
  /// algorithm for the matrix exponential", SIAM J. Matrix Anal. Appl. 31,
  /// 2009; the θ values of Higham, SIAM J. Matrix Anal. Appl. 26, 2005).
  /// Float and `Complex<Float>` matrices are computed in single precision,
  /// to its unit roundoff, with Higham's single-precision table (degree at
  /// most 7). A complex matrix's norms are those of its elements' lengths.
  ///
  ///     let a: Matrix<Double> = [[0, 1], [-1, 0]]
  ///     a.exponential()   // [[cos 1, sin 1], [-sin 1, cos 1]]
  ///
  ///     // The propagator e^(-iHt) of a Hermitian H is unitary.
  ///     let h: Matrix<Complex<Double>> = [[1, Complex(0, -1)], [Complex(0, 1), 2]]
  ///     let u = (Complex(0, -0.5) * h).exponential()
  ///
  /// A matrix holding NaN or infinity gives a matrix of NaN.
  ///
  /// - Precondition: `isSquare`.
  /// - Complexity: O(n³ (6 + s)) (single precision: O(n³ (4 + s)), θ₇ for
  ///   θ₁₃) with s = max(0, ⌈log₂(η/θ₁₃)⌉) squarings, η ≤ ‖A‖₁.
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  @_specialize(where Scalar == Complex<Double>) @_specialize(where Scalar == Complex<Float>)
  public func exponential() -> Matrix {
    precondition(isSquare, "exponential() needs a square matrix; got \(shapeDescription)")
    let n = rowCount
    guard n > 0 else { return self }
    let nanResult = Matrix(rows: n, columns: n, repeating: Scalar(.nan))
    guard storage.allSatisfy(\.isFinite) else { return nanResult }
    let normA = Double(oneNorm())
    guard normA > 0 else { return .identity(n) }
    // e^A = (e^(A/2))² when ‖A‖₁ itself overflows.
    guard normA.isFinite else {
      let half = (Scalar(0.5) * self).exponential()
      return half * half
    }
    // Every n×n buffer below is allocated once and reused: fresh storage
    // costs page faults (glibc returns freed pages to the system), which at
    // 256×256 were 40 % of the time when each step allocated its result.
    var powers = AbsolutePowerNorms(absoluteTransposed: transposed().elementLengths(), normA: normA)
    // The Padé approximant's first work buffer, then the squarings' spare.
    var workspace = Matrix(rows: n, columns: n)
    let a2 = self * self
    let a4 = a2 * a2
    let a6 = a4 * a2
    // ‖Aᵏ‖₁^(1/k) ≤ ‖A‖₁: the bound also stands in for a power that overflowed.
    func root(_ power: Matrix, _ k: Int) -> Double {
      Swift.min(Double(power.oneNorm()).rootOfNorm(k), normA)
    }
    let d4 = root(a4, 4)
    let d6 = root(a6, 6)
    let eta1 = Swift.max(d4, d6)
    if Scalar.RealType.ulpOfOne > 0x1p-30 {
      return singlePrecisionExponential(
        eta: eta1, a2: a2, a4: a4, a6: a6, powers: &powers, workspace: &workspace)
        ?? nanResult
    }
    if eta1 <= padeTheta[3]! && powers.extraSquarings(degree: 3, scale: 0) == 0 {
      return padeLowDegree(3, scale: 0, evenPowers: [a2], first: &workspace) ?? nanResult
    }
    if eta1 <= padeTheta[5]! && powers.extraSquarings(degree: 5, scale: 0) == 0 {
      return padeLowDegree(5, scale: 0, evenPowers: [a2, a4], first: &workspace) ?? nanResult
    }
    var scratch = a4 * a4
    let d8 = root(scratch, 8)
    let eta3 = Swift.max(d6, d8)
    for degree in [7, 9]
    where eta3 <= padeTheta[degree]! && powers.extraSquarings(degree: degree, scale: 0) == 0 {
      return padeLowDegree(degree, scale: 0, evenPowers: [a2, a4, a6, scratch], first: &workspace)
        ?? nanResult
    }
    // Degree 13 on A / 2^s, then s squarings. η₃ ≤ θ₁₃ already means no
    // scaling; otherwise ‖A¹⁰‖₁^(1/10) may lower it.
    var eta5 = eta3
    if eta3 > padeTheta13 {
      a4.multiply(a6, into: &scratch)
      eta5 = Swift.min(eta3, Swift.max(d8, root(scratch, 10)))
    }
    var scale = eta5 > padeTheta13 ? Int(log2(eta5 / padeTheta13).rounded(.up)) : 0
    scale += powers.extraSquarings(degree: 13, scale: scale)
    let approximant: Matrix?
    if scale == 0 || (scale <= 16 && [a2, a4, a6].allSatisfy { $0.oneNorm().isFinite }) {
      approximant = padeDegree13(scale: scale, a2: a2, a4: a4, a6: a6, first: &workspace, second: &scratch)
    } else {
      // Far out of range: the powers of the scaled matrix itself.
      let b = Self.powerOfTwo(-scale) * self
      let b2 = b * b
      let b4 = b2 * b2
      approximant = b.padeDegree13(scale: 0, a2: b2, a4: b4, a6: b4 * b2, first: &workspace, second: &scratch)
    }
    guard let approximant else { return nanResult }
    var result = consume approximant
    guard scale > 0 else { return result }
    var square = consume workspace  // free again: padeDegree13's first buffer
    for _ in 0..<scale {
      result.multiply(result, into: &square)
      swap(&result, &square)
    }
    return result
  }

  /// 2^exponent as a scalar (exact while it is a normal number).
  private static func powerOfTwo(_ exponent: Int) -> Scalar {
    Scalar(Scalar.RealType(Double(sign: .plus, exponent: exponent, significand: 1)))
  }

  /// e^A in Float by Higham's single-precision table (SIAM J. Matrix Anal.
  /// Appl. 26, 2005, table 2.3): degree 3, 5 or 7, the last on A / 2^s
  /// followed by s squarings, with the same overscaling check as Double's.
  /// The double-precision table would ask for degree 9 or 13 and A⁸ where
  /// Float's roundoff is met by degree 7 (two products fewer, or one).
  /// `eta` is max(‖A⁴‖₁^(1/4), ‖A⁶‖₁^(1/6)); nil when V − U is singular.
  private func singlePrecisionExponential(
    eta: Double, a2: Matrix, a4: Matrix, a6: Matrix, powers: inout AbsolutePowerNorms<Scalar.RealType>,
    workspace: inout Matrix
  ) -> Matrix? {
    let evenPowers = [a2, a4, a6]
    for degree in [3, 5, 7]
    where eta <= singlePadeTheta[degree]! && powers.extraSquarings(degree: degree, scale: 0) == 0 {
      return padeLowDegree(degree, scale: 0, evenPowers: evenPowers, first: &workspace)
    }
    let theta7 = singlePadeTheta[7]!
    var scale = eta > theta7 ? Int(log2(eta / theta7).rounded(.up)) : 0
    scale += powers.extraSquarings(degree: 7, scale: scale)
    let approximant: Matrix?
    if scale <= 16 && evenPowers.allSatisfy({ $0.oneNorm().isFinite }) {
      approximant = padeLowDegree(7, scale: scale, evenPowers: evenPowers, first: &workspace)
    } else {
      // Far out of range: the powers of the scaled matrix itself.
      let b = Self.powerOfTwo(-scale) * self
      let b2 = b * b
      let b4 = b2 * b2
      approximant = b.padeLowDegree(7, scale: 0, evenPowers: [b2, b4, b4 * b2], first: &workspace)
    }
    guard var result = approximant else { return nil }
    for _ in 0..<scale {  // `workspace` is free again: padeLowDegree's first buffer
      result.multiply(result, into: &workspace)
      swap(&result, &workspace)
    }
    return result
  }

  /// The degree-m approximant (m = 3, 5, 7, 9) of A / 2^scale from the
  /// even powers A², A⁴, … (m / 2 of them are used), r = (V − U)⁻¹ (V + U) with U = (A/2^s) Σ b_(2k+1) (A/2^s)^(2k)
  /// and V = Σ b_(2k) (A/2^s)^(2k), U formed in `first` (overwritten);
  /// nil if V − U is singular.
  private func padeLowDegree(_ degree: Int, scale: Int, evenPowers: [Matrix], first: inout Matrix) -> Matrix?
  {
    let b = padeCoefficients[degree]!
    let f = Double(sign: .plus, exponent: -scale, significand: 1)
    // b_k f^k folded into each coefficient, as in padeDegree13.
    func c(_ k: Int) -> Scalar { Scalar(Scalar.RealType(b[k] * pow(f, Double(k)))) }
    let used = Array(evenPowers.prefix(degree / 2))
    var second = Matrix(rows: rowCount, columns: rowCount)
    second.formCombination(identity: c(1), used.indices.map { (c(2 * $0 + 3), used[$0]) })
    multiply(second, into: &first)
    second.formCombination(identity: c(0), used.indices.map { (c(2 * $0 + 2), used[$0]) })
    let difference = second - first
    first.formCombination(identity: 0, [(1, second)], keeping: true)
    return try? difference.solve(first)
  }

  /// The degree-13 approximant of A / 2^scale from A², A⁴ and A⁶, computed
  /// in the n×n matrices `first` and `second` (overwritten) and one more
  /// n×n allocation.
  private func padeDegree13(
    scale: Int, a2: Matrix, a4: Matrix, a6: Matrix, first: inout Matrix, second: inout Matrix
  ) -> Matrix? {
    let b = padeCoefficients[13]!
    let f = Double(sign: .plus, exponent: -scale, significand: 1)
    // The powers of the scaled matrix are the powers of A times f^k: fold
    // f^k into each coefficient instead of scaling the matrices.
    func c(_ k: Int, _ power: Int) -> Scalar { Scalar(Scalar.RealType(b[k] * pow(f, Double(power)))) }
    // first = U = (A/2^s) (A₆ (c₁₃ A₆ + c₁₁ A₄ + c₉ A₂) + c₇ A₆ + c₅ A₄ + c₃ A₂ + c₁ I)
    first.formCombination(identity: 0, [(c(13, 12), a6), (c(11, 10), a4), (c(9, 8), a2)])
    a6.multiply(first, into: &second)
    second.formCombination(identity: c(1, 0), [(c(7, 6), a6), (c(5, 4), a4), (c(3, 2), a2)], keeping: true)
    multiply(second, into: &first)
    if scale > 0 { first.formCombination(identity: 0, [], keeping: true, factor: Scalar(Scalar.RealType(f))) }
    // v = V = A₆ (c₁₂ A₆ + c₁₀ A₄ + c₈ A₂) + c₆ A₆ + c₄ A₄ + c₂ A₂ + c₀ I
    second.formCombination(identity: 0, [(c(12, 12), a6), (c(10, 10), a4), (c(8, 8), a2)])
    var v = a6 * second
    v.formCombination(identity: c(0, 0), [(c(6, 6), a6), (c(4, 4), a4), (c(2, 2), a2)], keeping: true)
    // (V − U)⁻¹ (V + U), both formed in place.
    second.formCombination(identity: 0, [(1, v), (-1, first)])
    v.formCombination(identity: 0, [(1, first)], keeping: true)
    return try? second.solve(v)
  }

  /// Replaces this square matrix by `factor · self + identity · I + Σ cₖ Mₖ`
  /// when `keeping`, by `identity · I + Σ cₖ Mₖ` otherwise, in place.
  private mutating func formCombination(
    identity: Scalar, _ terms: [(Scalar, Matrix)], keeping: Bool = false, factor: Scalar = 1
  ) {
    let n = rowCount
    let count = n * n
    storage.withUnsafeMutableBufferPointer { out in
      if !keeping {
        for index in 0..<count { out[index] = 0 }
      } else if factor != 1 {
        for index in 0..<count { out[index] *= factor }
      }
      for (coefficient, term) in terms {
        term.storage.withUnsafeBufferPointer { values in
          for index in 0..<count { out[index] += coefficient * values[index] }
        }
      }
      for i in 0..<n { out[i * n + i] += identity }
    }
  }
}

/// The norms ‖ |A|^k ‖₁ for increasing k, by products of the row vector
/// 1ᵀ with |A| (exact for a non-negative matrix), for the overscaling check
/// ℓ_m of Al-Mohy and Higham (2009, section 5).
private struct AbsolutePowerNorms<Scalar: RealMatrixScalar> {
  /// |A|ᵀ, the elements' lengths for a complex A.
  let absoluteTransposed: Matrix<Scalar>
  let normA: Double
  /// 1ᵀ |A|^power / 2^logScale, its largest entry 1 (no overflow at any power).
  var vector: [Scalar]
  var logScale = 0.0
  var power = 0

  init(absoluteTransposed: Matrix<Scalar>, normA: Double) {
    self.absoluteTransposed = absoluteTransposed
    self.normA = normA
    vector = [Scalar](repeating: 1, count: absoluteTransposed.rowCount)
  }

  /// ℓ_m: the squarings to add to `scale` so that the approximant's
  /// backward error bound holds at unit roundoff, max(⌈log₂(α/u) / 2m⌉, 0),
  /// α = |c_(2m+1)| ‖ |A/2^s|^(2m+1) ‖₁ / ‖A/2^s‖₁.
  mutating func extraSquarings(degree: Int, scale: Int) -> Int {
    let k = 2 * degree + 1
    while power < k {
      vector = absoluteTransposed * vector
      power += 1
      let largest = vector.max() ?? 0
      guard largest > 0, largest.isFinite else { return 0 }
      let exponent = largest.exponent
      logScale += Double(exponent)
      let factor = Scalar(sign: .plus, exponent: -exponent, significand: 1)
      for index in vector.indices { vector[index] *= factor }
    }
    let log2Norm = logScale + log2(Double(vector.max() ?? 0))
    let log2Alpha = log2(padeErrorCoefficient[degree]!) + log2Norm - Double(scale * (k - 1)) - log2(normA)
    let log2UnitRoundoff = log2(Double(Scalar.ulpOfOne) / 2)
    let squarings = ((log2Alpha - log2UnitRoundoff) / Double(2 * degree)).rounded(.up)
    return squarings.isFinite ? Swift.max(Int(squarings), 0) : 0
  }
}

extension Double {
  /// self^(1/k) for a norm (0 stays 0).
  fileprivate func rootOfNorm(_ k: Int) -> Double { self == 0 ? 0 : pow(self, 1 / Double(k)) }
}

/// Higham's θ_m: the largest η for which the degree-m Padé approximant is
/// accurate to double precision.
private let padeTheta: [Int: Double] = [
  3: 1.495585217958292e-2, 5: 2.539398330063230e-1, 7: 9.504178996162932e-1, 9: 2.097847961257068e0,
]
private let padeTheta13 = 4.25

/// |c_(2m+1)|, the leading coefficient of the backward error series of the
/// degree-m approximant (Al-Mohy and Higham 2009, eq. 5.1).
private let padeErrorCoefficient: [Int: Double] = [
  3: 1 / 100_800.0, 5: 1 / 10_059_033_600.0, 7: 1 / 4_487_938_430_976_000.0,
  9: 1 / 5_914_384_781_877_411_840_000.0, 13: 1 / 113_250_775_606_021_113_483_283_660_800_000_000.0,
]

/// Higham's θ_m for single precision (2005, table 2.3), used for Float.
private let singlePadeTheta: [Int: Double] = [
  3: 4.258730016922831e-1, 5: 1.880152677804762e0, 7: 3.925724783138660e0,
]

/// The Padé coefficients b₀ … b_m of each degree.
private let padeCoefficients: [Int: [Double]] = [
  3: [120, 60, 12, 1],
  5: [30240, 15120, 3360, 420, 30, 1],
  7: [17_297_280, 8_648_640, 1_995_840, 277_200, 25200, 1512, 56, 1],
  9: [
    17_643_225_600, 8_821_612_800, 2_075_673_600, 302_702_400, 30_270_240, 2_162_160, 110_880, 3960, 90, 1,
  ],
  13: [
    64_764_752_532_480_000, 32_382_376_266_240_000, 7_771_770_303_897_600, 1_187_353_796_428_800,
    129_060_195_264_000, 10_559_470_521_600, 670_442_572_800, 33_522_128_640, 1_323_241_920, 40_840_800,
    960_960, 16380, 182, 1,
  ],
]
