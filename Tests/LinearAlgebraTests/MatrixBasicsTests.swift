import Foundation
import LinearAlgebra
import Testing

@Suite("Matrix storage, initializers and arithmetic")
struct MatrixBasicsTests {
  @Test func initializersAgree() {
    let literal: Matrix<Double> = [[1, 2, 3], [4, 5, 6]]
    let fromRows = Matrix<Double>([[1, 2, 3], [4, 5, 6]])
    let fromElements = Matrix<Double>(rows: 2, columns: 3, elements: [1, 2, 3, 4, 5, 6])
    let fromClosure = Matrix<Double>(rows: 2, columns: 3) { i, j in Double(3 * i + j + 1) }
    #expect(literal == fromRows && fromRows == fromElements && fromElements == fromClosure)
    #expect(literal.rowCount == 2 && literal.columnCount == 3 && !literal.isSquare)
    #expect(literal[1, 0] == 4)
    #expect(literal.row(1) == [4, 5, 6])
    #expect(literal.column(2) == [3, 6])
    #expect(Matrix<Float>(rows: 2, columns: 2, repeating: 7).elements == [7, 7, 7, 7])
    #expect(Matrix<Double>([]).rowCount == 0)
  }

  @Test func factories() {
    #expect(Matrix<Double>.identity(3) == [[1, 0, 0], [0, 1, 0], [0, 0, 1]])
    #expect(Matrix<Double>.zeros(rows: 2, columns: 1) == [[0], [0]])
    #expect(Matrix<Float>.diagonal([1, 2]) == [[1, 0], [0, 2]])
    var first = SeededGenerator(seed: 42)
    var second = SeededGenerator(seed: 42)
    let a = Matrix<Double>.random(rows: 5, columns: 4, in: -2...3, using: &first)
    let b = Matrix<Double>.random(rows: 5, columns: 4, in: -2...3, using: &second)
    #expect(a == b)
    #expect(a.elements.allSatisfy { (-2...3).contains($0) })
    #expect(Set(a.elements).count == 20)
    let unseeded = Matrix<Float>.random(rows: 3, columns: 3, in: 0...1)
    #expect(unseeded.elements.allSatisfy { (0...1).contains($0) })
  }

  @Test func copyOnWrite() {
    let a: Matrix<Double> = [[1, 2], [3, 4]]
    var b = a
    b[0, 0] = 10
    #expect(a[0, 0] == 1 && b[0, 0] == 10)
  }

  @Test func arithmetic() {
    let a: Matrix<Double> = [[1, 2], [3, 4]]
    let b: Matrix<Double> = [[5, 6], [7, 8]]
    #expect(a + b == [[6, 8], [10, 12]])
    #expect(b - a == [[4, 4], [4, 4]])
    #expect(-a == [[-1, -2], [-3, -4]])
    #expect(2 * a == [[2, 4], [6, 8]] && a * 2 == 2 * a)
    #expect(a / 2 == [[0.5, 1], [1.5, 2]])
    #expect(a.hadamard(b) == [[5, 12], [21, 32]])
    #expect(a * b == [[19, 22], [43, 50]])
    #expect(a * [1, 1] == [3, 7])
    #expect(a.transposed() == [[1, 3], [2, 4]])
    #expect(Matrix<Double>([[1, 2, 3]]).transposed() == [[1], [2], [3]])
    #expect(a.trace == 5)
    var c = a
    c += b
    #expect(c == a + b)
    c -= b
    #expect(c == a)
    c *= 3
    #expect(c == 3 * a)
    c /= 3
    #expect(c == a)
    #expect((a / 0)[0, 0] == .infinity)
  }

  @Test func aliasingGivesTheSameAnswerAsCopies() throws {
    var generator = SeededGenerator(seed: 3)
    let original = Matrix<Double>.random(rows: 40, columns: 40, in: -1...1, using: &generator)
    let copy = original
    let expected = copy * copy
    var a = original
    a = a * a
    #expect(a == expected)
    var b = original
    b *= b
    #expect(b == expected)
    let c = original
    let x = try c.solve(c)
    #expect(x.isApproximatelyEqual(to: .identity(40), relativeTolerance: 1e-10))
  }

