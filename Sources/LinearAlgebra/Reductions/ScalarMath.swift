#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension RealMatrixScalar {
  /// The natural logarithm, through the C library's `log` (in Double for
  /// Float, which is exact enough for a Float result).
  @usableFromInline
  internal static func naturalLogarithm(_ x: Self) -> Self {
    Self(log(Double(x)))
  }
}
