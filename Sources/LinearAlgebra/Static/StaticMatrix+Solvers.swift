@available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
extension StaticMatrix where Rows == Columns {
  /// The determinant (1 for a 0×0 matrix): closed forms up to 4×4, LU with
  /// partial pivoting above.
  ///
  /// - Complexity: O(n³), a fixed handful of operations for n <= 4.
  @inlinable
  public func determinant() -> Scalar {
    let a = storage
    switch Rows {
    case 0: return 1
    case 1: return a[0][0]
    case 2: return a[0][0] * a[1][1] - a[0][1] * a[1][0]
    case 3:
      return a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
        + a[0][1] * (a[1][2] * a[2][0] - a[1][0] * a[2][2])
        + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
    case 4:
      let minors = FourByFourMinors(a)
      return minors.determinant
    default:
      var lu = self
      var det: Scalar = 1
      for k in 0..<Rows {
        var pivot = k
        for i in (k + 1)..<Rows where abs(lu.storage[i][k]) > abs(lu.storage[pivot][k]) { pivot = i }
        if lu.storage[pivot][k] == 0 { return 0 }
        if pivot != k {
          lu.storage.swapAt(pivot, k)
          det = -det
        }
        det *= lu.storage[k][k]
        for i in (k + 1)..<Rows {
          let factor = lu.storage[i][k] / lu.storage[k][k]
          for j in k..<Columns { lu.storage[i][j] -= factor * lu.storage[k][j] }
        }
      }
      return det
    }
  }

  /// The inverse: the adjugate over the determinant up to 4×4, Gauss–Jordan
  /// with partial pivoting above.
  ///
  /// - Throws: `LinearAlgebraError.singularMatrix` when the matrix is
  ///   singular to working precision: |det| at most n·eps times the product
  ///   of the rows' lengths (Hadamard's bound, which |det| of a perfectly
  ///   conditioned matrix reaches), or a non-finite determinant.
  /// - Complexity: O(n³).
  @inlinable @inline(__always)
  public func inverse() throws(LinearAlgebraError) -> StaticMatrix {
    guard Rows > 0 else { return self }
    if Rows > 4 { return try gaussJordanInverse() }
    // The squared lengths of the rows, for Hadamard's bound |det| <= Π ‖rowᵢ‖,
    // read straight from the inline storage (a pointer closure kept the
    // whole inverse out of line). A zero or non-finite row, or a bound
    // that under- or overflows, takes the scaled path, which throws for
    // the first two.
    var bound: Scalar = 1
    for i in 0..<Rows {
      var sum: Scalar = 0
      for j in 0..<Columns { sum += storage[i][j] * storage[i][j] }
      bound *= sum
    }
    guard bound.isNormal, bound.isFinite else { return try inverseWithScaledRows() }
    if Rows == 4 { return try inverseOfFourByFour(bound: bound) }
    let a = storage
    let det = determinant()
    let threshold = Scalar(Rows) * Scalar.ulpOfOne
    guard det.isFinite, det * det > threshold * threshold * bound else { throw .singularMatrix }
    let r = 1 / det
    var b = StaticMatrix()
    switch Rows {
    case 1:
      b.storage[0][0] = r
    case 2:
      b.storage[0][0] = a[1][1] * r
      b.storage[0][1] = -a[0][1] * r
      b.storage[1][0] = -a[1][0] * r
      b.storage[1][1] = a[0][0] * r
    case 3:
      b.storage[0][0] = (a[1][1] * a[2][2] - a[1][2] * a[2][1]) * r
      b.storage[0][1] = (a[0][2] * a[2][1] - a[0][1] * a[2][2]) * r
      b.storage[0][2] = (a[0][1] * a[1][2] - a[0][2] * a[1][1]) * r
      b.storage[1][0] = (a[1][2] * a[2][0] - a[1][0] * a[2][2]) * r
      b.storage[1][1] = (a[0][0] * a[2][2] - a[0][2] * a[2][0]) * r
      b.storage[1][2] = (a[0][2] * a[1][0] - a[0][0] * a[1][2]) * r
      b.storage[2][0] = (a[1][0] * a[2][1] - a[1][1] * a[2][0]) * r
      b.storage[2][1] = (a[0][1] * a[2][0] - a[0][0] * a[2][1]) * r
      b.storage[2][2] = (a[0][0] * a[1][1] - a[0][1] * a[1][0]) * r
    default:
      preconditionFailure("inverse(): sizes above 3 are handled before")
    }
    return b
  }

