import LinearAlgebra
import Testing

/// Random matrices of sizes 0 to 32 filled with mixes of NaN, ±infinity,
/// subnormals, ±0 and 1e±300 (1e±30 for Float), through every operation. Nothing may crash or
/// hang; for finite input every returned result meets its residual bound (or
/// overflowed, which only huge or tiny entries can cause); for non-finite
/// input a result is either thrown or carries NaN or infinity.
@Suite("Robustness: hostile values through every operation")
struct RobustnessTests {
  /// The kinds of values mixed into the matrices.
  static func hostileValue<S: RealMatrixScalar>(
    _: S.Type, _ generator: inout SeededGenerator, allowNonFinite: Bool
  ) -> S {
    let choices = allowNonFinite ? 9 : 6
    switch Int.random(in: 0..<choices, using: &generator) {
    case 0: return S.random(in: -1...1, using: &generator)
    case 1: return S.leastNonzeroMagnitude * S(Int.random(in: 1...9, using: &generator))  // subnormal
    case 2: return Bool.random(using: &generator) ? 0 : -0.0
    case 3:
      return hugeMagnitude(S.self) * S(Int.random(in: 1...9, using: &generator))
        * (Bool.random(using: &generator) ? 1 : -1)
    case 4: return tinyMagnitude(S.self) * S(Int.random(in: 1...9, using: &generator))
    case 5: return S.random(in: -1...1, using: &generator)
    case 6: return .nan
    case 7: return .infinity
    default: return -.infinity
    }
  }

  /// 1e300 for Double and 1e30 for Float: huge, yet with room before overflow.
  static func hugeMagnitude<S: RealMatrixScalar>(_: S.Type) -> S { S.self == Double.self ? 1e300 : 1e30 }

  /// 1e-300 for Double and 1e-30 for Float: tiny, yet still normal numbers.
  static func tinyMagnitude<S: RealMatrixScalar>(_: S.Type) -> S { S.self == Double.self ? 1e-300 : 1e-30 }

  static func hostileMatrix<S: RealMatrixScalar>(
    _: S.Type, rows: Int, columns: Int, _ generator: inout SeededGenerator, allowNonFinite: Bool
  ) -> Matrix<S> {
    Matrix(rows: rows, columns: columns) { _, _ in
      hostileValue(S.self, &generator, allowNonFinite: allowNonFinite)
    }
  }

  /// 1e±300 for Double, and the comparable extremes for Float: where
  /// overflow of a correct result is possible.
  static func hasExtremeMagnitudes<S: RealMatrixScalar>(_ a: Matrix<S>) -> Bool {
    a.elements.contains {
      $0 != 0
        && (abs($0) > S.greatestFiniteMagnitude.squareRoot() || abs($0) < S.leastNormalMagnitude.squareRoot())
    }
  }

  /// The absolute error gradual underflow may add to any computed element.
  static func underflowUnit<S: RealMatrixScalar>(_: S.Type) -> Double { Double(S.leastNonzeroMagnitude) }

  /// ‖A / s‖ eps plus the underflow unit over s: the error allowed per unit
  /// of a residual computed on A / s, when results of a matrix of
  /// subnormals are themselves subnormal and carry an absolute error of the
  /// underflow unit (a factor scaled back to them keeps only a few bits).
  static func scaledAllowance<S: RealMatrixScalar>(_: S.Type, _ scaled: Reference, _ s: Double, _ eps: Double)
    -> Double
  {
    scaled.norm1 * eps + underflowUnit(S.self) / s
  }

  /// The residual ratio of a factorization of `a`, computed on the scaled
  /// copy A / s (s from ``scale(_:)``): ‖A / s − F‖₁ against the allowance
  /// of ``scaledAllowance(_:_:_:_:)``, where `factors(s)` forms F, the
  /// product of the factors with the one that carries A's scale divided by s.
  static func factorizationRatio<S: RealMatrixScalar>(
    _ a: Matrix<S>, size: Int, _ factors: (_ s: Double) -> Reference
  ) -> Double {
    let s = scale(a)
    let scaled = Reference(a) / s
    return residualRatio(
      (scaled - factors(s)).norm1, size: size, scale: scaledAllowance(S.self, scaled, s, S.testEpsilon),
      epsilon: 1)
  }

  /// ``factorizationRatio(_:size:_:)`` of A = Q X Qᵀ (Hessenberg, Schur).
  static func similarityRatio<S: RealMatrixScalar>(_ a: Matrix<S>, _ q: Matrix<S>, _ x: Matrix<S>) -> Double {
    factorizationRatio(a, size: a.rowCount) { s in
      let q = Reference(q)
      return q * (Reference(x) / s) * q.transposed
    }
  }

