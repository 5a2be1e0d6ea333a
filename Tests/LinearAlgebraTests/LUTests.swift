import LinearAlgebra
import Testing

/// LAPACK-style checks of the LU family: P A = L U, solve, inverse and
/// determinant, on random, ill-conditioned, badly scaled and empty matrices.
@Suite("LU, solve, inverse, determinant")
struct LUTests {
  /// ||P A − L U||₁ / (n ||A||₁ eps).
  static func factorizationRatio<S: RealMatrixScalar>(_ a: Matrix<S>) -> Double {
    let lu = a.lu()
    let residual = Reference(lu.permutation) * Reference(a) - Reference(lu.lower) * Reference(lu.upper)
    return residualRatio(residual.norm1, size: a.rowCount, scale: Reference(a).norm1, epsilon: S.testEpsilon)
  }

  /// ||b − A x||₁ / (n ||A||₁ ||x||₁ eps).
  static func solveRatio<S: RealMatrixScalar>(_ a: Matrix<S>, _ x: Matrix<S>, _ b: Matrix<S>) -> Double {
    let residual = Reference(b) - Reference(a) * Reference(x)
    return residualRatio(
      residual.norm1, size: a.rowCount, scale: Reference(a).norm1 * Reference(x).norm1, epsilon: S.testEpsilon
    )
  }

  /// ||I − A A⁻¹||₁ / (n ||A||₁ ||A⁻¹||₁ eps).
  static func inverseRatio<S: RealMatrixScalar>(_ a: Matrix<S>, _ inverse: Matrix<S>) -> Double {
    let residual = Reference.identity(a.rowCount) - Reference(a) * Reference(inverse)
    return residualRatio(
      residual.norm1, size: a.rowCount, scale: Reference(a).norm1 * Reference(inverse).norm1,
      epsilon: S.testEpsilon)
  }