  /// Solves `self * x = b` for every column of `b`.
  ///
  /// - Throws: `LinearAlgebraError.singularMatrix` as ``inverse()``.
  /// - Complexity: O(n³ + n²·K).
  @inlinable
  public func solve<let K: Int>(
    _ b: StaticMatrix<Rows, K, Scalar>
  ) throws(LinearAlgebraError) -> StaticMatrix<Rows, K, Scalar> {
    try inverse() * b
  }

  /// Solves `self * x = b` for a vector of `Rows` elements.
  ///
  /// - Throws: `LinearAlgebraError.singularMatrix` as ``inverse()``.
  /// - Precondition: `b.count == Rows`.
  @inlinable
  public func solve(_ b: [Scalar]) throws(LinearAlgebraError) -> [Scalar] {
    precondition(
      b.count == Rows, "StaticMatrix<\(Rows), \(Rows)>.solve needs \(Rows) elements; got \(b.count)")
    let x = try solve(StaticMatrix<Rows, 1, Scalar> { i, _ in b[i] })
    return (0..<Rows).map { x[$0, 0] }
  }

  /// The 4×4 inverse as the adjugate over the determinant, in SIMD vectors:
  /// with the 2×2 minors sₖ of rows 0–1 and cₖ of rows 2–3 (Laplace
  /// expansion along the first two rows), row i of the adjugate is a sum of
  /// three products Xₖ ⊙ Mₖ, where Xₖ is column k of A with its rows
  /// swapped in pairs (1, 0, 3, 2) and Mₖ = (cₖ, −cₖ, sₖ, −sₖ).
  ///
  /// - Precondition: `Rows == 4`; `bound` is the product of the squared
  ///   row lengths, normal and finite.
  @inlinable @inline(__always)
  internal func inverseOfFourByFour(bound: Scalar) throws(LinearAlgebraError) -> StaticMatrix {
    func row(_ i: Int) -> SIMD4<Scalar> { SIMD4(storage[i][0], storage[i][1], storage[i][2], storage[i][3]) }
    let (r0, r1, r2, r3) = (row(0), row(1), row(2), row(3))
    // (s₀, s₁, s₂, s₃), s₄, s₅ and (c₀, c₁, c₂, c₃), c₄, c₅ as in FourByFourMinors.
    let s =
      SIMD4(r0[0], r0[0], r0[0], r0[1]) * SIMD4(r1[1], r1[2], r1[3], r1[2])
      - SIMD4(r1[0], r1[0], r1[0], r1[1]) * SIMD4(r0[1], r0[2], r0[3], r0[2])
    let s4 = r0[1] * r1[3] - r1[1] * r0[3]
    let s5 = r0[2] * r1[3] - r1[2] * r0[3]
    let c =
      SIMD4(r2[0], r2[0], r2[0], r2[1]) * SIMD4(r3[1], r3[2], r3[3], r3[2])
      - SIMD4(r3[0], r3[0], r3[0], r3[1]) * SIMD4(r2[1], r2[2], r2[3], r2[2])
    let c4 = r2[1] * r3[3] - r3[1] * r2[3]
    let c5 = r2[2] * r3[3] - r3[2] * r2[3]
    let det = (s * SIMD4(c5, -c4, c[3], c[2])).sum() - s4 * c[1] + s5 * c[0]
    let threshold = 4 * Scalar.ulpOfOne
    guard det.isFinite, det * det > threshold * threshold * bound else { throw .singularMatrix }
    let r = 1 / det
    func m(_ c: Scalar, _ s: Scalar) -> SIMD4<Scalar> { SIMD4(c, -c, s, -s) * r }
    let (m0, m1, m2, m3, m4, m5) = (
      m(c[0], s[0]), m(c[1], s[1]), m(c[2], s[2]), m(c[3], s[3]), m(c4, s4), m(c5, s5)
    )
    func x(_ k: Int) -> SIMD4<Scalar> { SIMD4(r1[k], r0[k], r3[k], r2[k]) }
    let (x0, x1, x2, x3) = (x(0), x(1), x(2), x(3))
    let rows = (
      x1 * m5 - x2 * m4 + x3 * m3,
      x2 * m2 - x0 * m5 - x3 * m1,
      x0 * m4 - x1 * m2 + x3 * m0,
      x1 * m1 - x0 * m3 - x2 * m0
    )
    var b = StaticMatrix()
    for j in 0..<4 {
      b.storage[0][j] = rows.0[j]
      b.storage[1][j] = rows.1[j]
      b.storage[2][j] = rows.2[j]
      b.storage[3][j] = rows.3[j]
    }
    return b
  }

