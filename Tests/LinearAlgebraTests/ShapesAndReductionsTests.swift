import LinearAlgebra
import Testing

@Suite("Slicing, stacking and reductions")
struct ShapesAndReductionsTests {
  let a: Matrix<Double> = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]

  @Test func rangeSubscripts() {
    #expect(a[1..<3, 0...] == [[5, 6, 7, 8], [9, 10, 11, 12]])
    #expect(a[..., 2..<4] == [[3, 4], [7, 8], [11, 12]])
    #expect(a[0...0, ...] == [[1, 2, 3, 4]])
    #expect(a[..<2, 1...2] == [[2, 3], [6, 7]])
    let empty = a[1..<1, 0..<4]
    #expect(empty.rowCount == 0 && empty.columnCount == 4)
    #expect(a[0..<3, 2..<2].columnCount == 0)
    var b = a
    b[1..<3, 1..<3] = [[0, 0], [0, -1]]
    #expect(b == [[1, 2, 3, 4], [5, 0, 0, 8], [9, 0, -1, 12]])
    #expect(a[1, 1] == 6, "setting a block of a copy leaves the original alone")
    b[..., 0..<1] = Matrix(column: [7, 7, 7])
    #expect(b.column(0) == [7, 7, 7])
  }

  @Test func largeBlocksTakeTheStreamingCopy() {
    // Blocks of 4 MiB and more are copied by the core with streaming stores
    // across the pool; offsets that leave the rows unaligned, both scalars.
    let big = Matrix<Double>(rows: 1100, columns: 1100) { i, j in Double(i * 1100 + j) }
    let block = big[3..<1000, 5..<1002]
    #expect(block.rowCount == 997 && block.columnCount == 997)
    #expect(block == Matrix(rows: 997, columns: 997) { i, j in big[i + 3, j + 5] })
    let single = Matrix<Float>(rows: 1500, columns: 1501) { i, j in Float((i * 7 + j) % 1000) }
    let singleBlock = single[1..<1499, 3...]
    #expect(singleBlock == Matrix(rows: 1498, columns: 1498) { i, j in single[i + 1, j + 3] })
    // Column sums of a tall block with a column count that is not a
    // multiple of the unrolling, against a plain double-precision loop.
    let columns = singleBlock.columnwise.sum()
    for j in [0, 1, 777, 1497] {
      let expected = (0..<1498).reduce(0.0) { $0 + Double(singleBlock[$1, j]) }
      #expect(abs(Double(columns[j]) - expected) <= expected * 1e-6, "column \(j)")
    }
  }

  @Test func rowAndColumnSubscripts() {
    var b = a
    #expect(b[row: 1] == [5, 6, 7, 8] && b[column: 3] == [4, 8, 12])
    b[row: 2] = [0, 0, 0, 0]
    b[column: 0] = [-1, -2, -3]
    #expect(b == [[-1, 2, 3, 4], [-2, 6, 7, 8], [-3, 0, 0, 0]])
    #expect(
      Matrix<Float>(row: [1, 2, 3]).rowCount == 1 && Matrix<Float>(column: [1, 2, 3]).columnCount == 1)
  }

  @Test func stackingAndBlocks() {
    let i = Matrix<Double>.identity(2)
    let m = Matrix(blocks: [[i, 2 * i], [Matrix(rows: 1, columns: 4, repeating: 7)]])
    #expect(m == [[1, 0, 2, 0], [0, 1, 0, 2], [7, 7, 7, 7]])
    #expect(Matrix.vstack([a[0..<1, ...], a[2..<3, ...]]) == [[1, 2, 3, 4], [9, 10, 11, 12]])
    #expect(Matrix.hstack([a[..., 0..<1], a[..., 3..<4]]) == [[1, 4], [5, 8], [9, 12]])
    #expect(Matrix<Double>.hstack([]).rowCount == 0 && Matrix<Double>.vstack([]).columnCount == 0)
    #expect(a.reshaped(rows: 2, columns: 6) == [[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]])
    #expect(a.map { $0 * $0 }[2, 3] == 144)
  }

  @Test func largeAndComplexStacking() {
    // Blocks of 4 MiB and more go to the core's streaming copy with the
    // destination's row stride; complex blocks copy as reals of twice the width.
    let left = Matrix<Double>(rows: 1100, columns: 501) { i, j in Double(i * 2000 + j) }
    let right = Matrix<Double>(rows: 1100, columns: 700) { i, j in -Double(i * 2000 + j) }
    let wide = Matrix.hstack([left, right])
    #expect(wide.columnCount == 1201)
    #expect(wide == Matrix(rows: 1100, columns: 1201) { i, j in j < 501 ? left[i, j] : right[i, j - 501] })
    let tall = Matrix.vstack([left, left[0..<3, ...]])
    #expect(tall.rowCount == 1103 && tall[1101, 7] == left[1, 7])
    typealias C = Complex<Float>
    let z = Matrix<C>([[C(1, 2), C(3, 4)], [C(5, 6), C(7, 8)]])
    let zz = Matrix(blocks: [[z, z.conjugate()], [z.adjoint(), z]])
    #expect(zz[0, 3] == C(3, -4) && zz[3, 0] == C(3, -4) && zz[2, 1] == C(5, -6) && zz[3, 3] == C(7, 8))
  }

  @Test func wholeMatrixReductions() {
    #expect(a.sum() == 78 && a.mean() == 6.5 && a.min() == 1 && a.max() == 12)
    let empty = Matrix<Float>(rows: 0, columns: 3)
    #expect(empty.sum() == 0 && empty.mean().isNaN && empty.min() == nil && empty.max() == nil)
    var withNaN = a
    withNaN[1, 2] = .nan
    #expect(withNaN.sum().isNaN && withNaN.min()!.isNaN && withNaN.max()!.isNaN)
    #expect(withNaN.columnwise.max()[2].isNaN && withNaN.rowwise.min()[1].isNaN)
    #expect(!withNaN.columnwise.max()[1].isNaN)
  }

  @Test func sumsAreAccurate() {
    // 2^22 copies of 0.1 in Float: a plain running sum drifts to ~2^19
    // (each addition rounds at a large magnitude); pairwise stays within
    // a few ulps of the true 419430.4.
    let count = 1 << 22
    let values = Matrix<Float>(rows: 1 << 11, columns: 1 << 11, repeating: 0.1)
    var naive: Float = 0
    for value in values.elements { naive += value }
    let exact = Double(Float(0.1)) * Double(count)
    #expect(abs(Double(naive) - exact) / exact > 1e-3, "the data must defeat a naive loop")
    #expect(abs(Double(values.sum()) - exact) / exact < 1e-6)
    let columnSums = values.columnwise.sum()
    #expect(columnSums.allSatisfy { abs(Double($0) - Double(Float(0.1)) * 2048) / 204.8 < 1e-6 })
    let tall = Matrix<Float>(rows: 1 << 16, columns: 3, repeating: 0.1)
    let tallExact = Double(Float(0.1)) * 65536
    #expect(tall.columnwise.sum().allSatisfy { abs(Double($0) - tallExact) / tallExact < 1e-6 })
  }

  @Test func axisReductionsAndBroadcasting() {
    #expect(a.columnwise.sum() == [15, 18, 21, 24] && a.rowwise.sum() == [10, 26, 42])
    #expect(a.columnwise.mean() == [5, 6, 7, 8] && a.rowwise.mean() == [2.5, 6.5, 10.5])
    #expect(a.columnwise.min() == [1, 2, 3, 4] && a.rowwise.max() == [4, 8, 12])
    #expect(abs(a.rowwise.norm()[0] - 30.0.squareRoot()) < 1e-14)
    #expect(abs(a.columnwise.norm()[0] - 107.0.squareRoot()) < 1e-14)
    let centered = a.rowwise - a.columnwise.mean()
    #expect(centered.columnwise.sum() == [0, 0, 0, 0])
    #expect((a.columnwise - [1, 5, 9]).column(0) == [0, 0, 0])
    #expect((a.rowwise * [1, 0, 1, 0])[row: 0] == [1, 0, 3, 0])
    #expect((a.columnwise / [1, 5, 9])[column: 0] == [1, 1, 1])
    #expect((a.rowwise + [1, 1, 1, 1]).sum() == 90)
  }

  /// Sums, means, norms and broadcasting of a complex matrix against numpy
  /// (`sum`, `mean`, `sum(axis=0)`, `mean(axis=1)`, `norm(axis=…)`).
  @Test func complexReductionsAndBroadcasting() {
    typealias C = Complex<Double>
    let z = Matrix<C>([[C(1, 2), C(-1, 0.5), C(0.25, -1)], [C(0.5, -1), C(0, 2), C(-1, 1)]])
    #expect(z.sum() == C(-0.25, 3.5))
    #expect((z.mean() - C(-0.041666666666666664, 0.5833333333333333)).length < 1e-15)
    #expect(z.columnwise.sum() == [C(1.5, 1), C(-1, 2.5), C(-0.75, 0)])
    let rowMeans = z.rowwise.mean()
    #expect((rowMeans[0] - C(0.08333333333333333, 0.5)).length < 1e-15, "\(rowMeans)")
    #expect((rowMeans[1] - C(-0.16666666666666666, 0.6666666666666666)).length < 1e-15, "\(rowMeans)")
    let rowNorms = z.rowwise.norm()
    #expect(abs(rowNorms[0] - 2.704163456597992) < 1e-15 && abs(rowNorms[1] - 2.692582403567252) < 1e-15)
    let columnNorms = z.columnwise.norm()
    #expect(abs(columnNorms[0] - 2.5) < 1e-15 && abs(columnNorms[1] - 2.29128784747792) < 1e-15)
    #expect(abs(columnNorms[2] - 1.75) < 1e-15)
    let centered = z.rowwise - z.columnwise.mean()
    #expect(centered.columnwise.sum() == [.zero, .zero, .zero])
    #expect((z.columnwise * [C(0, 1), C(1)])[row: 0] == [C(-2, 1), C(-0.5, -1), C(1, 0.25)])
    #expect(Matrix<C>(rows: 0, columns: 2).sum() == .zero && Matrix<C>(rows: 0, columns: 2).mean().isNaN)
    #expect(Matrix<C>(rows: 2, columns: 0).rowwise.sum() == [.zero, .zero])
    var withNaN = z
    withNaN[1, 1] = C(0, .nan)
    #expect(withNaN.sum().isNaN && withNaN.rowwise.norm()[1].isNaN && !withNaN.rowwise.norm()[0].isNaN)
    // Approximate equality measures the complex difference.
    #expect(
      z.isApproximatelyEqual(
        to: z + Matrix(rows: 2, columns: 3, repeating: C(0, 1e-15)), relativeTolerance: 1e-15))
    #expect(
      !z.isApproximatelyEqual(
        to: z + Matrix(rows: 2, columns: 3, repeating: C(0, 1e-3)), relativeTolerance: 1e-6))
    #expect(!withNaN.isApproximatelyEqual(to: withNaN, relativeTolerance: 1))
  }

  @Test func norms() {
    let g = EverydayReference.general
    for (kind, expected) in EverydayReference.generalNorms {
      #expect(abs(g.norm(kind) - expected) <= 1e-13 * expected, "\(kind)")
    }
    #expect(Matrix<Float>(rows: 0, columns: 0).norm(.spectral) == 0)
    var withNaN = g
    withNaN[0, 0] = .nan
    for kind in MatrixNorm.allCases { #expect(withNaN.norm(kind).isNaN, "\(kind)") }
  }
}

