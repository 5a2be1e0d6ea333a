/// The LU family (`solve`, `inverse`, `determinant`) for real matrices of
/// at most ``smallSystemLimit`` rows, in Swift inlined into the caller: the
/// core's path (a scanned, scaled working copy, the blocked factorization,
/// Hager's condition estimate, three allocations) costs about 1 µs at 4×4,
/// most of it fixed overhead.
///
/// The answers keep the core's contract: partial pivoting, and
/// `.singularMatrix` when a pivot is zero or the reciprocal condition number
/// in the 1-norm is below machine epsilon. Here that number is exact (the
/// inverse is formed, n³ multiply-adds) where the core estimates it.
/// Matrices the core treats specially take its path: non-finite entries
/// (NaN results), an all-zero matrix, and entries beyond 2^±(max exponent
/// / 4), which the core rescales first.
@frozen @usableFromInline
internal struct SmallSystem<Scalar: RealMatrixScalar> {
  /// The LU factors of P A, row-major, L's unit diagonal implied.
  @usableFromInline var factors: UnsafeMutablePointer<Scalar>
  /// Row i of P A is row `rowOrder[i]` of A.
  @usableFromInline var rowOrder: UnsafeMutablePointer<Int>
  @usableFromInline let n: Int
  /// −1 when P is an odd permutation.
  @usableFromInline var sign: Scalar = 1

  /// Factors the n×n row-major `a` into the caller's n×n `factors` and
  /// n `rowOrder`; nil when the core must take the matrix (see the type's
  /// comment) or a pivot is zero (`singular` is set then).
  @inlinable
  init?(
    _ a: UnsafePointer<Scalar>, _ n: Int, factors: UnsafeMutablePointer<Scalar>,
    rowOrder: UnsafeMutablePointer<Int>, singular: inout Bool
  ) {
    self.factors = factors
    self.rowOrder = rowOrder
    self.n = n
    var largest: Scalar = 0
    var allFinite = true
    for index in 0..<(n * n) {
      let value = a[index]
      allFinite = allFinite && value.isFinite
      largest = Swift.max(largest, abs(value))
      factors[index] = value
    }
    let limit = Scalar.greatestFiniteMagnitude.exponent / 4
    guard allFinite, largest > 0, abs(largest.exponent) <= limit else { return nil }
    for i in 0..<n { rowOrder[i] = i }
    for k in 0..<n {
      var pivotRow = k
      var pivotMagnitude = abs(factors[k * n + k])
      for i in (k + 1)..<n where abs(factors[i * n + k]) > pivotMagnitude {
        pivotRow = i
        pivotMagnitude = abs(factors[i * n + k])
      }
      guard pivotMagnitude > 0 else {
        singular = true
        return nil
      }
      if pivotRow != k {
        for j in 0..<n { swap(&factors[k * n + j], &factors[pivotRow * n + j]) }
        swap(&rowOrder[k], &rowOrder[pivotRow])
        sign = -sign
      }
      let pivot = factors[k * n + k]
      for i in (k + 1)..<n {
        let multiplier = factors[i * n + k] / pivot
        factors[i * n + k] = multiplier
        for j in (k + 1)..<n { factors[i * n + j] -= multiplier * factors[k * n + j] }
      }
    }
  }

  /// Overwrites the n×`columns` row-major `x` (holding P b) with U⁻¹ L⁻¹ x.
  @inlinable
  func substitute(_ x: UnsafeMutablePointer<Scalar>, columns: Int) {
    for i in 1..<Swift.max(n, 1) {
      for k in 0..<i {
        let weight = factors[i * n + k]
        for c in 0..<columns { x[i * columns + c] -= weight * x[k * columns + c] }
      }
    }
    for i in stride(from: n - 1, through: 0, by: -1) {
      for k in (i + 1)..<n {
        let weight = factors[i * n + k]
        for c in 0..<columns { x[i * columns + c] -= weight * x[k * columns + c] }
      }
      let pivot = factors[i * n + i]
      for c in 0..<columns { x[i * columns + c] /= pivot }
    }
  }

  /// Writes A⁻¹ (row-major) into `inverse` and returns whether A is
  /// singular to working precision: 1 / (‖A‖₁ ‖A⁻¹‖₁) < eps.
  @inlinable
  func invert(_ a: UnsafePointer<Scalar>, into inverse: UnsafeMutablePointer<Scalar>) -> Bool {
    // X = U⁻¹ L⁻¹ P: column j of P is the unit vector at the row i with
    // rowOrder[i] == j.
    for i in 0..<n {
      for j in 0..<n { inverse[i * n + j] = rowOrder[i] == j ? 1 : 0 }
    }
    substitute(inverse, columns: n)
    var normA: Scalar = 0
    var normInverse: Scalar = 0
    for j in 0..<n {
      var sumA: Scalar = 0
      var sumInverse: Scalar = 0
      for i in 0..<n {
        sumA += abs(a[i * n + j])
        sumInverse += abs(inverse[i * n + j])
      }
      normA = Swift.max(normA, sumA)
      normInverse = Swift.max(normInverse, sumInverse)
    }
    let reciprocalCondition = (1 / normInverse) / normA
    return !(reciprocalCondition >= Scalar.ulpOfOne)
  }

  /// sign(P) · Π uᵢᵢ, its exponent tracked apart so that no partial product
  /// overflows or underflows before the single final rounding.
  @inlinable
  var determinant: Scalar {
    var significand = sign
    var exponent = 0
    for i in 0..<n {
      let pivot = factors[i * n + i]
      significand *= pivot.sign == .minus ? -pivot.significand : pivot.significand
      exponent += Int(pivot.exponent) + Int(significand.exponent)
      significand = Scalar(sign: significand.sign, exponent: 0, significand: significand.significand)
    }
    return Scalar(sign: .plus, exponent: Scalar.Exponent(clamping: exponent), significand: significand)
  }
}

