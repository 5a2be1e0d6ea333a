#if arch(x86_64)
  import _Builtin_intrinsics.intel
#endif

/// A SIMD vector whose lane-wise `*`, `+` and `-` reach LLVM as vector
/// operations. For four Floats on x86-64 they are the SSE intrinsics that
/// Clang ships with every Swift toolchain (`_Builtin_intrinsics.intel`, the
/// inline functions of `<xmmintrin.h>`, inlined like Swift code: one `mulps`,
/// `addps` or `subps` each, no call). Elsewhere, and for other shapes, they
/// are the standard library's arithmetic.
///
/// The standard library writes floating-point SIMD arithmetic as loops over
/// the lanes, so LLVM receives scalar operations, and its SLP vectorizer
/// regroups them with shuffles of its own choosing. For the Float 4×4
/// inverse's block formula that was about 210 instructions per matrix, 63
/// of them shuffles, against 147 in Eigen's SSE code; with these
/// operations the same formula compiles to about as many as Eigen's.
///
/// A module of its own, built without C++ interoperability: in a resilient
/// module built with it (`LinearAlgebra`), the compiler does not allow
/// Clang functions with vector types in inlinable code. `LinearAlgebra`'s
/// small fixed-size kernels (`StaticMatrix`) use it; it is not part of the
/// public API of the products.
@frozen
public struct PackedVector<Lanes: SIMD> where Lanes.Scalar: BinaryFloatingPoint {
  public var lanes: Lanes

  @inlinable @inline(__always)
  public init(_ lanes: Lanes) { self.lanes = lanes }

  /// A vector with every lane equal to `value`.
  @inlinable @inline(__always)
  public init(repeating value: Lanes.Scalar) { lanes = Lanes(repeating: value) }

  /// A four-lane vector.
  ///
  /// - Precondition: `Lanes.scalarCount == 4`.
  @inlinable @inline(__always)
  public init(_ l0: Lanes.Scalar, _ l1: Lanes.Scalar, _ l2: Lanes.Scalar, _ l3: Lanes.Scalar) {
    lanes = Lanes()
    lanes[0] = l0
    lanes[1] = l1
    lanes[2] = l2
    lanes[3] = l3
  }

  /// Lane `i`.
  @inlinable @inline(__always)
  public subscript(i: Int) -> Lanes.Scalar { lanes[i] }

  /// The sum of the lanes.
  @inlinable @inline(__always)
  public func sum() -> Lanes.Scalar { lanes.sum() }

  /// The lane-wise product.
  @inlinable @inline(__always)
  public static func * (x: PackedVector, y: PackedVector) -> PackedVector {
    #if arch(x86_64)
      if Lanes.self == SIMD4<Float>.self {
        return PackedVector(unsafeBitCast(_mm_mul_ps(x.float4, y.float4), to: Lanes.self))
      }
    #endif
    return PackedVector(x.lanes * y.lanes)
  }

  /// The lane-wise sum.
  @inlinable @inline(__always)
  public static func + (x: PackedVector, y: PackedVector) -> PackedVector {
    #if arch(x86_64)
      if Lanes.self == SIMD4<Float>.self {
        return PackedVector(unsafeBitCast(_mm_add_ps(x.float4, y.float4), to: Lanes.self))
      }
    #endif
    return PackedVector(x.lanes + y.lanes)
  }

  /// The lane-wise difference.
  @inlinable @inline(__always)
  public static func - (x: PackedVector, y: PackedVector) -> PackedVector {
    #if arch(x86_64)
      if Lanes.self == SIMD4<Float>.self {
        return PackedVector(unsafeBitCast(_mm_sub_ps(x.float4, y.float4), to: Lanes.self))
      }
    #endif
    return PackedVector(x.lanes - y.lanes)
  }

  /// Each lane times `scalar`.
  @inlinable @inline(__always)
  public static func * (x: PackedVector, scalar: Lanes.Scalar) -> PackedVector {
    x * PackedVector(repeating: scalar)
  }

  #if arch(x86_64)
    /// The lanes as `SIMD4<Float>`, `__m128`'s Swift type.
    ///
    /// - Precondition: `Lanes == SIMD4<Float>`.
    @inlinable @inline(__always)
    public var float4: SIMD4<Float> { unsafeBitCast(lanes, to: SIMD4<Float>.self) }
  #endif
}
