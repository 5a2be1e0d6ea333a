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

  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  init(factoring matrix: Matrix<Scalar>) {
    let (m, n) = (matrix.rowCount, matrix.columnCount)
    let k = Swift.min(m, n)
    // Column-major working copy: column j is a[j*m ..< (j+1)*m].
    var a = [Scalar](repeating: 0, count: m * n)
    for i in 0..<m { for j in 0..<n { a[j * m + i] = matrix[i, j] } }
    var order = Array(0..<n)
    var reflectors = [[Scalar]]()
    var taus = [Scalar]()
    func columnNorm(_ j: Int, from row: Int) -> Scalar {
      a.withUnsafeBufferPointer { buffer in
        euclideanNorm(UnsafeBufferPointer(rebasing: buffer[(j * m + row)..<(j * m + m)]))
      }
    }
    var norms = (0..<n).map { columnNorm($0, from: 0) }
    for step in 0..<k {
      var pivot = step
      for j in step..<n where norms[j] > norms[pivot] || norms[j].isNaN { pivot = j }
      if pivot != step {
        for i in 0..<m { a.swapAt(step * m + i, pivot * m + i) }
        norms.swapAt(step, pivot)
        order.swapAt(step, pivot)
      }
      // Householder reflector H = I − τ v vᵀ with v₀ = 1 mapping the column to (β, 0, …).
      let x0 = a[step * m + step]
      let xNorm = columnNorm(step, from: step)
      var v = [Scalar](repeating: 0, count: m - step)
      v[0] = 1
      var tau: Scalar = 0
      if xNorm != 0 {
        let beta = x0 >= 0 ? -xNorm : xNorm
        if !xNorm.isFinite {
          // A NaN or an infinity in the column (or a norm past the overflow
          // threshold): no reflector exists. NaN goes into the rest of R
          // and into Q, as from LAPACK's ?geqp3, instead of the column's
          // entries below the diagonal being dropped.
          tau = .nan
          for i in 1..<(m - step) { v[i] = .nan }
        } else if (x0 - beta).isFinite {
          // Division rather than a product with 1 / (x0 − β), which
          // overflows for a column of subnormals.
          let difference = x0 - beta
          tau = -difference / beta
          for i in 1..<(m - step) { v[i] = a[step * m + step + i] / difference }
        } else {
          // x0 − β past the overflow threshold (|x0| + ‖x‖ is): in halves.
          let halfDifference = x0 * 0.5 - beta * 0.5
          tau = -halfDifference / (beta * 0.5)
          for i in 1..<(m - step) { v[i] = (a[step * m + step + i] * 0.5) / halfDifference }
        }
        a[step * m + step] = beta
        for i in 1..<(m - step) { a[step * m + step + i] = 0 }
        for j in (step + 1)..<n {
          var dot: Scalar = 0
          for i in 0..<(m - step) { dot += v[i] * a[j * m + step + i] }
          let f = tau * dot
          for i in 0..<(m - step) { a[j * m + step + i] -= f * v[i] }
        }
      }
      reflectors.append(v)
      taus.append(tau)
      for j in (step + 1)..<n { norms[j] = columnNorm(j, from: step + 1) }
    }
    let working = a
    self.r = Matrix(rows: k, columns: n) { row, column in row <= column ? working[column * m + row] : 0 }
    // Q = H₀ H₁ … H_(k−1) applied to the first k columns of the identity.
    var qColumns = [Scalar](repeating: 0, count: m * k)
    for j in 0..<k { qColumns[j * m + j] = 1 }
    for step in stride(from: k - 1, through: 0, by: -1) {
      let v = reflectors[step]
      let tau = taus[step]
      if tau == 0 { continue }
      for j in 0..<k {
        var dot: Scalar = 0
        for i in 0..<(m - step) { dot += v[i] * qColumns[j * m + step + i] }
        let f = tau * dot
        for i in 0..<(m - step) { qColumns[j * m + step + i] -= f * v[i] }
      }
    }
    let qWorking = qColumns
    self.q = Matrix(rows: m, columns: k) { row, column in qWorking[column * m + row] }
    self.columnOrder = order
    let largest = k > 0 ? abs(working[0]) : 0
    let tolerance = Scalar(Swift.max(m, n)) * Scalar.ulpOfOne * largest
    var rank = 0
    for i in 0..<k where abs(working[i * m + i]) > tolerance { rank += 1 }
    self.rank = largest.isFinite ? rank : 0
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
