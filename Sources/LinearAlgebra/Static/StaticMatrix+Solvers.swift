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
  @inlinable
  public func inverse() throws(LinearAlgebraError) -> StaticMatrix {
    guard Rows > 0 else { return self }
    if Rows > 4 { return try gaussJordanInverse() }
    // The squared lengths of the rows, for Hadamard's bound |det| <= Π ‖rowᵢ‖.
    var largest = InlineArray<Rows, Scalar>(repeating: 0)
    let bound: Scalar = withElements { a in
      var bound: Scalar = 1
      for i in 0..<Rows {
        var sum: Scalar = 0
        var rowLargest: Scalar = 0
        for j in 0..<Columns {
          let value = a[i * Columns + j]
          sum += value * value
          rowLargest = Swift.max(rowLargest, abs(value))
        }
        largest[i] = rowLargest
        bound *= sum
      }
      return bound
    }
    for i in 0..<Rows where !(largest[i] > 0 && largest[i].isFinite) { throw .singularMatrix }
    guard bound.isNormal, bound.isFinite else {
      // Badly scaled (the bound under- or overflows): invert the matrix
      // with rows scaled to a largest element of 1, A = D N, and scale
      // back, A⁻¹ = N⁻¹ D⁻¹.
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
      let m = FourByFourMinors(a)
      let (s0, s1, s2, s3, s4, s5) = (m.s0, m.s1, m.s2, m.s3, m.s4, m.s5)
      let (c0, c1, c2, c3, c4, c5) = (m.c0, m.c1, m.c2, m.c3, m.c4, m.c5)
      b.storage[0][0] = (a[1][1] * c5 - a[1][2] * c4 + a[1][3] * c3) * r
      b.storage[0][1] = (-a[0][1] * c5 + a[0][2] * c4 - a[0][3] * c3) * r
      b.storage[0][2] = (a[3][1] * s5 - a[3][2] * s4 + a[3][3] * s3) * r
      b.storage[0][3] = (-a[2][1] * s5 + a[2][2] * s4 - a[2][3] * s3) * r
      b.storage[1][0] = (-a[1][0] * c5 + a[1][2] * c2 - a[1][3] * c1) * r
      b.storage[1][1] = (a[0][0] * c5 - a[0][2] * c2 + a[0][3] * c1) * r
      b.storage[1][2] = (-a[3][0] * s5 + a[3][2] * s2 - a[3][3] * s1) * r
      b.storage[1][3] = (a[2][0] * s5 - a[2][2] * s2 + a[2][3] * s1) * r
      b.storage[2][0] = (a[1][0] * c4 - a[1][1] * c2 + a[1][3] * c0) * r
      b.storage[2][1] = (-a[0][0] * c4 + a[0][1] * c2 - a[0][3] * c0) * r
      b.storage[2][2] = (a[3][0] * s4 - a[3][1] * s2 + a[3][3] * s0) * r
      b.storage[2][3] = (-a[2][0] * s4 + a[2][1] * s2 - a[2][3] * s0) * r
      b.storage[3][0] = (-a[1][0] * c3 + a[1][1] * c1 - a[1][2] * c0) * r
      b.storage[3][1] = (a[0][0] * c3 - a[0][1] * c1 + a[0][2] * c0) * r
      b.storage[3][2] = (-a[3][0] * s3 + a[3][1] * s1 - a[3][2] * s0) * r
      b.storage[3][3] = (a[2][0] * s3 - a[2][1] * s1 + a[2][2] * s0) * r
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
