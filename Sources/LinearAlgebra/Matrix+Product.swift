internal import CXX

extension Matrix {
  /// The matrix product `lhs * rhs`, computed by the C++ core (Eigen).
  ///
  /// The result goes to fresh storage, so `a = a * a` is correct.
  /// `(m×0) * (0×n)` is the m×n zero matrix.
  ///
  /// - Precondition: `lhs.columnCount == rhs.rowCount`.
  /// - Complexity: O(m·k·n) for an m×k times a k×n matrix.
  @inlinable
  public static func * (lhs: Matrix, rhs: Matrix) -> Matrix {
    precondition(
      lhs.columnCount == rhs.rowCount,
      "Matrix product needs lhs.columnCount == rhs.rowCount; got \(lhs.shapeDescription) * \(rhs.shapeDescription)"
    )
    let (m, k, n) = (lhs.rowCount, lhs.columnCount, rhs.columnCount)
    // Inlined into the caller, so that the result's allocation is
    // specialized for `Scalar`; only the non-generic core call is not.
    return lhs.storage.withUnsafeBufferPointer { a in
      rhs.storage.withUnsafeBufferPointer { b in
        Matrix(rows: m, columns: n) { c in
          coreMultiply(
            CoreElementKind(Scalar.self), UnsafeRawPointer(a.baseAddress), UnsafeRawPointer(b.baseAddress),
            UnsafeMutableRawPointer(c), m, k, n)
        }
      }
    }
  }

  /// Replaces `lhs` with the matrix product `lhs * rhs`.
  ///
  /// The product is computed into fresh storage, so `a *= a` is correct.
  ///
  /// - Precondition: `lhs.columnCount == rhs.rowCount`.
  /// - Complexity: O(m·k·n).
  public static func *= (lhs: inout Matrix, rhs: Matrix) {
    lhs = lhs * rhs
  }

  /// The matrix-vector product `lhs * rhs`.
  ///
  /// - Precondition: `rhs.count == lhs.columnCount`.
  /// - Complexity: O(m·n).
  @inlinable
  public static func * (lhs: Matrix, rhs: [Scalar]) -> [Scalar] {
    precondition(
      lhs.columnCount == rhs.count,
      "Matrix-vector product needs \(lhs.columnCount) vector elements for a \(lhs.shapeDescription) matrix; got \(rhs.count)"
    )
    let (m, n) = (lhs.rowCount, lhs.columnCount)
    // Inlined into the caller, like the matrix product, so that the result's
    // allocation is specialized for `Scalar` (unspecialized, it doubled the
    // time of a 64×64 matrix-vector product).
    return lhs.storage.withUnsafeBufferPointer { a in
      rhs.withUnsafeBufferPointer { x in
        [Scalar](unsafeUninitializedCapacity: m) { y, count in
          coreMultiplyVector(
            CoreElementKind(Scalar.self), UnsafeRawPointer(a.baseAddress), UnsafeRawPointer(x.baseAddress),
            UnsafeMutableRawPointer(y.baseAddress), m, n)
          count = m
        }
      }
    }
  }
}

/// `c = a b` in the core for m×k and k×n row-major operands of the scalar
/// `kind` names; the one non-generic entry point of the inlinable product.
@usableFromInline
func coreMultiply(
  _ kind: CoreElementKind, _ a: UnsafeRawPointer?, _ b: UnsafeRawPointer?, _ c: UnsafeMutableRawPointer?,
  _ m: Int, _ k: Int, _ n: Int
) {
  let status: core.Status
  switch kind {
  case .double:
    status = core.multiply(
      a?.assumingMemoryBound(to: Double.self), b?.assumingMemoryBound(to: Double.self),
      c?.assumingMemoryBound(to: Double.self), m, k, n)
  case .float:
    status = core.multiply(
      a?.assumingMemoryBound(to: Float.self), b?.assumingMemoryBound(to: Float.self),
      c?.assumingMemoryBound(to: Float.self), m, k, n)
  case .complexDouble:
    status = core.complexMultiply(
      a?.assumingMemoryBound(to: Double.self), b?.assumingMemoryBound(to: Double.self),
      c?.assumingMemoryBound(to: Double.self), m, k, n)
  case .complexFloat:
    status = core.complexMultiply(
      a?.assumingMemoryBound(to: Float.self), b?.assumingMemoryBound(to: Float.self),
      c?.assumingMemoryBound(to: Float.self), m, k, n)
  }
  status.expectSuccess("Matrix product \(m)×\(k) * \(k)×\(n)")
}

/// `y = a x` in the core for an m×n row-major matrix and a vector of n
/// elements of the scalar `kind` names; the one non-generic entry point of
/// the inlinable matrix-vector product.
@usableFromInline
func coreMultiplyVector(
  _ kind: CoreElementKind, _ a: UnsafeRawPointer?, _ x: UnsafeRawPointer?, _ y: UnsafeMutableRawPointer?,
  _ m: Int, _ n: Int
) {
  let status: core.Status
  switch kind {
  case .double:
    status = core.multiplyVector(
      a?.assumingMemoryBound(to: Double.self), x?.assumingMemoryBound(to: Double.self),
      y?.assumingMemoryBound(to: Double.self), m, n)
  case .float:
    status = core.multiplyVector(
      a?.assumingMemoryBound(to: Float.self), x?.assumingMemoryBound(to: Float.self),
      y?.assumingMemoryBound(to: Float.self), m, n)
  case .complexDouble:
    status = core.complexMultiply(
      a?.assumingMemoryBound(to: Double.self), x?.assumingMemoryBound(to: Double.self),
      y?.assumingMemoryBound(to: Double.self), m, n, 1)
  case .complexFloat:
    status = core.complexMultiply(
      a?.assumingMemoryBound(to: Float.self), x?.assumingMemoryBound(to: Float.self),
      y?.assumingMemoryBound(to: Float.self), m, n, 1)
  }
  status.expectSuccess("Matrix-vector product \(m)×\(n) * [\(n)]")
}
