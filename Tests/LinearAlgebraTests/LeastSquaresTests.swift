import LinearAlgebra
import Testing

@Suite("Least squares, rank, pseudo-inverse, condition number")
struct LeastSquaresTests {
  static func checkMinimumNorm<S: RealMatrixScalar>(_: S.Type) {
    for seed in testSeeds(300) {
      var generator = SeededGenerator(seed: seed)
      let m = Int.random(in: 2...120, using: &generator)
      let n = Int.random(in: 2...120, using: &generator)
      let rank = Int.random(in: 1...min(m, n), using: &generator)
      checkMinimumNorm(S.self, rows: m, columns: n, rank: rank, &generator, "seed \(seed)")
    }
  }

  /// Solves a random m×n system of the given rank in the least-squares
  /// sense and checks the normal equations, that the solution has minimum
  /// norm, and that the pseudo-inverse gives the same solution.
  static func checkMinimumNorm<S: RealMatrixScalar>(
    _: S.Type, rows m: Int, columns n: Int, rank: Int, rightHandSides: Int = 2,
    _ generator: inout SeededGenerator,
    _ label: String
  ) {
    let a = TestMatrices.rankDeficient(S.self, rows: m, columns: n, rank: rank, &generator)
    let b = TestMatrices.random(S.self, rows: m, columns: rightHandSides, &generator)
    let context = "\(S.self) \(label) \(m)×\(n) rank \(rank)"
    #expect(a.rank() == rank, "rank, \(context)")
    let x = a.leastSquares(b)
    // Normal equations: Aᵀ (b − A x) = 0, scaled as in LAPACK's xQRT17.
    let residual = Reference(b) - Reference(a) * Reference(x)
    let normal = Reference(a).transposed * residual
    let ratio = residualRatio(
      normal.norm1, size: max(m, n), scale: Reference(a).norm1 * Reference(b).norm1, epsilon: S.testEpsilon)
    #expect(ratio < residualBound, "Aᵀr ratio \(ratio), \(context)")
    // Minimum norm: x lies in the row space of A, so projecting it onto
    // the leading right singular vectors changes nothing.
    let v = a.svd().v
    let leading = Reference(
      rows: n, columns: rank, values: (0..<n).flatMap { i in (0..<rank).map { v[i, $0] }.map(Double.init) })
    let projected = leading * (leading.transposed * Reference(x))
    let drift = (Reference(x) - projected).norm1
    let driftRatio = residualRatio(
      drift, size: max(m, n), scale: Reference(x).norm1, epsilon: S.testEpsilon)
    #expect(driftRatio < residualBound, "row space ratio \(driftRatio), \(context)")
    // The pseudo-inverse gives the same solution.
    let viaPseudoInverse = a.pseudoInverse() * b
    #expect(
      viaPseudoInverse.isApproximatelyEqual(to: x, relativeTolerance: S(1e3) * S.ulpOfOne * S(max(m, n))),
      "pinv, \(context)")
  }

  @Test("minimum-norm solutions of rank-deficient systems", arguments: ScalarType.allCases)
  func minimumNorm(_ type: ScalarType) {
    withScalarType(type) { Self.checkMinimumNorm($0) }
  }

  /// Forty right-hand sides at once (the reflectors reach them as block
  /// products, on the packed kernel in the AVX2 variant) against each one
  /// alone (one column: Eigen's block code), tall and wide, of full and of
  /// lower rank, with a QR first (200×90) and without (120×90).
  static func checkManyRightHandSides<S: RealMatrixScalar>(_: S.Type) {
    let shapes = [(200, 90, 90), (200, 90, 50), (90, 200, 90), (90, 200, 60), (120, 90, 70), (90, 120, 90)]
    for (index, (m, n, rank)) in shapes.enumerated() {
      var generator = SeededGenerator(seed: 640 + UInt64(index))
      let label = "seed \(640 + index)"
      checkMinimumNorm(S.self, rows: m, columns: n, rank: rank, rightHandSides: 40, &generator, label)
      let a = TestMatrices.rankDeficient(S.self, rows: m, columns: n, rank: rank, &generator)
      let b = TestMatrices.random(S.self, rows: m, columns: 40, &generator)
      let together = a.leastSquares(b)
      for j in [0, 17, 39] {
        let alone = a.leastSquares(b.column(j))
        let difference = zip(alone, together.column(j)).map { Double(abs($0 - $1)) }.max() ?? 0
        let size = Double(alone.map { abs($0) }.max() ?? 0)
        let ratio = difference / (Double(max(m, n)) * Double(S.ulpOfOne) * size)
        #expect(ratio < residualBound, "column \(j): \(ratio), \(S.self) \(m)×\(n) rank \(rank) \(label)")
      }
    }
  }

  @Test("many right-hand sides at once and one at a time", arguments: ScalarType.allCases)
  func manyRightHandSides(_ type: ScalarType) {
    withScalarType(type) { Self.checkManyRightHandSides($0) }
  }

  @Test func conditionNumberOfKnownMatrices() {
    var generator = SeededGenerator(seed: 9)
    for condition in [1e2, 1e6, 1e10] {
      let a = TestMatrices.withCondition(Double.self, 30, condition: condition, &generator)
      let ours = a.conditionNumber()
      #expect(
        abs(ours - condition) <= condition * condition * 1e-13 + condition * 1e-10, "κ \(condition): \(ours)")
    }
    #expect(Matrix<Double>([[1, 1], [1, 1]]).conditionNumber() > 1e15)
    #expect(Matrix<Double>.zeros(rows: 2, columns: 2).conditionNumber() == .infinity)
    #expect(Matrix<Double>.identity(5).conditionNumber() == 1)
    #expect(Matrix<Double>(rows: 0, columns: 0).conditionNumber() == 0)
  }

  @Test func emptyShapes() {
    let tallEmpty = Matrix<Double>(rows: 3, columns: 0)
    #expect(tallEmpty.leastSquares([1, 2, 3]) == [])
    #expect(tallEmpty.rank() == 0)
    let pinv = tallEmpty.pseudoInverse()
    #expect(pinv.rowCount == 0 && pinv.columnCount == 3)
    let noRows = Matrix<Double>(rows: 0, columns: 2)
    #expect(noRows.leastSquares([Double]()) == [0, 0])
    #expect(noRows.norm() == 0)
  }

  @Test func normDoesNotOverflow() {
    let huge = Matrix<Double>(rows: 20, columns: 20, repeating: 1e300)
    #expect(abs(huge.norm() - 2e301) <= 2e301 * 1e-14)
    let tiny = Matrix<Double>(rows: 4, columns: 4, repeating: 1e-300)
    #expect(abs(tiny.norm() - 4e-300) <= 4e-300 * 1e-14)
    #expect(
      abs(Matrix<Float>(rows: 2, columns: 2, repeating: 3e30).norm() - 6e30) <= 6e30 * 4 * Float.ulpOfOne)
  }
}
