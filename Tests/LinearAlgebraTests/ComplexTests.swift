import Foundation
import LinearAlgebra
import Testing

@Suite("Complex numbers")
struct ComplexNumberTests {
  @Test func arithmeticMatchesTheDefinitions() {
    let z = Complex<Double>(3, 4)
    let w = Complex<Double>(1, -2)
    #expect(z + w == Complex(4, 2))
    #expect(z - w == Complex(2, 6))
    #expect(z * w == Complex(11, -2))
    #expect(z / w == Complex(-1, 2))
    #expect(z.conjugate == Complex(3, -4))
    #expect(z.length == 5)
    #expect(z.magnitude == 4)
    #expect(-z == Complex(-3, -4))
    #expect(z * z.conjugate == Complex(25, 0))
    #expect(Complex<Double>.i * Complex<Double>.i == Complex(-1, 0))
    let three: Complex<Float> = 3
    #expect(three == Complex(3, 0))
  }

  @Test func lengthNeitherOverflowsNorUnderflows() {
    #expect(Complex<Double>(3e300, 4e300).length == 5e300)
    #expect(abs(Complex<Double>(3e-310, 4e-310).length - 5e-310) <= 1e-323)
    #expect(Complex<Float>(3e37, 4e37).length == 5e37)
    #expect(Complex<Double>(.infinity, .nan).length == .infinity)
    #expect(Complex<Double>(.nan, -.infinity).length == .infinity)
    #expect(Complex<Double>(.nan, 1).length.isNaN)
    #expect(Complex<Double>(0, 0).length == 0)
  }

  @Test func divisionIsSmithsWithoutNeedlessOverflow() {
    // The naive formula squares the divisor: 1e300² overflows.
    let huge = Complex<Double>(1e300, 1e300)
    #expect(huge / huge == Complex(1, 0))
    let quotient = Complex<Double>(1, 1) / Complex(1e-300, 1e-300)
    #expect(abs(quotient.real - 1e300) <= 1e285 && quotient.imaginary == 0)
    // Tiny divisor parts whose ratio underflows.
    let skewed = Complex<Double>(2, 0) / Complex(1e-200, 1e-320)
    #expect(abs(skewed.real - 2e200) <= 2e186 && skewed.imaginary.isFinite)
    let byZero = Complex<Double>(1, 1) / Complex(0, 0)
    #expect(!byZero.isFinite)
    #expect((Complex<Double>(1, 1) / Complex(.nan, 0)).isNaN)
    #expect((Complex<Float>(6, 8) / Complex(3, 4)) == Complex(2, 0))
  }

  @Test func nanAndInfinityPropagate() {
    let nan = Complex<Double>(.nan, 0)
    #expect((nan + Complex(1, 1)).isNaN)
    #expect((nan * Complex(1, 1)).isNaN)
    #expect(!(Complex<Double>(.infinity, 0) * Complex(2, 0)).isFinite)
    #expect(nan != nan)
  }

  @Test func conformances() throws {
    let z = Complex<Double>(1.5, -2)
    #expect(z.description == "1.5 - 2.0i")
    #expect(Complex<Double>(0, 1).description == "0.0 + 1.0i")
    #expect(Set([Complex<Double>(0, 0), Complex(-0.0, 0)]).count == 1)
    let data = try JSONEncoder().encode([z])
    #expect(String(decoding: data, as: UTF8.self) == "[[1.5,-2]]")
    #expect(try JSONDecoder().decode([Complex<Double>].self, from: data) == [z])
    #expect(MemoryLayout<Complex<Double>>.size == 16 && MemoryLayout<Complex<Double>>.alignment == 8)
    #expect(MemoryLayout<Complex<Float>>.size == 8)
  }
}

@Suite("Complex matrices")
struct ComplexMatrixTests {
  typealias C = Complex<Double>

  /// A fixed matrix whose numpy results are stored below.
  static let fixed = Matrix<C>([
    [C(1, 2), C(3, -1), C(0, 0.5)],
    [C(-2, 0), C(4, 4), C(1, -1)],
    [C(0.25, -3), C(0, 2), C(-1, 0.5)],
  ])

  static func random<R: RealMatrixScalar>(
    _: R.Type, rows: Int, columns: Int, seed: UInt64
  ) -> Matrix<Complex<R>> {
    var generator = SeededGenerator(seed: seed)
    return Matrix<Complex<R>>.random(rows: rows, columns: columns, in: -1...1, using: &generator)
  }

