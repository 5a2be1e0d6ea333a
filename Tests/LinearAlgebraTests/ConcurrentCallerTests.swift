import Dispatch
import Foundation
import LinearAlgebra
import Testing

/// The core's thread pool serves one job at a time; a caller that finds it
/// busy runs its job on its own thread. Callers on several threads at once
/// (Swift tasks, a server's requests) must still get what a lone caller
/// gets.
@Suite("Concurrent callers")
struct ConcurrentCallerTests {
  /// One round of work through the pool's users: products (real and
  /// complex), an LU solve, an SVD, a symmetric eigenproblem, a sparse
  /// Cholesky solve and an iterative solve; the results as one vector.
  static func work(_ seed: UInt64) throws -> [Double] {
    var generator = SeededGenerator(seed: seed)
    let a = Matrix<Double>.random(rows: 300, columns: 300, in: -1...1, using: &generator)
    let b = Matrix<Double>.random(rows: 300, columns: 300, in: -1...1, using: &generator)
    let product = a * b
    let solution = try (a + 20 * Matrix<Double>.identity(300)).solve([Double](repeating: 1, count: 300))
    let singularValues = a[0..<120, 0..<100].singularValues()
    let eigenvalues = (a + a.transposed())[0..<150, 0..<150].symmetricEigen().eigenvalues
    let complex = Matrix<Complex<Double>>(real: a[0..<200, 0..<200], imaginary: b[0..<200, 0..<200])
    let complexProduct = complex * complex
    let poisson = SparseTestMatrices.poisson(grid: 40, as: Double.self)
    let right = [Double](repeating: 1, count: 1600)
    let direct = try poisson.cholesky().solve(right)
    let iterative = try poisson.solveIteratively(right, tolerance: 1e-10).solution
    return product.elements + solution + singularValues + eigenvalues + complexProduct.real.elements
      + complexProduct.imaginary.elements + direct + iterative
  }

  /// The callers' results, by caller.
  final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var byCaller: [Int: [Double]] = [:]
    func set(_ caller: Int, _ values: [Double]) { lock.withLock { byCaller[caller] = values } }
    var values: [Int: [Double]] { lock.withLock { byCaller } }
  }

  @Test func callersOnEightThreadsGetTheLoneCallersResults() throws {
    let seeds: [UInt64] = [11, 12, 13, 14]
    let references = try seeds.map { try Self.work($0) }
    let results = Results()
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      results.set(index, (try? Self.work(seeds[index % seeds.count])) ?? [])
    }
    let all = results.values
    for index in 0..<8 {
      let reference = references[index % seeds.count]
      let values = all[index] ?? []
      #expect(values.count == reference.count, "caller \(index)")
      let difference = zip(values, reference).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? .infinity
      // Summation orders may differ with the threads a caller gets.
      #expect(difference <= 1e-9, "caller \(index): largest relative difference \(difference)")
    }
  }
}
