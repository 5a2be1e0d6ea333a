/// A real scalar type that `Matrix` can hold: `Float` or `Double`.
///
/// The C++ core has an implementation for exactly these two types, so the
/// protocol is not meant for conformance outside this module.
public protocol MatrixScalar: BinaryFloatingPoint, Sendable, Codable {}

extension Float: MatrixScalar {}
extension Double: MatrixScalar {}