  @Test func partsAdjointAndArithmetic() {
    let a = Self.fixed
    #expect(Matrix(real: a.real, imaginary: a.imaginary) == a)
    #expect(a.real[1, 1] == 4 && a.imaginary[2, 0] == -3)
    #expect(a.adjoint()[0, 2] == C(0.25, 3))
    #expect(a.transposed()[0, 2] == C(0.25, -3))
    #expect(a.conjugate()[0, 0] == C(1, -2))
    #expect((a + a)[1, 1] == C(8, 8))
    #expect((a - a).elements.allSatisfy { $0 == .zero })
    #expect((C(0, 1) * a)[0, 0] == C(-2, 1))
    #expect(a.trace == C(4, 6.5))
    #expect(a[0..<2, 1...][1, 1] == C(1, -1))
    #expect(Matrix<C>.identity(2)[1, 1] == C(1, 0))
    #expect(Matrix<Double>([[1, 2]]).adjoint() == Matrix([[1], [2]]))
  }

  @Test func productsMatchPlainLoops() {
    // Small shapes take the direct loop, large ones the 4M real product:
    // edge columns of the packed kernel's slivers (70×50×40, 129×65×97),
    // two depth blocks and rows split across threads (300×250×45), and
    // columns split across threads (20×40×600).
    let shapes = [
      (1, 1, 1), (3, 5, 2), (7, 1, 9), (8, 8, 8), (2, 8, 4), (70, 50, 40), (129, 65, 97), (64, 64, 1),
      (0, 3, 2),
      (300, 250, 45),
      (20, 40, 600),
    ]
    for (m, k, n) in shapes {
      let seed = UInt64(m * 10_000 + k * 100 + n)
      let a = Self.random(Double.self, rows: m, columns: k, seed: seed)
      let b = Self.random(Double.self, rows: k, columns: n, seed: seed + 1)
      let reference = ComplexReference(a) * ComplexReference(b)
      let ratio = complexResidualRatio(
        ComplexReference(a * b) - reference,
        scale: ComplexReference(a).frobeniusNorm * ComplexReference(b).frobeniusNorm, size: k,
        epsilon: Double.ulpOfOne)
      #expect(ratio < residualBound, "product \(m)×\(k)×\(n), seed \(seed): ratio \(ratio)")
      if n > 0 {
        // The matrix-vector product against the first column.
        let y = a * b.column(0)
        let expected = (0..<m).map { reference[$0, 0] }
        let error = zip(y, expected).map { ($0 - $1).length }.max() ?? 0
        #expect(error <= 1e-12 * Double(max(k, 1)), "matrix-vector \(m)×\(k), seed \(seed)")
      }
      let af = Self.random(Float.self, rows: m, columns: k, seed: seed)
      let bf = Self.random(Float.self, rows: k, columns: n, seed: seed + 1)
      let floatRatio = complexResidualRatio(
        ComplexReference(af * bf) - ComplexReference(af) * ComplexReference(bf),
        scale: ComplexReference(af).frobeniusNorm * ComplexReference(bf).frobeniusNorm, size: k,
        epsilon: Double(Float.ulpOfOne))
      #expect(floatRatio < residualBound, "Float product \(m)×\(k)×\(n), seed \(seed): ratio \(floatRatio)")
    }
  }

  @Test func determinantNormsAndSingularValuesMatchNumpy() throws {
    let a = Self.fixed
    let determinant = a.determinant()
    #expect((determinant - C(-20, -28.5)).length < 1e-13)
    #expect(abs(a.norm(.one) - 10.81913190966076) < 1e-13)
    #expect(abs(a.norm(.infinity) - 9.071067811865476) < 1e-13)
    #expect(abs(a.norm(.spectral) - 7.514972219021784) < 1e-13)
    #expect(abs(a.norm(.nuclear) - 12.026494074714345) < 1e-13)
    #expect(abs(a.norm() - 8.219641111386798) < 1e-13)
    let expected = [7.514972219021784, 2.9305860237544588, 1.5809358319381008]
    #expect(zip(a.svd().singularValues, expected).allSatisfy { abs($0 - $1) < 1e-13 })
    let lu = a.lu()
    #expect((lu.determinant() - C(-20, -28.5)).length < 1e-13)
  }

  @Test(arguments: [ScalarType.float, .double])
  func solversHaveSmallResiduals(_ type: ScalarType) throws {
    switch type {
    case .float: try checkSolvers(Float.self)
    case .double: try checkSolvers(Double.self)
    }
  }

