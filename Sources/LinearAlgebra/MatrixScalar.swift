/// A real scalar type that `Matrix` can hold: `Float` or `Double`.
///
/// The C++ core has an implementation for exactly these two types; conforming
/// any other type traps at the first computation.
public protocol MatrixScalar: BinaryFloatingPoint, SIMDScalar, Sendable, Codable
where RawSignificand: FixedWidthInteger {}

extension Float: MatrixScalar {}
extension Double: MatrixScalar {}
