import LinearAlgebra
import Testing

/// LAPACK-style checks of QR, Cholesky, SVD and the symmetric eigensolver.
@Suite("QR, Cholesky, SVD, symmetric eigen")
struct DecompositionTests {
  /// ||I − QᵀQ||₁ / (m eps) for a matrix with orthonormal columns.
  static func orthogonalityRatio<S: RealMatrixScalar>(_ q: Matrix<S>) -> Double {
    let residual = Reference.identity(q.columnCount) - Reference(q).transposed * Reference(q)
    return residualRatio(residual.norm1, size: q.rowCount, scale: 1, epsilon: S.testEpsilon)
  }

  /// Random shapes (tall, wide, square) up to 200.
  static func randomShape(_ generator: inout SeededGenerator) -> (Int, Int) {
    (Int.random(in: 1...200, using: &generator), Int.random(in: 1...200, using: &generator))
  }

  static func checkQR<S: RealMatrixScalar>(_ a: Matrix<S>, _ context: String) {
    let qr = a.qr()
    let k = min(a.rowCount, a.columnCount)
    #expect(qr.q.rowCount == a.rowCount && qr.q.columnCount == k, "Q shape, \(context)")
    #expect(qr.r.rowCount == k && qr.r.columnCount == a.columnCount, "R shape, \(context)")
    let residual = Reference(a) - Reference(qr.q) * Reference(qr.r)
    let ratio = residualRatio(
      residual.norm1, size: a.rowCount, scale: Reference(a).norm1, epsilon: S.testEpsilon)
    #expect(ratio < residualBound, "A = QR ratio \(ratio), \(context)")
    let orthogonality = orthogonalityRatio(qr.q)
    #expect(orthogonality < residualBound, "QᵀQ = I ratio \(orthogonality), \(context)")
    for i in 0..<qr.r.rowCount {
      for j in 0..<min(i, qr.r.columnCount) { #expect(qr.r[i, j] == 0, "R upper, \(context)") }
    }
  }

  static func checkSVD<S: RealMatrixScalar>(_ a: Matrix<S>, full: Bool, _ context: String) {
    let svd = a.svd(full: full)
    let (m, n) = (a.rowCount, a.columnCount)
    let sigma = Reference.diagonal(
      svd.singularValues.map(Double.init), rows: svd.u.columnCount, columns: svd.v.columnCount)
    let residual = Reference(a) - Reference(svd.u) * sigma * Reference(svd.v).transposed
    let ratio = residualRatio(
      residual.norm1, size: max(m, n), scale: Reference(a).norm1, epsilon: S.testEpsilon)
    #expect(ratio < residualBound, "A = UΣVᵀ ratio \(ratio), \(context)")
    #expect(orthogonalityRatio(svd.u) < residualBound, "UᵀU = I, \(context)")
    #expect(orthogonalityRatio(svd.v) < residualBound, "VᵀV = I, \(context)")
    #expect(
      zip(svd.singularValues, svd.singularValues.dropFirst()).allSatisfy { $0 >= $1 },
      "descending, \(context)")
    #expect(svd.singularValues.allSatisfy { $0 >= 0 }, "non-negative, \(context)")
    if full {
      #expect(
        svd.u.rowCount == m && svd.u.columnCount == m && svd.v.columnCount == n, "full shapes, \(context)")
    }
  }

  static func checkEigen<S: RealMatrixScalar>(_ a: Matrix<S>, _ context: String) {
    let eigen = a.symmetricEigen()
    let v = Reference(eigen.eigenvectors)
    let lambda = Reference.diagonal(eigen.eigenvalues.map(Double.init), rows: a.rowCount, columns: a.rowCount)
    let residual = Reference(a) * v - v * lambda
    let ratio = residualRatio(
      residual.norm1, size: a.rowCount, scale: Reference(a).norm1, epsilon: S.testEpsilon)
    #expect(ratio < residualBound, "A V = V Λ ratio \(ratio), \(context)")
    #expect(orthogonalityRatio(eigen.eigenvectors) < residualBound, "VᵀV = I, \(context)")
    #expect(
      zip(eigen.eigenvalues, eigen.eigenvalues.dropFirst()).allSatisfy { $0 <= $1 }, "ascending, \(context)")
  }

  static func checkCholesky<S: RealMatrixScalar>(_ a: Matrix<S>, _ context: String) {
    do {
      let cholesky = try a.cholesky()
      let l = Reference(cholesky.lower)
      let residual = Reference(a) - l * l.transposed
      let ratio = residualRatio(
        residual.norm1, size: a.rowCount, scale: Reference(a).norm1, epsilon: S.testEpsilon)
      #expect(ratio < residualBound, "A = LLᵀ ratio \(ratio), \(context)")
      let b = Matrix<S>(rows: a.rowCount, columns: 2) { i, j in S(i % 7) - S(j) }
      let x = cholesky.solve(b)
      #expect(LUTests.solveRatio(a, x, b) < residualBound, "Cholesky solve, \(context)")
    } catch {
      Issue.record("\(error) for a positive definite matrix, \(context)")
    }
  }

  static func checkRandom<S: RealMatrixScalar>(_: S.Type) {
    for seed in testSeeds(101, count: 3) {
      var generator = SeededGenerator(seed: seed)
      let (m, n) = randomShape(&generator)
      let a = TestMatrices.random(S.self, rows: m, columns: n, &generator)
      let context = "\(S.self) seed \(seed) \(m)×\(n)"
      checkQR(a, context)
      checkSVD(a, full: false, context)
      let size = Int.random(in: 1...200, using: &generator)
      checkEigen(TestMatrices.symmetric(S.self, size, &generator), "\(S.self) seed \(seed) n \(size)")
      checkCholesky(
        TestMatrices.symmetricPositiveDefinite(S.self, size, &generator), "\(S.self) seed \(seed) n \(size)")
    }
    var generator = SeededGenerator(seed: 5)
    checkSVD(TestMatrices.random(S.self, rows: 7, columns: 4, &generator), full: true, "\(S.self) full 7×4")
    checkSVD(TestMatrices.random(S.self, rows: 3, columns: 9, &generator), full: true, "\(S.self) full 3×9")
  }

  @Test("random matrices up to 200", arguments: ScalarType.allCases)
  func randomMatrices(_ type: ScalarType) {
    withScalarType(type) { Self.checkRandom($0) }
  }

  static func checkHard<S: RealMatrixScalar>(_: S.Type, scales: [S]) {
    var generator = SeededGenerator(seed: testSeeds(150, count: 1)[0])
    for condition in [1e2, 1e6, 1e12] {
      let a = TestMatrices.withCondition(S.self, 40, condition: condition, &generator)
      let context = "\(S.self) condition \(condition)"
      checkQR(a, context)
      checkSVD(a, full: false, context)
      checkEigen(a * a.transposed(), context)
    }
    let hilbert = TestMatrices.hilbert(S.self, 8)
    checkQR(hilbert, "\(S.self) Hilbert 8")
    checkSVD(hilbert, full: false, "\(S.self) Hilbert 8")
    checkEigen(hilbert, "\(S.self) Hilbert 8")
    if S.self == Double.self { checkCholesky(hilbert, "Hilbert 8") }
    for scale in scales {
      let context = "\(S.self) scale \(scale)"
      let a = scale * TestMatrices.random(S.self, rows: 30, columns: 20, &generator)
      checkQR(a, context)
      checkSVD(a, full: false, context)
      checkEigen(scale * TestMatrices.symmetric(S.self, 25, &generator), context)
    }
    let deficient = TestMatrices.rankDeficient(S.self, rows: 50, columns: 30, rank: 5, &generator)
    checkQR(deficient, "\(S.self) rank 5")
    checkSVD(deficient, full: false, "\(S.self) rank 5")
  }

  /// The one-sided Jacobi route (W with at most 15 columns and 400 entries)
  /// and its edges: every small shape thin and full, rank-deficient and
  /// zero matrices (whose U must be completed to an orthonormal basis), a
  /// zero column, graded columns, and a column so small that the route
  /// declines and the general one runs.
  static func checkSmall<S: RealMatrixScalar>(_: S.Type) {
    for seed in testSeeds(170, count: 1) {
      var generator = SeededGenerator(seed: seed)
      let sizes = [1, 2, 3, 5, 8, 15]
      for m in sizes {
        for n in sizes {
          let a = TestMatrices.random(S.self, rows: m, columns: n, &generator)
          for full in [false, true] {
            checkSVD(a, full: full, "\(S.self) seed \(seed) \(m)×\(n) full \(full)")
          }
        }
      }
      for (m, n) in [(26, 15), (15, 26), (50, 8), (8, 50), (51, 8)] {
        let a = TestMatrices.random(S.self, rows: m, columns: n, &generator)
        checkSVD(a, full: true, "\(S.self) seed \(seed) \(m)×\(n) full")
      }
      for (m, n, rank) in [(8, 6, 2), (6, 8, 2), (15, 15, 7), (4, 4, 1)] {
        let a = TestMatrices.rankDeficient(S.self, rows: m, columns: n, rank: rank, &generator)
        for full in [false, true] {
          checkSVD(a, full: full, "\(S.self) seed \(seed) \(m)×\(n) rank \(rank) full \(full)")
        }
      }
      var zeroColumn = TestMatrices.random(S.self, rows: 5, columns: 4, &generator)
      for i in 0..<5 { zeroColumn[i, 1] = 0 }
      checkSVD(zeroColumn, full: true, "\(S.self) seed \(seed) zero column")
      let step: S = S.self == Double.self ? S(1e-5) : S(1e-2)
      let columnScales = [1, step, step * step, step * step * step]
      let graded = Matrix<S>(rows: 6, columns: 4) { i, j in
        S(Double(i * 4 + j + 1).squareRoot()) * columnScales[j]
      }
      checkSVD(graded, full: false, "\(S.self) graded columns")
      var tinyColumn = TestMatrices.random(S.self, rows: 6, columns: 3, &generator)
      let tiny: S = S.leastNormalMagnitude.squareRoot() * S.ulpOfOne
      for i in 0..<6 { tinyColumn[i, 2] *= tiny }
      checkSVD(tinyColumn, full: true, "\(S.self) seed \(seed) tiny column")
    }
    checkSVD(Matrix<S>.zeros(rows: 4, columns: 3), full: true, "\(S.self) zero 4×3")
    checkSVD(Matrix<S>.zeros(rows: 2, columns: 5), full: true, "\(S.self) zero 2×5")
    // Exact values: a permuted diagonal, and [[3, 0], [4, 5]] with σ = (√45, √5).
    let permuted: Matrix<S> = [[0, 0, 2], [7, 0, 0], [0, -3, 0]]
    #expect(permuted.svd().singularValues == [7, 3, 2], "\(S.self) permuted diagonal")
    let values = Matrix<S>([[3, 0], [4, 5]]).svd().singularValues.map(Double.init)
    let epsilon = Double(S.ulpOfOne)
    #expect(
      abs(values[0] - 45.squareRoot()) <= 4 * epsilon * 45.squareRoot()
        && abs(values[1] - 5.squareRoot()) <= 4 * epsilon * 5.squareRoot(),
      "\(S.self) 2×2 values \(values)")
  }

  @Test("small matrices by one-sided Jacobi", arguments: ScalarType.allCases)
  func smallMatrices(_ type: ScalarType) {
    withScalarType(type) { Self.checkSmall($0) }
  }

  @Test("ill-conditioned, badly scaled, rank-deficient") func hardMatrices() {
    Self.checkHard(Double.self, scales: [1e150, 1e-150])
    Self.checkHard(Float.self, scales: [1e15, 1e-15])
  }

  @Test func emptyAndZeroColumnShapes() {
    let tall = Matrix<Double>(rows: 3, columns: 0)
    let qr = tall.qr()
    #expect(qr.q.rowCount == 3 && qr.q.columnCount == 0 && qr.r.rowCount == 0 && qr.r.columnCount == 0)
    let svd = tall.svd()
    #expect(svd.singularValues.isEmpty && svd.u.columnCount == 0 && svd.v.rowCount == 0)
    let full = tall.svd(full: true)
    #expect(full.u == Matrix.identity(3) && full.v.rowCount == 0)
    let empty = Matrix<Float>(rows: 0, columns: 0)
    #expect(empty.symmetricEigen().eigenvalues.isEmpty)
    #expect((try? empty.cholesky())?.lower == empty)
  }

  @Test("Cholesky rejects indefinite, zero and non-finite input", arguments: ScalarType.allCases)
  func choleskyFailures(_ type: ScalarType) {
    withScalarType(type) { Self.checkCholeskyFailures($0) }
  }

  static func checkCholeskyFailures<S: RealMatrixScalar>(_: S.Type) {
    let cases: [(String, Matrix<S>)] = [
      ("indefinite", [[1, 2], [2, 1]]),
      ("negative definite", [[-4, 0], [0, -1]]),
      ("zero", Matrix.zeros(rows: 3, columns: 3)),
      ("singular", [[1, 1], [1, 1]]),
      ("NaN", [[4, 0], [.nan, 4]]),
      ("NaN diagonal", [[.nan, 0], [0, 4]]),
      ("infinity", [[.infinity, 0], [0, 1]]),
    ]
    for (name, a) in cases {
      #expect(throws: LinearAlgebraError.notPositiveDefinite, "\(S.self) \(name)") { try a.cholesky() }
    }
    // Only the lower triangle is read: garbage above the diagonal is ignored.
    let lowerOnly: Matrix<S> = [[4, .nan], [2, 5]]
    #expect((try? lowerOnly.cholesky())?.lower == [[2, 0], [1, 2]])
  }

  @Test func symmetricEigenReadsLowerTriangle() {
    let a: Matrix<Double> = [[2, 999], [1, 2]]
    let eigen = a.symmetricEigen()
    #expect(abs(eigen.eigenvalues[0] - 1) < 1e-14 && abs(eigen.eigenvalues[1] - 3) < 1e-14)
  }

  @Test func qrSolveAndItsFailures() throws {
    let a: Matrix<Double> = [[1, 0], [0, 1], [1, 1]]
    // Least squares of this overdetermined system: x = (AᵀA)⁻¹Aᵀb.
    let x = try a.qr().solve([1, 2, 4])
    #expect(abs(x[0] - 4.0 / 3) < 1e-14 && abs(x[1] - 7.0 / 3) < 1e-14)
    let deficient: Matrix<Double> = [[1, 1], [1, 1], [1, 1]]
    #expect(throws: LinearAlgebraError.singularMatrix) { try deficient.qr().solve([1, 2, 3]) }
  }

  @Test func nonFiniteInputGivesNaN() {
    let a: Matrix<Double> = [[1, .nan], [.infinity, 2]]
    let svd = a.svd()
    #expect(svd.singularValues.allSatisfy { $0.isNaN } && svd.u.elements.allSatisfy { $0.isNaN })
    let eigen = a.symmetricEigen()
    #expect(eigen.eigenvalues.allSatisfy { $0.isNaN })
    #expect(a.pseudoInverse().elements.allSatisfy { $0.isNaN })
    #expect(a.leastSquares([1, 1]).allSatisfy { $0.isNaN })
    #expect(a.conditionNumber().isNaN)
    #expect(a.rank() == 0)
  }
}
