import LinearAlgebra

/// Sparse test problems built from their definitions.
enum SparseTestMatrices {
  /// The 5-point Laplacian on a grid×grid interior (Dirichlet boundary):
  /// symmetric positive definite, 4 on the diagonal, −1 to each neighbour.
  static func poisson<Scalar: RealMatrixScalar>(grid: Int, as _: Scalar.Type = Scalar.self) -> SparseMatrix<
    Scalar
  > {
    convectionDiffusion(grid: grid, wind: 0)
  }

  /// The 5-point Laplacian plus a central-difference convection term of
  /// strength `wind` in x: non-symmetric for wind ≠ 0.
  static func convectionDiffusion<Scalar: RealMatrixScalar>(
    grid: Int, wind: Scalar, as _: Scalar.Type = Scalar.self
  ) -> SparseMatrix<Scalar> {
    var entries: [(row: Int, column: Int, value: Scalar)] = []
    for y in 0..<grid {
      for x in 0..<grid {
        let row = y * grid + x
        entries.append((row, row, 4))
        if x > 0 { entries.append((row, row - 1, -1 - wind)) }
        if x + 1 < grid { entries.append((row, row + 1, -1 + wind)) }
        if y > 0 { entries.append((row, row - grid, -1)) }
        if y + 1 < grid { entries.append((row, row + grid, -1)) }
      }
    }
    return SparseMatrix(rows: grid * grid, columns: grid * grid, entries: entries)
  }

  /// A random rows×columns matrix with about `density` of its elements
  /// stored, values in [−1, 1], plus `diagonal` on the diagonal.
  static func random<Scalar: RealMatrixScalar>(
    rows: Int, columns: Int, density: Double, diagonal: Scalar = 0, seed: UInt64,
    as _: Scalar.Type = Scalar.self
  ) -> SparseMatrix<Scalar> {
    var generator = SeededGenerator(seed: seed)
    var entries: [(row: Int, column: Int, value: Scalar)] = []
    let count = Int(Double(rows * columns) * density)
    for _ in 0..<count {
      entries.append(
        (
          Int.random(in: 0..<rows, using: &generator), Int.random(in: 0..<columns, using: &generator),
          Scalar(Double.random(in: -1...1, using: &generator))
        ))
    }
    if diagonal != 0 { for i in 0..<min(rows, columns) { entries.append((i, i, diagonal)) } }
    return SparseMatrix(rows: rows, columns: columns, entries: entries)
  }
}
