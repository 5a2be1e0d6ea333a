/// A product of many factors kept as a mantissa (largest part in [0.5, 1))
/// and a power of two, so that it neither overflows nor underflows before
/// its final value: what the determinants of the factorizations multiply
/// their pivots into.
internal struct ScaledProduct<Scalar: MatrixScalar> {
  private var mantissa: Scalar = 1
  private var exponent = 0

  /// Multiplies the product by `factor`.
  ///
  /// - Complexity: O(1).
  mutating func multiply(by factor: Scalar) {
    mantissa = normalized(mantissa * normalized(factor))
  }

  /// The product, rounded once; ±infinity or zero only if the product is
  /// out of range.
  var value: Scalar { mantissa.timesPowerOfTwo(exponent) }

  /// z / 2^e with its largest part in [0.5, 1), e added to `exponent`
  /// (zero, infinite and NaN z unchanged).
  private mutating func normalized(_ z: Scalar) -> Scalar {
    let largest = z.magnitude
    guard largest > 0, largest.isFinite else { return z }
    let e = Int(largest.exponent) + 1
    exponent += e
    return z.timesPowerOfTwo(-e)
  }
}
