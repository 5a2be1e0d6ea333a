/// The QR factorization with column pivoting `A P = Q R` (LAPACK's `?geqp3`,
/// Businger–Golub): at each step the remaining column of largest norm is
/// moved to the front, so `|r₁₁| >= |r₂₂| >= …` and the numerical rank shows
/// on the diagonal of `R`.
///
///     let a: Matrix<Double> = [[1, 2, 3], [2, 4, 6], [1, 0, 1]]  // rank 2
///     let f = a.columnPivotedQR()
///     f.rank   // 2
public struct ColumnPivotedQRDecomposition<Scalar: RealMatrixScalar>: Sendable {
  /// `Q`, m×k with orthonormal columns (k = min(m, n)).
  public let q: Matrix<Scalar>
  /// `R`, k×n upper triangular (trapezoidal when n > m), with a
  /// non-increasing diagonal in magnitude.
  public let r: Matrix<Scalar>
  /// Column j of `A P` is column `columnOrder[j]` of `A`.
  public let columnOrder: [Int]
  /// The number of diagonal entries of `R` above max(m, n) · eps · |r₁₁|,
  /// the tolerance ``Matrix/rank()`` applies to the singular values.
  public let rank: Int

  /// Factors `matrix` as LAPACK's `?geqp3` does, in blocks of 32 columns
  /// (``factorInPlaceBlocked(_:_:_:order:taus:)``) when min(m, n) > 64, and
  /// below that as the unblocked `?geqp2`: Householder
  /// reflectors kept below the diagonal of a column-major working copy, the
  /// remaining columns' norms downdated after each step and computed again
  /// when cancellation has eaten half their digits (`?laqp2`'s test against
  /// √eps), Q formed from the reflectors by ``formQ(reflectors:rows:taus:)``
  /// in blocks (`?orgqr`). A 512×512 Double factorization took 328 ms when
  /// every step computed every remaining norm again and the loops ran over
  /// bounds-checked arrays (scipy's `qr(pivoting=True)`: 33 ms), 48 ms with
  /// Q formed one reflector at a time (`?org2r`; scipy 25 ms that hour).
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  init(factoring matrix: Matrix<Scalar>) {
    let (m, n) = (matrix.rowCount, matrix.columnCount)
    let k = Swift.min(m, n)
    // Column-major working copy: column j is a[j*m ..< (j+1)*m].
    var a = [Scalar](repeating: 0, count: m * n)
    matrix.storage.withUnsafeBufferPointer { source in
      a.withUnsafeMutableBufferPointer { a in
        for i in 0..<m { for j in 0..<n { a[j * m + i] = source[i * n + j] } }
      }
    }
    var order = Array(0..<n)
    var taus = [Scalar](repeating: 0, count: k)
    a.withUnsafeMutableBufferPointer { a in
      taus.withUnsafeMutableBufferPointer { taus in
        if k > 2 * Self.factorBlockWidth {
          Self.factorInPlaceBlocked(a.baseAddress!, m, n, order: &order, taus: taus)
        } else {
          Self.factorInPlace(a.baseAddress!, m, n, order: &order, taus: taus)
        }
      }
    }
    let working = a
    var r = Matrix<Scalar>(rows: k, columns: n)
    working.withUnsafeBufferPointer { a in
      r.storage.withUnsafeMutableBufferPointer { r in
        for row in 0..<k { for column in row..<n { r[row * n + column] = a[column * m + row] } }
      }
    }
    self.r = r
    let qColumns = working.withUnsafeBufferPointer { a in
      Self.formQ(reflectors: a, rows: m, taus: taus)
    }
    var q = Matrix<Scalar>(rows: m, columns: k)
    qColumns.withUnsafeBufferPointer { columns in
      q.storage.withUnsafeMutableBufferPointer { q in
        for row in 0..<m { for column in 0..<k { q[row * k + column] = columns[column * m + row] } }
      }
    }
    self.q = q
    self.columnOrder = order
    let largest = k > 0 ? abs(working[0]) : 0
    let tolerance = Scalar(Swift.max(m, n)) * Scalar.ulpOfOne * largest
    var rank = 0
    for i in 0..<k where abs(working[i * m + i]) > tolerance { rank += 1 }
    self.rank = largest.isFinite ? rank : 0
  }