  private func checkSolvers<R: RealMatrixScalar>(_: R.Type) throws {
    let epsilon = Double(R.ulpOfOne)
    for n in [1, 2, 5, 33, 41, 130] {
      let seed = UInt64(n) &* 7919
      let a = Self.random(R.self, rows: n, columns: n, seed: seed)
      let b = Self.random(R.self, rows: n, columns: 3, seed: seed + 1)
      let reference = ComplexReference(a)
      let scale = reference.frobeniusNorm
      let context = "\(R.self) n = \(n), seed \(seed)"

      // solve: ‖A x − b‖ / (‖A‖ ‖x‖ n eps)
      let x = try a.solve(b)
      let solveRatio = complexResidualRatio(
        reference * ComplexReference(x) - ComplexReference(b),
        scale: scale * ComplexReference(x).frobeniusNorm,
        size: n, epsilon: epsilon)
      #expect(solveRatio < residualBound, "solve \(context): \(solveRatio)")
      let vectorSolution = try a.solve(b.column(0))
      #expect(zip(vectorSolution, x.column(0)).allSatisfy { ($0 - $1).length <= R(1e-3) })

      // inverse: ‖A A⁻¹ − I‖ / (‖A‖ ‖A⁻¹‖ n eps)
      let inverse = try a.inverse()
      let inverseRatio = complexResidualRatio(
        reference * ComplexReference(inverse) - .identity(n),
        scale: scale * ComplexReference(inverse).frobeniusNorm, size: n, epsilon: epsilon)
      #expect(inverseRatio < residualBound, "inverse \(context): \(inverseRatio)")

      // lu: ‖P A − L U‖ / (‖A‖ n eps)
      let lu = a.lu()
      let luRatio = complexResidualRatio(
        ComplexReference(lu.permutation) * reference - ComplexReference(lu.lower)
          * ComplexReference(lu.upper),
        scale: scale, size: n, epsilon: epsilon)
      #expect(luRatio < residualBound, "lu \(context): \(luRatio)")
      let luSolution = try lu.solve(b)
      #expect(
        zip(luSolution.elements, x.elements).allSatisfy { ($0 - $1).length <= R(1e-2) * (1 + $1.length) })

      // qr of a tall matrix: ‖A − Q R‖ / (‖A‖ m eps), ‖Qᴴ Q − I‖ / (m eps)
      let tall = Self.random(R.self, rows: n + 4, columns: n, seed: seed + 2)
      let qr = tall.qr()
      let qrRatio = complexResidualRatio(
        ComplexReference(tall) - ComplexReference(qr.q) * ComplexReference(qr.r),
        scale: ComplexReference(tall).frobeniusNorm, size: n + 4, epsilon: epsilon)
      #expect(qrRatio < residualBound, "qr \(context): \(qrRatio)")
      let q = ComplexReference(qr.q)
      let orthogonality = complexResidualRatio(
        q.adjoint * q - .identity(n), scale: 1, size: n + 4, epsilon: epsilon)
      #expect(orthogonality < residualBound, "qr orthogonality \(context): \(orthogonality)")
      for row in 0..<qr.r.rowCount {
        for column in 0..<row { #expect(qr.r[row, column] == .zero) }
      }
      let leastSquares = try qr.solve(Self.random(R.self, rows: n + 4, columns: 1, seed: seed + 3))
      #expect(leastSquares.rowCount == n && leastSquares.elements.allSatisfy { $0.isFinite })

      // svd: ‖A − U Σ Vᴴ‖ / (‖A‖ n eps), real descending σ
      let svd = tall.svd()
      let sigma = svd.singularValues.map { Complex(Double($0)) }
      let svdRatio = complexResidualRatio(
        ComplexReference(tall) - ComplexReference(svd.u).scalingColumns(by: sigma)
          * ComplexReference(svd.v).adjoint,
        scale: ComplexReference(tall).frobeniusNorm, size: n + 4, epsilon: epsilon)
      #expect(svdRatio < residualBound, "svd \(context): \(svdRatio)")
      #expect(zip(svd.singularValues, svd.singularValues.dropFirst()).allSatisfy { $0 >= $1 })

      checkHermitianEigen(of: a + a.adjoint(), context: context)
    }
  }

