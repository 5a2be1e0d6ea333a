import LinearAlgebra
import Testing

/// Sparse direct and iterative solvers: LAPACK-style scaled residuals
/// ||A x − b|| / (n ||A|| ||x|| ε) below 30, the errors, and agreement with
/// dense solves.
@Suite("Sparse matrices: direct and iterative solvers")
struct SparseSolverTests {
  static func residualRatio<Scalar: RealMatrixScalar>(_ a: SparseMatrix<Scalar>, _ x: [Scalar], _ b: [Scalar])
    -> Double
  {
    let ax = a * x
    let residual = zip(ax, b).map { Double($0) - Double($1) }
    let dense = Matrix(a)
    let norm =
      (0..<dense.rowCount).map { i in (0..<dense.columnCount).reduce(0.0) { $0 + abs(Double(dense[i, $1])) } }
      .max() ?? 0
    let residualNorm = residual.map(abs).max() ?? 0
    let xNorm = x.map { abs(Double($0)) }.max() ?? 0
    let denominator = Double(a.rowCount) * norm * xNorm * Double(Scalar.ulpOfOne)
    return denominator == 0 ? residualNorm : residualNorm / denominator
  }

  @Test(arguments: ScalarType.allCases)
  func luSolvesNonSymmetricSystems(type: ScalarType) throws {
    switch type {
    case .float: try check(Float.self)
    case .double: try check(Double.self)
    }
    func check<S: RealMatrixScalar>(_: S.Type) throws {
      for seed in testSeeds(41) {
        let a = SparseTestMatrices.random(
          rows: 150, columns: 150, density: 0.03, diagonal: S(1), seed: seed, as: S.self)
        let b = (0..<150).map { S($0 % 5) - 2 }
        let lu = try a.lu()
        let x = lu.solve(b)
        #expect(Self.residualRatio(a, x, b) < 30, "seed \(seed)")
        #expect(Self.residualRatio(a, try a.solve(b), b) < 30, "seed \(seed)")
        let bs = Matrix<S>(rows: 150, columns: 3) { i, j in S((i * (j + 1)) % 7) }
        let xs = lu.solve(bs)
        for j in 0..<3 {
          #expect(Self.residualRatio(a, xs.column(j), bs.column(j)) < 30, "seed \(seed) column \(j)")
        }
      }
      let convection = SparseTestMatrices.convectionDiffusion(grid: 30, wind: S(0.4))
      let b = [S](repeating: 1, count: 900)
      #expect(Self.residualRatio(convection, try convection.lu().solve(b), b) < 30)
    }
  }