  /// The pivoted factorization of the column-major m×n `a` in place: R on
  /// and above the diagonal, reflector j's vector (its leading 1 implied)
  /// below it, τ_j in `taus`; `order` permuted with the columns.
  static func factorInPlace(
    _ a: UnsafeMutablePointer<Scalar>, _ m: Int, _ n: Int, order: inout [Int],
    taus: UnsafeMutableBufferPointer<Scalar>
  ) {
    var norms = RemainingNorms(a, rows: m, columns: n)
    for step in 0..<taus.count {
      let pivot = norms.pivot(from: step)
      if pivot != step {
        for i in 0..<m { swap(&a[step * m + i], &a[pivot * m + i]) }
        norms.swapAt(step, pivot)
        order.swapAt(step, pivot)
      }
      let column = a + step * m + step
      let length = m - step
      let tau = makeReflector(column, length: length, norm: norms.norm(ofColumn: step, from: step))
      if tau != 0 {
        for j in (step + 1)..<n { applyReflector(column, tau, to: a + j * m + step, count: length) }
      }
      taus[step] = tau
      // Downdate the remaining norms by the entries now in row `step`.
      for j in (step + 1)..<n where !norms.downdate(j, row: step) { norms.recompute(j, from: step + 1) }
    }
  }

  /// Turns the `length` entries of `column` (Euclidean norm `xNorm`) into a
  /// Householder reflector H = I − τ v vᵀ with v₀ = 1 that maps the column
  /// to (β, 0, …): β goes to `column[0]`, v's other entries below it, and
  /// τ is returned (0 for a zero column; NaN, with NaN below the diagonal,
  /// for a column with a NaN or an infinity).
  static func makeReflector(_ column: UnsafeMutablePointer<Scalar>, length: Int, norm xNorm: Scalar) -> Scalar
  {
    guard xNorm != 0 else { return 0 }
    let x0 = column[0]
    let beta = x0 >= 0 ? -xNorm : xNorm
    var tau: Scalar
    if !xNorm.isFinite {
      // A NaN or an infinity in the column (or a norm past the overflow
      // threshold): no reflector exists. NaN goes into the rest of R
      // and into Q, as from LAPACK's ?geqp3, instead of the column's
      // entries below the diagonal being dropped.
      tau = .nan
      for i in 1..<length { column[i] = .nan }
    } else if (x0 - beta).isFinite {
      // Division rather than a product with 1 / (x0 − β), which
      // overflows for a column of subnormals.
      let difference = x0 - beta
      tau = -difference / beta
      for i in 1..<length { column[i] /= difference }
    } else {
      // x0 − β past the overflow threshold (|x0| + ‖x‖ is): in halves.
      let halfDifference = x0 * 0.5 - beta * 0.5
      tau = -halfDifference / (beta * 0.5)
      for i in 1..<length { column[i] = (column[i] * 0.5) / halfDifference }
    }
    column[0] = beta
    return tau
  }

  /// target −= τ v (vᵀ target) for the reflector whose vector `v` has
  /// `count` entries, the first taken as 1 (whatever is stored there).
  @inline(__always)
  static func applyReflector(
    _ v: UnsafePointer<Scalar>, _ tau: Scalar, to target: UnsafeMutablePointer<Scalar>, count: Int
  ) {
    // Four partial sums, so that the dot product vectorizes.
    var (s0, s1, s2, s3) = (target[0], Scalar(0), Scalar(0), Scalar(0))
    var i = 1
    while i + 4 <= count {
      s0 += v[i] * target[i]
      s1 += v[i + 1] * target[i + 1]
      s2 += v[i + 2] * target[i + 2]
      s3 += v[i + 3] * target[i + 3]
      i += 4
    }
    while i < count {
      s0 += v[i] * target[i]
      i += 1
    }
    let f = tau * ((s0 + s1) + (s2 + s3))
    target[0] -= f
    for i in 1..<Swift.max(count, 1) { target[i] -= f * v[i] }
  }

  /// The permutation `P` as an n×n matrix.
  public var permutation: Matrix<Scalar> {
    var result = Matrix<Scalar>(rows: columnOrder.count, columns: columnOrder.count)
    for (column, source) in columnOrder.enumerated() { result[source, column] = 1 }
    return result
  }
}

extension Matrix where Scalar: RealMatrixScalar {
  /// The QR factorization with column pivoting `A P = Q R`; its `rank`
  /// agrees with ``rank()`` on matrices whose singular values are well
  /// separated from the tolerance.
  ///
  /// - Complexity: O(m·n·min(m, n)).
  public func columnPivotedQR() -> ColumnPivotedQRDecomposition<Scalar> {
    ColumnPivotedQRDecomposition(factoring: self)
  }
}
