import Foundation
import LinearAlgebra
import Testing

/// `StaticMatrix` against `Matrix` on random inputs: the same results to
/// rounding.
///
/// Shapes are checked at compile time; this does not compile (error:
/// cannot convert value of type 'StaticMatrix<3, 4, Double>' to expected
/// argument type 'StaticMatrix<4, 4, Double>'):
///
///     let a = StaticMatrix<3, 4, Double>()
///     _ = a * a
@Suite("StaticMatrix")
struct StaticMatrixTests {
  static func random<let R: Int, let C: Int, S: RealMatrixScalar>(
    _: StaticMatrix<R, C, S>.Type, _ generator: inout SeededGenerator
  ) -> StaticMatrix<R, C, S> {
    StaticMatrix<R, C, S> { _, _ in S.random(in: -1...1, using: &generator) }
  }

  static func close<S: RealMatrixScalar>(_ a: Matrix<S>, _ b: Matrix<S>, _ tolerance: Double) -> Bool {
    a.isApproximatelyEqual(to: b, relativeTolerance: S(tolerance))
  }

  @Test("operations agree with Matrix", arguments: ScalarType.allCases)
  func agreesWithMatrix(_ type: ScalarType) {
    withScalarType(type) { scalar in check(scalar) }
    func check<S: RealMatrixScalar>(_: S.Type) {
      let tolerance = 200 * Double(S.ulpOfOne)
      for seed in testSeeds(77) {
        var generator = SeededGenerator(seed: seed)
        let a3 = Self.random(StaticMatrix<3, 3, S>.self, &generator)
        let b3 = Self.random(StaticMatrix<3, 3, S>.self, &generator)
        let a4 = Self.random(StaticMatrix<4, 4, S>.self, &generator)
        let b4 = Self.random(StaticMatrix<4, 4, S>.self, &generator)
        let a2 = Self.random(StaticMatrix<2, 2, S>.self, &generator)
        let a6 = Self.random(StaticMatrix<6, 6, S>.self, &generator)
        let r34 = Self.random(StaticMatrix<3, 4, S>.self, &generator)
        let message = "\(S.self), seed \(seed)"
        #expect(
          Matrix(a3 * b3) == Matrix(a3) * Matrix(b3)
            || Self.close(Matrix(a3 * b3), Matrix(a3) * Matrix(b3), tolerance), "\(message)")
        #expect(Self.close(Matrix(a4 * b4), Matrix(a4) * Matrix(b4), tolerance), "\(message)")
        #expect(Self.close(Matrix(r34 * a4), Matrix(r34) * Matrix(a4), tolerance), "\(message)")
        #expect(
          Matrix(a3 + b3) == Matrix(a3) + Matrix(b3) && Matrix(a4 - b4) == Matrix(a4) - Matrix(b4),
          "\(message)")
        #expect(Matrix(S(2) * a3) == S(2) * Matrix(a3) && Matrix(-a4) == -Matrix(a4), "\(message)")
        #expect(Matrix(r34.transposed()) == Matrix(r34).transposed(), "\(message)")
        for (fixed, dynamic) in [
          (a2.determinant(), Matrix(a2).determinant()), (a3.determinant(), Matrix(a3).determinant()),
          (a4.determinant(), Matrix(a4).determinant()), (a6.determinant(), Matrix(a6).determinant()),
        ] {
          #expect(
            abs(Double(fixed - dynamic)) <= tolerance * 10, "determinant \(fixed) vs \(dynamic); \(message)")
        }
        do {
          #expect(
            Self.close(Matrix(try a2.inverse()), try Matrix(a2).inverse(), 1e3 * tolerance), "\(message)")
          #expect(
            Self.close(Matrix(try a3.inverse()), try Matrix(a3).inverse(), 1e3 * tolerance), "\(message)")
          #expect(
            Self.close(Matrix(try a4.inverse()), try Matrix(a4).inverse(), 1e3 * tolerance), "\(message)")
          #expect(
            Self.close(Matrix(try a6.inverse()), try Matrix(a6).inverse(), 1e3 * tolerance), "\(message)")
          let rhs = Self.random(StaticMatrix<3, 2, S>.self, &generator)
          #expect(
            Self.close(Matrix(try a3.solve(rhs)), try Matrix(a3).solve(Matrix(rhs)), 1e3 * tolerance),
            "\(message)")
          let x = try a4.solve([1, 2, 3, 4])
          #expect(
            Self.close(
              Matrix(column: x), try Matrix(a4).solve(Matrix(column: [1, 2, 3, 4])), 1e3 * tolerance))
        } catch {
          Issue.record("threw \(error); \(message)")
        }
      }
    }
  }

  @Test func singularAndSpecialInputs() throws {
    let singular = StaticMatrix<3, 3, Double>([[1, 2, 3], [2, 4, 6], [1, 0, 1]])
    #expect(throws: LinearAlgebraError.singularMatrix) { try singular.inverse() }
    #expect(throws: LinearAlgebraError.singularMatrix) { try singular.solve([1, 2, 3]) }
    #expect(throws: LinearAlgebraError.singularMatrix) { try StaticMatrix<4, 4, Float>().inverse() }
    #expect(throws: LinearAlgebraError.singularMatrix) { try StaticMatrix<5, 5, Double>().inverse() }
    var nearly = StaticMatrix<2, 2, Double>([[1, 1], [1, 1]])
    nearly[1, 1] += 1e-17
    #expect(throws: LinearAlgebraError.singularMatrix) { try nearly.inverse() }
    let nan = StaticMatrix<2, 2, Double>([[.nan, 0], [0, 1]])
    #expect(throws: LinearAlgebraError.singularMatrix) { try nan.inverse() }
    // A NaN anywhere, beside finite entries in its row: singular (this
    // recursed until the stack overflowed when the NaN was not first).
    for i in 0..<4 {
      for j in 0..<4 {
        var four = StaticMatrix<4, 4, Double> { r, c in r == c ? 4 : 1 }
        four[i, j] = .nan
        #expect(throws: LinearAlgebraError.singularMatrix) { try four.inverse() }
        #expect(throws: LinearAlgebraError.singularMatrix) { try four.solve([1, 2, 3, 4]) }
        #expect(four.determinant().isNaN)
        var fourFloat = StaticMatrix<4, 4, Float> { r, c in r == c ? 4 : 1 }
        fourFloat[i, j] = .nan
        #expect(throws: LinearAlgebraError.singularMatrix) { try fourFloat.inverse() }
        var three = StaticMatrix<3, 3, Double> { r, c in r == c ? 4 : 1 }
        three[i % 3, j % 3] = .nan
        #expect(throws: LinearAlgebraError.singularMatrix) { try three.inverse() }
        var two = StaticMatrix<2, 2, Float> { r, c in r == c ? 4 : 1 }
        two[i % 2, j % 2] = .nan
        #expect(throws: LinearAlgebraError.singularMatrix) { try two.inverse() }
        var five = StaticMatrix<5, 5, Double> { r, c in r == c ? 4 : 1 }
        five[i, j] = .nan
        #expect(throws: LinearAlgebraError.singularMatrix) { try five.inverse() }
      }
    }
    #expect(StaticMatrix<4, 4, Double>.identity.determinant() == 1)
    #expect(try StaticMatrix<3, 3, Double>.identity.inverse() == .identity)
    // A badly scaled but well-conditioned matrix is not singular.
    let scaled = 1e-200 * StaticMatrix<3, 3, Double>([[2, 1, 0], [1, 3, 1], [0, 1, 4]])
    #expect(
      Matrix(try scaled.inverse()).isApproximatelyEqual(
        to: try Matrix(scaled).inverse(), relativeTolerance: 1e-13))
    // The 4×4 SIMD path: rank 3 with no zero row, an infinite entry, rows
    // scaled by 1e±150 (Hadamard's bound overflows, then underflows).
    let rankThree = StaticMatrix<4, 4, Double>([[1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6], [1, 0, 2, 7]])
    #expect(throws: LinearAlgebraError.singularMatrix) { try rankThree.inverse() }
    // The same in Float, whose inverse takes the SSE path on x86-64: rank 3,
    // and rank 3 up to a perturbation below Float's precision.
    let rankThreeFloat = StaticMatrix<4, 4, Float> { i, j in Float(rankThree[i, j]) }
    #expect(throws: LinearAlgebraError.singularMatrix) { try rankThreeFloat.inverse() }
    var nearlyRankThreeFloat = rankThreeFloat
    nearlyRankThreeFloat[2, 3] = Float(6).nextUp
    #expect(throws: LinearAlgebraError.singularMatrix) { try nearlyRankThreeFloat.inverse() }
    var infinite = StaticMatrix<4, 4, Float>.identity
    infinite[2, 3] = .infinity
    #expect(throws: LinearAlgebraError.singularMatrix) { try infinite.inverse() }
    let fourByFour = StaticMatrix<4, 4, Double>([[4, 1, 0, 2], [1, 5, 1, 0], [0, 1, 6, 1], [2, 0, 1, 7]])
    for factor in [1e150, 1e-150] {
      let badlyScaled = factor * fourByFour
      #expect(
        Matrix(try badlyScaled.inverse()).isApproximatelyEqual(
          to: try Matrix(badlyScaled).inverse(), relativeTolerance: 1e-13), "factor \(factor)")
    }
    // Rows of very different lengths: the first stage's Frobenius bound
    // cannot decide (det² = 5e5 against a limit of 5e36), the rows' exact
    // bound (limit 1e-24) does.
    var rowScaled = fourByFour
    for j in 0..<4 {
      rowScaled[0, j] *= 1e8
      rowScaled[3, j] *= 1e-8
    }
    // (Matrix's LU calls this singular: its pivot test is relative to the
    // whole matrix's norm.) X A = I to rounding.
    let residual = Matrix(try rowScaled.inverse()) * Matrix(rowScaled) - .identity(4)
    #expect(residual.elements.allSatisfy { abs($0) < 1e-14 }, "\(residual)")
    // Rows scaled by 1e200 and 1e-200: the rows' exact bound overflows too,
    // so the rows are divided by their largest entries and the inverse's
    // columns by the same factors.
    for (top, bottom) in [(1e200, 1e-200), (1e-200, 1e200), (1e300, 1)] {
      var extreme = fourByFour
      for j in 0..<4 {
        extreme[0, j] *= top
        extreme[3, j] *= bottom
      }
      let product = Matrix(try extreme.inverse()) * Matrix(extreme) - .identity(4)
      #expect(product.elements.allSatisfy { abs($0) < 1e-14 }, "\(top), \(bottom): \(product)")
    }
    for (top, bottom) in [(Float(1e30), Float(1e-30)), (1e-30, 1e30)] {
      var extreme = StaticMatrix<4, 4, Float> { i, j in Float(fourByFour[i, j]) }
      for j in 0..<4 {
        extreme[0, j] *= top
        extreme[3, j] *= bottom
      }
      let product = Matrix(try extreme.inverse()) * Matrix(extreme) - .identity(4)
      #expect(product.elements.allSatisfy { abs($0) < 1e-5 }, "\(top), \(bottom): \(product)")
    }
    var rowScaledRankThree = rankThree
    for j in 0..<4 { rowScaledRankThree[0, j] *= 1e8 }
    #expect(throws: LinearAlgebraError.singularMatrix) { try rowScaledRankThree.inverse() }
  }

  @Test func conversionsCodableAndDescription() throws {
    let a = StaticMatrix<2, 3, Double>([[1, 2, 3], [4, 5, 6]])
    #expect(StaticMatrix<2, 3, Double>(Matrix(a)) == a)
    #expect(a.description == Matrix(a).description)
    let data = try JSONEncoder().encode(a)
    #expect(try JSONDecoder().decode(StaticMatrix<2, 3, Double>.self, from: data) == a)
    #expect(try JSONDecoder().decode(Matrix<Double>.self, from: data) == Matrix(a))
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(StaticMatrix<3, 2, Double>.self, from: data)
    }
    #expect(MemoryLayout<StaticMatrix<4, 4, Double>>.size == 128, "inline storage, no heap")
  }

  @Test func wrongShapeConversionTraps() async {
    await #expect(processExitsWith: .failure) { _ = StaticMatrix<2, 2, Double>(Matrix<Double>.identity(3)) }
  }
}
