extension Matrix {
  /// The length |aᵢⱼ| of every element as a real matrix of the same shape:
  /// the absolute value of a real element, the Euclidean length of a complex
  /// one (without overflow in the squares). NaN stays NaN; an infinite part
  /// gives infinity.
  ///
  /// - Complexity: O(rows · columns).
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  @_specialize(where Scalar == Complex<Double>) @_specialize(where Scalar == Complex<Float>)
  internal func elementLengths() -> Matrix<Scalar.RealType> {
    let lengths: [Scalar.RealType] = storage.withUnsafeBufferPointer { elements in
      if CoreElementKind(Scalar.self).realsPerElement == 1 {
        elements.withMemoryRebound(to: Scalar.RealType.self) { $0.map { Swift.abs($0) } }
      } else {
        elements.withMemoryRebound(to: Complex<Scalar.RealType>.self) { $0.map(\.length) }
      }
    }
    return Matrix<Scalar.RealType>(rows: rowCount, columns: columnCount, elements: lengths)
  }

  /// The 1-norm (largest column sum of element lengths) for any scalar:
  /// `norm(.one)` of a real matrix, the lengths' norm for a complex one.
  ///
  /// - Complexity: O(rows · columns).
  internal func oneNorm() -> Scalar.RealType {
    if Scalar.self == Scalar.RealType.self {
      return unsafeBitCast(self, to: Matrix<Scalar.RealType>.self).norm(.one)
    }
    return elementLengths().norm(.one)
  }
}