  /// The inverse of a badly scaled matrix (Hadamard's bound under- or
  /// overflows): the rows scaled to a largest element of 1, A = D N, then
  /// A⁻¹ = N⁻¹ D⁻¹. Out of line, so that `inverse()` is not recursive and
  /// can be inlined.
  @usableFromInline @inline(never)
  internal func inverseWithScaledRows() throws(LinearAlgebraError) -> StaticMatrix {
    var largest = InlineArray<Rows, Scalar>(repeating: 0)
    for i in 0..<Rows {
      for j in 0..<Columns { largest[i] = Swift.max(largest[i], abs(storage[i][j])) }
      guard largest[i] > 0, largest[i].isFinite else { throw .singularMatrix }
    }
    var unit = self
    for i in 0..<Rows {
      for j in 0..<Columns { unit.storage[i][j] /= largest[i] }
    }
    var result = try unit.inverse()
    for i in 0..<Rows {
      for j in 0..<Columns { result.storage[i][j] /= largest[j] }
    }
    return result
  }

  @usableFromInline
  internal func gaussJordanInverse() throws(LinearAlgebraError) -> StaticMatrix {
    var a = self
    var b = StaticMatrix.identity
    var largest: Scalar = 0
    for i in 0..<Rows {
      for j in 0..<Columns { largest = Swift.max(largest, abs(storage[i][j])) }
    }
    for k in 0..<Rows {
      var pivot = k
      for i in (k + 1)..<Rows where abs(a.storage[i][k]) > abs(a.storage[pivot][k]) { pivot = i }
      let p = a.storage[pivot][k]
      guard p.isFinite, abs(p) > Scalar(Rows) * Scalar.ulpOfOne * largest else { throw .singularMatrix }
      a.storage.swapAt(pivot, k)
      b.storage.swapAt(pivot, k)
      let r = 1 / a.storage[k][k]
      for j in 0..<Columns {
        a.storage[k][j] *= r
        b.storage[k][j] *= r
      }
      for i in 0..<Rows where i != k {
        let factor = a.storage[i][k]
        if factor == 0 { continue }
        for j in 0..<Columns {
          a.storage[i][j] -= factor * a.storage[k][j]
          b.storage[i][j] -= factor * b.storage[k][j]
        }
      }
    }
    return b
  }
}

/// The 2×2 minors of the top two and the bottom two rows of a 4×4 matrix,
/// from which its determinant and adjugate follow (Laplace expansion along
/// the first two rows).
@usableFromInline
@frozen
internal struct FourByFourMinors<Scalar: RealMatrixScalar> {
  @usableFromInline let s0, s1, s2, s3, s4, s5: Scalar
  @usableFromInline let c0, c1, c2, c3, c4, c5: Scalar

  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  @inlinable
  init<let Rows: Int, let Columns: Int>(_ a: InlineArray<Rows, InlineArray<Columns, Scalar>>) {
    s0 = a[0][0] * a[1][1] - a[1][0] * a[0][1]
    s1 = a[0][0] * a[1][2] - a[1][0] * a[0][2]
    s2 = a[0][0] * a[1][3] - a[1][0] * a[0][3]
    s3 = a[0][1] * a[1][2] - a[1][1] * a[0][2]
    s4 = a[0][1] * a[1][3] - a[1][1] * a[0][3]
    s5 = a[0][2] * a[1][3] - a[1][2] * a[0][3]
    c5 = a[2][2] * a[3][3] - a[3][2] * a[2][3]
    c4 = a[2][1] * a[3][3] - a[3][1] * a[2][3]
    c3 = a[2][1] * a[3][2] - a[3][1] * a[2][2]
    c2 = a[2][0] * a[3][3] - a[3][0] * a[2][3]
    c1 = a[2][0] * a[3][2] - a[3][0] * a[2][2]
    c0 = a[2][0] * a[3][1] - a[3][0] * a[2][1]
  }

  @inlinable
  var determinant: Scalar { s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0 }
}