@Suite("Everyday programmer errors trap")
struct EverydayPreconditionTests {
  @Test func blockOutOfRange() async {
    await #expect(processExitsWith: .failure) { _ = Matrix<Double>(rows: 2, columns: 2)[0..<3, ...] }
  }

  @Test func blockShapeMismatch() async {
    await #expect(processExitsWith: .failure) {
      var a = Matrix<Double>(rows: 3, columns: 3)
      a[0..<2, 0..<2] = Matrix(rows: 3, columns: 2)
    }
  }

  @Test func rowOfWrongLength() async {
    await #expect(processExitsWith: .failure) {
      var a = Matrix<Float>(rows: 3, columns: 3)
      a[row: 0] = [1, 2]
    }
  }

  @Test func stackingMismatch() async {
    await #expect(processExitsWith: .failure) {
      _ = Matrix.hstack([Matrix<Double>(rows: 2, columns: 1), Matrix<Double>(rows: 3, columns: 1)])
    }
  }

  @Test func broadcastMismatch() async {
    await #expect(processExitsWith: .failure) { _ = Matrix<Double>(rows: 2, columns: 3).rowwise - [1, 2] }
  }

  @Test func reshapeMismatch() async {
    await #expect(processExitsWith: .failure) {
      _ = Matrix<Double>(rows: 2, columns: 3).reshaped(rows: 4, columns: 2)
    }
  }
}
