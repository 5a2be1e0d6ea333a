/// A scalar type that `Matrix` can hold: `Float`, `Double`, `Complex<Float>`
/// or `Complex<Double>`.
///
/// Operations that make sense for every scalar (arithmetic, products, `lu()`,
/// `qr()`, `svd()`, `inverse()`, `solve`, `leastSquares(_:)`,
/// `pseudoInverse()`, `rank()`, `logDeterminant()`, `eigen()`, `power(_:)`,
/// ...) are written for `MatrixScalar`; real-only ones (`cholesky()`,
/// `ldlt()`, ordering-based reductions) for
/// ``RealMatrixScalar``; complex-only ones
/// (`adjoint()`, the `real` and `imaginary` parts) for
/// ``ComplexMatrixScalar``. The C++ core has an implementation for exactly
/// these four types; conforming any other type traps at the first
/// computation.
public protocol MatrixScalar: SignedNumeric, Hashable, Codable, Sendable
where Magnitude == RealType {
  /// The real type of the scalar's parts: `Self` for a real scalar, the
  /// component type for a complex one.
  associatedtype RealType: RealMatrixScalar

  /// The scalar with real part `real` and no imaginary part.
  init(_ real: RealType)

  /// Division; the complex one is Smith's, without needless overflow.
  static func / (lhs: Self, rhs: Self) -> Self

  /// Divides in place.
  static func /= (lhs: inout Self, rhs: Self)

  /// Whether every part is finite (neither infinite nor NaN).
  var isFinite: Bool { get }
}

/// A real scalar that `Matrix` can hold: `Float` or `Double`.
public protocol RealMatrixScalar: MatrixScalar, BinaryFloatingPoint, SIMDScalar
where RawSignificand: FixedWidthInteger, RealType == Self {}

/// A complex scalar that `Matrix` can hold: `Complex<Float>` or
/// `Complex<Double>`.
public protocol ComplexMatrixScalar: MatrixScalar {
  /// The scalar `real + imaginary·i`.
  init(_ real: RealType, _ imaginary: RealType)

  /// The real part.
  var real: RealType { get }

  /// The imaginary part.
  var imaginary: RealType { get }

  /// The complex conjugate, `real - imaginary·i`.
  var conjugate: Self { get }
}

extension Float: RealMatrixScalar {
  public typealias RealType = Float
}

extension Double: RealMatrixScalar {
  public typealias RealType = Double
}
