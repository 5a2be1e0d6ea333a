extension Matrix {
  /// The matrix exponential e^A = Σ Aᵏ/k! (`scipy.linalg.expm`), by scaling
  /// and squaring with a Padé approximant of degree 3, 5, 7, 9 or 13 chosen
  /// from ‖A‖₁ (Higham, "The scaling and squaring method for the matrix
  /// exponential revisited", SIAM J. Matrix Anal. Appl. 26, 2005).
  ///
  ///     let a: Matrix<Double> = [[0, 1], [-1, 0]]
  ///     a.exponential()   // [[cos 1, sin 1], [-sin 1, cos 1]]
  ///
  /// Float matrices are computed in Double and rounded. A matrix holding NaN
  /// or infinity gives a matrix of NaN.
  ///
  /// - Precondition: `isSquare`.
  /// - Complexity: O(n³ (6 + log₂ ‖A‖₁)) at most.
  public func exponential() -> Matrix {
    precondition(isSquare, "exponential() needs a square matrix; got \(shapeDescription)")
    let n = rowCount
    guard n > 0 else { return self }
    let a = Matrix<Double>(rows: n, columns: n, elements: storage.map { Double($0) })
    let result = exponentialInDouble(a)
    return Matrix(rows: n, columns: n, elements: result.storage.map { Scalar($0) })
  }
}

/// Higham's θ_m: the largest ‖A‖₁ for which the degree-m Padé approximant
/// is accurate to double precision.
private let padeThresholds: [(degree: Int, theta: Double)] = [
  (3, 1.495585217958292e-2), (5, 2.539398330063230e-1), (7, 9.504178996162932e-1),
  (9, 2.097847961257068e0),
]
private let theta13 = 5.371920351148152

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

private func exponentialInDouble(_ a: Matrix<Double>) -> Matrix<Double> {
  let n = a.rowCount
  let nanResult = Matrix<Double>(rows: n, columns: n, repeating: .nan)
  guard a.storage.allSatisfy(\.isFinite) else { return nanResult }
  let norm = a.norm(.one)
  let identity = Matrix<Double>.identity(n)
  let a2 = a * a
  for (degree, theta) in padeThresholds where norm <= theta {
    let b = padeCoefficients[degree]!
    // U = A Σ b_(2k+1) A^(2k), V = Σ b_(2k) A^(2k).
    var power = identity
    var u = b[1] * identity
    var v = b[0] * identity
    for k in 1...(degree / 2) {
      power = power * a2
      u += b[2 * k + 1] * power
      v += b[2 * k] * power
    }
    u = a * u
    return padeQuotient(u, v) ?? nanResult
  }
  // Degree 13 with scaling by 2^-s.
  let scale = norm > theta13 ? Int((norm / theta13).exponent) + 1 : 0
  let factor = Double(sign: .plus, exponent: -scale, significand: 1)
  let s1 = factor * a
  let s2 = (factor * factor) * a2
  let s4 = s2 * s2
  let s6 = s4 * s2
  let b = padeCoefficients[13]!
  let u =
    s1 * (s6 * (b[13] * s6 + b[11] * s4 + b[9] * s2) + b[7] * s6 + b[5] * s4 + b[3] * s2 + b[1] * identity)
  let v = s6 * (b[12] * s6 + b[10] * s4 + b[8] * s2) + b[6] * s6 + b[4] * s4 + b[2] * s2 + b[0] * identity
  guard var result = padeQuotient(u, v) else { return nanResult }
  for _ in 0..<scale { result = result * result }
  return result
}

/// r = (V − U)⁻¹ (V + U), or nil if V − U is singular.
private func padeQuotient(_ u: Matrix<Double>, _ v: Matrix<Double>) -> Matrix<Double>? {
  try? (v - u).solve(v + u)
}