  static func isFinite<S: RealMatrixScalar>(_ values: [S]) -> Bool { values.allSatisfy { $0.isFinite } }

  /// The largest magnitude in `a` (1 when there is none), so that residuals
  /// of matrices with entries near the overflow threshold are computed on
  /// scaled copies that cannot overflow.
  static func scale<S: RealMatrixScalar>(_ a: Matrix<S>) -> Double {
    let largest = a.elements.map { abs(Double($0)) }.max() ?? 0
    return largest > 0 && largest.isFinite ? largest : 1
  }

  /// Checks one returned result: finite input must give a result meeting
  /// `ratio` (or an overflow from extreme input); non-finite input must
  /// give a non-finite result.
  static func check<S: RealMatrixScalar>(
    _ name: String, input: Matrix<S>, inputFinite: Bool, result: [S], ratio: () -> Double, _ context: String
  ) {
    if inputFinite {
      if isFinite(result) {
        let value = ratio()
        #expect(!(value >= residualBound), "\(name): residual ratio \(value), \(context)")
      } else {
        #expect(
          hasExtremeMagnitudes(input), "\(name): non-finite result from moderate finite input, \(context)")
      }
    } else {
      #expect(!isFinite(result) || result.isEmpty, "\(name): finite result from non-finite input, \(context)")
    }
  }

  static func run<S: RealMatrixScalar>(_: S.Type, seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let n = Int.random(in: 0...32, using: &generator)
    let m = Int.random(in: 0...32, using: &generator)
    let allowNonFinite = Bool.random(using: &generator)
    let square = hostileMatrix(S.self, rows: n, columns: n, &generator, allowNonFinite: allowNonFinite)
    let rectangle = hostileMatrix(S.self, rows: m, columns: n, &generator, allowNonFinite: allowNonFinite)
    let b = hostileMatrix(S.self, rows: n, columns: 2, &generator, allowNonFinite: false)
    let context = "\(S.self) seed \(seed) n \(n) m \(m)"
    let squareFinite = isFinite(square.elements)
    let rectangleFinite = isFinite(rectangle.elements)
    let eps = S.testEpsilon

    // Products and element-wise arithmetic never throw; NaN and infinity flow.
    _ = rectangle * square
    _ = square * b.column(0)
    _ = (square + square).hadamard(square) - square / 3
    _ = square.transposed().norm()
    _ = square.trace
    _ = square.determinant()
    _ = rectangle.rank()
    _ = rectangle.conditionNumber()
    _ = rectangle.pseudoInverse()
    _ = rectangle.isApproximatelyEqual(to: rectangle, relativeTolerance: 1)
    _ = square.description

    let lu = square.lu()
    check(
      "lu", input: square, inputFinite: squareFinite, result: lu.upper.elements,
      ratio: {
        let s = scale(square)
        let r =
          Reference(lu.permutation) * (Reference(square) / s) - Reference(lu.lower)
          * (Reference(lu.upper) / s)
        return residualRatio(r.norm1, size: n, scale: (Reference(square) / s).norm1, epsilon: eps)
      }, context)

    if let x = try? square.solve(b) {
      check(
        "solve", input: square, inputFinite: squareFinite, result: x.elements,
        ratio: {
          // With gradual underflow each element of x carries an absolute error
          // of up to half the smallest subnormal besides its relative error:
          // ‖A‖ (‖x‖ eps + n η) replaces ‖A‖ ‖x‖ eps.
          let s = scale(square)
          let r = Reference(b) / s - (Reference(square) / s) * Reference(x)
          let allowance = Reference(x).norm1 * eps + Double(n) * underflowUnit(S.self)
          return residualRatio(r.norm1, size: n, scale: (Reference(square) / s).norm1 * allowance, epsilon: 1)
        }, context)
    }
    if let inverse = try? square.inverse() {
      check(
        "inverse", input: square, inputFinite: squareFinite, result: inverse.elements,
        ratio: {
          let s = scale(square)
          let r = Reference.identity(n) - (Reference(square) / s) * (Reference(inverse) * s)
          let allowance = (Reference(inverse) * s).norm1 * eps + Double(n) * underflowUnit(S.self) * s
          return residualRatio(r.norm1, size: n, scale: (Reference(square) / s).norm1 * allowance, epsilon: 1)
        }, context)
    }

    let qr = rectangle.qr()
    check(
      "qr", input: rectangle, inputFinite: rectangleFinite, result: qr.q.elements + qr.r.elements,
      ratio: {
        factorizationRatio(rectangle, size: max(m, 1)) { s in Reference(qr.q) * (Reference(qr.r) / s) }
      },
      context)

    let svd = rectangle.svd()
    check(
      "svd", input: rectangle, inputFinite: rectangleFinite, result: svd.u.elements + svd.singularValues,
      ratio: {
        factorizationRatio(rectangle, size: max(m, n)) { s in
          let sigma = Reference.diagonal(
            svd.singularValues.map { Double($0) / s }, rows: svd.u.columnCount, columns: svd.v.columnCount)
          return Reference(svd.u) * sigma * Reference(svd.v).transposed
        }
      }, context)

    let pivoted = rectangle.columnPivotedQR()
    check(
      "columnPivotedQR", input: rectangle, inputFinite: rectangleFinite,
      result: pivoted.q.elements + pivoted.r.elements,
      ratio: {
        // ‖A P − Q R‖₁ = ‖A − Q R Pᵀ‖₁: permuting columns keeps the 1-norm.
        factorizationRatio(rectangle, size: max(m, n)) { s in
          Reference(pivoted.q) * (Reference(pivoted.r) / s) * Reference(pivoted.permutation).transposed
        }
      }, context)

    let hessenberg = square.hessenberg()
    check(
      "hessenberg", input: square, inputFinite: squareFinite,
      result: hessenberg.h.elements + hessenberg.q.elements,
      ratio: { similarityRatio(square, hessenberg.q, hessenberg.h) }, context)

    if let schur = try? square.schur() {
      check(
        "schur", input: square, inputFinite: squareFinite, result: schur.t.elements + schur.z.elements,
        ratio: { similarityRatio(square, schur.z, schur.t) }, context)
    }

    if let eigen = try? square.eigen() {
      check(
        "eigen", input: square, inputFinite: squareFinite,
        result: eigen.eigenvalues.flatMap { [$0.real, $0.imaginary] }
          + eigen.eigenvectors.elements.flatMap { [$0.real, $0.imaginary] },
        ratio: {
          // A V − V Λ on A / s, in the Frobenius norm (at most √n times the 1-norm of the others).
          let s = scale(square)
          let a = ComplexReference(
            rows: n, columns: n, values: square.elements.map { Complex(Double($0) / s) })
          let v = ComplexReference(eigen.eigenvectors)
          let lambda = eigen.eigenvalues.map { Complex(Double($0.real) / s, Double($0.imaginary) / s) }
          return complexResidualRatio(
            a * v - v.scalingColumns(by: lambda),
            scale: scaledAllowance(S.self, Reference(square) / s, s, eps), size: n, epsilon: 1)
        }, context)
    }

    let lower = Matrix(rows: n, columns: n) { i, j in i >= j ? square[i, j] : square[j, i] }
    let eigen = lower.symmetricEigen()
    check(
      "symmetricEigen", input: lower, inputFinite: isFinite(lower.elements), result: eigen.eigenvalues,
      ratio: {
        let s = scale(lower)
        let v = Reference(eigen.eigenvectors)
        let r =
          (Reference(lower) / s) * v - v
          * Reference.diagonal(eigen.eigenvalues.map { Double($0) / s }, rows: n, columns: n)
        return residualRatio(
          r.norm1, size: n, scale: scaledAllowance(S.self, Reference(lower) / s, s, eps), epsilon: 1)
      }, context)

    if let cholesky = try? lower.cholesky() {
      #expect(isFinite(lower.elements), "cholesky accepted non-finite input, \(context)")
      check(
        "cholesky", input: lower, inputFinite: true, result: cholesky.lower.elements,
        ratio: {
          let s = scale(lower)
          let l = Reference(cholesky.lower) / s.squareRoot()
          return residualRatio(
            (Reference(lower) / s - l * l.transposed).norm1, size: n, scale: (Reference(lower) / s).norm1,
            epsilon: eps)
        }, context)
    }

    let rhs = Matrix<S>(rows: m, columns: 1) { i, _ in S(i % 3) - 1 }
    let x = rectangle.leastSquares(rhs)
    if !rectangleFinite {
      #expect(
        !isFinite(x.elements) || x.elements.isEmpty,
        "leastSquares: finite result from non-finite input, \(context)")
    }
  }

  @Test("hostile matrices", arguments: ScalarType.allCases)
  func hostile(_ type: ScalarType) {
    for seed in testSeeds(9000, count: 400) {
      switch type {
      case .float: Self.run(Float.self, seed: seed)
      case .double: Self.run(Double.self, seed: seed)
      }
    }
  }
}
