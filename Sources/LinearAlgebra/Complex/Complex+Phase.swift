#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Complex {
  /// The angle from the positive real axis, in [-π, π] (C's `carg`).
  ///
  /// - Complexity: O(1).
  public var phase: RealType {
    RealType(atan2(Double(imaginary), Double(real)))
  }
}
