import LinearAlgebra
import Testing

/// Our results against values computed by numpy (LAPACK) and stored in
/// `NumpyReference.swift`.
@Suite("Agreement with numpy")
struct NumpyReferenceTests {
  /// Element-wise relative agreement, scaled by the largest reference magnitude.
  func agree(_ ours: [Double], _ theirs: [Double], tolerance: Double = 1e-12) -> Bool {
    guard ours.count == theirs.count else { return false }
    let scale = max(theirs.map(abs).max() ?? 0, 1e-300)
    return zip(ours, theirs).allSatisfy { abs($0 - $1) <= tolerance * scale }
  }

  @Test func squareSolvers() throws {
    let a = NumpyReference.general
    #expect(abs(a.determinant() - NumpyReference.generalDeterminant) <= 1e-12 * 1654)
    #expect(agree(try a.inverse().elements, NumpyReference.generalInverse.elements))
    #expect(agree(try a.solve(NumpyReference.b4), NumpyReference.generalSolve))
    #expect(agree(try a.lu().solve(NumpyReference.b4), NumpyReference.generalSolve))
  }

  @Test func spectralQuantities() {
    let a = NumpyReference.general
    #expect(agree(a.svd().singularValues, NumpyReference.generalSingularValues))
    #expect(agree(a.singularValues(), NumpyReference.generalSingularValues))
    #expect(abs(a.conditionNumber() - NumpyReference.generalCondition) <= 1e-12 * 5)
    #expect(abs(a.norm() - NumpyReference.generalNorm) <= 1e-13 * 16)
    #expect(agree(NumpyReference.symmetric.symmetricEigen().eigenvalues, NumpyReference.symmetricEigenvalues))
    let float = Matrix<Float>(rows: 4, columns: 4, elements: NumpyReference.general.elements.map(Float.init))
    #expect(
      agree(float.singularValues().map(Double.init), NumpyReference.generalSingularValues, tolerance: 1e-5))
  }

  @Test func cholesky() throws {
    let lower = try NumpyReference.symmetric.cholesky().lower
    #expect(agree(lower.elements, NumpyReference.symmetricCholesky.elements))
  }

  @Test func leastSquaresAndPseudoInverse() {
    #expect(agree(NumpyReference.tall.leastSquares(NumpyReference.b5), NumpyReference.tallLeastSquares))
    let deficient = NumpyReference.rankDeficient
    #expect(deficient.rank() == NumpyReference.rankDeficientRank)
    #expect(agree(deficient.leastSquares(NumpyReference.b4), NumpyReference.rankDeficientLeastSquares))
    #expect(agree(deficient.pseudoInverse().elements, NumpyReference.rankDeficientPseudoInverse.elements))
    #expect(agree(NumpyReference.wide.leastSquares(NumpyReference.b2), NumpyReference.wideLeastSquares))
    #expect(agree(NumpyReference.wide.pseudoInverse().elements, NumpyReference.widePseudoInverse.elements))
  }

  @Test("Hilbert condition numbers", arguments: 3...9)
  func hilbertCondition(_ n: Int) throws {
    let expected = try #require(NumpyReference.hilbertConditions[n])
    let ours = TestMatrices.hilbert(Double.self, n).conditionNumber()
    // Both sides carry errors of order κ·eps in σ_min.
    #expect(
      abs(ours - expected) <= expected * max(1e-12, 100 * expected * Double.ulpOfOne), "n \(n): \(ours)")
  }
}
