import LinearAlgebra
import Testing

/// The SVD-based measures and solvers of complex matrices (singular values,
/// rank, condition number, pseudo-inverse, least squares), integer
/// powers and log-determinants: numpy references for fixed matrices, and the Moore–Penrose
/// conditions and normal equations as residual ratios on random ones.
@Suite("Complex least squares, pseudo-inverse, rank, powers and log-determinants")
struct ComplexLeastSquaresTests {
  typealias C = Complex<Double>

  /// A full-rank 4×3 matrix and right-hand side whose numpy results
  /// (`lstsq`, `pinv`, `svd`, `cond`) are stored below.
  static let tall = Matrix<C>([
    [C(1, 2), C(-1, 0.5), C(3, -1)],
    [C(0.5, -1), C(2, 0), C(-1, 1)],
    [C(-2, 0.25), C(1, -3), C(0.5, 0.5)],
    [C(1, 1), C(0, -1), C(2, 2)],
  ])
  static let tallRightHandSide = [C(1, -1), C(2, 0.5), C(-1, 3), C(0.25, 0)]

  static func isClose(_ x: [C], _ y: [C], _ tolerance: Double = 1e-13) -> Bool {
    x.count == y.count && zip(x, y).allSatisfy { ($0 - $1).length <= tolerance }
  }

