import Foundation
import LinearAlgebra
import Testing

@Suite("Structured solves, LDLᵀ, pivoted QR, log-determinant, powers, exponential")
struct StructuredSolverTests {
  /// ‖A X − B‖₁ / (n ‖A‖₁ ‖X‖₁ eps), LAPACK's solve residual.
  static func solveRatio<S: RealMatrixScalar>(_ a: Matrix<S>, _ x: Matrix<S>, _ b: Matrix<S>) -> Double {
    let (ra, rx, rb) = (Reference(a), Reference(x), Reference(b))
    let residual = (ra * rx - rb).norm1
    return residualRatio(residual, size: a.rowCount, scale: ra.norm1 * rx.norm1, epsilon: S.testEpsilon)
  }

  @Test("structured solves: residual ratios", arguments: ScalarType.allCases, [1, 7, 64, 150])
  func structuredSolves(_ type: ScalarType, _ n: Int) {
    withScalarType(type) { scalar in check(scalar, n) }
    func check<S: RealMatrixScalar>(_: S.Type, _ n: Int) {
      for seed in testSeeds(UInt64(n) + 900) {
        var generator = SeededGenerator(seed: seed)
        let b = TestMatrices.random(S.self, rows: n, columns: 3, &generator)
        let general = TestMatrices.random(S.self, rows: n, columns: n, &generator)
        let symmetric = TestMatrices.symmetric(S.self, n, &generator)
        let spd = TestMatrices.symmetricPositiveDefinite(S.self, n, &generator)
        // Triangular test matrices with a dominant diagonal (random
        // triangular matrices are exponentially ill-conditioned).
        let lower = Matrix(rows: n, columns: n) { i, j in i > j ? general[i, j] : (i == j ? S(n) + 1 : 0) }
        let upper = lower.transposed()
        let cases: [(MatrixStructure, Matrix<S>)] = [
          (.general, general), (.symmetric, symmetric), (.positiveDefinite, spd), (.lowerTriangular, lower),
          (.upperTriangular, upper),
        ]
        for (structure, matrix) in cases {
          do {
            let x = try matrix.solve(b, assuming: structure)
            let ratio = Self.solveRatio(matrix, x, b)
            #expect(ratio < residualBound, "\(structure) \(n)×\(n) \(S.self): ratio \(ratio); seed \(seed)")
            let vector = try matrix.solve(b.column(0), assuming: structure)
            let agree = Matrix(column: vector).isApproximatelyEqual(
              to: Matrix(column: x.column(0)), relativeTolerance: S(100 * n) * S.ulpOfOne)
            #expect(agree, "\(structure): vector and matrix forms agree; seed \(seed)")
          } catch {
            Issue.record("\(structure) \(n)×\(n) \(S.self) threw \(error); seed \(seed)")
          }
        }
        // Triangular solves read only their triangle: garbage elsewhere is ignored.
        var noisyLower = lower
        if n > 1 { noisyLower[0, n - 1] = 1e6 }
        #expect(
          (try? noisyLower.solve(b, assuming: .lowerTriangular))
            == (try? lower.solve(b, assuming: .lowerTriangular)))
      }
    }
  }

  @Test func structuredSolveErrors() throws {
    let singularLower: Matrix<Double> = [[1, 0], [3, 0]]
    #expect(throws: LinearAlgebraError.singularMatrix) {
      try singularLower.solve([1, 2], assuming: .lowerTriangular)
    }
    #expect(throws: LinearAlgebraError.singularMatrix) {
      try singularLower.transposed().solve([1, 2], assuming: .upperTriangular)
    }
    let indefinite: Matrix<Double> = [[1, 2], [2, 1]]
    #expect(throws: LinearAlgebraError.notPositiveDefinite) {
      try indefinite.solve([1, 2], assuming: .positiveDefinite)
    }
    #expect(throws: LinearAlgebraError.singularMatrix) {
      try Matrix<Double>(rows: 3, columns: 3).solve([1, 2, 3], assuming: .symmetric)
    }
    let rankOne: Matrix<Float> = [[1, 1], [1, 1]]
    #expect(throws: LinearAlgebraError.singularMatrix) { try rankOne.solve([1, 2], assuming: .symmetric) }
    #expect((try Matrix<Double>(rows: 0, columns: 0).solve([], assuming: .symmetric)) == [])
  }

  @Test func ldltMatchesNumpy() throws {
    let a = EverydayReference.indefinite
    let f = a.ldlt()
    let x = try f.solve(EverydayReference.b5)
    for (value, expected) in zip(x, EverydayReference.indefiniteSolve) {
      #expect(abs(value - expected) < 1e-13)
    }
    #expect(abs(f.determinant() - EverydayReference.indefiniteDeterminant) < 1e-10)
    #expect(f.inertia == EverydayReference.indefiniteInertia)
    // The zero diagonal forces at least one 2×2 block.
    let d = f.blockDiagonal
    #expect((0..<4).contains { d[$0 + 1, $0] != 0 })
  }

  @Test("ldlt: P A Pᵀ = L D Lᵀ", arguments: ScalarType.allCases, [1, 2, 9, 100, 300])
  func ldltResidual(_ type: ScalarType, _ n: Int) {
    withScalarType(type) { scalar in check(scalar, n) }
    func check<S: RealMatrixScalar>(_: S.Type, _ n: Int) {
      for seed in testSeeds(UInt64(n) + 700) {
        var generator = SeededGenerator(seed: seed)
        var a = TestMatrices.symmetric(S.self, n, &generator)
        if n > 2 { a[1, 1] = 0 }  // a zero pivot candidate
        if n == 300 {
          // A zero diagonal and small entries near it: 2×2 pivots in every
          // panel of the blocked factorization.
          a = Matrix(rows: n, columns: n) { i, j in abs(i - j) < 3 ? (i == j ? 0 : a[i, j] / 100) : a[i, j] }
        }
        let f = a.ldlt()
        let p = f.permutation
        let lhs = Reference(p * a * p.transposed())
        let rhs = Reference(f.lower) * Reference(f.blockDiagonal) * Reference(f.lower.transposed())
        let ratio = residualRatio(
          (lhs - rhs).norm1, size: n, scale: Reference(a).norm1, epsilon: S.testEpsilon)
        #expect(ratio < residualBound, "\(n)×\(n) \(S.self): ratio \(ratio); seed \(seed)")
        let inertia = f.inertia
        let eigenvalues = a.symmetricEigen().eigenvalues
        #expect(
          inertia.positive == eigenvalues.count { $0 > 0 } && inertia.negative == eigenvalues.count { $0 < 0 }
        )
      }
    }
  }

  @Test("ldlt of badly scaled matrices", arguments: ScalarType.allCases)
  func ldltBadlyScaled(_ type: ScalarType) throws {
    switch type {
    case .float: try check(Float.self, scales: [1e30, 1e-30, 1e36, 1e-36])
    case .double: try check(Double.self, scales: [1e200, 1e-200, 1e300, 1e-300])
    }
    /// s A for scales whose squares over- or underflow (the 2×2 blocks of D
    /// then have determinants out of range): the inertia of A, and A (s x)
    /// = b to the residual bound.
    func check<S: RealMatrixScalar>(_: S.Type, scales: [S]) throws {
      var generator = SeededGenerator(seed: 7_301)
      let n = 40
      let base = TestMatrices.symmetric(S.self, n, &generator)
      // A zero diagonal: 2×2 pivots.
      let a = Matrix<S>(rows: n, columns: n) { i, j in i == j ? 0 : base[i, j] }
      let b = (0..<n).map { S($0 % 5) - 2 }
      let inertia = a.ldlt().inertia
      for scale in scales {
        let f = (a * scale).ldlt()
        #expect(f.inertia == inertia, "\(S.self) scale \(scale): inertia \(f.inertia), unscaled \(inertia)")
        let x = try f.solve(b).map { $0 * scale }
        let residual = zip(a * x, b).map { Double($0) - Double($1) }.map(abs).max() ?? 0
        let ratio = residualRatio(
          residual, size: n, scale: Reference(a).norm1 * (x.map { Double(abs($0)) }.max() ?? 0),
          epsilon: S.testEpsilon)
        #expect(ratio < residualBound, "\(S.self) scale \(scale): ratio \(ratio)")
      }
    }
    // det of two 2×2 blocks [0 s; s 0] and [0 1/s; 1/s 0]: (−s²)(−1/s²) = 1,
    // with s² and 1/s² out of range.
    let blocks = Matrix<Double>(rows: 4, columns: 4) { i, j in
      (i, j) == (0, 1) || (i, j) == (1, 0) ? 1e200 : (i, j) == (2, 3) || (i, j) == (3, 2) ? 1e-200 : 0
    }
    #expect(abs(blocks.ldlt().determinant() - 1) < 1e-14)
  }

  @Test func columnPivotedQR() {
    for seed in testSeeds(31) {
      var generator = SeededGenerator(seed: seed)
      for (m, n, rank) in [(8, 5, 5), (6, 9, 6), (10, 7, 3), (5, 5, 1), (0, 3, 0), (4, 0, 0)] {
        let a =
          rank == Swift.min(m, n)
          ? TestMatrices.random(Double.self, rows: m, columns: n, &generator)
          : TestMatrices.rankDeficient(Double.self, rows: m, columns: n, rank: rank, &generator)
        let f = a.columnPivotedQR()
        #expect(f.rank == rank && f.rank == a.rank(), "\(m)×\(n) rank \(rank); seed \(seed)")
        let residual = (Reference(a * f.permutation) - Reference(f.q) * Reference(f.r)).norm1
        let ratio = residualRatio(
          residual, size: Swift.max(m, n), scale: Reference(a).norm1, epsilon: Double.ulpOfOne)
        #expect(ratio < residualBound, "\(m)×\(n): ratio \(ratio); seed \(seed)")
        let k = Swift.min(m, n)
        for i in 1..<Swift.max(k, 1) { #expect(abs(f.r[i, i]) <= abs(f.r[i - 1, i - 1]) * (1 + 1e-12)) }
      }
    }
  }

  /// Larger shapes, where the remaining columns' norms are downdated step
  /// after step and computed again once cancellation has set in (a rank-
  /// deficient matrix, columns of norms from 1 down to 1e-12 for Double and
  /// 1e-5 for Float): the residual ratio, QᵀQ = I, a non-increasing
  /// diagonal and the rank, in both precisions.
  @Test(arguments: [ScalarType.float, .double])
  func columnPivotedQROfLargerMatrices(_ type: ScalarType) {
    switch type {
    case .float: checkLargerColumnPivotedQR(Float.self, smallestColumn: -5)
    case .double: checkLargerColumnPivotedQR(Double.self, smallestColumn: -12)
    }
  }

  private func checkLargerColumnPivotedQR<S: RealMatrixScalar>(_: S.Type, smallestColumn: Double) {
    var generator = SeededGenerator(seed: 3_131)
    let epsilon = Double(S.ulpOfOne)
    for (m, n, rank) in [(300, 200, 150), (200, 260, 200), (170, 170, 170)] {
      let context = "\(S.self) \(m)×\(n), seed 3131"
      var a =
        rank == Swift.min(m, n)
        ? TestMatrices.random(S.self, rows: m, columns: n, &generator)
        : TestMatrices.rankDeficient(S.self, rows: m, columns: n, rank: rank, &generator)
      if m == n {
        for j in 0..<n { for i in 0..<m { a[i, j] *= S(pow(10, smallestColumn * Double(j) / Double(n))) } }
      }
      let f = a.columnPivotedQR()
      // The ranks agree where no singular value lies near the tolerance
      // (within a factor of 100); Float's rank-150 matrix has some there.
      let values = a.singularValues()
      let tolerance = S(Swift.max(m, n)) * S.ulpOfOne * (values.first ?? 0)
      if values.allSatisfy({ $0 > 100 * tolerance || $0 < tolerance / 100 }) {
        #expect(f.rank == a.rank(), "\(context): rank \(f.rank), SVD rank \(a.rank())")
        if rank < Swift.min(m, n) { #expect(f.rank == rank, "\(context)") }
      }
      let residual = (Reference(a * f.permutation) - Reference(f.q) * Reference(f.r)).norm1
      let ratio = residualRatio(residual, size: Swift.max(m, n), scale: Reference(a).norm1, epsilon: epsilon)
      #expect(ratio < residualBound, "\(context): ratio \(ratio)")
      let q = Reference(f.q)
      let orthogonality = (q.transposed * q - .identity(q.columns)).norm1 / (Double(m) * epsilon)
      #expect(orthogonality < residualBound, "\(context): QᵀQ − I \(orthogonality)")
      let k = Swift.min(m, n)
      for i in 1..<k {
        #expect(abs(f.r[i, i]) <= abs(f.r[i - 1, i - 1]) * (1 + 8 * S.ulpOfOne), "\(context) at \(i)")
      }
    }
  }

  /// Columns whose reflector is out of the ordinary: subnormal entries
  /// (1 / (x₀ − β) overflows), entries near the overflow threshold
  /// (x₀ − β overflows), and an infinity below the diagonal, which the
  /// factorization once dropped (Q = I and a finite R from an infinite A).
  @Test func columnPivotedQRAtTheEdgesOfTheRange() {
    let tiny = Double.leastNonzeroMagnitude
    for a in [Matrix<Double>([[3 * tiny], [4 * tiny]]), [[1e308, 1], [1e308, -1]], [[1e308], [-1e308]]] {
      let f = a.columnPivotedQR()
      #expect(f.q.elements.allSatisfy(\.isFinite) && f.r.elements.allSatisfy(\.isFinite), "\(a)")
      let q = Reference(f.q)
      let orthogonality = (q.transposed * q - .identity(q.columns)).norm1
      #expect(orthogonality < 4 * Double.ulpOfOne, "QᵀQ − I: \(orthogonality) for \(a)")
      let s = RobustnessTests.scale(a)
      let residual = (Reference(a * f.permutation) / s - q * (Reference(f.r) / s)).norm1
      let allowance = RobustnessTests.scaledAllowance(Double.self, Reference(a) / s, s, Double.ulpOfOne)
      let ratio = residualRatio(residual, size: a.rowCount, scale: allowance, epsilon: 1)
      #expect(ratio < residualBound, "ratio \(ratio) for \(a)")
    }
    let infinite: Matrix<Double> = [[0.5, 0], [.infinity, 0]]
    let f = infinite.columnPivotedQR()
    #expect(!f.r.elements.allSatisfy(\.isFinite) && !f.q.elements.allSatisfy(\.isFinite), "\(f.q) \(f.r)")
    #expect(f.rank == 0)
    // The blocked factorization (min(m, n) > 64) with a NaN in the middle of
    // its second block: no trap, NaN in R and Q, rank 0 as above.
    var generator = SeededGenerator(seed: 3_132)
    var large = TestMatrices.random(Double.self, rows: 120, columns: 100, &generator)
    large[70, 45] = .nan
    let blocked = large.columnPivotedQR()
    #expect(blocked.r.elements.contains(where: \.isNaN) && blocked.q.elements.contains(where: \.isNaN))
    #expect(blocked.rank == 0)
  }

  @Test func logDeterminant() throws {
    let g = EverydayReference.general
    let (sign, log) = g.logDeterminant()
    #expect(sign == EverydayReference.generalLogDeterminant.sign)
    #expect(abs(log - EverydayReference.generalLogDeterminant.logMagnitude) < 1e-13)
    let scaled = Matrix(blocks: [
      [1e150 * g, Matrix(rows: 4, columns: 4)], [Matrix(rows: 4, columns: 4), 1e150 * g],
    ])
    #expect(!scaled.determinant().isFinite, "determinant() overflows")
    let (scaledSign, scaledLog) = scaled.logDeterminant()
    #expect(
      scaledSign == 1 && abs(scaledLog - EverydayReference.scaledBlockLogDeterminant.logMagnitude) < 1e-10)
    #expect(Matrix<Double>([[1, 2], [2, 4]]).logDeterminant() == (0, -.infinity))
    #expect(Matrix<Double>([[0, 1], [1, 0]]).logDeterminant().sign == -1)
    let spd: Matrix<Double> = [[4, 2], [2, 3]]
    let cholesky = try spd.cholesky().logDeterminant()
    #expect(cholesky.sign == 1 && abs(cholesky.logMagnitude - Foundation.log(8.0)) < 1e-14)
  }

  @Test func powers() throws {
    let g = EverydayReference.general
    #expect(try g.power(3).isApproximatelyEqual(to: EverydayReference.generalCubed, relativeTolerance: 1e-14))
    #expect(
      try g.power(-2).isApproximatelyEqual(
        to: EverydayReference.generalInverseSquared, relativeTolerance: 1e-12))
    #expect(try g.power(0) == .identity(4) && g.power(1) == g)
    #expect(throws: LinearAlgebraError.singularMatrix) { try Matrix<Double>([[1, 2], [2, 4]]).power(-1) }
  }

  @Test func exponential() {
    let cases: [(Matrix<Double>, Matrix<Double>, Double)] = [
      ([[0, 1], [-1, 0]], EverydayReference.expRotation, 1e-14),
      ([[-49, 24], [-64, 31]], EverydayReference.expStiff, 1e-12),
      (EverydayReference.general / 10, EverydayReference.expGeneralTenth, 1e-13),
      (EverydayReference.general * 3, EverydayReference.expLargeNorm, 1e-11),
    ]
    for (a, expected, tolerance) in cases {
      #expect(
        a.exponential().isApproximatelyEqual(to: expected, relativeTolerance: tolerance), "expm of \(a)")
      let single = Matrix<Float>(
        rows: a.rowCount, columns: a.columnCount, elements: a.elements.map { Float($0) })
      #expect(
        Matrix<Double>(
          rows: a.rowCount, columns: a.columnCount, elements: single.exponential().elements.map { Double($0) }
        )
        .isApproximatelyEqual(to: expected, relativeTolerance: 1e-4))
    }
    #expect(Matrix<Double>(rows: 0, columns: 0).exponential().rowCount == 0)
    // Closed forms: a non-normal Jordan-like block, where ‖A‖₁ overstates
    // the scaling the powers need, and a rotation by 100 radians.
    let jordan: Matrix<Double> = [[1, 1e6], [0, 1]]
    let e = exp(1.0)
    #expect(
      jordan.exponential().isApproximatelyEqual(to: [[e, e * 1e6], [0, e]], relativeTolerance: 1e-13))
    let turn: Matrix<Double> = [[0, 100], [-100, 0]]
    let turned: Matrix<Double> = [[cos(100), sin(100)], [-sin(100), cos(100)]]
    #expect(turn.exponential().isApproximatelyEqual(to: turned, relativeTolerance: 1e-12))
    // 2^18 squarings' worth of scaling: the powers of the scaled matrix itself.
    let far: Matrix<Double> = [[0, 1e6], [-1e6, 0]]
    let farTurned: Matrix<Double> = [[cos(1e6), sin(1e6)], [-sin(1e6), cos(1e6)]]
    #expect(far.exponential().isApproximatelyEqual(to: farTurned, relativeTolerance: 1e-8))
    let turnSingle = Matrix<Float>(rows: 2, columns: 2, elements: turn.elements.map { Float($0) })
    let turnedSingle = Matrix<Float>(rows: 2, columns: 2, elements: turned.elements.map { Float($0) })
    #expect(turnSingle.exponential().isApproximatelyEqual(to: turnedSingle, relativeTolerance: 1e-4))
    // e^A e^(−A) = I for a random 64×64 in Float, computed in Float.
    var generator = SeededGenerator(seed: 64)
    let random = Matrix<Float>.random(rows: 64, columns: 64, in: -1...1, using: &generator) / 8
    let identityError: Float = (random.exponential() * (-random).exponential() - .identity(64)).norm(.one)
    #expect(identityError < 1e-4, "‖e^A e^−A − I‖₁ = \(identityError) (seed 64)")
    // Float's own table (degree 3, 5 or 7, then squarings) against Double's,
    // from no scaling to a few squarings.
    for (seed, factor) in [(65, 0.05), (66, 0.2), (67, 1.0), (68, 4.0)] as [(UInt64, Double)] {
      var generator = SeededGenerator(seed: seed)
      let a = Matrix<Double>.random(rows: 48, columns: 48, in: -1...1, using: &generator) * factor
      let single = Matrix<Float>(rows: 48, columns: 48, elements: a.elements.map { Float($0) })
      let expected = a.exponential()
      let computed = Matrix<Double>(
        rows: 48, columns: 48, elements: single.exponential().elements.map { Double($0) })
      let relativeError = (computed - expected).norm(.one) / expected.norm(.one)
      #expect(relativeError < 2e-5, "Float e^A off by \(relativeError) (seed \(seed), ×\(factor))")
    }
    #expect(Matrix<Double>.identity(3).map { _ in 0 }.exponential() == .identity(3))
    let withNaN: Matrix<Double> = [[.nan, 0], [0, 1]]
    let allNaN = withNaN.exponential().elements.allSatisfy { $0.isNaN }
    #expect(allNaN)
  }
}
