extension Matrix {
  /// The sum of all elements (0 for an empty matrix), by pairwise summation
  /// as numpy's `sum`; NaN if any element is NaN. A complex matrix's sum
  /// adds the real and imaginary parts pairwise.
  ///
  /// - Complexity: O(elements).
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  @_specialize(where Scalar == Complex<Double>) @_specialize(where Scalar == Complex<Float>)
  public func sum() -> Scalar {
    storage.withUnsafeBufferPointer { elements in
      guard let start = elements.baseAddress else { return 0 }
      return pairwiseSum(start, elements.count)
    }
  }

  /// The mean of all elements; NaN for an empty matrix, as numpy's `mean`.
  ///
  /// - Complexity: O(elements).
  public func mean() -> Scalar {
    storage.isEmpty ? Scalar(.nan) : sum() / Scalar(Scalar.RealType(storage.count))
  }
}

extension Matrix where Scalar: RealMatrixScalar {
  /// The smallest element; nil for an empty matrix, NaN if any element is
  /// NaN (numpy's `min` propagates NaN).
  ///
  /// - Complexity: O(elements).
  public func min() -> Scalar? { extremum(largest: false) }

  /// The largest element; nil for an empty matrix, NaN if any element is NaN.
  ///
  /// - Complexity: O(elements).
  public func max() -> Scalar? { extremum(largest: true) }

  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  private func extremum(largest: Bool) -> Scalar? {
    guard var best = storage.first else { return nil }
    for value in storage {
      if value.isNaN { return .nan }
      if largest ? value > best : value < best { best = value }
    }
    return best
  }
}
