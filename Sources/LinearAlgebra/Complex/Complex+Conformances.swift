extension Complex: Hashable {
  /// Equal when both parts are equal; `-0` equals `+0`, and NaN equals
  /// nothing, as for the parts.
  @inlinable
  public static func == (lhs: Complex, rhs: Complex) -> Bool {
    lhs.real == rhs.real && lhs.imaginary == rhs.imaginary
  }

  /// Hashes both parts, with `-0` hashed as `+0` so equal values hash alike.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(real == 0 ? 0 : real)
    hasher.combine(imaginary == 0 ? 0 : imaginary)
  }
}

extension Complex: Codable where RealType: Codable {
  /// Decodes `[real, imaginary]`, the form swift-numerics writes.
  ///
  /// - Throws: `DecodingError` when the container does not hold two numbers.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    let real = try container.decode(RealType.self)
    let imaginary = try container.decode(RealType.self)
    self.init(real, imaginary)
  }

  /// Encodes `[real, imaginary]`.
  ///
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(real)
    try container.encode(imaginary)
  }
}

extension Complex: CustomStringConvertible {
  /// The number as `a + bi` or `a - bi`, e.g. `1.5 - 2.0i` (also inside
  /// arrays and matrices).
  public var description: String {
    if imaginary.sign == .minus && !imaginary.isNaN {
      return "\(real) - \(-imaginary)i"
    }
    return "\(real) + \(imaginary)i"
  }
}

extension Complex: MatrixScalar where RealType: RealMatrixScalar {}

extension Complex: ComplexMatrixScalar where RealType: RealMatrixScalar {}