  @Test func emptyProducts() {
    let c = Matrix<Float>(rows: 3, columns: 0) * Matrix<Float>(rows: 0, columns: 2)
    #expect(c == .zeros(rows: 3, columns: 2))
    #expect(
      Matrix<Double>(rows: 0, columns: 4) * Matrix<Double>(rows: 4, columns: 5) == .zeros(rows: 0, columns: 5)
    )
    #expect(Matrix<Double>(rows: 2, columns: 0) * [Double]() == [0, 0])
    #expect(Matrix<Double>(rows: 0, columns: 0).trace == 0)
  }

  /// Up to 8×8 products and matrix-vector products run inline in the
  /// caller, their results built through array literals for 2, 3, 4, 9 and
  /// 16 elements; every shape up to 9 (past the inline limit) against plain
  /// loops.
  @Test func smallProductsAgreeWithLoops() {
    var generator = SeededGenerator(seed: 12)
    for m in 1...9 {
      for k in 0...9 {
        let a = Matrix<Double>.random(rows: m, columns: k, in: -1...1, using: &generator)
        let x = (0..<k).map { _ in Double.random(in: -1...1, using: &generator) }
        let y = a * x
        #expect(y.count == m)
        for i in 0..<m {
          let expected = (0..<k).reduce(0.0) { $0 + a[i, $1] * x[$1] }
          #expect(abs(y[i] - expected) <= 1e-14, "matrix-vector \(m)×\(k), row \(i)")
        }
        for n in 1...9 {
          let b = Matrix<Double>.random(rows: k, columns: n, in: -1...1, using: &generator)
          let c = a * b
          #expect(c.rowCount == m && c.columnCount == n, "\(m)×\(k) * \(k)×\(n)")
          for i in 0..<m {
            for j in 0..<n {
              let expected = (0..<k).reduce(0.0) { $0 + a[i, $1] * b[$1, j] }
              #expect(abs(c[i, j] - expected) <= 1e-14, "\(m)×\(k) * \(k)×\(n) at (\(i), \(j))")
            }
          }
        }
      }
    }
  }

  /// Float takes the SIMD paths of four columns too (one vector per row of
  /// a product, one vector product and its sum per row of a matrix-vector
  /// product).
  @Test func smallFloatProductsOfFourColumnsAgreeWithLoops() {
    var generator = SeededGenerator(seed: 13)
    for m in 1...9 {
      let a = Matrix<Float>.random(rows: m, columns: 4, in: -1...1, using: &generator)
      let x = (0..<4).map { _ in Float.random(in: -1...1, using: &generator) }
      let b = Matrix<Float>.random(rows: 4, columns: 4, in: -1...1, using: &generator)
      let (y, c) = (a * x, a * b)
      for i in 0..<m {
        let expected = (0..<4).reduce(Float(0)) { $0 + a[i, $1] * x[$1] }
        #expect(abs(y[i] - expected) <= 1e-6, "matrix-vector \(m)×4, row \(i)")
        for j in 0..<4 {
          let expected = (0..<4).reduce(Float(0)) { $0 + a[i, $1] * b[$1, j] }
          #expect(abs(c[i, j] - expected) <= 1e-6, "\(m)×4 * 4×4 at (\(i), \(j))")
        }
      }
    }
  }

  /// A 4×4 matrix-vector product writes its result straight into fresh
  /// storage for real scalars; complex ones take the general small path.
  @Test func fourByFourComplexMatrixVectorProductAgreesWithLoops() {
    var generator = SeededGenerator(seed: 14)
    let real = Matrix<Double>.random(rows: 4, columns: 4, in: -1...1, using: &generator)
    let imaginary = Matrix<Double>.random(rows: 4, columns: 4, in: -1...1, using: &generator)
    let a = Matrix<Complex<Double>>(real: real, imaginary: imaginary)
    let x = (0..<4).map { _ in
      Complex(Double.random(in: -1...1, using: &generator), Double.random(in: -1...1, using: &generator))
    }
    let y = a * x
    #expect(y.count == 4)
    for i in 0..<4 {
      let expected = (0..<4).reduce(Complex<Double>(0, 0)) { $0 + a[i, $1] * x[$1] }
      #expect((y[i] - expected).length <= 1e-14, "complex 4×4 matrix-vector, row \(i)")
    }
  }

  @Test func largerProductAgreesWithReference() {
    var generator = SeededGenerator(seed: 8)
    let a = Matrix<Float>.random(rows: 70, columns: 33, in: -1...1, using: &generator)
    let b = Matrix<Float>.random(rows: 33, columns: 51, in: -1...1, using: &generator)
    let residual = Reference(a * b) - Reference(a) * Reference(b)
    let ratio = residualRatio(
      residual.norm1, size: 33, scale: Reference(a).norm1 * Reference(b).norm1, epsilon: Float.testEpsilon)
    #expect(ratio < residualBound)
  }

  @Test func approximateEquality() {
    let a: Matrix<Double> = [[1, 2], [3, 4]]
    #expect(a.isApproximatelyEqual(to: a + 1e-13 * a, relativeTolerance: 1e-12))
    #expect(!a.isApproximatelyEqual(to: a + 1e-6 * a, relativeTolerance: 1e-12))
    #expect(
      !a.isApproximatelyEqual(to: a.transposed() * 0 + .zeros(rows: 2, columns: 2), relativeTolerance: 0.1))
    #expect(
      !a.isApproximatelyEqual(to: Matrix(rows: 1, columns: 4, elements: a.elements), relativeTolerance: 1))
    let nan: Matrix<Double> = [[.nan]]
    #expect(!nan.isApproximatelyEqual(to: nan, relativeTolerance: 1))
  }

  @Test func codableRoundTrip() throws {
    let a: Matrix<Double> = [[1.5, -2], [0.25, 1e300]]
    let data = try JSONEncoder().encode(a)
    #expect(try JSONDecoder().decode(Matrix<Double>.self, from: data) == a)
    let bad = Data(#"{"rows": 2, "columns": 2, "elements": [1, 2, 3]}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Matrix<Double>.self, from: bad) }
    let negative = Data(#"{"rows": -1, "columns": 0, "elements": []}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Matrix<Float>.self, from: negative) }
  }

  @Test func description() {
    let a: Matrix<Double> = [[1, 2], [3, 40]]
    #expect(a.description == "[[ 1.0,  2.0],\n [ 3.0, 40.0]]")
    #expect(Matrix<Double>(rows: 0, columns: 3).description == "Matrix<Double>(0×3)")
    let big = Matrix<Double>(rows: 40, columns: 40) { i, j in Double(i * 40 + j) }
    let lines = big.description.split(separator: "\n")
    #expect(lines.count == 7)
    #expect(lines.first == "[[   0.0,    1.0,    2.0,    ...,   37.0,   38.0,   39.0],")
    #expect(lines[3].contains("...") && lines.last?.hasSuffix("1599.0]]") == true)
  }
}
