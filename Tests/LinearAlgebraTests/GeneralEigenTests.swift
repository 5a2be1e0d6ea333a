import Foundation
import LinearAlgebra
import Testing

@Suite("General eigenproblems")
struct GeneralEigenTests {
  typealias C = Complex<Double>

  /// ‖A V − V Λ‖ / (‖A‖ ‖V‖ n eps), as LAPACK's dget22 scales it.
  static func eigenResidualRatio<S: MatrixScalar>(
    _ a: Matrix<S>, _ decomposition: EigenDecomposition<S>, reference: ComplexReference, epsilon: Double
  ) -> Double {
    let v = ComplexReference(decomposition.eigenvectors)
    let values = decomposition.eigenvalues.map { Complex(Double($0.real), Double($0.imaginary)) }
    return complexResidualRatio(
      reference * v - v.scalingColumns(by: values), scale: reference.frobeniusNorm * v.frobeniusNorm,
      size: a.rowCount, epsilon: epsilon)
  }

  static func checkUnitColumns<R: RealMatrixScalar>(_ vectors: Matrix<Complex<R>>, tolerance: Double) -> Bool
  {
    (0..<vectors.columnCount).allSatisfy { column in
      let norm = vectors.column(column).reduce(0.0) {
        $0 + Double($1.real) * Double($1.real) + Double($1.imaginary) * Double($1.imaginary)
      }
      return abs(norm.squareRoot() - 1) < tolerance
    }
  }

  @Test(arguments: [ScalarType.float, .double])
  func randomRealMatrices(_ type: ScalarType) throws {
    switch type {
    case .float: try checkRandomReal(Float.self)
    case .double: try checkRandomReal(Double.self)
    }
  }

  private func checkRandomReal<R: RealMatrixScalar>(_: R.Type) throws {
    for n in [1, 2, 3, 10, 41, 100] {
      for seed in testSeeds(UInt64(n) + 500, count: 2) {
        var generator = SeededGenerator(seed: seed)
        let a = Matrix<R>.random(rows: n, columns: n, in: -1...1, using: &generator)
        let eigen = try a.eigen()
        let ratio = Self.eigenResidualRatio(
          a, eigen, reference: ComplexReference(a), epsilon: Double(R.ulpOfOne))
        #expect(ratio < residualBound, "\(R.self) n = \(n), seed \(seed): ratio \(ratio)")
        #expect(Self.checkUnitColumns(eigen.eigenvectors, tolerance: 100 * Double(R.ulpOfOne)))
        // Conjugate pairs are adjacent, and so are exactly conjugate vectors.
        var index = 0
        while index < n {
          let value = eigen.eigenvalues[index]
          if value.imaginary != 0 {
            #expect(value.imaginary > 0 && eigen.eigenvalues[index + 1] == value.conjugate)
            #expect(eigen.eigenvectors.column(index).map(\.conjugate) == eigen.eigenvectors.column(index + 1))
            index += 2
          } else {
            #expect(eigen.eigenvectors.column(index).allSatisfy { $0.imaginary == 0 })
            index += 1
          }
        }
        // eigenvalues() gives the same values without vectors.
        let values = try a.eigenvalues()
        #expect(zip(values, eigen.eigenvalues).allSatisfy { ($0 - $1).length <= R(1e-3) * (1 + $1.length) })
      }
    }
  }

  @Test func largeRealMatricesUseEverySweepPath() throws {
    // n = 220 runs many reflector groups and, with vectors, updates the far
    // rows and columns on two threads.
    for seed in testSeeds(2_200, count: 1) {
      var generator = SeededGenerator(seed: seed)
      let a = Matrix<Double>.random(rows: 220, columns: 220, in: -1...1, using: &generator)
      let eigen = try a.eigen()
      let ratio = Self.eigenResidualRatio(a, eigen, reference: ComplexReference(a), epsilon: .ulpOfOne)
      #expect(ratio < residualBound, "n = 220, seed \(seed): ratio \(ratio)")
      let values = try a.eigenvalues()
      #expect(zip(values, eigen.eigenvalues).allSatisfy { ($0 - $1).length <= 1e-10 * (1 + $1.length) })
      let schur = try a.schur()
      let reference = ComplexReference(a)
      let z = ComplexReference(schur.z)
      let schurRatio = complexResidualRatio(
        reference - z * ComplexReference(schur.t) * z.adjoint, scale: reference.frobeniusNorm, size: 220,
        epsilon: .ulpOfOne)
      #expect(schurRatio < residualBound, "schur n = 220, seed \(seed): \(schurRatio)")
    }
  }