  static func checkRandom<S: RealMatrixScalar>(_: S.Type) {
    for seed in testSeeds(11) {
      var generator = SeededGenerator(seed: seed)
      let n = Int.random(in: 1...200, using: &generator)
      let a = TestMatrices.random(S.self, rows: n, columns: n, &generator)
      let b = TestMatrices.random(S.self, rows: n, columns: 3, &generator)
      let context = "\(S.self) seed \(seed) n \(n)"
      let factorization = factorizationRatio(a)
      #expect(factorization < residualBound, "PA = LU ratio \(factorization), \(context)")
      do {
        let x = try a.solve(b)
        let ratio = solveRatio(a, x, b)
        #expect(ratio < residualBound, "solve ratio \(ratio), \(context)")
        let viaLU = try a.lu().solve(b)
        let luRatio = solveRatio(a, viaLU, b)
        #expect(luRatio < residualBound, "lu().solve ratio \(luRatio), \(context)")
        let vector = try a.solve(b.column(0))
        #expect(
          solveRatio(
            a, Matrix(rows: n, columns: 1, elements: vector),
            Matrix(rows: n, columns: 1, elements: b.column(0)))
            < residualBound, "vector solve, \(context)")
        let inverse = try a.inverse()
        let inverseRatio = inverseRatio(a, inverse)
        #expect(inverseRatio < residualBound, "inverse ratio \(inverseRatio), \(context)")
      } catch {
        Issue.record("unexpected \(error) for a random matrix, \(context)")
      }
    }
  }

  @Test("random matrices up to 200×200", arguments: ScalarType.allCases)
  func randomMatrices(_ type: ScalarType) {
    withScalarType(type) { Self.checkRandom($0) }
  }

  static func checkConditioned<S: RealMatrixScalar>(_: S.Type) {
    // Backward stability holds whatever the condition number; singularity is
    // declared only past 1/eps.
    for (index, condition) in [1e2, 1e4, 1e6, 1e8, 1e10, 1e12].enumerated() {
      for seed in testSeeds(UInt64(20 + index), count: 2) {
        var generator = SeededGenerator(seed: seed)
        let n = Int.random(in: 2...60, using: &generator)
        let a = TestMatrices.withCondition(S.self, n, condition: condition, &generator)
        let b = TestMatrices.random(S.self, rows: n, columns: 2, &generator)
        let context = "\(S.self) seed \(seed) n \(n) condition \(condition)"
        #expect(factorizationRatio(a) < residualBound, "PA = LU, \(context)")
        let mustSucceed = condition * 100 < 1 / S.testEpsilon
        do {
          let x = try a.solve(b)
          #expect(solveRatio(a, x, b) < residualBound, "solve, \(context)")
          let inverse = try a.inverse()
          #expect(inverseRatio(a, inverse) < residualBound, "inverse, \(context)")
        } catch {
          #expect(!mustSucceed, "\(error) for a matrix well inside working precision, \(context)")
          #expect(error == .singularMatrix, "\(context)")
        }
      }
    }
  }

  @Test("condition numbers 1e2 to 1e12", arguments: ScalarType.allCases)
  func conditioned(_ type: ScalarType) {
    withScalarType(type) { Self.checkConditioned($0) }
  }

  @Test("Hilbert matrices") func hilbert() throws {
    for n in [3, 4, 6, 8, 9] {
      let h = TestMatrices.hilbert(Double.self, n)
      #expect(Self.factorizationRatio(h) < residualBound, "Hilbert \(n)")
      let b = Matrix<Double>(rows: n, columns: 1, repeating: 1)
      let x = try h.solve(b)
      #expect(Self.solveRatio(h, x, b) < residualBound, "Hilbert \(n)")
      #expect(Self.inverseRatio(h, try h.inverse()) < residualBound, "Hilbert \(n)")
    }
  }

  static func checkBadlyScaled<S: RealMatrixScalar>(_: S.Type, scales: [S]) {
    for (index, scale) in scales.enumerated() {
      let seed = testSeeds(UInt64(40 + index), count: 1)[0]
      var generator = SeededGenerator(seed: seed)
      let n = Int.random(in: 2...80, using: &generator)
      let a = scale * TestMatrices.random(S.self, rows: n, columns: n, &generator)
      let b = scale * TestMatrices.random(S.self, rows: n, columns: 2, &generator)
      let context = "\(S.self) seed \(seed) n \(n) scale \(scale)"
      #expect(factorizationRatio(a) < residualBound, "PA = LU, \(context)")
      do {
        let x = try a.solve(b)
        #expect(solveRatio(a, x, b) < residualBound, "solve, \(context)")
      } catch {
        Issue.record("\(error), \(context)")
      }
    }
  }

  @Test("badly scaled matrices") func badlyScaled() {
    Self.checkBadlyScaled(Double.self, scales: [1e150, 1e-150])
    Self.checkBadlyScaled(Float.self, scales: [1e15, 1e-15])
  }

  @Test("singular matrices throw", arguments: ScalarType.allCases)
  func singular(_ type: ScalarType) {
    withScalarType(type) { Self.checkSingular($0) }
  }

  static func checkSingular<S: RealMatrixScalar>(_: S.Type) {
    let exactlySingular: Matrix<S> = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    let zero = Matrix<S>.zeros(rows: 4, columns: 4)
    var generator = SeededGenerator(seed: 77)
    let rankTwo = TestMatrices.rankDeficient(S.self, rows: 30, columns: 30, rank: 2, &generator)
    for (name, a) in [("1…9", exactlySingular), ("zero", zero), ("rank 2", rankTwo)] {
      let n = a.rowCount
      #expect(throws: LinearAlgebraError.singularMatrix, "inverse of \(name)") { try a.inverse() }
      #expect(throws: LinearAlgebraError.singularMatrix, "solve of \(name)") {
        try a.solve([S](repeating: 1, count: n))
      }
      #expect(throws: LinearAlgebraError.singularMatrix, "solve of \(name)") {
        try a.solve(Matrix<S>(rows: n, columns: 2, repeating: 1))
      }
      let lu = a.lu()
      #expect(lu.isSingular, "\(name)")
      #expect(throws: LinearAlgebraError.singularMatrix, "lu().solve of \(name)") {
        try lu.solve([S](repeating: 1, count: n))
      }
    }
    #expect(zero.determinant() == 0)
  }

  @Test func determinantValues() throws {
    let a: Matrix<Double> = [[2, 0, 1], [1, 3, 2], [1, 1, 1]]
    // 2(3−2) − 0 + 1(1−3) = 0 → use a nonsingular one instead:
    let b: Matrix<Double> = [[4, 3], [6, 3]]
    #expect(abs(b.determinant() - -6) < 1e-14)
    #expect(abs(a.determinant()) < 1e-14)
    #expect(abs(b.lu().determinant() - -6) < 1e-14)
    let permuted: Matrix<Double> = [[0, 1, 0], [0, 0, 1], [1, 0, 0]]  // a 3-cycle: even, det +1
    #expect(permuted.determinant() == 1)
    let swap: Matrix<Double> = [[0, 1], [1, 0]]
    #expect(swap.determinant() == -1)
    #expect(swap.lu().determinant() == -1)
    #expect(Matrix<Double>.identity(0).determinant() == 1)
    // The pivot product would underflow half-way in Float; the result is 1.
    let tinyThenHuge = Matrix<Float>.diagonal(
      Array(repeating: 1e-30, count: 10) + Array(repeating: 1e30, count: 10))
    #expect(abs(tinyThenHuge.determinant() - 1) < 1e-4)
    let wide = Matrix<Double>.diagonal([1e-200, 1e-200, 1e-200, 1e200, 1e200, 1e200])
    #expect(abs(wide.determinant() - 1) < 1e-12)
    #expect(Matrix<Double>.diagonal(Array(repeating: 1e200, count: 3)).determinant() == .infinity)
    #expect(Matrix<Float>.identity(0).determinant() == 1)
  }

  static func checkProductRule<S: RealMatrixScalar>(_: S.Type) {
    for seed in testSeeds(60) {
      var generator = SeededGenerator(seed: seed)
      let n = Int.random(in: 1...40, using: &generator)
      let a = TestMatrices.random(S.self, rows: n, columns: n, &generator)
      let b = TestMatrices.random(S.self, rows: n, columns: n, &generator)
      let product = Double((a * b).determinant())
      let expected = Double(a.determinant()) * Double(b.determinant())
      // The relative error of a determinant grows with the condition number;
      // these random matrices keep it far below this bound.
      let tolerance =
        1e3 * Double(n) * S.testEpsilon * max(abs(expected), Double.leastNormalMagnitude)
        * Double(a.conditionNumber() * b.conditionNumber())
      #expect(abs(product - expected) <= tolerance, "det(AB) = det(A)det(B), \(S.self) seed \(seed) n \(n)")
    }
  }

  @Test("det(AB) = det(A) det(B)", arguments: ScalarType.allCases)
  func productRule(_ type: ScalarType) {
    withScalarType(type) { Self.checkProductRule($0) }
  }

  @Test func permutationConvention() throws {
    // Row order and P must describe the same permutation, and P A = L U.
    let a: Matrix<Double> = [[0, 1], [2, 3]]
    let lu = a.lu()
    #expect(lu.rowOrder == [1, 0])
    #expect(lu.permutation == [[0, 1], [1, 0]])
    #expect(lu.lower * lu.upper == lu.permutation * a)
    #expect(try lu.solve([1, 5]) == [1, 1])
  }

  @Test func emptyMatrices() throws {
    let empty = Matrix<Double>(rows: 0, columns: 0)
    #expect(try empty.inverse() == empty)
    #expect(try empty.solve([]) == [])
    #expect(try empty.solve(Matrix(rows: 0, columns: 3)) == Matrix(rows: 0, columns: 3))
    let lu = empty.lu()
    #expect(!lu.isSingular)
    #expect(lu.determinant() == 1)
    #expect(lu.lower == empty && lu.upper == empty && lu.permutation == empty)
  }

  @Test func nonFiniteInputNeverCrashes() {
    let nan: Matrix<Double> = [[.nan, 1], [1, 1]]
    #expect(nan.determinant().isNaN)
    if let inverse = try? nan.inverse() {
      #expect(inverse.elements.contains { $0.isNaN })
    }
    let infinite: Matrix<Double> = [[.infinity, 1], [1, 1]]
    if let x = try? infinite.solve([1, 1]) {
      #expect(x.contains { !$0.isFinite })
    }
  }

  /// Orders 1 to 8 take the inline path (SmallSystem.swift): the same
  /// residual ratios, the same singularity test, and an exponent-tracked
  /// determinant.
  static func checkSmallSystems<S: RealMatrixScalar>(_: S.Type) throws {
    for seed in testSeeds(71, count: 16) {
      var generator = SeededGenerator(seed: seed)
      let n = Int(seed % 8) + 1
      let a = TestMatrices.random(S.self, rows: n, columns: n, &generator)
      let b = TestMatrices.random(S.self, rows: n, columns: 3, &generator)
      let context = "\(S.self) seed \(seed) n \(n)"
      let x = try a.solve(b)
      let solve = solveRatio(a, x, b)
      #expect(solve < residualBound, "solve ratio \(solve), \(context)")
      let vector = try a.solve(b.column(0))
      #expect(vector == x.column(0), "vector and matrix right-hand sides, \(context)")
      let inverse = inverseRatio(a, try a.inverse())
      #expect(inverse < residualBound, "inverse ratio \(inverse), \(context)")
      let lu = a.lu()
      let diagonal = (0..<n).map { Double(lu.upper[$0, $0]) }
      let expected = diagonal.reduce(Double(lu.permutation.determinant()), *)
      let determinant = Double(a.determinant())
      #expect(
        abs(determinant - expected) <= 1e3 * S.testEpsilon * abs(expected),
        "determinant \(determinant), expected \(expected), \(context)")
    }
    // Singular to working precision: exactly, by condition (κ = 10/eps),
    // and with a zero column after the first step.
    let exactly: Matrix<S> = [[1, 2, 3], [2, 4, 6], [1, 0, 1]]
    #expect(throws: LinearAlgebraError.singularMatrix) { try exactly.inverse() }
    #expect(throws: LinearAlgebraError.singularMatrix) { try exactly.solve([1, 2, 3]) }
    #expect(exactly.determinant() == 0)
    var generator = SeededGenerator(seed: 72)
    let illConditioned = TestMatrices.withCondition(S.self, 6, condition: 10 / S.testEpsilon, &generator)
    #expect(throws: LinearAlgebraError.singularMatrix) { try illConditioned.inverse() }
    #expect(throws: LinearAlgebraError.singularMatrix) { try illConditioned.solve([1, 2, 3, 4, 5, 6]) }
    // Non-finite input takes the core's path: NaN out, no throw.
    let nan: Matrix<S> = [[1, .nan], [0, 1]]
    #expect(try nan.inverse().elements.allSatisfy(\.isNaN))
    #expect(try Matrix<S>.identity(2).solve([1, .infinity]).allSatisfy(\.isNaN))
  }

  @Test("orders 1 to 8 solved inline", arguments: ScalarType.allCases)
  func smallSystems(_ type: ScalarType) throws {
    switch type {
    case .float: try Self.checkSmallSystems(Float.self)
    case .double: try Self.checkSmallSystems(Double.self)
    }
  }

  @Test func smallDeterminantTracksItsExponent() {
    // Float: the running product 2^90 would overflow; the determinant is 1.
    let scale: Float = 0x1p30
    let float = Matrix<Float>.diagonal([scale, scale, scale, 1 / scale, 1 / scale, 1 / scale])
    #expect(float.determinant() == 1)
    let huge = Matrix<Float>.diagonal([scale, scale, scale, scale, scale])
    #expect(huge.determinant() == .infinity)
    let swapped: Matrix<Double> = [[0, 2], [3, 0]]
    #expect(swapped.determinant() == -6)
  }

  @Test func wideRangeMatricesKeepTheirSmallEntries() throws {
    // 1e200 and 1e-200 on one diagonal: within the range, so the LU and
    // Cholesky factors are not scaled (scaling into [0.5, 1) flushed
    // 1e-200 to zero); numpy's slogdet gives (1, log 3).
    let a = Matrix<Double>.diagonal([1e200, 1e-200, 3])
    let (sign, logMagnitude) = a.logDeterminant()
    #expect(sign == 1 && abs(logMagnitude - 1.098_612_288_668_109_8) < 1e-14)
    #expect(abs(a.lu().determinant() - 3) < 1e-14)
    let cholesky = try a.cholesky()
    #expect(abs(cholesky.lower[1, 1] - 1e-100) <= 1e-114)
    #expect(abs(cholesky.logDeterminant().logMagnitude - 1.098_612_288_668_109_8) < 1e-14)
    let complex = Matrix<Complex<Double>>.diagonal([Complex(1e200), Complex(0, 1e-200), Complex(3)])
    #expect((complex.lu().determinant() - Complex(0, 3)).length < 1e-14)
  }

  @Test func factorDeterminantTracksItsExponent() {
    // lu().determinant() keeps the running product in range as
    // determinant() does: five pivots of 1e70 and five of 1e-70 (1e350 on
    // the way) give 1, and five of 1e70 alone infinity. (Entries stay below
    // the LU family's own scaling, from 2^±256.)
    let wide = Matrix<Double>.diagonal(
      [Double](repeating: 1e70, count: 5) + [Double](repeating: 1e-70, count: 5))
    #expect(abs(wide.lu().determinant() - 1) < 1e-13)
    #expect(abs(wide.determinant() - 1) < 1e-13)
    #expect(Matrix<Double>.diagonal([Double](repeating: 1e70, count: 5)).lu().determinant() == .infinity)
    let float = Matrix<Float>.diagonal(
      [Float](repeating: 0x1p30, count: 5) + [Float](repeating: 0x1p-30, count: 5))
    #expect(float.lu().determinant() == 1)
    let swapped: Matrix<Double> = [
      [0, 1e70, 0, 0, 0], [1e70, 0, 0, 0, 0], [0, 0, 1e70, 0, 0], [0, 0, 0, 1e70, 0], [0, 0, 0, 0, 1e70],
    ]
    #expect(swapped.lu().determinant() == -.infinity)
  }
}
