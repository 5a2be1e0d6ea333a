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
        if m <= smallProductLimit && k <= smallProductLimit && n <= smallProductLimit {
          // On the stack first, then copied once into a new array
          // (smallArray): no zeroing and no uniqueness check of fresh
          // storage (4×4: 49 → 46 ns; through an array literal, 37 → 29 ns
          // in a plain loop).
          return withUnsafeTemporaryAllocation(of: Scalar.self, capacity: m * n) { product in
            smallProduct(a.baseAddress, b.baseAddress, product.baseAddress, m, k, n)
            return Matrix(rowCount: m, columnCount: n, storage: smallArray(UnsafeBufferPointer(product)))
          }
        }
        return Matrix(rows: m, columns: n) { c in
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
    // Real 4×4 (geometry's): no temporary buffer, no copy. Measured against
    // Eigen's `VectorXd y = a * x`: 1.14–1.21× → 0.99–1.01×, then with the
    // result allocated before the rows are loaded 1.08–1.11× → 0.92–0.94×
    // (binaries in turns, on a slower day).
    if m == 4 && n == 4, let product = fourByFourMatrixVectorProduct(lhs.storage, rhs) {
      return product
    }
    // Inlined into the caller, like the matrix product, so that the result's
    // allocation is specialized for `Scalar` (unspecialized, it doubled the
    // time of a 64×64 matrix-vector product).
    return lhs.storage.withUnsafeBufferPointer { a in
      rhs.withUnsafeBufferPointer { x in
        if m <= smallProductLimit && n <= smallProductLimit {
          return withUnsafeTemporaryAllocation(of: Scalar.self, capacity: m) { y in
            guard let a = a.baseAddress, let x = x.baseAddress, n > 0 else {
              return [Scalar](repeating: .zero, count: m)
            }
            smallMatrixVectorProduct(a, x, y.baseAddress!, m, n)
            return smallArray(UnsafeBufferPointer(y))
          }
        }
        return [Scalar](uninitializedCount: m) { y, count in
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

/// The elements of `elements` in a new array. For the sizes of 2-, 3- and
/// 4-vectors and of 2×2, 3×3 and 4×4 matrices through an array literal,
/// which allocates the storage directly (the standard library's
/// `_allocateUninitializedArray`); `reserveCapacity` and `append` go
/// through `_consumeAndCreateNew` and `malloc_usable_size`, 8 ns of a 37 ns
/// 4×4 product in a `swiftc -O` loop.
@inlinable
internal func smallArray<Scalar>(_ elements: UnsafeBufferPointer<Scalar>) -> [Scalar] {
  guard let e = elements.baseAddress else { return [] }
  switch elements.count {
  case 2: return [e[0], e[1]]
  case 3: return [e[0], e[1], e[2]]
  case 4: return [e[0], e[1], e[2], e[3]]
  case 9: return [e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8]]
  case 16:
    return [
      e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8], e[9], e[10], e[11], e[12], e[13], e[14], e[15],
    ]
  default:
    var storage: [Scalar] = []
    storage.reserveCapacity(elements.count)
    storage.append(contentsOf: elements)
    return storage
  }
}

/// The largest dimension for which products run inline in the caller
/// rather than in the core: up to 8×8, the call into the core (its shape
/// checks, the instruction-set dispatch, the thread pool's size test) costs
/// more than the multiply-adds, which the caller's specialized loop does at
/// the speed of Eigen's fixed-size code (measured: 4×4 Double in the core
/// 110 ns, inline 30–40 ns; at 16×16 the core is faster).
/// (A computed property: a stored global of this resilient module would be
/// read through an accessor call.)
@inlinable
internal var smallProductLimit: Int { 8 }

/// c = a b for a row-major m×k `a` and k×n `b` into the uninitialized `c`,
/// as a loop the caller specializes. Four columns (the 4×4 products of
/// geometry) take one SIMD vector per row of c, Σₗ aᵢₗ · row l of b; other
/// shapes one register sum per element. Either way nothing is stored
/// until an element is complete (stores into `c` would make the compiler
/// reload `a` and `b`, which it cannot prove apart from `c`). Empty shapes
/// write zeros (or nothing).
@inlinable
internal func smallProduct<Scalar: MatrixScalar>(
  _ a: UnsafePointer<Scalar>?, _ b: UnsafePointer<Scalar>?, _ c: UnsafeMutablePointer<Scalar>?,
  _ m: Int, _ k: Int, _ n: Int
) {
  guard let c, m > 0, n > 0 else { return }
  guard let a, let b, k > 0 else {
    c.initialize(repeating: 0, count: m * n)
    return
  }
  if n == 4, let a = a as? UnsafePointer<Double> {
    smallProductOfFourColumns(a, UnsafeRawPointer(b), UnsafeMutableRawPointer(c), m, k)
    return
  }
  if n == 4, let a = a as? UnsafePointer<Float> {
    smallProductOfFourColumns(a, UnsafeRawPointer(b), UnsafeMutableRawPointer(c), m, k)
    return
  }
  if CoreElementKind(Scalar.self).realsPerElement == 2 {
    smallComplexProduct(a, b, c, m, k, n)
    return
  }
  for i in 0..<m {
    let row = a + i * k
    for j in 0..<n {
      var sum = row[0] * b[j]
      for l in 1..<k { sum += row[l] * b[l * n + j] }
      (c + i * n + j).initialize(to: sum)
    }
  }
}

/// `smallProduct` for complex elements, on their real and imaginary parts:
/// each element of c is the plain sum of the products (ac − bd) + (ad + bc)i,
/// as the core's complex kernel computes it for larger matrices. `Complex`'s
/// own `*` checks every product for overflow, which kept the loop from
/// vectorizing (8×8: 1.55 µs, against 0.25 µs for Double).
@inlinable
internal func smallComplexProduct<Scalar: MatrixScalar>(
  _ a: UnsafePointer<Scalar>, _ b: UnsafePointer<Scalar>, _ c: UnsafeMutablePointer<Scalar>,
  _ m: Int, _ k: Int, _ n: Int
) {
  a.withMemoryRebound(to: Scalar.RealType.self, capacity: 2 * m * k) { a in
    b.withMemoryRebound(to: Scalar.RealType.self, capacity: 2 * k * n) { b in
      c.withMemoryRebound(to: Scalar.RealType.self, capacity: 2 * m * n) { c in
        for i in 0..<m {
          let row = a + 2 * i * k
          for j in 0..<n {
            var real: Scalar.RealType = 0
            var imaginary: Scalar.RealType = 0
            for l in 0..<k {
              let (x, y) = (row[2 * l], row[2 * l + 1])
              let (u, v) = (b[2 * (l * n + j)], b[2 * (l * n + j) + 1])
              real += x * u - y * v
              imaginary += x * v + y * u
            }
            (c + 2 * (i * n + j)).initialize(to: real)
            (c + 2 * (i * n + j) + 1).initialize(to: imaginary)
          }
        }
      }
    }
  }
}

/// y = a x for a row-major m×n `a` (m, n ≥ 1) into the uninitialized `y`,
/// as a loop the caller specializes. Four real columns (the 4-vectors of
/// geometry) take one SIMD product per row and its sum; other shapes one
/// register sum per element.
@inlinable @inline(__always)
internal func smallMatrixVectorProduct<Scalar: MatrixScalar>(
  _ a: UnsafePointer<Scalar>, _ x: UnsafePointer<Scalar>, _ y: UnsafeMutablePointer<Scalar>,
  _ m: Int, _ n: Int
) {
  if n == 4, let a = a as? UnsafePointer<Double> {
    smallMatrixVectorProductOfFourColumns(a, UnsafeRawPointer(x), UnsafeMutableRawPointer(y), m)
    return
  }
  if n == 4, let a = a as? UnsafePointer<Float> {
    smallMatrixVectorProductOfFourColumns(a, UnsafeRawPointer(x), UnsafeMutableRawPointer(y), m)
    return
  }
  for i in 0..<m {
    let row = a + i * n
    var sum = row[0] * x[0]
    for j in 1..<n { sum += row[j] * x[j] }
    (y + i).initialize(to: sum)
  }
}

/// a x for a row-major 4×4 real `a` (16 elements) and a 4-element `x`,
/// written straight into the result's storage (no temporary buffer, no
/// copy), or nil for complex scalars.
@inlinable @inline(__always)
internal func fourByFourMatrixVectorProduct<Scalar: MatrixScalar>(_ a: [Scalar], _ x: [Scalar]) -> [Scalar]? {
  // One test of the counts (which a 4×4 matrix's storage and its vector
  // always pass) instead of a bounds check per element.
  guard a.count == 16, x.count == 4 else { return nil }
  if Scalar.self == Double.self {
    return unsafeBitCast(
      fourRowSums(unsafeBitCast(a, to: [Double].self), unsafeBitCast(x, to: [Double].self)), to: [Scalar].self
    )
  }
  if Scalar.self == Float.self {
    return unsafeBitCast(
      fourRowSums(unsafeBitCast(a, to: [Float].self), unsafeBitCast(x, to: [Float].self)), to: [Scalar].self)
  }
  return nil
}

/// The four sums of the rows of the row-major 4×4 `a` times `x`, by
/// ``smallMatrixVectorProductOfFourColumns(_:_:_:_:)``. The result's storage
/// is allocated first (an array literal, whose zeros the optimizer drops)
/// and the rows loaded after: loaded before, they were kept on the stack
/// across the allocation's call.
///
/// - Precondition: `a.count == 16` and `x.count == 4` (checked by the caller).
@inlinable @inline(__always)
internal func fourRowSums<Scalar: RealMatrixScalar>(_ a: [Scalar], _ x: [Scalar]) -> [Scalar] {
  var y: [Scalar] = [.zero, .zero, .zero, .zero]
  y.withUnsafeMutableBytes { y in
    a.withUnsafeBufferPointer { a in
      x.withUnsafeBytes { x in
        smallMatrixVectorProductOfFourColumns(
          a.baseAddress.unsafelyUnwrapped, x.baseAddress.unsafelyUnwrapped, y.baseAddress.unsafelyUnwrapped, 4
        )
      }
    }
  }
  return y
}

/// `smallMatrixVectorProduct` for n = 4 real columns.
@inlinable @inline(__always)
internal func smallMatrixVectorProductOfFourColumns<Scalar: RealMatrixScalar>(
  _ a: UnsafePointer<Scalar>, _ x: UnsafeRawPointer, _ y: UnsafeMutableRawPointer, _ m: Int
) {
  let vector = x.loadUnaligned(as: SIMD4<Scalar>.self)
  let stride = 4 * MemoryLayout<Scalar>.stride
  let rows = UnsafeRawPointer(a)
  for i in 0..<m {
    let product = rows.loadUnaligned(fromByteOffset: i * stride, as: SIMD4<Scalar>.self) * vector
    let sum = (product[0] + product[2]) + (product[1] + product[3])
    y.storeBytes(of: sum, toByteOffset: i * MemoryLayout<Scalar>.stride, as: Scalar.self)
  }
}

/// `smallProduct` for n = 4 real columns, one SIMD vector per row.
@inlinable @inline(__always)
internal func smallProductOfFourColumns<Scalar: RealMatrixScalar>(
  _ a: UnsafePointer<Scalar>, _ b: UnsafeRawPointer, _ c: UnsafeMutableRawPointer, _ m: Int, _ k: Int
) {
  let stride = 4 * MemoryLayout<Scalar>.stride
  for i in 0..<m {
    var row = SIMD4(repeating: a[i * k]) * b.loadUnaligned(as: SIMD4<Scalar>.self)
    for l in 1..<k {
      row +=
        SIMD4(repeating: a[i * k + l]) * b.loadUnaligned(fromByteOffset: l * stride, as: SIMD4<Scalar>.self)
    }
    c.storeBytes(of: row, toByteOffset: i * stride, as: SIMD4<Scalar>.self)
  }
}
