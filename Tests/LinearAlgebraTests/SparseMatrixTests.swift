import LinearAlgebra
import Testing

/// Sparse storage, arithmetic and products, checked against dense results.
@Suite("Sparse matrices: storage and products")
struct SparseMatrixTests {
  @Test func tripletsSumDuplicatesAndSortRows() {
    let a = SparseMatrix<Double>(
      rows: 3, columns: 4, entries: [(2, 3, 1), (0, 2, 5), (0, 0, 1), (2, 3, 2), (0, 2, -1), (1, 1, 0)])
    #expect(a.rowStarts == [0, 2, 3, 4])
    #expect(a.columnIndices == [0, 2, 1, 3])
    #expect(a.values == [1, 4, 0, 3])
    #expect(a.nonzeroCount == 4)
    #expect(a[0, 2] == 4 && a[2, 3] == 3 && a[1, 2] == 0 && a[2, 0] == 0)
    #expect(Matrix(a) == [[1, 0, 4, 0], [0, 0, 0, 0], [0, 0, 0, 3]])
    #expect(a.entries.map(\.column) == [0, 2, 1, 3])
  }

  /// Rows short (sorted in place) and long (more than 32 entries, sorted
  /// through an index), in random order with repeated positions: the
  /// duplicates are summed in the order given, as a dense accumulation does.
  @Test(arguments: testSeeds(37))
  func tripletsInShortAndLongRowsMatchADenseSum(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let (rows, columns) = (9, 120)
    var entries: [(row: Int, column: Int, value: Double)] = []
    for row in 0..<rows {
      // Rows 0, 3 and 6 stay empty; rows 2, 5 and 8 get 40–100 entries.
      let counts = [0...0, 1...12, 40...100][row % 3]
      for _ in 0..<Int.random(in: counts, using: &generator) {
        entries.append(
          (
            row, Int.random(in: 0..<columns / 2, using: &generator) * 2,
            Double.random(in: -1...1, using: &generator)
          ))
      }
    }
    entries.shuffle(using: &generator)
    var dense = Matrix<Double>(rows: rows, columns: columns)
    for entry in entries { dense[entry.row, entry.column] += entry.value }
    let sparse = SparseMatrix(rows: rows, columns: columns, entries: entries)
    #expect(Matrix(sparse) == dense, "seed \(seed)")
    #expect(sparse.rowStarts.first == 0 && sparse.rowStarts.last == sparse.nonzeroCount, "seed \(seed)")
    for row in 0..<rows {
      let stored = Array(sparse.columnIndices[sparse.rowStarts[row]..<sparse.rowStarts[row + 1]])
      let expected = Set(entries.filter { $0.row == row }.map { Int32($0.column) }).sorted()
      #expect(stored == expected, "seed \(seed) row \(row)")
    }
  }