  /// hermitianEigen of `hermitian`: ‖H V − V Λ‖ / (‖H‖ n eps) and
  /// ‖VᴴV − I‖ / (n eps) below the bound, eigenvalues ascending.
  private func checkHermitianEigen<R: RealMatrixScalar>(of hermitian: Matrix<Complex<R>>, context: String) {
    let n = hermitian.rowCount
    let epsilon = Double(R.ulpOfOne)
    let eigen = hermitian.hermitianEigen()
    let values = eigen.eigenvalues.map { Complex(Double($0)) }
    let v = ComplexReference(eigen.eigenvectors)
    let h = ComplexReference(hermitian)
    let eigenRatio = complexResidualRatio(
      h * v - v.scalingColumns(by: values), scale: h.frobeniusNorm, size: n, epsilon: epsilon)
    #expect(eigenRatio < residualBound, "hermitianEigen \(context): \(eigenRatio)")
    #expect(zip(eigen.eigenvalues, eigen.eigenvalues.dropFirst()).allSatisfy { $0 <= $1 })
    let unitary = complexResidualRatio(v.adjoint * v - .identity(n), scale: 1, size: n, epsilon: epsilon)
    #expect(unitary < residualBound, "hermitianEigen unitarity \(context): \(unitary)")
  }

  @Test(arguments: [ScalarType.float, .double])
  func largeHermitianEigenFormsQInBlocks(_ type: ScalarType) {
    switch type {
    case .float: checkLargeHermitianEigen(Float.self)
    case .double: checkLargeHermitianEigen(Double.self)
    }
  }

  /// n = 200: Q of the tridiagonalization from 199 reflectors, past the
  /// size where they are applied in blocks rather than one at a time.
  private func checkLargeHermitianEigen<R: RealMatrixScalar>(_: R.Type) {
    let n = 200
    let seed: UInt64 = 2_002
    let a = Self.random(R.self, rows: n, columns: n, seed: seed)
    checkHermitianEigen(of: a + a.adjoint(), context: "\(R.self) n = \(n), seed \(seed)")
  }

  @Test(arguments: [ScalarType.float, .double])
  func largerQRFactorsInPanelsAndFormsQInBlocks(_ type: ScalarType) {
    switch type {
    case .float: checkLargerQR(Float.self)
    case .double: checkLargerQR(Double.self)
    }
  }

  /// Shapes past one 32-column panel (the trailing columns updated as
  /// block reflectors), wide and tall, and k = min(m, n) of 160 and more,
  /// where Q is formed from blocks of reflectors: ‖A − Q R‖ / (‖A‖ m eps),
  /// ‖Qᴴ Q − I‖ / (m eps), R upper triangular.
  private func checkLargerQR<R: RealMatrixScalar>(_: R.Type) {
    let epsilon = Double(R.ulpOfOne)
    for (m, n) in [(230, 170), (170, 230), (64, 64), (300, 33)] {
      let seed = UInt64(m * 1000 + n)
      let context = "\(R.self) \(m)×\(n), seed \(seed)"
      let a = Self.random(R.self, rows: m, columns: n, seed: seed)
      let qr = a.qr()
      let k = Swift.min(m, n)
      #expect(qr.q.rowCount == m && qr.q.columnCount == k && qr.r.rowCount == k && qr.r.columnCount == n)
      let reference = ComplexReference(a)
      let residual = complexResidualRatio(
        reference - ComplexReference(qr.q) * ComplexReference(qr.r), scale: reference.frobeniusNorm,
        size: m, epsilon: epsilon)
      #expect(residual < residualBound, "qr \(context): \(residual)")
      let q = ComplexReference(qr.q)
      let orthogonality = complexResidualRatio(
        q.adjoint * q - .identity(k), scale: 1, size: m, epsilon: epsilon)
      #expect(orthogonality < residualBound, "qr orthogonality \(context): \(orthogonality)")
      #expect((0..<k).allSatisfy { row in (0..<Swift.min(row, n)).allSatisfy { qr.r[row, $0] == .zero } })
    }
  }

  @Test(arguments: [ScalarType.float, .double])
  func badlyScaledHermitianEigen(_ type: ScalarType) {
    switch type {
    case .float: checkBadlyScaledHermitianEigen(Float.self, scales: [1e30, 1e-30, 1e36, 1e-36])
    case .double: checkBadlyScaledHermitianEigen(Double.self, scales: [1e200, 1e-200, 1e300, 1e-300])
    }
  }

  @Test(arguments: [ScalarType.float, .double])
  func badlyScaledQRAndSVD(_ type: ScalarType) {
    switch type {
    case .float: checkBadlyScaledQRAndSVD(Float.self, scales: [1e30, 1e-30, 1e36, 1e-36])
    case .double: checkBadlyScaledQRAndSVD(Double.self, scales: [1e200, 1e-200, 1e300, 1e-300])
    }
  }

  @Test(arguments: [ScalarType.float, .double])
  func badlyScaledSolveAndInverse(_ type: ScalarType) throws {
    switch type {
    case .float: try checkBadlyScaledSolveAndInverse(Float.self, scales: [1e30, 1e-30, 1e36, 1e-36])
    case .double: try checkBadlyScaledSolveAndInverse(Double.self, scales: [1e200, 1e-200, 1e300, 1e-300])
    }
  }