  @Test func luAgreesWithTheDenseSolve() throws {
    let a = SparseTestMatrices.random(
      rows: 60, columns: 60, density: 0.1, diagonal: 2.0, seed: 7, as: Double.self)
    let b = (0..<60).map { Double($0) }
    let sparse = try a.solve(b)
    let dense = try Matrix(a).solve(Matrix(column: b)).column(0)
    for i in 0..<60 { #expect(abs(sparse[i] - dense[i]) <= 1e-10 * (1 + abs(dense[i]))) }
  }

  @Test func luErrors() {
    // A zero row, a rank-deficient pair of rows, NaN: singular; 0×0 solves.
    let zeroRow = SparseMatrix<Double>(rows: 3, columns: 3, entries: [(0, 0, 1), (2, 2, 1)])
    #expect(throws: LinearAlgebraError.singularMatrix) { try zeroRow.lu() }
    let dependent = SparseMatrix<Double>(
      rows: 3, columns: 3, entries: [(0, 0, 1), (0, 1, 2), (1, 0, 2), (1, 1, 4), (2, 2, 1)])
    #expect(throws: LinearAlgebraError.singularMatrix) { try dependent.solve([1, 2, 3]) }
    let nan = SparseMatrix<Double>(rows: 2, columns: 2, entries: [(0, 0, .nan), (1, 1, 1)])
    #expect(throws: LinearAlgebraError.singularMatrix) { try nan.lu() }
    #expect((try? SparseMatrix<Float>(rows: 0, columns: 0).solve([])) == [])
  }

  @Test(arguments: ScalarType.allCases)
  func choleskySolvesPoissonAndReadsTheLowerTriangle(type: ScalarType) throws {
    switch type {
    case .float: try check(Float.self)
    case .double: try check(Double.self)
    }
    func check<S: RealMatrixScalar>(_: S.Type) throws {
      let a = SparseTestMatrices.poisson(grid: 25, as: S.self)
      let b = (0..<625).map { S($0 % 11) - 5 }
      let x = try a.cholesky().solve(b)
      #expect(Self.residualRatio(a, x, b) < 30)
      // Upper-triangle entries are ignored: keep the lower one only.
      let lower = SparseMatrix(rows: 625, columns: 625, entries: a.entries.filter { $0.row >= $0.column })
      let xLower = try lower.cholesky().solve(b)
      #expect(xLower == x)
      let lu = try a.lu().solve(b)
      for i in 0..<625 { #expect(abs(lu[i] - x[i]) <= S(1e-3) * (1 + abs(x[i]))) }
    }
  }

  @Test func supernodalCholeskyOnLargerAndIrregularMatrices() throws {
    // A 70² grid: separators of a hundred and more columns, so the panels take
    // the blocked path and the products the packed kernel.
    let grid = SparseTestMatrices.poisson(grid: 70, as: Double.self)
    let b = (0..<grid.rowCount).map { Double($0 % 17) - 8 }
    let x = try grid.cholesky().solve(b)
    #expect(Self.residualRatio(grid, x, b) < 30)
    // Random symmetric patterns made diagonally dominant, with a dense row
    // and column (a wide supernode at the end), and several right-hand sides.
    for seed in testSeeds(43) {
      let r = SparseTestMatrices.random(rows: 400, columns: 400, density: 0.01, seed: seed, as: Double.self)
      var entries = (r + r.transposed()).entries
      for i in 0..<400 {
        entries.append((i, i, 12))
        if i != 7 && i % 3 == 0 {
          entries.append((7, i, 0.01))
          entries.append((i, 7, 0.01))
        }
      }
      let a = SparseMatrix(rows: 400, columns: 400, entries: entries)
      let rhs = Matrix<Double>(rows: 400, columns: 3) { i, j in Double((i + j) % 5) - 2 }
      let xs = try a.cholesky().solve(rhs)
      for j in 0..<3 {
        #expect(Self.residualRatio(a, xs.column(j), rhs.column(j)) < 30, "seed \(seed) column \(j)")
      }
    }
  }

  @Test func choleskyErrors() {
    let indefinite = SparseMatrix<Double>(
      rows: 2, columns: 2, entries: [(0, 0, 1), (1, 0, 2), (0, 1, 2), (1, 1, 1)])
    #expect(throws: LinearAlgebraError.notPositiveDefinite) { try indefinite.cholesky() }
    let infinite = SparseMatrix<Double>(rows: 2, columns: 2, entries: [(0, 0, .infinity), (1, 1, 1)])
    #expect(throws: LinearAlgebraError.notPositiveDefinite) { try infinite.cholesky() }
    #expect(throws: LinearAlgebraError.notPositiveDefinite) {
      try SparseMatrix<Double>(rows: 2, columns: 2).cholesky()
    }
  }

  @Test(arguments: [Preconditioner.none, .jacobi, .incompleteCholesky, .incompleteLU])
  func conjugateGradientReachesTheTolerance(preconditioner: Preconditioner) throws {
    let a = SparseTestMatrices.poisson(grid: 40, as: Double.self)
    let b = (0..<1600).map { Double($0 % 13) - 6 }
    let result = try a.solveIteratively(b, preconditioner: preconditioner, tolerance: 1e-10)
    let bNorm = b.map { $0 * $0 }.reduce(0, +).squareRoot()
    #expect(result.residualNorm <= 1e-10 * bNorm * 1.01)
    let direct = try a.cholesky().solve(b)
    for i in stride(from: 0, to: 1600, by: 37) {
      #expect(abs(result.solution[i] - direct[i]) <= 1e-7 * (1 + abs(direct[i])))
    }
    #expect(result.iterations > 0 && result.iterations < 400)
  }

  @Test func preconditionersCutIterations() throws {
    let a = SparseTestMatrices.poisson(grid: 40, as: Double.self)
    let b = [Double](repeating: 1, count: 1600)
    let plain = try a.solveIteratively(b, preconditioner: .none, tolerance: 1e-8).iterations
    let incomplete = try a.solveIteratively(b, preconditioner: .incompleteCholesky, tolerance: 1e-8)
      .iterations
    #expect(incomplete < plain / 2, "IC(0) \(incomplete) iterations against \(plain) without")
  }

  @Test(arguments: [Preconditioner.none, .jacobi, .incompleteLU])
  func biCGSTABSolvesConvectionDiffusion(preconditioner: Preconditioner) throws {
    let a = SparseTestMatrices.convectionDiffusion(grid: 30, wind: 0.5, as: Double.self)
    let b = (0..<900).map { Double($0 % 3) }
    let result = try a.solveIteratively(
      b, method: .biCGSTAB, preconditioner: preconditioner, tolerance: 1e-10)
    let bNorm = b.map { $0 * $0 }.reduce(0, +).squareRoot()
    #expect(result.residualNorm <= 1e-10 * bNorm * 1.01)
    let direct = try a.solve(b)
    for i in stride(from: 0, to: 900, by: 29) {
      #expect(abs(result.solution[i] - direct[i]) <= 1e-7 * (1 + abs(direct[i])))
    }
  }

  @Test(arguments: ScalarType.allCases)
  func leastSquaresCGMatchesTheDenseLeastSquares(type: ScalarType) throws {
    switch type {
    case .float: try check(Float.self, tolerance: 1e-5)
    case .double: try check(Double.self, tolerance: 1e-12)
    }
    func check<S: RealMatrixScalar>(_: S.Type, tolerance: S) throws {
      let a = SparseTestMatrices.random(
        rows: 120, columns: 40, density: 0.1, diagonal: S(1), seed: 5, as: S.self)
      let b = (0..<120).map { S($0 % 9) - 4 }
      for preconditioner in [Preconditioner.none, .jacobi] {
        let result = try a.solveIteratively(
          b, method: .leastSquaresCG, preconditioner: preconditioner, tolerance: tolerance)
        let dense = Matrix(a).leastSquares(b)
        let scale = dense.map { abs($0) }.max()!
        let error = zip(result.solution, dense).map { abs($0 - $1) }.max()!
        #expect(error <= S(1000) * tolerance * scale, "\(preconditioner): error \(error)")
      }
    }
  }

  @Test(arguments: ScalarType.allCases)
  func badlyScaledIterativeSolves(type: ScalarType) throws {
    switch type {
    case .float: try check(Float.self, scales: [1e30, 1e-30, 1e36, 1e-36], tolerance: 1e-4)
    case .double: try check(Double.self, scales: [1e200, 1e-200, 1e300, 1e-300], tolerance: 1e-10)
    }
    /// s A x = t b for scales s of A and t of b whose squares over- or
    /// underflow: every method and preconditioner reaches the tolerance, and
    /// x s / t solves A x = b to it.
    func check<S: RealMatrixScalar>(_: S.Type, scales: [S], tolerance: S) throws {
      let a = SparseTestMatrices.poisson(grid: 12, as: S.self)
      let b = (0..<144).map { S($0 % 7) - 3 }
      let bNorm = b.map { Double($0) * Double($0) }.reduce(0, +).squareRoot()
      let cases: [(IterativeMethod, Preconditioner)] = [
        (.conjugateGradient, .none), (.conjugateGradient, .jacobi), (.conjugateGradient, .incompleteCholesky),
        (.conjugateGradient, .incompleteLU), (.biCGSTAB, .incompleteLU), (.leastSquaresCG, .jacobi),
      ]
      for (s, t) in scales.map({ ($0, S(1)) }) + scales.map({ (S(1), $0) }) {
        let scaledA = a * s
        let scaledB = b.map { $0 * t }
        for (method, preconditioner) in cases {
          let context = "\(S.self) A × \(s), b × \(t), \(method), \(preconditioner)"
          let result = try scaledA.solveIteratively(
            scaledB, method: method, preconditioner: preconditioner, tolerance: tolerance, maxIterations: 2000
          )
          let x = result.solution.map { $0 * (s / t) }
          let residual = zip(a * x, b).map { Double($0) - Double($1) }
          let residualNorm = residual.map { $0 * $0 }.reduce(0, +).squareRoot()
          #expect(residualNorm <= 100 * Double(tolerance) * bNorm, "\(context): ‖A x − b‖ = \(residualNorm)")
        }
      }
    }
  }

  @Test func iterativeErrorsAndEdges() throws {
    let a = SparseTestMatrices.poisson(grid: 30, as: Double.self)
    let b = [Double](repeating: 1, count: 900)
    #expect(throws: LinearAlgebraError.noConvergence) {
      try a.solveIteratively(b, preconditioner: .none, tolerance: 1e-12, maxIterations: 3)
    }
    let zero = try a.solveIteratively([Double](repeating: 0, count: 900), tolerance: 1e-8)
    #expect(zero.solution.allSatisfy { $0 == 0 } && zero.iterations == 0 && zero.residualNorm == 0)
    var nanB = b
    nanB[3] = .nan
    #expect(throws: LinearAlgebraError.noConvergence) { try a.solveIteratively(nanB, tolerance: 1e-8) }
  }

