// Element-wise arithmetic. These loops are memory-bound and vectorize in
// Swift, so they do not cross into the C++ core. Everything here is
// inlinable: a caller in another module then gets the loops specialized for
// its `Scalar`; the generic versions call each `+` through the protocol's
// witness table: on 256×256 and 1024×1024 Doubles, `a + b` took 10–14×
// and `scalar * a` 7–9× the time of the same loop over a plain `[Double]`,
// against 1.0× and below inlined (benchmark family "Matrix element-wise
// (Double)"). The initializers and factories in Matrix.swift and
// Matrix+Factories.swift are inlinable for the same reason
// (`Matrix.random` took 120–140× the time of a plain loop).

extension Matrix {
  /// Applies `operation` to corresponding elements of two same-shape matrices.
  @inlinable @inline(__always)
  internal static func combine(
    _ lhs: Matrix, _ rhs: Matrix, _ name: String, _ operation: (Scalar, Scalar) -> Scalar
  ) -> Matrix {
    precondition(
      lhs.rowCount == rhs.rowCount && lhs.columnCount == rhs.columnCount,
      "Matrix \(name) needs equal shapes; got \(lhs.shapeDescription) \(name) \(rhs.shapeDescription)")
    let count = lhs.storage.count
    let storage = lhs.storage.withUnsafeBufferPointer { left in
      rhs.storage.withUnsafeBufferPointer { right in
        makeStorage(count: count) { elements, initializedCount in
          for index in 0..<count { (elements + index).initialize(to: operation(left[index], right[index])) }
          initializedCount = count
        }
      }
    }
    return Matrix(rowCount: lhs.rowCount, columnCount: lhs.columnCount, storage: storage)
  }

  /// Applies `operation` in place to corresponding elements of `lhs` and `rhs`.
  @inlinable @inline(__always)
  internal static func combineInPlace(
    _ lhs: inout Matrix, _ rhs: Matrix, _ name: String, _ operation: (inout Scalar, Scalar) -> Void
  ) {
    precondition(
      lhs.rowCount == rhs.rowCount && lhs.columnCount == rhs.columnCount,
      "Matrix \(name) needs equal shapes; got \(lhs.shapeDescription) \(name) \(rhs.shapeDescription)")
    rhs.storage.withUnsafeBufferPointer { source in
      lhs.storage.withUnsafeMutableBufferPointer { target in
        for index in target.indices { operation(&target[index], source[index]) }
      }
    }
  }

  /// Maps every element through `transform`.
  @inlinable @inline(__always)
  internal func mapElements(_ transform: (Scalar) -> Scalar) -> Matrix {
    let count = storage.count
    let mapped = storage.withUnsafeBufferPointer { source in
      Self.makeStorage(count: count) { elements, initializedCount in
        for index in 0..<count { (elements + index).initialize(to: transform(source[index])) }
        initializedCount = count
      }
    }
    return Matrix(rowCount: rowCount, columnCount: columnCount, storage: mapped)
  }

  /// The element-wise sum.
  ///
  /// - Precondition: Both matrices have the same shape.
  /// - Complexity: O(rows · columns).
  @inlinable
  public static func + (lhs: Matrix, rhs: Matrix) -> Matrix { combine(lhs, rhs, "+", +) }

  /// The element-wise difference.
  ///
  /// - Precondition: Both matrices have the same shape.
  /// - Complexity: O(rows · columns).
  @inlinable
  public static func - (lhs: Matrix, rhs: Matrix) -> Matrix { combine(lhs, rhs, "-", -) }

  /// The element-wise negation.
  ///
  /// - Complexity: O(rows · columns).
  @inlinable
  public static prefix func - (operand: Matrix) -> Matrix { operand.mapElements { -$0 } }

  /// The element-wise (Hadamard) product.
  ///
  /// - Precondition: Both matrices have the same shape.
  /// - Complexity: O(rows · columns).
  @inlinable
  public func hadamard(_ other: Matrix) -> Matrix { Self.combine(self, other, "hadamard", *) }

  /// Every element multiplied by `lhs`.
  ///
  /// - Complexity: O(rows · columns).
  @inlinable
  public static func * (lhs: Scalar, rhs: Matrix) -> Matrix { rhs.mapElements { lhs * $0 } }

  /// Every element multiplied by `rhs`.
  ///
  /// - Complexity: O(rows · columns).
  @inlinable
  public static func * (lhs: Matrix, rhs: Scalar) -> Matrix { lhs.mapElements { $0 * rhs } }

  /// Every element divided by `rhs` (IEEE semantics: division by zero gives
  /// infinities or NaN, never a trap).
  ///
  /// - Complexity: O(rows · columns).
  @inlinable
  public static func / (lhs: Matrix, rhs: Scalar) -> Matrix { lhs.mapElements { $0 / rhs } }

  /// Adds `rhs` to `lhs` element-wise, in place.
  ///
  /// - Precondition: Both matrices have the same shape.
  /// - Complexity: O(rows · columns).
  @inlinable
  public static func += (lhs: inout Matrix, rhs: Matrix) { combineInPlace(&lhs, rhs, "+=") { $0 += $1 } }

  /// Subtracts `rhs` from `lhs` element-wise, in place.
  ///
  /// - Precondition: Both matrices have the same shape.
  /// - Complexity: O(rows · columns).
  @inlinable
  public static func -= (lhs: inout Matrix, rhs: Matrix) { combineInPlace(&lhs, rhs, "-=") { $0 -= $1 } }

  /// Multiplies every element of `lhs` by `rhs`, in place.
  ///
  /// - Complexity: O(rows · columns).
  @inlinable
  public static func *= (lhs: inout Matrix, rhs: Scalar) {
    lhs.storage.withUnsafeMutableBufferPointer { target in
      for index in target.indices { target[index] *= rhs }
    }
  }

  /// Divides every element of `lhs` by `rhs`, in place.
  ///
  /// - Complexity: O(rows · columns).
  @inlinable
  public static func /= (lhs: inout Matrix, rhs: Scalar) {
    lhs.storage.withUnsafeMutableBufferPointer { target in
      for index in target.indices { target[index] /= rhs }
    }
  }
}
