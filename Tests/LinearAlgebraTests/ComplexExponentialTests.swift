import Foundation
import LinearAlgebra
import Testing

/// The exponential of complex matrices (`scipy.linalg.expm`): scipy
/// references for fixed matrices, closed forms, the unitary propagator of a
/// Hermitian matrix against its eigendecomposition, and the real 2n×2n
/// embedding of a random complex matrix through the real exponential.
@Suite("Complex matrix exponential")
struct ComplexExponentialTests {
  typealias C = Complex<Double>

  /// A 3×3 complex matrix whose exponentials at A/4 (‖·‖₁ = 1.34, no
  /// squaring) and 3A (‖·‖₁ = 16.1, scaled and squared) scipy computed.
  static let general = Matrix<C>([
    [C(1, 2), C(-1, 0.5), C(0.25, -1)],
    [C(0.5, -1), C(0, 2), C(-1, 1)],
    [C(-2, 0.25), C(1, -0.5), C(0.5, 0.5)],
  ])

  /// `scipy.linalg.expm(general / 4)`.
  static let expQuarter = Matrix<C>([
    [
      C(1.0553483862225184, 0.7296644671003331), C(-0.30745463972895126, -0.06797237821608229),
      C(0.21284827096442255, -0.2924203590663722),
    ],
    [
      C(0.35628072872545163, -0.21521888581425633), C(0.8143750202750333, 0.5596042875537561),
      C(-0.35602186128473245, 0.11573597290942925),
    ],
    [
      C(-0.5642983081636707, -0.184545287383569), C(0.36938158283782535, -0.044256120270042096),
      C(1.0570916352887139, 0.26144712386703034),
    ],
  ])

  /// `scipy.linalg.expm(general * 3)`.
  static let expTriple = Matrix<C>([
    [
      C(-336.9945409449013, -178.52522764401965), C(239.20846744319974, -65.73486342597509),
      C(86.47666795008395, 206.40911667167646),
    ],
    [
      C(-39.474773945034926, 322.50369338919177), C(-125.02595688842035, -170.94335259815304),
      C(138.04256972689382, -131.68717792340485),
    ],
    [
      C(290.6414984890209, -121.56954664515641), C(-83.7130908561897, 187.160553136184),
      C(-177.03230882842985, -53.415067892697955),
    ],
  ])

  static func single(_ a: Matrix<C>) -> Matrix<Complex<Float>> {
    Matrix<Complex<Float>>(
      rows: a.rowCount, columns: a.columnCount,
      elements: a.elements.map { Complex(Float($0.real), Float($0.imaginary)) })
  }

  static func double(_ a: Matrix<Complex<Float>>) -> Matrix<C> {
    Matrix<C>(
      rows: a.rowCount, columns: a.columnCount,
      elements: a.elements.map { C(Double($0.real), Double($0.imaginary)) })
  }

