extension ColumnPivotedQRDecomposition {
  /// Columns factored per block by ``factorInPlaceBlocked(_:_:_:order:taus:)``.
  static var factorBlockWidth: Int { 32 }

  /// The pivoted factorization of the column-major m×n `a` in place, as
  /// ``factorInPlace(_:_:_:order:taus:)`` leaves it, in blocks (LAPACK's
  /// `?geqp3` with `?laqps`, after Quintana-Ortí, Sun and Bischof, "A
  /// BLAS-3 version of the QR factorization with column pivoting", 1998).
  ///
  /// Within a block each step still picks the column of largest remaining
  /// norm, but the trailing columns are not updated: with V the block's
  /// reflectors and F the matrix whose row j holds what they take from
  /// trailing column j (τ-scaled products, updated step by step), the
  /// trailing matrix is A − V Fᵀ. Each step applies that only to its pivot
  /// column and to its pivot row, whose entries the norms' downdating
  /// needs. After the block one core product subtracts V Fᵀ from the rest.
  /// A step that would have to compute a norm again (`?laqp2`'s √eps test)
  /// ends the block early, since a norm needs the updated column; those
  /// norms are computed after the block's update.
  ///
  /// Benchmark, 512×512, one run each: Double 37 → 34 ms, Float 22 → 18 ms
  /// (scipy's `qr(pivoting=True)`: 25 and 11.5 ms). What is left is mostly
  /// each step's pass over the trailing columns for F, which `?laqps` has
  /// too.
  ///
  /// - Complexity: O(m·n·min(m, n)); about half the flops go through the
  ///   core's matrix product.
  static func factorInPlaceBlocked(
    _ a: UnsafeMutablePointer<Scalar>, _ m: Int, _ n: Int, order: inout [Int],
    taus: UnsafeMutableBufferPointer<Scalar>
  ) {
    var norms = RemainingNorms(a, rows: m, columns: n)
    let steps = taus.count
    var first = 0
    while first < steps {
      let width = Swift.min(factorBlockWidth, steps - first)
      // F by columns: row r is trailing column first + r.
      let fRows = n - first
      var f = [Scalar](repeating: 0, count: fRows * width)
      var products = [Scalar](repeating: 0, count: width)
      var rowUpdate = [Scalar](repeating: 0, count: Swift.max(fRows, 1))
      var recompute: [Int] = []
      var count = 0
      while count < width && recompute.isEmpty {
        let step = first + count
        let pivot = norms.pivot(from: step)
        if pivot != step {
          for i in 0..<m { swap(&a[step * m + i], &a[pivot * m + i]) }
          for c in 0..<count { f.swapAt(c * fRows + step - first, c * fRows + pivot - first) }
          norms.swapAt(step, pivot)
          order.swapAt(step, pivot)
        }
        // The block's earlier reflectors on the pivot column, from row `step` on.
        let column = a + step * m
        for c in 0..<count {
          let factor = f[c * fRows + step - first]
          let v = a + (first + c) * m
          for i in step..<m { column[i] -= v[i] * factor }
        }
        let length = m - step
        let tau = makeReflector(column + step, length: length, norm: norms.norm(ofColumn: step, from: step))
        taus[step] = tau
        let diagonal = column[step]
        column[step] = 1
        // F[j, count] = τ (trailing column j from row `step` on)ᵀ v.
        for j in (step + 1)..<Swift.max(n, step + 1) {
          f[count * fRows + j - first] = tau * dot(a + j * m + step, column + step, count: length)
        }
        // F[:, count] −= τ F[:, 0..<count] (V[step..., 0..<count]ᵀ v).
        if count > 0 {
          for c in 0..<count {
            products[c] = -tau * dot(a + (first + c) * m + step, column + step, count: length)
          }
          f.withUnsafeMutableBufferPointer { f in
            let target = f.baseAddress! + count * fRows
            for c in 0..<count where products[c] != 0 {
              let (factor, source) = (products[c], f.baseAddress! + c * fRows)
              for r in 0..<fRows { target[r] += source[r] * factor }
            }
          }
        }
        // Row `step` of the trailing columns: −= A[step, first...step] F[j, 0...count]ᵀ,
        // summed along F's contiguous columns, then subtracted once per column.
        if step + 1 < n {
          let trailing = n - step - 1
          rowUpdate.withUnsafeMutableBufferPointer { update in
            f.withUnsafeBufferPointer { f in
              let sums = update.baseAddress!
              sums.update(repeating: 0, count: trailing)
              for c in 0...count {
                let factor = a[(first + c) * m + step]
                let source = f.baseAddress! + c * fRows + step + 1 - first
                for j in 0..<trailing { sums[j] += factor * source[j] }
              }
              for j in 0..<trailing { a[(step + 1 + j) * m + step] -= sums[j] }
            }
          }
        }
        column[step] = diagonal
        // Downdate the remaining norms by the entries now in row `step`.
        if step + 1 < m {
          for j in (step + 1)..<Swift.max(n, step + 1) where !norms.downdate(j, row: step) {
            recompute.append(j)
          }
        }
        count += 1
      }
      // The trailing matrix below the block's rows: A[r₀..., c₀...] −=
      // V[r₀..., block] F[c₀..., block]ᵀ, one core product on transposes
      // (Fᵀ's rows by trailing column, Vᵀ's rows contiguous in A).
      let next = first + count
      let (rows, columns) = (m - next, n - next)
      if rows > 0 && columns > 0 {
        var fTrailing = [Scalar](repeating: 0, count: columns * count)
        for j in 0..<columns {
          for c in 0..<count { fTrailing[j * count + c] = f[c * fRows + next - first + j] }
        }
        var vTransposed = [Scalar](repeating: 0, count: count * rows)
        for c in 0..<count {
          let v = a + (first + c) * m + next
          for i in 0..<rows { vTransposed[c * rows + i] = v[i] }
        }
        let update = coreProduct(fTrailing, vTransposed, rows: columns, inner: count, columns: rows)
        subtractTransposed(
          update, from: a + next * m + next, leadingDimension: m, rows: rows, columns: columns)
      }
      for j in recompute { norms.recompute(j, from: next) }
      first = next
    }
  }

  /// xᵀ y over `count` entries, in eight partial sums (independent chains
  /// that the optimizer vectorizes; one sum is bound by the adds' latency).
  @inline(__always)
  static func dot(_ x: UnsafePointer<Scalar>, _ y: UnsafePointer<Scalar>, count: Int) -> Scalar {
    var (s0, s1, s2, s3) = (Scalar(0), Scalar(0), Scalar(0), Scalar(0))
    var (s4, s5, s6, s7) = (Scalar(0), Scalar(0), Scalar(0), Scalar(0))
    var i = 0
    while i &+ 8 <= count {
      s0 += x[i] * y[i]
      s1 += x[i &+ 1] * y[i &+ 1]
      s2 += x[i &+ 2] * y[i &+ 2]
      s3 += x[i &+ 3] * y[i &+ 3]
      s4 += x[i &+ 4] * y[i &+ 4]
      s5 += x[i &+ 5] * y[i &+ 5]
      s6 += x[i &+ 6] * y[i &+ 6]
      s7 += x[i &+ 7] * y[i &+ 7]
      i &+= 8
    }
    while i < count {
      s0 += x[i] * y[i]
      i &+= 1
    }
    return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
  }
}