  /// 300,000 entries (at least 2^18) in random order take the placement
  /// through row blocks; the same entries sorted by row, each row's in
  /// their given order, take the direct placement. Both must give the same
  /// matrix bit for bit (the duplicates summed in the same order). 5,000
  /// rows make blocks of 8 rows; 3,000,000 rows blocks of 4,096, most rows
  /// empty.
  @Test(arguments: [5000, 3_000_000])
  func tripletsOutOfRowOrderAtScaleMatchThoseInRowOrder(rows: Int) {
    let seed: UInt64 = 41
    var generator = SeededGenerator(seed: seed)
    let columns = 64
    let entries: [(row: Int, column: Int, value: Double)] = (0..<300_000).map { _ in
      (
        Int.random(in: 0..<rows, using: &generator), Int.random(in: 0..<columns, using: &generator),
        Double.random(in: -1...1, using: &generator)
      )
    }
    let byRow = entries.enumerated().sorted { ($0.element.row, $0.offset) < ($1.element.row, $1.offset) }
      .map(\.element)
    let scattered = SparseMatrix(rows: rows, columns: columns, entries: entries)
    let direct = SparseMatrix(rows: rows, columns: columns, entries: byRow)
    #expect(scattered == direct, "seed \(seed), \(rows) rows")
    #expect(direct.rowStarts.count == rows + 1 && direct.rowStarts.last == direct.nonzeroCount)
    let row = entries[0].row
    let expected = entries.filter { $0.row == row }.reduce(into: [Int: Double]()) {
      $0[$1.column, default: 0] += $1.value
    }
    for (column, value) in expected { #expect(scattered[row, column] == value, "seed \(seed) row \(row)") }
  }

  @Test func denseRoundTripAndEmptyShapes() {
    let dense: Matrix<Float> = [[0, 1.5, 0], [-2, 0, 0]]
    let sparse = SparseMatrix(dense)
    #expect(sparse.nonzeroCount == 2 && Matrix(sparse) == dense)
    let empty = SparseMatrix<Double>(rows: 0, columns: 3)
    #expect(empty * [1, 2, 3] == [] && empty.transposed().rowCount == 3)
    #expect((SparseMatrix<Double>(rows: 2, columns: 0) * [Double]()) == [0, 0])
    #expect(SparseMatrix<Double>(rows: 2, columns: 2) == SparseMatrix(Matrix<Double>(rows: 2, columns: 2)))
    #expect("\(sparse)".contains("2×3, 2 stored"))
  }

  @Test(arguments: testSeeds(31))
  func arithmeticAndProductsMatchDense(seed: UInt64) {
    let a = SparseTestMatrices.random(rows: 37, columns: 23, density: 0.1, seed: seed, as: Double.self)
    let b = SparseTestMatrices.random(rows: 37, columns: 23, density: 0.1, seed: seed &+ 1, as: Double.self)
    let c = SparseTestMatrices.random(rows: 23, columns: 19, density: 0.15, seed: seed &+ 2, as: Double.self)
    let (denseA, denseB, denseC) = (Matrix(a), Matrix(b), Matrix(c))
    #expect(Matrix(a + b) == denseA + denseB, "seed \(seed)")
    #expect(Matrix(a - b) == denseA - denseB, "seed \(seed)")
    #expect(Matrix(2.5 * a) == 2.5 * denseA && Matrix(-a) == -denseA, "seed \(seed)")
    #expect(Matrix(a.transposed()) == denseA.transposed(), "seed \(seed)")
    #expect(a.transposed().transposed() == a)
    let x = (0..<23).map { Double($0) - 11 }
    let expected = denseA * Matrix(column: x)
    let y = a * x
    for i in 0..<37 { #expect(abs(y[i] - expected[i, 0]) <= 1e-12 * 30, "seed \(seed) row \(i)") }
    #expect(((a * denseC) - denseA * denseC).norm() <= 1e-13 * denseA.norm() * denseC.norm(), "seed \(seed)")
    #expect((Matrix(a * c) - denseA * denseC).norm() <= 1e-13 * denseA.norm() * denseC.norm(), "seed \(seed)")
  }

  @Test func threadedProductOnALargeMatrixMatchesOneRowAtATime() {
    let a = SparseTestMatrices.poisson(grid: 300, as: Float.self)  // 450,000 entries: split across threads
    let x = (0..<a.columnCount).map { Float($0 % 7) - 3 }
    let y = a * x
    var worst: Float = 0
    for row in stride(from: 0, to: a.rowCount, by: 997) {
      var sum: Float = 0
      for k in a.rowStarts[row]..<a.rowStarts[row + 1] { sum += a.values[k] * x[Int(a.columnIndices[k])] }
      worst = max(worst, abs(sum - y[row]))
    }
    #expect(worst == 0)
    let twoColumns = a * Matrix(rows: a.columnCount, columns: 2) { i, j in j == 0 ? x[i] : 1 }
    #expect(twoColumns.column(0) == y)
  }

  @Test func equalityIgnoresExplicitZeros() {
    let withZero = SparseMatrix<Double>(rows: 2, columns: 2, entries: [(0, 0, 1), (1, 1, 0)])
    let without = SparseMatrix<Double>(rows: 2, columns: 2, entries: [(0, 0, 1)])
    #expect(withZero == without && withZero.nonzeroCount == 2)
    #expect(withZero != SparseMatrix<Double>(rows: 2, columns: 3, entries: [(0, 0, 1)]))
  }
}
