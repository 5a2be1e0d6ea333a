extension ColumnPivotedQRDecomposition {
  /// The remaining columns' norms below the current row of a column-major
  /// working matrix, and the norms they were last computed from (LAPACK's
  /// vn1 and vn2), with the pivot search and `?laqp2`'s downdating.
  struct RemainingNorms {
    /// The column-major m×n working matrix.
    let a: UnsafeMutablePointer<Scalar>
    let m: Int
    var norms: [Scalar]
    var computed: [Scalar]

    init(_ a: UnsafeMutablePointer<Scalar>, rows m: Int, columns n: Int) {
      (self.a, self.m) = (a, m)
      norms = []
      computed = []
      norms = (0..<n).map { norm(ofColumn: $0, from: 0) }
      computed = norms
    }

    /// The Euclidean norm of column `j` from `row` on.
    func norm(ofColumn j: Int, from row: Int) -> Scalar {
      euclideanNorm(UnsafeBufferPointer(start: a + j * m + row, count: m - row))
    }

    /// The column from `step` on with the largest norm (a NaN one first).
    func pivot(from step: Int) -> Int {
      var pivot = step
      for j in step..<norms.count where norms[j] > norms[pivot] || norms[j].isNaN { pivot = j }
      return pivot
    }

    /// Swaps the norms of columns `i` and `j`.
    mutating func swapAt(_ i: Int, _ j: Int) {
      norms.swapAt(i, j)
      computed.swapAt(i, j)
    }

    /// Downdates column `j`'s norm by its entry in row `row`, now final;
    /// returns false, leaving the norm, when cancellation has eaten half its
    /// digits (the remaining norm relative to the last computed one below
    /// √eps) and it must be computed again from the next row.
    mutating func downdate(_ j: Int, row: Int) -> Bool {
      guard norms[j] != 0 else { return true }
      let ratio = abs(a[j * m + row]) / norms[j]
      let remaining = Swift.max((1 + ratio) * (1 - ratio), 0)
      let relative = norms[j] / computed[j]
      if remaining * relative * relative <= Scalar.ulpOfOne.squareRoot() || !remaining.isFinite {
        return false
      }
      norms[j] *= remaining.squareRoot()
      return true
    }

    /// Computes column `j`'s norm again from `row` on (zero past the last row).
    mutating func recompute(_ j: Int, from row: Int) {
      norms[j] = row < m ? norm(ofColumn: j, from: row) : 0
      computed[j] = norms[j]
    }
  }

  /// x y for row-major operands, x `rows`×`inner` and y `inner`×`columns`,
  /// through the core's product.
  static func coreProduct(_ x: [Scalar], _ y: [Scalar], rows: Int, inner: Int, columns: Int) -> [Scalar] {
    var result = [Scalar](repeating: 0, count: rows * columns)
    x.withUnsafeBufferPointer { x in
      y.withUnsafeBufferPointer { y in
        result.withUnsafeMutableBufferPointer { out in
          coreMultiply(
            CoreElementKind(Scalar.self), x.baseAddress, y.baseAddress, out.baseAddress, rows, inner, columns)
        }
      }
    }
    return result
  }

  /// Subtracts the row-major `columns`×`rows` update, transposed, from the
  /// block of a column-major matrix (leading dimension `m`) at `target`.
  static func subtractTransposed(
    _ update: [Scalar], from target: UnsafeMutablePointer<Scalar>, leadingDimension m: Int, rows: Int,
    columns: Int
  ) {
    update.withUnsafeBufferPointer { u in
      for j in 0..<columns {
        let column = target + j * m
        for i in 0..<rows { column[i] -= u[j * rows + i] }
      }
    }
  }
}
