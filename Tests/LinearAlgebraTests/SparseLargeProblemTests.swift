import Foundation
import LinearAlgebra
import Testing

/// The large Poisson and convection-diffusion problems of the benchmark:
/// a 300² grid (9·10^4 unknowns) in every release run, the 1000² grid
/// (10^6 unknowns, about half a minute) when `LINEAR_ALGEBRA_LONG_TESTS=1`
/// (`.ci/run` sets it once). Debug builds run the core unoptimized and skip
/// both.
@Suite("Sparse matrices: large grid problems")
struct SparseLargeProblemTests {
  static let longTests = ProcessInfo.processInfo.environment["LINEAR_ALGEBRA_LONG_TESTS"] == "1"
  #if DEBUG
    static let grids: [Int] = []
  #else
    static let grids = longTests ? [300, 1000] : [300]
  #endif

  /// ||b − A x||∞ / (||A||∞ ||x||∞ ε), without dense copies (5-point rows:
  /// ||A||∞ is the largest row sum of magnitudes).
  static func residualRatio(_ a: SparseMatrix<Double>, _ x: [Double], _ b: [Double]) -> Double {
    let residual = zip(a * x, b).map { abs($0 - $1) }.max() ?? 0
    var norm = 0.0
    for row in 0..<a.rowCount {
      norm = max(norm, a.values[a.rowStarts[row]..<a.rowStarts[row + 1]].reduce(0) { $0 + abs($1) })
    }
    return residual / (norm * (x.map(abs).max() ?? 1) * Double.ulpOfOne)
  }

  @Test(arguments: grids)
  func directAndIterativeSolves(grid: Int) throws {
    let poisson = SparseTestMatrices.poisson(grid: grid, as: Double.self)
    let b = (0..<poisson.rowCount).map { Double($0 % 7) - 3 }
    let x = try poisson.cholesky().solve(b)
    #expect(Self.residualRatio(poisson, x, b) < 30, "Cholesky, grid \(grid)")
    let cg = try poisson.solveIteratively(b, preconditioner: .jacobi, tolerance: 1e-8)
    let bNorm = b.map { $0 * $0 }.reduce(0, +).squareRoot()
    #expect(cg.residualNorm <= 1e-8 * bNorm, "CG, grid \(grid)")
    let convection = SparseTestMatrices.convectionDiffusion(grid: grid, wind: 0.4, as: Double.self)
    let y = try convection.solve(b)
    #expect(Self.residualRatio(convection, y, b) < 30, "LU, grid \(grid)")
  }
}