  @Test func matchesScipy() {
    for (a, expected, tolerance) in [
      (Self.general * C(0.25), Self.expQuarter, 1e-15), (Self.general * C(3), Self.expTriple, 1e-14),
    ] {
      let computed = a.exponential()
      #expect(
        computed.isApproximatelyEqual(to: expected, relativeTolerance: tolerance),
        "expm of \(a): \(computed)")
      let single = Self.double(Self.single(a).exponential())
      #expect(
        single.isApproximatelyEqual(to: expected, relativeTolerance: 2e-6), "Complex<Float> expm: \(single)")
    }
  }

  @Test func closedForms() {
    // e^(iπ) = −1, and a diagonal matrix's exponential is the exponentials
    // of its diagonal.
    let pi = Matrix<C>([[C(0, Double.pi)]]).exponential()[0, 0]
    #expect((pi - C(-1)).length < 1e-15, "e^(iπ) = \(pi)")
    let diagonal: [C] = [C(1, 2), C(-3, 0.5), C(0, -7), C(2.5, 2.5)]
    var d = Matrix<C>(rows: 4, columns: 4)
    for (i, z) in diagonal.enumerated() { d[i, i] = z }
    let expD = d.exponential()
    for (i, z) in diagonal.enumerated() {
      let expected = C(cos(z.imaginary), sin(z.imaginary)) * C(exp(z.real))
      #expect((expD[i, i] - expected).length <= 1e-14 * expected.length, "e^\(z) = \(expD[i, i])")
      for j in 0..<4 where j != i { #expect(expD[i, j] == .zero) }
    }
    // A non-normal Jordan block: e^[[z, t], [0, z]] = e^z [[1, t], [0, 1]].
    let z = C(0.3, -1.2)
    let ez = C(cos(z.imaginary), sin(z.imaginary)) * C(exp(z.real))
    let jordan = Matrix<C>([[z, C(1e6)], [.zero, z]]).exponential()
    let expectedJordan = Matrix<C>([[ez, ez * C(1e6)], [.zero, ez]])
    #expect(jordan.isApproximatelyEqual(to: expectedJordan, relativeTolerance: 1e-13), "\(jordan)")
  }

  /// U = e^(−iHt) for a random Hermitian H is unitary and equals
  /// V diag(e^(−iλt)) Vᴴ from H's eigendecomposition, for t from no
  /// squaring to many.
  @Test func hermitianPropagatorIsUnitary() {
    for (seed, t) in [(71, 0.01), (72, 1.0), (73, 40.0)] as [(UInt64, Double)] {
      var generator = SeededGenerator(seed: seed)
      let n = 24
      let x = Matrix<C>.random(rows: n, columns: n, in: -1...1, using: &generator)
      let h = (x + x.adjoint()) * C(0.5)
      let u = (C(0, -t) * h).exponential()
      let reference = ComplexReference(u)
      let unitarity = complexResidualRatio(
        reference.adjoint * reference - .identity(n), scale: 1, size: n, epsilon: Double.ulpOfOne)
      #expect(unitarity < 30, "‖UᴴU − I‖ / (n eps) = \(unitarity) (seed \(seed), t = \(t))")
      let eigen = h.hermitianEigen()
      let phases = eigen.eigenvalues.map { C(cos(-$0 * t), sin(-$0 * t)) }
      let v = ComplexReference(eigen.eigenvectors)
      let spectral = v.scalingColumns(by: phases) * v.adjoint
      let difference = complexResidualRatio(reference - spectral, scale: 1, size: n, epsilon: Double.ulpOfOne)
      #expect(
        difference < 30 * (1 + t), "‖e^(−iHt) − V e^(−iΛt) Vᴴ‖ / (n eps) = \(difference) (seed \(seed))")
    }
  }

  /// A = X + iY acts on (re, im) as the real M = [[X, −Y], [Y, X]], so
  /// e^M = [[Re e^A, −Im e^A], [Im e^A, Re e^A]]: the complex path against
  /// the real one, in Double and Float.
  @Test func agreesWithTheRealEmbedding() {
    for (seed, factor) in [(81, 0.05), (82, 0.5), (83, 3.0)] as [(UInt64, Double)] {
      var generator = SeededGenerator(seed: seed)
      let n = 20
      let a = Matrix<C>.random(rows: n, columns: n, in: -1...1, using: &generator) * C(factor)
      var m = Matrix<Double>(rows: 2 * n, columns: 2 * n)
      for i in 0..<n {
        for j in 0..<n {
          let z = a[i, j]
          m[i, j] = z.real
          m[n + i, n + j] = z.real
          m[i, n + j] = -z.imaginary
          m[n + i, j] = z.imaginary
        }
      }
      let realExp = m.exponential()
      let expected = Matrix<C>(
        rows: n, columns: n,
        elements: (0..<(n * n)).map { C(realExp[$0 / n, $0 % n], realExp[n + $0 / n, $0 % n]) })
      let computed = a.exponential()
      #expect(
        computed.isApproximatelyEqual(to: expected, relativeTolerance: 1e-14),
        "complex e^A against the real embedding (seed \(seed), ×\(factor))")
      let single = Self.double(Self.single(a).exponential())
      #expect(
        single.isApproximatelyEqual(to: expected, relativeTolerance: 4e-6),
        "Complex<Float> e^A (seed \(seed), ×\(factor))")
    }
  }

  @Test func edgeCases() {
    #expect(Matrix<C>(rows: 0, columns: 0).exponential().rowCount == 0)
    #expect(Matrix<C>(rows: 3, columns: 3).exponential() == .identity(3))
    let withNaN = Matrix<C>([[C(1, .nan), .zero], [.zero, C(1)]]).exponential()
    #expect(withNaN.elements.allSatisfy { $0.isNaN })
    let withInfinity = Matrix<Complex<Float>>([[Complex(.infinity, 0), .zero], [.zero, .zero]]).exponential()
    #expect(withInfinity.elements.allSatisfy { $0.isNaN })
  }
}