  /// inverse(), solve and lu() of s A (140×140; Float entries of 1e-36 were
  /// called singular when ‖A⁻¹‖'s estimate overflowed): A (s X) = I and
  /// A (s x) = b to the residual bound, on the unscaled A.
  private func checkBadlyScaledSolveAndInverse<R: RealMatrixScalar>(_: R.Type, scales: [R]) throws {
    let epsilon = Double(R.ulpOfOne)
    let n = 140
    let seed: UInt64 = 6_203
    let a = Self.random(R.self, rows: n, columns: n, seed: seed)
    let b = Self.random(R.self, rows: n, columns: 2, seed: seed + 1)
    let (reference, right) = (ComplexReference(a), ComplexReference(b))
    for scale in scales {
      let context = "\(R.self) n = \(n), seed \(seed), scale \(scale)"
      let scaled = a.map { $0 * Complex(scale) }
      let inverse = ComplexReference(try scaled.inverse().map { $0 * Complex(scale) })
      let inverseRatio = complexResidualRatio(
        reference * inverse - .identity(n), scale: reference.frobeniusNorm * inverse.frobeniusNorm, size: n,
        epsilon: epsilon)
      #expect(inverseRatio < residualBound, "inverse \(context): \(inverseRatio)")
      for x in [try scaled.solve(b), try scaled.lu().solve(b)] {
        let solution = ComplexReference(x.map { $0 * Complex(scale) })
        let ratio = complexResidualRatio(
          reference * solution - right, scale: reference.frobeniusNorm * solution.frobeniusNorm, size: n,
          epsilon: epsilon)
        #expect(ratio < residualBound, "solve \(context): \(ratio)")
      }
    }
  }

  /// qr() and svd() of s A (24×20) for scales whose squares over- or
  /// underflow: A = Q (R / s) and A = U (Σ / s) Vᴴ to the residual bound on
  /// the unscaled A, Q and U with orthonormal columns.
  private func checkBadlyScaledQRAndSVD<R: RealMatrixScalar>(_: R.Type, scales: [R]) {
    let epsilon = Double(R.ulpOfOne)
    let seed: UInt64 = 6_101
    let a = Self.random(R.self, rows: 24, columns: 20, seed: seed)
    let reference = ComplexReference(a)
    for scale in scales {
      let context = "\(R.self) seed \(seed), scale \(scale)"
      let scaled = a.map { $0 * Complex(scale) }
      let qr = scaled.qr()
      let q = ComplexReference(qr.q)
      let r = ComplexReference(qr.r.map { $0 * Complex(1 / scale) })
      let qrRatio = complexResidualRatio(
        reference - q * r, scale: reference.frobeniusNorm, size: 24, epsilon: epsilon)
      #expect(qrRatio < residualBound, "qr \(context): \(qrRatio)")
      let orthogonality = complexResidualRatio(
        q.adjoint * q - .identity(20), scale: 1, size: 24, epsilon: epsilon)
      #expect(orthogonality < residualBound, "qr orthogonality \(context): \(orthogonality)")
      let svd = scaled.svd()
      let sigma = svd.singularValues.map { Complex(Double($0) / Double(scale)) }
      let svdRatio = complexResidualRatio(
        reference - ComplexReference(svd.u).scalingColumns(by: sigma) * ComplexReference(svd.v).adjoint,
        scale: reference.frobeniusNorm, size: 24, epsilon: epsilon)
      #expect(svdRatio < residualBound, "svd \(context): \(svdRatio)")
    }
  }

  /// s H for scales whose squares over- or underflow, at n = 20 (Eigen's
  /// steps) and n = 50 (the blocked reduction and inverse iteration): the
  /// eigenvalues are s times H's (to 100 n eps of ‖H‖), and the vectors
  /// satisfy H V = V Λ / s with the residual ratio of checkHermitianEigen.
  private func checkBadlyScaledHermitianEigen<R: RealMatrixScalar>(_: R.Type, scales: [R]) {
    let epsilon = Double(R.ulpOfOne)
    for n in [20, 50] {
      let seed = UInt64(n) &* 6_007
      let a = Self.random(R.self, rows: n, columns: n, seed: seed)
      let hermitian = a + a.adjoint()
      let unscaled = hermitian.hermitianEigen().eigenvalues
      let h = ComplexReference(hermitian)
      let largest = unscaled.map { Double(abs($0)) }.max() ?? 0
      for scale in scales {
        let context = "\(R.self) n = \(n), seed \(seed), scale \(scale)"
        let eigen = hermitian.map { $0 * Complex(scale) }.hermitianEigen()
        let values = eigen.eigenvalues.map { Double($0) / Double(scale) }
        let worst = zip(values, unscaled).map { abs($0 - Double($1)) }.max() ?? 0
        #expect(worst <= 100 * Double(n) * epsilon * largest, "\(context): eigenvalues off by \(worst)")
        let v = ComplexReference(eigen.eigenvectors)
        let ratio = complexResidualRatio(
          h * v - v.scalingColumns(by: values.map { Complex($0) }), scale: h.frobeniusNorm, size: n,
          epsilon: epsilon)
        #expect(ratio < residualBound, "hermitianEigen \(context): \(ratio)")
      }
    }
  }