  @Test func hugeAndTinyMatricesKeepTheirEigenvalues() throws {
    // s·A has eigenvalues s·λ. Below 1e-138 or above 1e138 the reductions'
    // squares would lose precision or overflow: the matrix is first scaled
    // by a power of two into range, as ?geev does.
    var generator = SeededGenerator(seed: 1_501)
    let n = 40
    let a = Matrix<Double>.random(rows: n, columns: n, in: -1...1, using: &generator)
    let reference = try a.eigen()
    for scale in [1e150, 1e-150, 1e300, 1e-300] {
      let scaled = a * scale
      let eigen = try scaled.eigen()
      #expect(eigen.eigenvectors.elements.allSatisfy { $0.isFinite }, "scale \(scale)")
      for value in reference.eigenvalues {
        let expected = C(value.real * scale, value.imaginary * scale)
        #expect(
          eigen.eigenvalues.contains { ($0 - expected).length <= 1e-10 * scale },
          "scale \(scale): \(expected) missing")
      }
      let complexScaled =
        ComplexMatrixTests.random(Double.self, rows: n, columns: n, seed: 1_502) * C(scale, 0)
      let complexEigen = try complexScaled.eigen()
      #expect(complexEigen.eigenvectors.elements.allSatisfy { $0.isFinite }, "complex scale \(scale)")
      // The Schur and Hessenberg forms of s·A are s times A's: A = Z (T / s) Zᴴ
      // and A = Q (H / s) Qᴴ, checked on the unscaled A.
      let complexA = ComplexReference(
        ComplexMatrixTests.random(Double.self, rows: n, columns: n, seed: 1_502))
      let schur = try complexScaled.schur()
      let hessenberg = complexScaled.hessenberg()
      let (z, q) = (ComplexReference(schur.z), ComplexReference(hessenberg.q))
      let unscale = C(1 / scale, 0)
      let schurRatio = complexResidualRatio(
        complexA - z * ComplexReference(schur.t.map { $0 * unscale }) * z.adjoint,
        scale: complexA.frobeniusNorm,
        size: n, epsilon: .ulpOfOne)
      #expect(schurRatio < residualBound, "complex schur, scale \(scale): \(schurRatio)")
      let hessenbergRatio = complexResidualRatio(
        complexA - q * ComplexReference(hessenberg.h.map { $0 * unscale }) * q.adjoint,
        scale: complexA.frobeniusNorm, size: n, epsilon: .ulpOfOne)
      #expect(hessenbergRatio < residualBound, "complex hessenberg, scale \(scale): \(hessenbergRatio)")
      // The residual ratio's own norms overflow at 1e300 (‖A‖_F squares the
      // entries); there the eigenvalues and finite vectors are the check.
      guard scale <= 1e150 else { continue }
      let ratio = Self.eigenResidualRatio(
        scaled, eigen, reference: ComplexReference(scaled), epsilon: .ulpOfOne)
      #expect(ratio < residualBound, "scale \(scale): ratio \(ratio)")
      let complexRatio = Self.eigenResidualRatio(
        complexScaled, complexEigen, reference: ComplexReference(complexScaled), epsilon: .ulpOfOne)
      #expect(complexRatio < residualBound, "complex scale \(scale): ratio \(complexRatio)")
    }
  }

  @Test func subnormalMatricesStayFinite() throws {
    // Entries of about 1e-310 (subnormal): the factorizations scale by 2^−e
    // with e capped so that the factor stays finite (it was infinite, which
    // made NaN of QR, SVD and the eigensolvers, and the complex SVD wrote
    // out of bounds sorting NaN singular values). Singular values and
    // eigenvalues are s times those of the unscaled matrix.
    let n = 12
    var generator = SeededGenerator(seed: 1_701)
    let base = Matrix<Double>.random(rows: n, columns: n, in: 0.5...1, using: &generator)
    let scale = 1e-310
    let a = base * scale
    let complexBase = Matrix<C>(real: base, imaginary: base.transposed())
    let complex = Matrix<C>(real: a, imaginary: a.transposed())
    func agree(_ scaled: [Double], _ unscaled: [Double], _ what: String) {
      #expect(scaled.count == unscaled.count, "\(what)")
      for (x, y) in zip(scaled, unscaled) {
        #expect(abs(x / scale - y) <= 1e-9 * (1 + abs(y)), "\(what): \(x / scale) against \(y)")
      }
    }
    agree(a.singularValues(), base.singularValues(), "singularValues")
    agree(a.svd().singularValues, base.svd().singularValues, "svd")
    agree(complex.svd().singularValues, complexBase.svd().singularValues, "complex svd")
    let symmetric = base + base.transposed()
    agree(
      (symmetric * scale).symmetricEigen().eigenvalues, symmetric.symmetricEigen().eigenvalues,
      "symmetricEigen")
    let hermitian = complexBase + complexBase.adjoint()
    agree(
      hermitian.map { $0 * C(scale, 0) }.hermitianEigen().eigenvalues, hermitian.hermitianEigen().eigenvalues,
      "hermitianEigen")
    let sortedMagnitudes = { (values: [C]) in values.map(\.length).sorted() }
    agree(sortedMagnitudes(try a.eigenvalues()), sortedMagnitudes(try base.eigenvalues()), "eigenvalues")
    agree(
      sortedMagnitudes(try complex.eigenvalues()), sortedMagnitudes(try complexBase.eigenvalues()),
      "complex eigenvalues")
    #expect(try a.eigen().eigenvectors.elements.allSatisfy { $0.isFinite })
    #expect(try complex.eigen().eigenvectors.elements.allSatisfy { $0.isFinite })
    #expect(try a.schur().t.elements.allSatisfy { $0.isFinite })
    #expect(try complex.schur().t.elements.allSatisfy { $0.isFinite })
    #expect(a.hessenberg().h.elements.allSatisfy { $0.isFinite })
    #expect(complex.hessenberg().h.elements.allSatisfy { $0.isFinite })
    #expect(
      a.qr().r.elements.allSatisfy { $0.isFinite } && complex.qr().r.elements.allSatisfy { $0.isFinite })
  }

  @Test func diagonalBlockAndTinyMatricesNeedNoSweeps() throws {
    // Already triangular or diagonal input, and the smallest orders, where
    // the sweep's groups are shorter than a group.
    let diagonal = Matrix<Double>(rows: 6, columns: 6) { row, column in
      row == column ? Double(row) - 2.5 : 0
    }
    let eigen = try diagonal.eigen()
    #expect(Set(eigen.eigenvalues.map(\.real)) == Set((0..<6).map { Double($0) - 2.5 }))
    #expect(eigen.eigenvalues.allSatisfy { $0.imaginary == 0 })
    for n in 2...5 {
      var generator = SeededGenerator(seed: UInt64(n) + 60)
      let a = Matrix<Float>.random(rows: n, columns: n, in: -1...1, using: &generator)
      let decomposition = try a.eigen()
      let ratio = Self.eigenResidualRatio(
        a, decomposition, reference: ComplexReference(a), epsilon: Double(Float.ulpOfOne))
      #expect(ratio < residualBound, "Float n = \(n): ratio \(ratio)")
      let schur = try a.schur()
      for row in 0..<n {
        for column in 0..<max(row - 1, 0) { #expect(schur.t[row, column] == 0) }
      }
    }
  }

  @Test func repeatedEigenvaluesOfANormalMatrix() throws {
    // Q B Qᵀ with B block diagonal: 1 four times, 0.5 ± i three times, −2
    // twice. A normal matrix's eigenvalues move by no more than its
    // rounding, so each must come back to 1e-12 with its multiplicity.
    var generator = SeededGenerator(seed: 4_242)
    let n = 16
    let q = try Matrix<Double>.random(rows: n, columns: n, in: -1...1, using: &generator).schur().z
    var b = Matrix<Double>(rows: n, columns: n)
    for index in 0..<4 { b[index, index] = 1 }
    for pair in 0..<3 {
      let index = 4 + 2 * pair
      b[index, index] = 0.5
      b[index + 1, index + 1] = 0.5
      b[index, index + 1] = -1
      b[index + 1, index] = 1
    }
    for index in 10..<12 { b[index, index] = -2 }
    for index in 12..<n { b[index, index] = Double(index) }
    let a = q * b * q.transposed()
    let eigen = try a.eigen()
    let expected: [(C, Int)] = [(C(1, 0), 4), (C(0.5, 1), 3), (C(0.5, -1), 3), (C(-2, 0), 2), (C(15, 0), 1)]
    for (value, multiplicity) in expected {
      let found = eigen.eigenvalues.filter { ($0 - value).length < 1e-12 }.count
      #expect(found == multiplicity, "\(value): \(found) of \(multiplicity) in \(eigen.eigenvalues)")
    }
    let ratio = Self.eigenResidualRatio(a, eigen, reference: ComplexReference(a), epsilon: .ulpOfOne)
    #expect(ratio < residualBound, "ratio \(ratio)")
  }

  @Test func grcarMatrixIsFarFromNormal() throws {
    // Grcar's matrix (−1 below the diagonal, 1 on it and on three above):
    // its eigenvalues are badly conditioned, but A V = V Λ must still hold
    // to rounding.
    for n in [50, 120] {
      let a = Matrix<Double>(rows: n, columns: n) { row, column in
        if row == column + 1 { return -1 }
        return column >= row && column <= row + 3 ? 1 : 0
      }
      let eigen = try a.eigen()
      let ratio = Self.eigenResidualRatio(a, eigen, reference: ComplexReference(a), epsilon: .ulpOfOne)
      #expect(ratio < residualBound, "Grcar n = \(n): ratio \(ratio)")
      #expect(eigen.eigenvalues.allSatisfy { $0.imaginary != 0 || abs($0.real) < 4 })
    }
  }

  @Test func realEigenvaluesMatchNumpy() throws {
    let a: Matrix<Double> = [[4, -2, 1, 3], [1, 0, 5, -1], [2, 7, -3, 0], [-1, 2, 1, 6]]
    let expected = [
      C(-7.733004338135968, 0), C(4.158316027781748, 2.697440799721785),
      C(4.158316027781748, -2.697440799721785), C(6.41637228257249, 0),
    ]
    let values = try a.eigenvalues()
    for value in expected {
      #expect(values.contains { ($0 - value).length < 1e-12 }, "numpy's \(value) missing from \(values)")
    }
  }

  @Test func complexEigenvaluesMatchNumpy() throws {
    let a = ComplexMatrixTests.fixed
    let expected = [
      C(3.8400228352386803, 5.609937240434), C(2.3002299469777103, 0.447625249596831),
      C(-2.140252782216389, 0.4424375099691704),
    ]
    let eigen = try a.eigen()
    for value in expected {
      #expect(eigen.eigenvalues.contains { ($0 - value).length < 1e-12 }, "numpy's \(value) missing")
    }
    let ratio = Self.eigenResidualRatio(a, eigen, reference: ComplexReference(a), epsilon: Double.ulpOfOne)
    #expect(ratio < residualBound)
  }

  @Test func randomComplexMatrices() throws {
    // 140 runs the sweeps' Z updates on a second thread.
    for n in [1, 4, 30, 90, 140] {
      let seed = UInt64(n) * 31
      let a = ComplexMatrixTests.random(Double.self, rows: n, columns: n, seed: seed)
      let eigen = try a.eigen()
      let ratio = Self.eigenResidualRatio(a, eigen, reference: ComplexReference(a), epsilon: Double.ulpOfOne)
      #expect(ratio < residualBound, "complex n = \(n), seed \(seed): ratio \(ratio)")
      #expect(Self.checkUnitColumns(eigen.eigenvectors, tolerance: 1e-13))
      let af = ComplexMatrixTests.random(Float.self, rows: n, columns: n, seed: seed)
      let eigenFloat = try af.eigen()
      let floatRatio = Self.eigenResidualRatio(
        af, eigenFloat, reference: ComplexReference(af), epsilon: Double(Float.ulpOfOne))
      #expect(floatRatio < residualBound, "complex Float n = \(n), seed \(seed): ratio \(floatRatio)")
    }
  }

  @Test func badlyScaledMatricesAreBalanced() throws {
    // D A D⁻¹ has A's eigenvalues; with D spanning 1e-6...1e6 an unbalanced
    // QR iteration loses them to the huge norm.
    var generator = SeededGenerator(seed: 77)
    let n = 12
    let a = Matrix<Double>.random(rows: n, columns: n, in: -1...1, using: &generator)
    let scales = (0..<n).map { pow(10.0, Double($0) - 6) }
    let scaled = Matrix<Double>(rows: n, columns: n) { row, column in
      a[row, column] * scales[row] / scales[column]
    }
    let expected = try a.eigenvalues()
    let values = try scaled.eigenvalues()
    for value in expected {
      #expect(values.contains { ($0 - value).length < 1e-10 }, "\(value) lost by scaling")
    }
    let eigen = try scaled.eigen()
    for (column, value) in eigen.eigenvalues.enumerated() {
      // Residual column by column, relative to the balanced problem.
      let vector = eigen.eigenvectors.column(column)
      let product = (0..<n).map { row in
        (0..<n).reduce(C(0, 0)) { $0 + C(scaled[row, $1], 0) * vector[$1] }
      }
      let residual = zip(product, vector).map { ($0 - value * $1).length }.max() ?? 0
      let rowScale = (0..<n).map { row in (0..<n).map { abs(scaled[row, $0]) }.max()! }.max()!
      #expect(residual <= 1e-9 * rowScale, "column \(column)")
    }
  }

  @Test func defectiveAndTriangularMatrices() throws {
    // A Jordan block: one eigenvalue 2 of multiplicity 4, one eigenvector.
    let jordan: Matrix<Double> = [[2, 1, 0, 0], [0, 2, 1, 0], [0, 0, 2, 1], [0, 0, 0, 2]]
    let eigen = try jordan.eigen()
    #expect(eigen.eigenvalues.allSatisfy { $0 == C(2, 0) })
    #expect(eigen.eigenvectors.elements.allSatisfy { $0.isFinite })
    #expect(
      Self.eigenResidualRatio(jordan, eigen, reference: ComplexReference(jordan), epsilon: .ulpOfOne)
        < residualBound)
    // The companion matrix of (x − 1)³ (x + 2): a triple root, perturbed by
    // rounding to within eps^(1/3).
    let companion: Matrix<Double> = [[1, 3, -5, 2], [1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]]
    let values = try companion.eigenvalues()
    #expect(values.filter { ($0 - C(1, 0)).length < 1e-4 }.count == 3, "\(values)")
    #expect(values.contains { ($0 - C(-2, 0)).length < 1e-12 })
    let companionEigen = try companion.eigen()
    #expect(companionEigen.eigenvectors.elements.allSatisfy { $0.isFinite })
    // Triangular: the diagonal.
    let triangular: Matrix<Double> = [[3, 1, 4], [0, -1, 5], [0, 0, 9]]
    #expect(Set(try triangular.eigenvalues().map(\.real)) == [3, -1, 9])
    // A complex Jordan block.
    let complexJordan = Matrix<C>(rows: 5, columns: 5) { row, column in
      row == column ? C(1, 1) : (column == row + 1 ? C(1, 0) : .zero)
    }
    let complexEigen = try complexJordan.eigen()
    #expect(complexEigen.eigenvalues.allSatisfy { $0 == C(1, 1) }, "\(complexEigen.eigenvalues)")
    #expect(complexEigen.eigenvectors.elements.allSatisfy { $0.isFinite })
    let complexRatio = Self.eigenResidualRatio(
      complexJordan, complexEigen, reference: ComplexReference(complexJordan), epsilon: .ulpOfOne)
    #expect(complexRatio < residualBound, "complex Jordan block: ratio \(complexRatio)")
    let rotation: Matrix<Double> = [[0, -1], [1, 0]]
    #expect(try rotation.eigenvalues() == [C(0, 1), C(0, -1)])
  }

  @Test func nonFiniteAndEmptyInput() throws {
    let withNaN: Matrix<Double> = [[1, .nan], [0, 1]]
    let eigen = try withNaN.eigen()
    #expect(eigen.eigenvalues.allSatisfy { $0.isNaN } && eigen.eigenvectors.elements.allSatisfy { $0.isNaN })
    let infinite: Matrix<Double> = [[.infinity, 1], [0, 1]]
    #expect(try infinite.eigenvalues().allSatisfy { $0.isNaN })
    #expect(try withNaN.schur().t.elements.allSatisfy { $0.isNaN })
    #expect(withNaN.hessenberg().h.elements.allSatisfy { $0.isNaN })
    let empty = Matrix<Double>(rows: 0, columns: 0)
    #expect(try empty.eigen().eigenvalues.isEmpty)
    #expect(try empty.schur().t.rowCount == 0)
    #expect(empty.hessenberg().q.rowCount == 0)
  }

  @Test func schurAndHessenbergForms() throws {
    for n in [1, 2, 7, 40] {
      let seed = UInt64(n) + 900
      var generator = SeededGenerator(seed: seed)
      let a = Matrix<Double>.random(rows: n, columns: n, in: -1...1, using: &generator)
      let reference = ComplexReference(a)
      let epsilon = Double.ulpOfOne

      let schur = try a.schur()
      let z = ComplexReference(schur.z)
      let schurRatio = complexResidualRatio(
        reference - z * ComplexReference(schur.t) * z.adjoint, scale: reference.frobeniusNorm, size: n,
        epsilon: epsilon)
      #expect(schurRatio < residualBound, "schur n = \(n), seed \(seed): \(schurRatio)")
      #expect(
        complexResidualRatio(z.adjoint * z - .identity(n), scale: 1, size: n, epsilon: epsilon)
          < residualBound)
      // Quasi-triangular: zero below the subdiagonal, no two adjacent
      // subdiagonal entries.
      for row in 0..<n {
        for column in 0..<max(row - 1, 0) { #expect(schur.t[row, column] == 0) }
        if row >= 2 { #expect(schur.t[row, row - 1] == 0 || schur.t[row - 1, row - 2] == 0) }
      }

      let hessenberg = a.hessenberg()
      let q = ComplexReference(hessenberg.q)
      let hessenbergRatio = complexResidualRatio(
        reference - q * ComplexReference(hessenberg.h) * q.adjoint, scale: reference.frobeniusNorm, size: n,
        epsilon: epsilon)
      #expect(hessenbergRatio < residualBound, "hessenberg n = \(n), seed \(seed): \(hessenbergRatio)")
      for row in 0..<n {
        for column in 0..<max(row - 1, 0) { #expect(hessenberg.h[row, column] == 0) }
      }

      let complexA = ComplexMatrixTests.random(Double.self, rows: n, columns: n, seed: seed)
      let complexReference = ComplexReference(complexA)
      let complexSchur = try complexA.schur()
      let u = ComplexReference(complexSchur.z)
      let complexRatio = complexResidualRatio(
        complexReference - u * ComplexReference(complexSchur.t) * u.adjoint,
        scale: complexReference.frobeniusNorm, size: n, epsilon: epsilon)
      #expect(complexRatio < residualBound, "complex schur n = \(n): \(complexRatio)")
      for row in 0..<n {
        for column in 0..<row { #expect(complexSchur.t[row, column] == .zero) }
      }
      let complexHessenberg = complexA.hessenberg()
      let w = ComplexReference(complexHessenberg.q)
      let complexHessenbergRatio = complexResidualRatio(
        complexReference - w * ComplexReference(complexHessenberg.h) * w.adjoint,
        scale: complexReference.frobeniusNorm, size: n, epsilon: epsilon)
      #expect(
        complexHessenbergRatio < residualBound, "complex hessenberg n = \(n): \(complexHessenbergRatio)")
    }
  }

  /// Above 129 rows the complex reduction runs in 32-column panels before
  /// its last 128 columns (one panel at 130, three at 200).
  @Test func blockedComplexHessenbergReduction() throws {
    for n in [130, 200] {
      let seed = UInt64(n) + 1700
      let a = ComplexMatrixTests.random(Double.self, rows: n, columns: n, seed: seed)
      let reference = ComplexReference(a)
      let hessenberg = a.hessenberg()
      let q = ComplexReference(hessenberg.q)
      let epsilon = Double.ulpOfOne
      let ratio = complexResidualRatio(
        reference - q * ComplexReference(hessenberg.h) * q.adjoint, scale: reference.frobeniusNorm, size: n,
        epsilon: epsilon)
      #expect(ratio < residualBound, "hessenberg n = \(n), seed \(seed): \(ratio)")
      let unitarity = complexResidualRatio(q.adjoint * q - .identity(n), scale: 1, size: n, epsilon: epsilon)
      #expect(unitarity < residualBound, "QᴴQ − I, n = \(n), seed \(seed): \(unitarity)")
      for row in 0..<n {
        for column in 0..<max(row - 1, 0) { #expect(hessenberg.h[row, column] == .zero) }
        if row > 0 { #expect(hessenberg.h[row, row - 1].imaginary == 0, "subdiagonal \(row) is real") }
      }
    }
  }
}
