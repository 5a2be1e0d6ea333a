extension Complex: AdditiveArithmetic {
  /// Zero, `0 + 0i`.
  @inlinable
  public static var zero: Complex { Complex(0, 0) }

  /// The sum.
  @inlinable
  public static func + (lhs: Complex, rhs: Complex) -> Complex {
    Complex(lhs.real + rhs.real, lhs.imaginary + rhs.imaginary)
  }

  /// The difference.
  @inlinable
  public static func - (lhs: Complex, rhs: Complex) -> Complex {
    Complex(lhs.real - rhs.real, lhs.imaginary - rhs.imaginary)
  }

  /// Adds in place.
  @inlinable
  public static func += (lhs: inout Complex, rhs: Complex) { lhs = lhs + rhs }

  /// Subtracts in place.
  @inlinable
  public static func -= (lhs: inout Complex, rhs: Complex) { lhs = lhs - rhs }
}

extension Complex: SignedNumeric {
  /// The real number `value + 0i`.
  @inlinable
  public init(integerLiteral value: Int) {
    self.init(RealType(value), 0)
  }

  /// The real number `source + 0i`, when `RealType` represents `source`
  /// exactly.
  @inlinable
  public init?<Source: BinaryInteger>(exactly source: Source) {
    guard let real = RealType(exactly: source) else { return nil }
    self.init(real, 0)
  }

  /// The negation.
  @inlinable
  public static prefix func - (operand: Complex) -> Complex {
    Complex(-operand.real, -operand.imaginary)
  }

  /// Negates in place.
  @inlinable
  public mutating func negate() { self = -self }

  /// The product `(ac - bd) + (ad + bc)i`. When that overflows for finite
  /// operands, it is recomputed on operands scaled by powers of two, so a
  /// representable product comes out finite.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func * (lhs: Complex, rhs: Complex) -> Complex {
    let product = Complex(
      lhs.real * rhs.real - lhs.imaginary * rhs.imaginary,
      lhs.real * rhs.imaginary + lhs.imaginary * rhs.real)
    if product.isFinite || !lhs.isFinite || !rhs.isFinite { return product }
    return rescaledProduct(lhs, rhs)
  }

  /// The product of finite operands whose naive form overflowed.
  @usableFromInline
  static func rescaledProduct(_ lhs: Complex, _ rhs: Complex) -> Complex {
    let lhsScale = lhs.magnitude == 0 ? RealType(1) : lhs.magnitude.binadeScale
    let rhsScale = rhs.magnitude == 0 ? RealType(1) : rhs.magnitude.binadeScale
    let a = Complex(lhs.real / lhsScale, lhs.imaginary / lhsScale)
    let b = Complex(rhs.real / rhsScale, rhs.imaginary / rhsScale)
    let scaled = Complex(
      a.real * b.real - a.imaginary * b.imaginary, a.real * b.imaginary + a.imaginary * b.real)
    return Complex(scaled.real * lhsScale * rhsScale, scaled.imaginary * lhsScale * rhsScale)
  }

  /// Multiplies in place.
  @inlinable
  public static func *= (lhs: inout Complex, rhs: Complex) { lhs = lhs * rhs }

  /// The quotient, by Smith's algorithm (1962) with power-of-two scaling
  /// of the divisor: no overflow or underflow that the true quotient does
  /// not have. Division by zero gives infinity or NaN parts as IEEE
  /// division does.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func / (lhs: Complex, rhs: Complex) -> Complex {
    let c = rhs.real
    let d = rhs.imaginary
    if Swift.abs(d) <= Swift.abs(c) {
      if c == 0 {
        // Both parts of the divisor are zero (or d is NaN with c == 0).
        return Complex(lhs.real / c, lhs.imaginary / c)
      }
      let ratio = d / c
      let denominator = c + d * ratio
      if ratio == 0 {
        // d/c underflowed: use the unreduced form, still without overflow.
        return Complex(
          (lhs.real + d * (lhs.imaginary / c)) / denominator,
          (lhs.imaginary - d * (lhs.real / c)) / denominator)
      }
      return Complex(
        (lhs.real + lhs.imaginary * ratio) / denominator,
        (lhs.imaginary - lhs.real * ratio) / denominator)
    } else if Swift.abs(d) > Swift.abs(c) {
      let ratio = c / d
      let denominator = c * ratio + d
      if ratio == 0 {
        return Complex(
          (c * (lhs.real / d) + lhs.imaginary) / denominator,
          (c * (lhs.imaginary / d) - lhs.real) / denominator)
      }
      return Complex(
        (lhs.real * ratio + lhs.imaginary) / denominator,
        (lhs.imaginary * ratio - lhs.real) / denominator)
    } else {
      // A NaN part in the divisor.
      return Complex(.nan, .nan)
    }
  }

  /// Divides in place.
  @inlinable
  public static func /= (lhs: inout Complex, rhs: Complex) { lhs = lhs / rhs }
}

extension BinaryFloatingPoint {
  /// The power of two at the bottom of this finite, nonzero number's binade.
  @usableFromInline
  var binadeScale: Self { Self(sign: .plus, exponent: exponent, significand: 1) }
}