  /// The 0×0 system (and least squares with no unknowns) under every method
  /// and preconditioner: an empty solution, no iterations, a zero residual.
  /// (Eigen's incomplete LU divides by the size: the 0×0 solve stopped the
  /// process with SIGFPE.)
  @Test func emptySystemsUnderEveryPreconditioner() throws {
    for method in [IterativeMethod.conjugateGradient, .biCGSTAB] {
      for preconditioner in [Preconditioner.none, .jacobi, .incompleteCholesky, .incompleteLU] {
        let solution = try SparseMatrix<Double>(rows: 0, columns: 0).solveIteratively(
          [], method: method, preconditioner: preconditioner, tolerance: 1e-8)
        #expect(solution.solution.isEmpty && solution.iterations == 0 && solution.residualNorm == 0)
      }
    }
    for preconditioner in [Preconditioner.none, .jacobi] {
      let solution = try SparseMatrix<Float>(rows: 3, columns: 0).solveIteratively(
        [1, 2, 3], method: .leastSquaresCG, preconditioner: preconditioner, tolerance: 1e-4)
      #expect(solution.solution.isEmpty && solution.iterations == 0 && solution.residualNorm == 0)
    }
  }

  /// Diagonal entries that are not stored, under the incomplete Cholesky
  /// preconditioner (whose Eigen factorization read another entry in their
  /// place, or past the arrays: the 3×3 matrix with no entries crashed).
  @Test func incompleteCholeskyWithoutStoredDiagonal() throws {
    for method in [IterativeMethod.conjugateGradient, .biCGSTAB] {
      let empty = SparseMatrix<Double>(rows: 3, columns: 3)
      #expect(throws: LinearAlgebraError.noConvergence) {
        try empty.solveIteratively(
          [1, 2, 3], method: method, preconditioner: .incompleteCholesky, tolerance: 1e-8)
      }
      // The Poisson matrix with one diagonal entry not stored (a zero there).
      let poisson = SparseTestMatrices.poisson(grid: 10, as: Double.self)
      var entries: [(row: Int, column: Int, value: Double)] = []
      for i in 0..<poisson.rowCount {
        for k in poisson.rowStarts[i]..<poisson.rowStarts[i + 1]
        where !(i == 42 && poisson.columnIndices[k] == 42) {
          entries.append((i, Int(poisson.columnIndices[k]), poisson.values[k]))
        }
      }
      let holed = SparseMatrix<Double>(rows: 100, columns: 100, entries: entries)
      let b = (0..<100).map { Double($0 % 7) - 3 }
      let solution = try holed.solveIteratively(
        b, method: method, preconditioner: .incompleteCholesky, tolerance: 1e-10, maxIterations: 1000)
      let residual = zip(holed * solution.solution, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
      let bNorm = b.map { $0 * $0 }.reduce(0, +).squareRoot()
      #expect(residual <= 1e-8 * bNorm, "\(method): residual \(residual)")
    }
  }
}
