/// A complex number `real + imaginary·i` over a real floating-point type.
///
/// The memory layout is two `RealType` values, real part first: the layout of
/// C's `double _Complex`, C++'s `std::complex<double>` and swift-numerics'
/// `Complex`, whose member names this type shares (`real`, `imaginary`,
/// `conjugate`, `length`, `magnitude`). A program that also imports
/// swift-numerics sees two types named `Complex`; qualify the one it means,
/// `LinearAlgebra.Complex<Double>` or `ComplexModule.Complex<Double>`, or
/// add `typealias Complex = LinearAlgebra.Complex` in one file.
///
///     let z = Complex<Double>(3, 4)
///     z.length        // 5
///     z * z.conjugate // 25 + 0i
///
/// Arithmetic avoids needless overflow and underflow: `length` scales before
/// squaring, division is Smith's algorithm, and a product whose naive form
/// overflows is recomputed on scaled operands.
@frozen
public struct Complex<RealType: BinaryFloatingPoint>: Sendable
where RealType: Sendable {
  /// The real part.
  public var real: RealType

  /// The imaginary part.
  public var imaginary: RealType

  /// The number `real + imaginary·i`.
  @inlinable
  public init(_ real: RealType, _ imaginary: RealType) {
    self.real = real
    self.imaginary = imaginary
  }

  /// The real number `real + 0i`.
  @inlinable
  public init(_ real: RealType) {
    self.init(real, 0)
  }

  /// The imaginary unit i.
  @inlinable
  public static var i: Complex { Complex(0, 1) }

  /// The complex conjugate `real - imaginary·i`.
  @inlinable
  public var conjugate: Complex { Complex(real, -imaginary) }

  /// Whether both parts are finite.
  @inlinable
  public var isFinite: Bool { real.isFinite && imaginary.isFinite }

  /// Whether either part is NaN.
  @inlinable
  public var isNaN: Bool { real.isNaN || imaginary.isNaN }

  /// The Euclidean length `sqrt(real² + imaginary²)` (the absolute value),
  /// computed without overflow or underflow in the squares. Infinite when
  /// either part is infinite, even if the other is NaN (as C's `cabs`).
  ///
  /// - Complexity: O(1).
  @inlinable
  public var length: RealType {
    let a = Swift.abs(real)
    let b = Swift.abs(imaginary)
    if a.isInfinite || b.isInfinite { return .infinity }
    if a.isNaN || b.isNaN { return .nan }
    let largest = Swift.max(a, b)
    if largest == 0 { return 0 }
    // Scaling by a power of two keeps every digit.
    let scale = RealType(sign: .plus, exponent: largest.exponent, significand: 1)
    let x = a / scale
    let y = b / scale
    return scale * (x * x + y * y).squareRoot()
  }

  /// The infinity norm `max(|real|, |imaginary|)`, the `Numeric` magnitude
  /// as swift-numerics defines it: cheap, and within √2 of `length`.
  @inlinable
  public var magnitude: RealType {
    Swift.max(Swift.abs(real), Swift.abs(imaginary))
  }
}