  @Test func measuresAndSolutionsMatchNumpy() {
    let a = Self.tall
    let values = a.singularValues()
    #expect(
      zip(values, [5.970098688589116, 3.246300084649416, 1.6976328840216646]).allSatisfy {
        abs($0 - $1) < 1e-13
      })
    #expect(a.rank() == 3)
    #expect(abs(a.conditionNumber() - 3.5167195126699298) < 1e-13)
    let x = a.leastSquares(Self.tallRightHandSide)
    let expected = [
      C(0.7060334872979216, -0.1879041570438799), C(-0.5252020785219398, 0.36076789838337175),
      C(-0.28890011547344113, -0.41065242494226306),
    ]
    #expect(Self.isClose(x, expected), "\(x)")
    let pseudoInverse = a.pseudoInverse()
    #expect(pseudoInverse.rowCount == 3 && pseudoInverse.columnCount == 4)
    #expect(
      Self.isClose(
        pseudoInverse.row(0),
        [
          C(-0.07228637413394928, -0.2353348729792148), C(0.1894919168591225, -0.006581986143187086),
          C(-0.08706697459584291, -0.1572748267898384), C(0.2899538106235567, -0.010046189376443424),
        ]))
    #expect(
      Self.isClose(
        pseudoInverse.row(2),
        [
          C(0.1610854503464203, 0.11431870669745961), C(-0.05571593533487301, -0.058891454965357984),
          C(-0.0046189376443418195, 0.16454965357967657), C(0.02684757505773668, -0.15935334872979215),
        ]))
  }

  /// Rank 2 (the third row is the first plus i times the second): numpy's
  /// minimum-norm `lstsq` solution, and the rank.
  @Test func rankDeficientLeastSquaresHasTheMinimumNorm() {
    let b = Matrix<C>([
      [C(1, 1), C(2, -1), C(0.5, 0)],
      [C(-1, 0), C(1, 2), C(3, -1)],
      [C(1, 0), C(0, 0), C(1.5, 3)],
    ])
    #expect(b.rank() == 2)
    #expect(b.conditionNumber() > 1e14)
    let y = b.leastSquares([C(1, 0), C(-2, 1), C(0.5, -0.5)])
    let expected = [
      C(0.26754385964912264, -0.17397660818713448), C(0.23830409356725135, 0.35428849902534104),
      C(-0.21150097465886936, -0.12768031189083826),
    ]
    #expect(Self.isClose(y, expected, 1e-12), "\(y)")
  }

  @Test func emptySingularAndNonFiniteInput() {
    let empty = Matrix<C>(rows: 0, columns: 3)
    #expect(empty.singularValues().isEmpty && empty.rank() == 0 && empty.conditionNumber() == 0)
    #expect(empty.pseudoInverse().rowCount == 3 && empty.pseudoInverse().columnCount == 0)
    #expect(empty.leastSquares([]) == [.zero, .zero, .zero])
    let zero = Matrix<C>(rows: 2, columns: 2)
    #expect(zero.rank() == 0 && zero.conditionNumber() == .infinity)
    #expect(zero.pseudoInverse() == zero && zero.leastSquares([C(1, 1), C(2, 0)]) == [.zero, .zero])
    var withNaN = Self.tall
    withNaN[1, 2] = C(.nan, 0)
    #expect(withNaN.singularValues().allSatisfy { $0.isNaN })
    #expect(withNaN.rank() == 0 && withNaN.conditionNumber().isNaN)
    #expect(withNaN.pseudoInverse().elements.allSatisfy { $0.real.isNaN })
    #expect(withNaN.leastSquares(Self.tallRightHandSide).allSatisfy { $0.real.isNaN })
    var infiniteRightHandSide = Self.tallRightHandSide
    infiniteRightHandSide[0] = C(0, .infinity)
    #expect(Self.tall.leastSquares(infiniteRightHandSide).allSatisfy { $0.real.isNaN })
  }

  /// ‖X‖_F of a reference matrix.
  static func norm(_ x: ComplexReference) -> Double { x.frobeniusNorm }

  static func check<R: RealMatrixScalar>(_: R.Type) {
    let epsilon = Double(R.ulpOfOne)
    // From 33 columns (rows of a wide matrix) on, the reflectors reach the
    // right-hand sides as block products; from 1.6 times as many rows as
    // columns (or the reverse), least squares factors QR first.
    let shapes = [
      (1, 1), (5, 3), (3, 5), (20, 20), (40, 12), (12, 40), (90, 40), (40, 90), (60, 40), (40, 60),
    ]
    for (index, (m, n)) in shapes.enumerated() {
      for rankTwo in [false, true] where !(rankTwo && min(m, n) <= 2) {
        let seed = UInt64(4200 + 10 * index + (rankTwo ? 1 : 0))
        var generator = SeededGenerator(seed: seed)
        let a =
          rankTwo
          ? Matrix<Complex<R>>.random(rows: m, columns: 2, in: -1...1, using: &generator)
            * Matrix<Complex<R>>.random(rows: 2, columns: n, in: -1...1, using: &generator)
          : Matrix<Complex<R>>.random(rows: m, columns: n, in: -1...1, using: &generator)
        let b = Matrix<Complex<R>>.random(rows: m, columns: 2, in: -1...1, using: &generator)
        let context = "\(R.self) \(m)×\(n)\(rankTwo ? " rank 2" : "") seed \(seed)"
        #expect(a.rank() == (rankTwo ? 2 : min(m, n)), "rank \(context)")
        let values = a.singularValues()
        let fromSVD = a.svd().singularValues
        #expect(
          zip(values, fromSVD).allSatisfy { abs(Double($0 - $1)) <= 30 * epsilon * Double(fromSVD[0]) },
          "values \(context)")

        // The Moore–Penrose conditions, each scaled by ‖A‖ ‖X‖ (κ in the
        // Frobenius norm) besides LAPACK's n ‖·‖ eps.
        let x = a.pseudoInverse()
        let (ar, xr) = (ComplexReference(a), ComplexReference(x))
        let kappa = norm(ar) * norm(xr)
        let size = max(m, n)
        let conditions = [
          complexResidualRatio(ar * xr * ar - ar, scale: norm(ar) * kappa, size: size, epsilon: epsilon),
          complexResidualRatio(xr * ar * xr - xr, scale: norm(xr) * kappa, size: size, epsilon: epsilon),
          complexResidualRatio((ar * xr).adjoint - ar * xr, scale: kappa, size: size, epsilon: epsilon),
          complexResidualRatio((xr * ar).adjoint - xr * ar, scale: kappa, size: size, epsilon: epsilon),
        ]
        #expect(conditions.allSatisfy { $0 < residualBound }, "Moore–Penrose \(conditions) \(context)")

        // The normal equations Aᴴ (b − A x) = 0, as LAPACK's least-squares
        // tests scale them: by ‖A‖ (‖A‖ ‖x‖ + ‖b‖).
        let solution = a.leastSquares(b)
        let (sr, br) = (ComplexReference(solution), ComplexReference(b))
        let normal = complexResidualRatio(
          ar.adjoint * (br - ar * sr), scale: norm(ar) * (norm(ar) * norm(sr) + norm(br)), size: size,
          epsilon: epsilon)
        #expect(normal < residualBound, "normal equations \(normal) \(context)")
        // The minimum-norm solution lies in the row space: A⁺ A x = x.
        let projection = complexResidualRatio(
          xr * (ar * sr) - sr, scale: kappa * norm(sr), size: size, epsilon: epsilon)
        #expect(projection < residualBound, "row space \(projection) \(context)")
      }
    }
  }

  @Test("Moore–Penrose conditions and normal equations", arguments: [ScalarType.float, .double])
  func randomMatrices(_ type: ScalarType) {
    switch type {
    case .float: Self.check(Float.self)
    case .double: Self.check(Double.self)
    }
  }

  /// numpy's `slogdet`: the phase of the determinant and the log of its
  /// length, also where the determinant itself overflows.
  @Test func logDeterminantsMatchNumpy() {
    let a = Matrix<C>([
      [C(1, 2), C(3, -1), C(0, 0.5)],
      [C(-2, 0), C(4, 4), C(1, -1)],
      [C(0.25, -3), C(0, 2), C(-1, 0.5)],
    ])
    let (sign, log) = a.logDeterminant()
    #expect((sign - C(-0.57442574909643, -0.8185566924624128)).length < 1e-14, "\(sign)")
    #expect(abs(log - 3.5501167079927307) < 1e-13, "\(log)")
    let scaled = a * C(1e150)
    #expect(!scaled.determinant().isFinite)
    let (scaledSign, scaledLog) = scaled.logDeterminant()
    #expect((scaledSign - C(-0.5744257490964301, -0.8185566924624128)).length < 1e-14)
    #expect(abs(scaledLog - 1039.7134085553134) < 1e-11, "\(scaledLog)")
    let singular = Matrix<C>([[C(1, 1), C(2, 2)], [C(1, 0), C(2, 0)]])
    #expect(singular.logDeterminant() == (0, -.infinity))
    let nan = Matrix<C>([[C(.nan, 0), C(1, 0)], [C(0, 1), C(1, 1)]])
    #expect(nan.logDeterminant().logMagnitude.isNaN)
    #expect(Matrix<C>(rows: 0, columns: 0).logDeterminant() == (C(1, 0), 0))
    // A real matrix's sign stays ±1, from its pivots' signs.
    #expect(Matrix<Double>([[0, 1], [1, 0]]).logDeterminant() == (-1, 0))
  }

  @Test func powersMatchNumpy() throws {
    let m = Matrix<C>([[C(0.5, 0.5), C(1, -0.25)], [C(0, -0.75), C(0.25, 1)]])
    #expect(
      try m.power(3).elements == [
        C(1.015625, -1.0625), C(-1.28125, 1.25), C(0.65625, 1.125), C(0.953125, -2.03125),
      ])
    #expect(
      Self.isClose(
        try m.power(-2).elements,
        [
          C(0.597607889767084, -0.0313352451563261), C(0.7453311883611946, 0.5002448066027837),
          C(0.48464301437158763, -0.4378376376779991), C(0.1285666676266926, 0.09900884183847702),
        ]))
    #expect(try m.power(0) == .identity(2))
    #expect(try m.power(1) == m)
    #expect(throws: LinearAlgebraError.singularMatrix) { try Matrix<C>(rows: 2, columns: 2).power(-1) }
  }
}