/// The largest order the LU family solves inline (see `SmallSystem`).
@inlinable
internal var smallSystemLimit: Int { 8 }

extension Matrix {
  /// `inverse()` inline for a real n×n matrix, 1 ≤ n ≤ smallSystemLimit;
  /// nil when the core must answer.
  @inlinable
  internal func smallInverse() throws(LinearAlgebraError) -> Matrix? {
    switch CoreElementKind(Scalar.self) {
    case .double: return try smallInverse(as: Double.self)
    case .float: return try smallInverse(as: Float.self)
    case .complexDouble, .complexFloat: return nil
    }
  }

  @inlinable
  internal func smallInverse<Real: RealMatrixScalar>(as _: Real.Type) throws(LinearAlgebraError) -> Matrix? {
    let n = rowCount
    var singular = false
    var result = Matrix(rows: n, columns: n)
    let factored = storage.withUnsafeBufferPointer { a in
      result.storage.withUnsafeMutableBufferPointer { out in
        withSmallSystem(a.baseAddress!.rebound(to: Real.self), n) { system, a in
          singular = system.invert(a, into: out.baseAddress!.rebound(to: Real.self))
        }
      }
    }
    guard let factored else { return nil }
    if !factored || singular { throw .singularMatrix }
    return result
  }

  /// `solve` inline for a real n×n matrix, 1 ≤ n ≤ smallSystemLimit, and
  /// the row-major n×`columns` right-hand sides `b`; nil when the core must
  /// answer.
  @inlinable
  internal func smallSolve(_ b: [Scalar], columns: Int) throws(LinearAlgebraError) -> Matrix? {
    switch CoreElementKind(Scalar.self) {
    case .double: return try smallSolve(b, columns: columns, as: Double.self)
    case .float: return try smallSolve(b, columns: columns, as: Float.self)
    case .complexDouble, .complexFloat: return nil
    }
  }

  @inlinable
  internal func smallSolve<Real: RealMatrixScalar>(_ b: [Scalar], columns: Int, as _: Real.Type)
    throws(LinearAlgebraError) -> Matrix?
  {
    // Right-hand sides that are not finite give NaN in the core.
    guard b.allSatisfy(\.isFinite) else { return nil }
    let n = rowCount
    var singular = false
    var result = Matrix(rows: n, columns: columns)
    let factored = storage.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        result.storage.withUnsafeMutableBufferPointer { out in
          withSmallSystem(a.baseAddress!.rebound(to: Real.self), n) { system, a in
            singular = withUnsafeTemporaryAllocation(of: Real.self, capacity: n * n) { inverse in
              system.invert(a, into: inverse.baseAddress!)
            }
            guard !singular, columns > 0 else { return }
            let x = out.baseAddress!.rebound(to: Real.self)
            let rhs = b.baseAddress!.rebound(to: Real.self)
            for i in 0..<n {
              for c in 0..<columns { x[i * columns + c] = rhs[system.rowOrder[i] * columns + c] }
            }
            system.substitute(x, columns: columns)
          }
        }
      }
    }
    guard let factored else { return nil }
    if !factored || singular { throw .singularMatrix }
    return result
  }

  /// `determinant()` inline for a real n×n matrix, 1 ≤ n ≤
  /// smallSystemLimit; nil when the core must answer.
  @inlinable
  internal func smallDeterminant() -> Scalar? {
    switch CoreElementKind(Scalar.self) {
    case .double: return smallDeterminant(as: Double.self)
    case .float: return smallDeterminant(as: Float.self)
    case .complexDouble, .complexFloat: return nil
    }
  }

  @inlinable
  internal func smallDeterminant<Real: RealMatrixScalar>(as _: Real.Type) -> Scalar? {
    var value: Real = 0
    let factored = storage.withUnsafeBufferPointer { a in
      withSmallSystem(a.baseAddress!.rebound(to: Real.self), rowCount) { system, _ in
        value = system.determinant
      }
    }
    // A zero pivot: the determinant is exactly 0.
    guard let factored else { return nil }
    return unsafeBitCast(factored ? value : 0, to: Scalar.self)
  }
}

extension UnsafePointer {
  /// The same address as a pointer to `T` (a real scalar that `Pointee` is).
  @inlinable
  internal func rebound<T>(to _: T.Type) -> UnsafePointer<T> {
    UnsafeRawPointer(self).assumingMemoryBound(to: T.self)
  }
}

extension UnsafeMutablePointer {
  /// The same address as a pointer to `T` (a real scalar that `Pointee` is).
  @inlinable
  internal func rebound<T>(to _: T.Type) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
  }
}

/// Factors the n×n `a` in stack storage and runs `body` with the factors;
/// true when it ran, false when a pivot is zero, nil when the core must
/// take the matrix.
@inlinable
internal func withSmallSystem<Real: RealMatrixScalar>(
  _ a: UnsafePointer<Real>, _ n: Int, _ body: (SmallSystem<Real>, UnsafePointer<Real>) -> Void
) -> Bool? {
  withUnsafeTemporaryAllocation(of: Real.self, capacity: n * n) { factors in
    withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { rowOrder in
      var singular = false
      guard
        let system = SmallSystem(
          a, n, factors: factors.baseAddress!, rowOrder: rowOrder.baseAddress!, singular: &singular)
      else { return singular ? false : nil }
      body(system, a)
      return true
    }
  }
}
