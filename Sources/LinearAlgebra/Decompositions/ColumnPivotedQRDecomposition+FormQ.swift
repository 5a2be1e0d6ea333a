extension ColumnPivotedQRDecomposition {
  /// Reflectors applied together, as one block reflector, when Q is formed.
  static var qBlockWidth: Int { 32 }

  /// Q's first k columns, column-major m×k, from the reflectors kept below
  /// the diagonal of the column-major m×n working matrix `a` and their τs:
  /// Q = H₀ H₁ … H_(k−1) applied to the first k columns of the identity
  /// (LAPACK's `?orgqr`). Blocks of ``qBlockWidth`` reflectors are applied
  /// last block first, each as I − V T Vᵀ (`?larft`, `?larfb`) with the
  /// core's matrix product, to the columns from the block's first on; the
  /// last block, and a matrix with no more columns than two blocks, one
  /// reflector at a time (`?org2r`). Columns left of a block are still
  /// identity columns, zero where it acts.
  ///
  /// - Complexity: O(m·k²); its products run at the core's speed for the
  ///   blocked part.
  static func formQ(reflectors: UnsafeBufferPointer<Scalar>, rows m: Int, taus: [Scalar]) -> [Scalar] {
    let k = taus.count
    guard k > 0, let a = reflectors.baseAddress else { return [] }
    let width = qBlockWidth
    var q = [Scalar](repeating: 0, count: m * k)
    q.withUnsafeMutableBufferPointer { buffer in
      guard let q = buffer.baseAddress else { return }
      for j in 0..<k { q[j * m + j] = 1 }
      let blocked = k > 2 * width
      for start in stride(from: 0, to: k, by: width).reversed() {
        let count = Swift.min(width, k - start)
        if blocked && start + count < k {
          applyBlockReflector(
            reflectors: a, rows: m, taus: taus, first: start, count: count, to: q, columns: k)
        } else {
          for step in stride(from: start + count - 1, through: start, by: -1) where taus[step] != 0 {
            let v = a + step * m + step
            for j in step..<k { applyReflector(v, taus[step], to: q + j * m + step, count: m - step) }
          }
        }
      }
    }
    return q
  }

  /// Q[s..<m, s..<k] ← (I − V T Vᵀ) Q[s..<m, s..<k] for the `count`
  /// reflectors from `first` = s on: V holds their vectors (unit
  /// diagonal, zeros above), T is upper triangular with H_s … H_(s+b−1) =
  /// I − V T Vᵀ (`?larft`, forward and columnwise). Three core products on
  /// the transposes, since the core's operands are row-major and Q's
  /// columns are contiguous: W = Qᵀ V, W Tᵀ, then Qᵀ −= (W Tᵀ) Vᵀ.
  private static func applyBlockReflector(
    reflectors a: UnsafePointer<Scalar>, rows m: Int, taus: [Scalar], first s: Int, count b: Int,
    to q: UnsafeMutablePointer<Scalar>, columns k: Int
  ) {
    let (p, w) = (m - s, k - s)
    // V by rows (p×b) and by columns (b×p, each column contiguous).
    var vRows = [Scalar](repeating: 0, count: p * b)
    var vColumns = [Scalar](repeating: 0, count: b * p)
    for i in 0..<b {
      let column = a + (s + i) * m + s
      vRows[i * b + i] = 1
      vColumns[i * p + i] = 1
      for r in (i + 1)..<p {
        vRows[r * b + i] = column[r]
        vColumns[i * p + r] = column[r]
      }
    }
    // VᵀV (b×b) in one product, then T by rows: T[0..<i, i] =
    // −τᵢ T[0..<i, 0..<i] (V[:, 0..<i]ᵀ vᵢ). Tᵀ by rows for W Tᵀ.
    let gram = coreProduct(vColumns, vRows, rows: b, inner: p, columns: b)
    var t = [Scalar](repeating: 0, count: b * b)
    var products = [Scalar](repeating: 0, count: b)
    for i in 0..<b {
      let tau = taus[s + i]
      t[i * b + i] = tau
      for j in 0..<i { products[j] = -tau * gram[j * b + i] }
      for j in 0..<i {
        var sum: Scalar = 0
        for l in j..<i { sum += t[j * b + l] * products[l] }
        t[j * b + i] = sum
      }
    }
    var tTransposed = [Scalar](repeating: 0, count: b * b)
    for i in 0..<b { for j in 0..<b { tTransposed[j * b + i] = t[i * b + j] } }
    // Qᵀ of the block by rows (w×p): column s + j of Q from row s on.
    var qTransposed = [Scalar](repeating: 0, count: w * p)
    for j in 0..<w {
      for r in 0..<p { qTransposed[j * p + r] = q[(s + j) * m + s + r] }
    }
    let product = coreProduct(qTransposed, vRows, rows: w, inner: p, columns: b)
    let scaled = coreProduct(product, tTransposed, rows: w, inner: b, columns: b)
    let update = coreProduct(scaled, vColumns, rows: w, inner: b, columns: p)
    subtractTransposed(update, from: q + s * m + s, leadingDimension: m, rows: p, columns: w)
  }
}
