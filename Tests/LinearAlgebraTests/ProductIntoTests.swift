import LinearAlgebra
import Testing

/// `multiply(_:into:)`: the same answers as `*`, written into the caller's
/// storage when its shape fits, and copy-on-write kept intact.
@Suite("Products into existing storage")
struct ProductIntoTests {
  /// The address of a matrix's elements (its storage, shared by `elements`).
  static func address<S>(_ matrix: Matrix<S>) -> UnsafeRawPointer? {
    matrix.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  static func address<S>(_ vector: [S]) -> UnsafeRawPointer? {
    vector.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  @Test(
    "products into a matrix of the right shape reuse its storage",
    arguments: [(m: 3, k: 4, n: 5), (m: 64, k: 64, n: 64), (m: 130, k: 70, n: 90), (m: 5, k: 0, n: 3)])
  func productIntoReusesStorage(shape: (m: Int, k: Int, n: Int)) {
    var generator = SeededGenerator(seed: 71)
    let a = TestMatrices.random(Double.self, rows: shape.m, columns: shape.k, &generator)
    let b = TestMatrices.random(Double.self, rows: shape.k, columns: shape.n, &generator)
    var c = Matrix<Double>(rows: shape.m, columns: shape.n, repeating: .nan)
    let before = Self.address(c)
    a.multiply(b, into: &c)
    #expect(Self.address(c) == before, "\(shape): storage reused")
    #expect(c.isApproximatelyEqual(to: a * b, relativeTolerance: 1e-13), "\(shape): same as a * b")
    // Again with a different right-hand side, as a loop would.
    let b2 = TestMatrices.random(Double.self, rows: shape.k, columns: shape.n, &generator)
    a.multiply(b2, into: &c)
    #expect(Self.address(c) == before, "\(shape): storage reused twice")
    #expect(c.isApproximatelyEqual(to: a * b2, relativeTolerance: 1e-13), "\(shape): same as a * b2")
  }

  @Test func productIntoAnotherShapeReplacesTheResult() {
    let a: Matrix<Float> = [[1, 2], [3, 4], [5, 6]]
    let b: Matrix<Float> = [[1, 0, 2], [0, 1, 3]]
    var c = Matrix<Float>(rows: 1, columns: 7)
    a.multiply(b, into: &c)
    #expect(c == [[1, 2, 8], [3, 4, 18], [5, 6, 28]])
    var empty = Matrix<Float>(rows: 2, columns: 2)
    Matrix<Float>(rows: 0, columns: 2).multiply(b, into: &empty)
    #expect(empty.rowCount == 0 && empty.columnCount == 3)
  }

  @Test func productIntoSharedStorageLeavesTheOtherCopyAlone() {
    let a: Matrix<Double> = [[1, 2], [3, 4]]
    let original = a
    var c = a  // shares a's storage
    a.multiply(a, into: &c)
    #expect(c == [[7, 10], [15, 22]])
    #expect(a == original && a == [[1, 2], [3, 4]])
  }

  @Test(
    "matrix-vector products into a vector of the right count reuse its storage",
    arguments: [(m: 1, n: 1), (m: 13, n: 37), (m: 700, n: 600), (m: 4, n: 0)])
  func matrixVectorIntoReusesStorage(shape: (m: Int, n: Int)) {
    var generator = SeededGenerator(seed: 72)
    let a = TestMatrices.random(Float.self, rows: shape.m, columns: shape.n, &generator)
    let x = TestMatrices.random(Float.self, rows: 1, columns: shape.n, &generator).elements
    var y = [Float](repeating: .nan, count: shape.m)
    let before = Self.address(y)
    a.multiply(x, into: &y)
    #expect(Self.address(y) == before, "\(shape): storage reused")
    // The same kernel on the same rows: the same bits as `a * x`.
    #expect(y == a * x, "\(shape): same as a * x")
  }

  @Test func matrixVectorIntoOtherCountsAndSharedStorage() {
    let a: Matrix<Double> = [[1, 2], [3, 4], [5, 6]]
    var y: [Double] = []
    a.multiply([1, 1], into: &y)
    #expect(y == [3, 7, 11])
    let kept = y
    a.multiply([1, -1], into: &y)
    #expect(y == [-1, -1, -1] && kept == [3, 7, 11])
  }
}