  @Test(arguments: [ScalarType.float, .double])
  func clusteredHermitianEigenvaluesKeepOrthogonalVectors(_ type: ScalarType) {
    switch type {
    case .float: checkClusteredHermitianEigen(Float.self)
    case .double: checkClusteredHermitianEigen(Double.self)
    }
  }

  /// n = 160, past the size where the vectors come from inverse iteration
  /// on the tridiagonal form: H = Q D Qᴴ for a random unitary Q, with D
  /// holding 1 forty times, forty values a few ulps apart, and eighty
  /// spread over [−2, −1]. Within a cluster the vectors must be
  /// orthogonalized against each other.
  private func checkClusteredHermitianEigen<R: RealMatrixScalar>(_: R.Type) {
    let n = 160
    let seed: UInt64 = 2_003
    let q = Self.random(R.self, rows: n, columns: n, seed: seed).qr().q
    let ulps = 8 * R.ulpOfOne
    let values: [R] = (0..<n).map { (k: Int) -> R in
      if k < 40 { return 1 }
      if k < 80 { return 2 + R(k - 40) * ulps }
      return -2 + R(k - 80) / 80
    }
    let product = q * Matrix.diagonal(values.map { Complex($0) }) * q.adjoint()
    let half = Complex(R(0.5))
    let hermitian = Matrix<Complex<R>>(rows: n, columns: n) { i, j in
      (product[i, j] + product[j, i].conjugate) * half
    }
    checkHermitianEigen(of: hermitian, context: "\(R.self) clustered n = \(n), seed \(seed)")
  }

  @Test(arguments: [ScalarType.float, .double])
  func largeSolvesSpanManyPanels(_ type: ScalarType) throws {
    switch type {
    case .float: try checkLargeSolve(Float.self)
    case .double: try checkLargeSolve(Double.self)
    }
  }

  /// n = 400: six 64-column panels with their trailing updates on the
  /// packed product; a vector right-hand side keeps the residual check
  /// O(n²).
  private func checkLargeSolve<R: RealMatrixScalar>(_: R.Type) throws {
    let n = 400
    let seed: UInt64 = 4_004
    let a = Self.random(R.self, rows: n, columns: n, seed: seed)
    let b = Self.random(R.self, rows: n, columns: 1, seed: seed + 1)
    let x = try a.solve(b)
    let reference = ComplexReference(a)
    let ratio = complexResidualRatio(
      reference * ComplexReference(x) - ComplexReference(b),
      scale: reference.frobeniusNorm * ComplexReference(x).frobeniusNorm, size: n,
      epsilon: Double(R.ulpOfOne))
    #expect(ratio < residualBound, "\(R.self) n = \(n), seed \(seed): solve ratio \(ratio)")
    let factored = try a.lu().solve(b)
    #expect(zip(factored.elements, x.elements).allSatisfy { ($0 - $1).length <= R(1e-2) * (1 + $1.length) })
  }

  @Test func hermitianEigenvaluesMatchNumpy() {
    let h = Matrix<C>([
      [C(2, 0), C(1, -1), C(0, 3)],
      [C(1, 1), C(5, 0), C(-2, 0.5)],
      [C(0, -3), C(-2, -0.5), C(-1, 0)],
    ])
    let expected = [-3.0437671470704433, 2.248052066013249, 6.795715081057197]
    #expect(zip(h.hermitianEigen().eigenvalues, expected).allSatisfy { abs($0 - $1) < 1e-13 })
  }

