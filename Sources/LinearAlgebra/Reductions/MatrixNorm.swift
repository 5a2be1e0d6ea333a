/// Which matrix norm ``Matrix/norm(_:)->Scalar`` computes (numpy's `ord`).
public enum MatrixNorm: Sendable, Hashable, CaseIterable {
  /// √(Σ aᵢⱼ²) (numpy's default, `'fro'`).
  case frobenius
  /// The largest column sum of magnitudes (`ord=1`).
  case one
  /// The largest row sum of magnitudes (`ord=inf`).
  case infinity
  /// The largest singular value (`ord=2`).
  case spectral
  /// The sum of the singular values (`'nuc'`).
  case nuclear
}

extension Matrix where Scalar: RealMatrixScalar {
  /// The norm of the given kind.
  ///
  ///     let a: Matrix<Double> = [[1, -2], [3, 4]]
  ///     a.norm(.one)        // 6 (column 1: |-2| + |4|)
  ///     a.norm(.infinity)   // 7 (row 1: |3| + |4|)
  ///
  /// An empty matrix has norm 0; NaN in the matrix gives NaN.
  ///
  /// - Complexity: O(elements) for `.frobenius`, `.one` and `.infinity`;
  ///   an SVD's singular values (O(m·n·min(m, n))) for `.spectral` and
  ///   `.nuclear`.
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  public func norm(_ kind: MatrixNorm) -> Scalar {
    guard !storage.isEmpty else { return 0 }
    switch kind {
    case .frobenius:
      return norm()
    case .one:
      return largestNaNPropagating(magnitudeSums(alongRows: false))
    case .infinity:
      return largestNaNPropagating(magnitudeSums(alongRows: true))
    case .spectral:
      if storage.contains(where: { $0.isNaN }) { return .nan }
      return singularValues().first ?? 0
    case .nuclear:
      if storage.contains(where: { $0.isNaN }) { return .nan }
      return singularValues().reduce(0, +)
    }
  }

  /// The sums of magnitudes of each row (`alongRows`) or each column, in
  /// one pass over the storage and without a copy of the matrix (a copy of
  /// a mid-sized matrix costs page faults that outweigh the sums). Plain
  /// sums, as LAPACK's `?lange` takes them.
  private func magnitudeSums(alongRows: Bool) -> [Scalar] {
    let (rows, columns) = (rowCount, columnCount)
    var sums = [Scalar](repeating: 0, count: alongRows ? rows : columns)
    storage.withUnsafeBufferPointer { values in
      sums.withUnsafeMutableBufferPointer { sums in
        for row in 0..<rows {
          let base = row * columns
          if alongRows {
            var sum: Scalar = 0
            for column in 0..<columns { sum += abs(values[base + column]) }
            sums[row] = sum
          } else {
            for column in 0..<columns { sums[column] += abs(values[base + column]) }
          }
        }
      }
    }
    return sums
  }

  private func largestNaNPropagating(_ values: [Scalar]) -> Scalar {
    var best: Scalar = 0
    for value in values {
      if value.isNaN { return .nan }
      best = Swift.max(best, value)
    }
    return best
  }
}
