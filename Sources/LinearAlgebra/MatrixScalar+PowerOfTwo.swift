extension MatrixScalar {
  /// `self` times 2^e, in factors of at most 2^±(the largest finite
  /// exponent), each exact unless the result turns subnormal; it stops at
  /// the first infinite or zero result (a complex infinity times a further
  /// factor would make NaN of the other part).
  internal func timesPowerOfTwo(_ e: Int) -> Self {
    let step = Int(RealType.greatestFiniteMagnitude.exponent)
    var result = self
    var rest = e
    while rest != 0, result.isFinite, result != .zero {
      let k = Swift.max(-step, Swift.min(step, rest))
      result *= Self(RealType(sign: .plus, exponent: RealType.Exponent(k), significand: 1))
      rest -= k
    }
    return result
  }
}