  @Test func determinantsTrackTheirExponent() {
    // (1e70 (1 + i)) · 1e70⁴ · 1e-70⁴ · (1e-70 i) = −1 + i, with 1e350 on the
    // way; five pivots of 1e70 (1 + i) overflow to infinite parts, not NaN
    // (numpy's det gives ±inf in each part). Entries stay below the LU
    // family's own scaling, from 2^±256.
    let big = [C](repeating: C(1e70, 0), count: 4)
    let small = [C](repeating: C(1e-70, 0), count: 4)
    let wide = Matrix<C>.diagonal([C(1e70, 1e70)] + big + small + [C(0, 1e-70)])
    #expect((wide.determinant() - C(-1, 1)).length < 1e-13)
    #expect((wide.lu().determinant() - C(-1, 1)).length < 1e-13)
    let huge = Matrix<C>.diagonal([C](repeating: C(1e70, 1e70), count: 5))
    for determinant in [huge.determinant(), huge.lu().determinant()] {
      #expect(determinant.real.isInfinite && determinant.imaginary.isInfinite, "\(determinant)")
    }
  }

  @Test func singularAndNonFiniteInput() throws {
    let singular = Matrix<C>([[C(1, 1), C(2, 2)], [C(2, 2), C(4, 4)]])
    #expect(throws: LinearAlgebraError.singularMatrix) { try singular.inverse() }
    #expect(throws: LinearAlgebraError.singularMatrix) { try singular.solve([C(1, 0), C(0, 1)]) }
    #expect(singular.lu().isSingular)
    #expect(singular.determinant().length < 1e-14)
    var withNaN = Self.fixed
    withNaN[1, 1] = C(.nan, 0)
    #expect(try withNaN.inverse().elements.allSatisfy { $0.isNaN })
    #expect(withNaN.svd().singularValues.allSatisfy { $0.isNaN })
    #expect(withNaN.hermitianEigen().eigenvalues.allSatisfy { $0.isNaN })
    #expect(withNaN.norm(.one).isNaN)
    // Badly scaled but well conditioned: not singular, whatever the scale
    // (the 1-norm takes its careful path below and above the squares' range).
    for scale in [1e-200, 1e-150, 1e150, 1e200] {
      let scaled = Self.fixed.map { $0 * C(scale, 0) }
      let inverse = try scaled.inverse()
      let residual = (scaled * inverse - .identity(scaled.rowCount)).norm(.one)
      #expect(residual < 1e-13, "‖A A⁻¹ − I‖₁ = \(residual) at scale \(scale)")
      #expect(!scaled.lu().isSingular, "scale \(scale)")
    }
    // From 256 the check, copy and 1-norm run in row ranges across the
    // threads: a non-finite entry in the last range, and both careful paths.
    let large =
      Self.random(Double.self, rows: 300, columns: 300, seed: 77) + .identity(300).map { $0 * C(300, 0) }
    for bad in [C(.infinity, 0), C(0, .nan)] {
      var withBad = large
      withBad[299, 7] = bad
      #expect(try withBad.solve([C](repeating: C(1, 0), count: 300)).allSatisfy { $0.isNaN }, "\(bad)")
    }
    // Singular at 300×300 (a row repeated): the right-hand side, solved
    // beside the condition estimate there, is not returned.
    var repeated = large
    for column in 0..<300 { repeated[299, column] = repeated[3, column] }
    #expect(throws: LinearAlgebraError.singularMatrix) {
      try repeated.solve([C](repeating: C(1, 0), count: 300))
    }
    #expect(throws: LinearAlgebraError.singularMatrix) { try repeated.inverse() }
    for scale in [1e-200, 1e200] {
      let scaled = large.map { $0 * C(scale, 0) }
      #expect(!scaled.lu().isSingular, "300×300 at scale \(scale)")
      let x = try scaled.solve(large.column(0).map { $0 * C(scale, 0) })
      #expect(abs(x[0].real - 1) < 1e-12 && x[1...].allSatisfy { $0.length < 1e-12 }, "scale \(scale)")
    }
    let empty = Matrix<C>(rows: 0, columns: 0)
    #expect(empty.determinant() == C(1, 0))
    #expect(try empty.inverse().rowCount == 0)
    #expect((empty * empty).rowCount == 0)
  }

  /// The complex SVD (our reduction to a real bidiagonal, then the real
  /// divide and conquer): ‖A − U Σ Vᴴ‖ / (‖A‖ n eps) and ‖UᴴU − I‖ / (n eps)
  /// below 30 for tall, wide and square, thin and full, rank-deficient and
  /// badly scaled matrices; the singular values against those of the real
  /// 2m×2n matrix [Re −Im; Im Re] (each twice), an independent path. From 32
  /// reflectors on U and V are formed in blocks, and from 33 columns the
  /// reduction runs in panels (64×64, 70×45, 45×70: whole and partial blocks
  /// and panels, full U or V with rows beyond the reflectors'; 160×150: the
  /// panels' products split across the threads).
  static func checkSVD<R: RealMatrixScalar>(_: R.Type) {
    let epsilon = Double(R.ulpOfOne)
    let shapes = [
      (1, 1), (3, 2), (2, 5), (7, 7), (40, 23), (23, 40), (64, 64), (70, 45), (45, 70), (160, 150),
    ]
    for (index, (m, n)) in shapes.enumerated() {
      for variant in 0..<3 {
        let seed = UInt64(900 + 10 * index + variant)
        var a = Self.random(R.self, rows: m, columns: n, seed: seed)
        var kind = "random"
        if variant == 1 && min(m, n) > 2 {
          // Rank 2: (m×2)(2×n).
          a =
            Self.random(R.self, rows: m, columns: 2, seed: seed + 1)
            * Self.random(R.self, rows: 2, columns: n, seed: seed + 2)
          kind = "rank 2"
        } else if variant == 2 {
          let factor: R = R.self == Double.self ? R(1e150) : R(1e30)
          a = Matrix(rows: m, columns: n) { i, j in a[i, j] * Complex(factor) }
          kind = "scaled by \(factor)"
        }
        for full in [false, true] {
          let context = "\(R.self) \(m)×\(n) \(kind) full \(full) seed \(seed)"
          let svd = a.svd(full: full)
          let k = min(m, n)
          #expect(svd.singularValues.count == k, "\(context)")
          var sigma = svd.singularValues.map { Complex(Double($0)) }
          let reference = ComplexReference(a)
          // U Σ Vᴴ with Σ m×n (only its k×k block is non-zero).
          let u = ComplexReference(svd.u)
          let v = ComplexReference(svd.v)
          #expect(
            u.rows == m && u.columns == (full ? m : k) && v.rows == n && v.columns == (full ? n : k),
            "\(context)")
          sigma += Array(repeating: .zero, count: max(u.columns - k, 0))
          let uSigma = u.scalingColumns(by: sigma)
          let product = ComplexReference(
            rows: m, columns: n,
            values: (0..<(m * n)).map { index in
              let (i, j) = (index / n, index % n)
              var sum = Complex<Double>.zero
              for l in 0..<k { sum += uSigma[i, l] * v[j, l].conjugate }
              return sum
            })
          let ratio = complexResidualRatio(
            reference - product, scale: reference.frobeniusNorm, size: max(m, n), epsilon: epsilon)
          #expect(ratio < residualBound, "svd residual \(context): \(ratio)")
          let uUnitary = complexResidualRatio(
            u.adjoint * u - .identity(u.columns), scale: 1, size: max(m, n), epsilon: epsilon)
          let vUnitary = complexResidualRatio(
            v.adjoint * v - .identity(v.columns), scale: 1, size: max(m, n), epsilon: epsilon)
          #expect(
            uUnitary < residualBound && vUnitary < residualBound,
            "svd unitarity \(context): \(uUnitary) \(vUnitary)")
          #expect(
            zip(svd.singularValues, svd.singularValues.dropFirst()).allSatisfy { $0 >= $1 }, "\(context)")
          if variant == 1 && min(m, n) > 2 {
            let floor = 30 * Double(max(m, n)) * epsilon * Double(svd.singularValues[0])
            #expect(svd.singularValues.dropFirst(2).allSatisfy { Double($0) <= floor }, "rank 2 \(context)")
          }
        }
        // σ(A) = the singular values of [Re −Im; Im Re], each twice.
        let embedding = Matrix<R>(rows: 2 * m, columns: 2 * n) { i, j in
          let entry = a[i % m, j % n]
          switch (i < m, j < n) {
          case (true, true), (false, false): return entry.real
          case (true, false): return -entry.imaginary
          case (false, true): return entry.imaginary
          }
        }
        let doubled = embedding.singularValues()
        let values = a.svd().singularValues
        let largest = Double(doubled.first ?? 0)
        for (i, value) in values.enumerated() {
          let difference = abs(Double(value) - Double(doubled[2 * i]))
          #expect(
            difference <= 30 * Double(max(m, n)) * epsilon * largest,
            "σ\(i) \(value) against \(doubled[2 * i]), \(R.self) \(m)×\(n) \(kind) seed \(seed)")
        }
      }
    }
  }

  @Test("SVD residuals, unitarity and values", arguments: [ScalarType.float, .double])
  func svdOfComplexMatrices(_ type: ScalarType) {
    switch type {
    case .float: Self.checkSVD(Float.self)
    case .double: Self.checkSVD(Double.self)
    }
  }
}
