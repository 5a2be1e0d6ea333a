import LinearAlgebra
import Testing

/// Sparse results against scipy's on the same problems (values in
/// SparseReference.swift, from Tests/Reference/make_sparse_reference.py).
@Suite("Sparse matrices against scipy")
struct SparseReferenceTests {
  static let rightHandSide = (0..<(SparseReference.grid * SparseReference.grid)).map { Double($0 % 7) - 3 }

  static func maximumRelativeDifference(_ x: [Double], _ reference: [Double]) -> Double {
    let scale = reference.map(abs).max() ?? 1
    return zip(x, reference).map { abs($0 - $1) }.max().map { $0 / scale } ?? 0
  }

  @Test func directSolvesMatchSpsolve() throws {
    let poisson = SparseTestMatrices.poisson(grid: SparseReference.grid, as: Double.self)
    let b = Self.rightHandSide
    #expect(
      Self.maximumRelativeDifference(try poisson.cholesky().solve(b), SparseReference.poissonSolution) < 1e-13
    )
    #expect(Self.maximumRelativeDifference(try poisson.solve(b), SparseReference.poissonSolution) < 1e-13)
    let convection = SparseTestMatrices.convectionDiffusion(
      grid: SparseReference.grid, wind: 0.4, as: Double.self)
    #expect(
      Self.maximumRelativeDifference(try convection.solve(b), SparseReference.convectionSolution) < 1e-13)
  }

  @Test func conjugateGradientTakesScipysIterations() throws {
    let poisson = SparseTestMatrices.poisson(grid: SparseReference.grid, as: Double.self)
    let b = Self.rightHandSide
    let jacobi = try poisson.solveIteratively(b, preconditioner: .jacobi, tolerance: 1e-8)
    let plain = try poisson.solveIteratively(b, preconditioner: .none, tolerance: 1e-8)
    #expect(abs(jacobi.iterations - SparseReference.cgIterationsJacobi) <= 2, "\(jacobi.iterations)")
    #expect(abs(plain.iterations - SparseReference.cgIterationsNone) <= 2, "\(plain.iterations)")
    #expect(Self.maximumRelativeDifference(jacobi.solution, SparseReference.poissonSolution) < 1e-7)
  }

  @Test func readsScipysMatrixMarketExactly() throws {
    let a = try SparseMatrix<Double>(matrixMarket: SparseReference.scipyMatrixMarket)
    #expect(Matrix(a) == [[1.5, 0, -2], [0, 0, 0.25], [1e-300, 7, 0]])
    #expect(a.values == [1.5, -2, 0.25, 1e-300, 7])
  }

  @Test func explicitZerosAreKeptFromTripletsAndFilesButNotFromDense() throws {
    // Triplets and Matrix Market entries keep an explicit zero (as scipy's
    // COO to CSR does); a dense matrix gives only its nonzeros.
    let triplets = SparseMatrix<Double>(rows: 2, columns: 2, entries: [(0, 1, 0), (1, 1, 3)])
    #expect(triplets.nonzeroCount == 2 && triplets.columnIndices == [1, 1])
    let file = try SparseMatrix<Double>(
      matrixMarket: "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 2 0\n2 2 3\n")
    #expect(file.nonzeroCount == 2)
    #expect(SparseMatrix(Matrix(triplets)).nonzeroCount == 1)
    // Cancelling duplicates leave a stored zero too.
    #expect(SparseMatrix<Double>(rows: 1, columns: 1, entries: [(0, 0, 2), (0, 0, -2)]).nonzeroCount == 1)
  }
}
