import LinearAlgebra

/// Sparse matrices on a 2-D Poisson matrix (5-point Laplacian, grid² unknowns)
/// and a non-symmetric convection–diffusion matrix of the same size: the
/// library's path against a pure-Swift CSR product and CG, and compared
/// with scipy by peers.py (targets from issue #30: matrix-vector ≤ 0.7×,
/// direct solves and CG ≤ 1.0× scipy's time).
enum SparseCases {
  static let family = "Sparse (Double)"

  /// The 5-point Laplacian plus a central-difference convection term of
  /// strength `wind` in x (peers.py builds the same matrices with scipy).
  static func gridMatrix(grid: Int, wind: Double) -> SparseMatrix<Double> {
    var entries: [(row: Int, column: Int, value: Double)] = []
    entries.reserveCapacity(5 * grid * grid)
    for y in 0..<grid {
      for x in 0..<grid {
        let row = y * grid + x
        if y > 0 { entries.append((row, row - grid, -1)) }
        if x > 0 { entries.append((row, row - 1, -1 - wind)) }
        entries.append((row, row, 4))
        if x + 1 < grid { entries.append((row, row + 1, -1 + wind)) }
        if y + 1 < grid { entries.append((row, row + grid, -1)) }
      }
    }
    return SparseMatrix(rows: grid * grid, columns: grid * grid, entries: entries)
  }

  /// The right-hand side peers.py uses too: (i mod 7) − 3.
  static func rightHandSide(_ n: Int) -> [Double] { (0..<n).map { Double($0 % 7) - 3 } }

  static func cases(quick: Bool) -> [BenchmarkCase] {
    let grid = quick ? 300 : 1000
    let size = "\(grid)² grid"
    func row(
      _ name: String, note: String, _ run: @escaping (TimingBudget) -> (Measurement, Measurement?, Bool?)
    ) -> BenchmarkCase {
      BenchmarkCase(family: family, name: name, size: size) { budget in
        let (ours, swift, agree) = run(budget)
        return .cxxVersusSwift(
          family: family, name: name, size: size, cxx: ours, swift: swift, work: 1, unit: "calls/s",
          agree: agree,
          note: note, firstPath: "library", secondPath: "pure Swift")
      }
    }
    return [
      row("matrix-vector", note: "target ≤ 0.7× scipy's A @ x (peers.py)") { budget in
        let a = gridMatrix(grid: grid, wind: 0)
        let x = rightHandSide(a.columnCount)
        let ours = measure(budget) { blackHole(a * x) }
        let swift = measure(budget) { blackHole(SwiftSparseKernels.multiply(a, x)) }
        return (ours, swift, a * x == SwiftSparseKernels.multiply(a, x))
      },
      row("Cholesky solve", note: "factor + solve; target ≤ 1.0× scipy's spsolve (peers.py)") { budget in
        let a = gridMatrix(grid: grid, wind: 0)
        let b = rightHandSide(a.rowCount)
        return (measure(budget) { blackHole(try? a.cholesky().solve(b)) }, nil, nil)
      },
      row("LU solve (convection-diffusion)", note: "factor + solve; target ≤ 1.0× scipy's spsolve (peers.py)")
      {
        budget in
        let a = gridMatrix(grid: grid, wind: 0.4)
        let b = rightHandSide(a.rowCount)
        return (measure(budget) { blackHole(try? a.lu().solve(b)) }, nil, nil)
      },
      row("CG Jacobi 1e-8", note: "target ≤ 1.0× scipy.sparse.linalg.cg, same M and rtol (peers.py)") {
        budget in
        let a = gridMatrix(grid: grid, wind: 0)
        let b = rightHandSide(a.rowCount)
        let ours = measure(budget) { blackHole(try? a.solveIteratively(b, tolerance: 1e-8)) }
        let swift = measure(budget) { blackHole(SwiftSparseKernels.jacobiCG(a, b, tolerance: 1e-8)) }
        let library = try? a.solveIteratively(b, tolerance: 1e-8)
        let plain = SwiftSparseKernels.jacobiCG(a, b, tolerance: 1e-8)
        return (ours, swift, library.map { abs($0.iterations - plain.iterations) <= 2 })
      },
    ]
  }
}

/// The pure-Swift paths: a CSR product and Jacobi-preconditioned CG on
/// one thread, with no call into the core.
enum SwiftSparseKernels {
  static func multiply(_ a: SparseMatrix<Double>, _ x: [Double]) -> [Double] {
    [Double](unsafeUninitializedCapacity: a.rowCount) { y, count in
      a.rowStarts.withUnsafeBufferPointer { starts in
        a.columnIndices.withUnsafeBufferPointer { columns in
          a.values.withUnsafeBufferPointer { values in
            x.withUnsafeBufferPointer { x in
              for i in 0..<a.rowCount {
                var sum = 0.0
                for k in starts[i]..<starts[i + 1] { sum += values[k] * x[Int(columns[k])] }
                y[i] = sum
              }
            }
          }
        }
      }
      count = a.rowCount
    }
  }

  static func jacobiCG(_ a: SparseMatrix<Double>, _ b: [Double], tolerance: Double) -> (
    solution: [Double], iterations: Int
  ) {
    let n = b.count
    var inverseDiagonal = [Double](repeating: 1, count: n)
    for i in 0..<n {
      for k in a.rowStarts[i]..<a.rowStarts[i + 1] where Int(a.columnIndices[k]) == i && a.values[k] != 0 {
        inverseDiagonal[i] = 1 / a.values[k]
      }
    }
    func dot(_ u: [Double], _ v: [Double]) -> Double {
      var sum = 0.0
      for i in 0..<u.count { sum += u[i] * v[i] }
      return sum
    }
    var x = [Double](repeating: 0, count: n)
    var r = b
    let threshold = tolerance * dot(b, b).squareRoot()
    var z = (0..<n).map { inverseDiagonal[$0] * r[$0] }
    var p = z
    var rz = dot(r, z)
    for iteration in 0..<(2 * n) {
      let q = multiply(a, p)
      let alpha = rz / dot(p, q)
      for i in 0..<n {
        x[i] += alpha * p[i]
        r[i] -= alpha * q[i]
      }
      if dot(r, r).squareRoot() <= threshold { return (x, iteration + 1) }
      for i in 0..<n { z[i] = inverseDiagonal[i] * r[i] }
      let rzNext = dot(r, z)
      let beta = rzNext / rz
      rz = rzNext
      for i in 0..<n { p[i] = z[i] + beta * p[i] }
    }
    return (x, 2 * n)
  }
}
