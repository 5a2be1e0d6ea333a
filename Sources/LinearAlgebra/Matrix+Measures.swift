internal import CXX

extension Matrix {
  /// The Frobenius norm, `sqrt(Σ |aᵢⱼ|²)`, computed without overflow or
  /// underflow in the intermediate sum (entries of 1e±300 are fine).
  ///
  /// - Complexity: O(rows · columns).
  public func norm() -> Scalar.RealType {
    var result: Scalar.RealType = 0
    // A complex matrix's norm is the norm of its real and imaginary parts.
    let kind = CoreElementKind(Scalar.self)
    let count = storage.count * kind.realsPerElement
    storage.withUnsafeBufferPointer { a in
      withUnsafeMutablePointer(to: &result) { out in
        let status: core.Status
        switch kind {
        case .double, .complexDouble:
          status = core.frobeniusNorm(a.baseAddress?.asDouble, count, out.asDouble)
        case .float, .complexFloat: status = core.frobeniusNorm(a.baseAddress?.asFloat, count, out.asFloat)
        }
        status.expectSuccess("norm() of a \(shapeDescription) matrix")
      }
    }
    return result
  }
}

extension Matrix {
  /// The singular values, real, descending and non-negative (NaN for a
  /// matrix holding NaN or infinity), as numpy's `svd(a, compute_uv=False)`;
  /// no singular vectors are formed.
  ///
  /// - Complexity: O(m·n·min(m, n)).
  public func singularValues() -> [Scalar.RealType] {
    let (m, n) = (rowCount, columnCount)
    let k = Swift.min(m, n)
    return storage.withUnsafeBufferPointer { a in
      [Scalar.RealType](uninitializedCount: k) { values, count in
        let (a, s) = (a.baseAddress, values.baseAddress)
        let status =
          switch CoreElementKind(Scalar.self) {
          case .double: core.singularValues(a?.asDouble, m, n, s?.asDouble)
          case .float: core.singularValues(a?.asFloat, m, n, s?.asFloat)
          case .complexDouble: core.complexSVD(a?.asDouble, m, n, false, nil, s?.asDouble, nil)
          case .complexFloat: core.complexSVD(a?.asFloat, m, n, false, nil, s?.asFloat, nil)
          }
        Matrix<Scalar.RealType>.fillWithNaNUnlessSuccessful(status, s, count: k, "singularValues()")
        count = k
      }
    }
  }

  /// The numerical rank: the number of singular values above
  /// `max(rows, columns) · eps · σ_max`, as numpy's `matrix_rank` counts.
  ///
  /// An empty matrix has rank 0. A matrix holding NaN or infinity has no
  /// meaningful rank; it reports 0.
  ///
  /// - Complexity: O(m·n·min(m, n)).
  public func rank() -> Int {
    let values = singularValues()
    guard let largest = values.first, largest.isFinite else { return 0 }
    let tolerance = Scalar.RealType(Swift.max(rowCount, columnCount)) * Scalar.RealType.ulpOfOne * largest
    return values.count { $0 > tolerance }
  }

  /// The 2-norm condition number `σ_max / σ_min`.
  ///
  /// Infinity for a singular matrix, NaN for a matrix holding NaN or
  /// infinity, and 0 for an empty matrix.
  ///
  /// - Complexity: O(m·n·min(m, n)).
  public func conditionNumber() -> Scalar.RealType {
    let values = singularValues()
    guard let largest = values.first, let smallest = values.last else { return 0 }
    if largest.isNaN || smallest.isNaN { return .nan }
    return smallest == 0 ? .infinity : largest / smallest
  }

  /// The Moore-Penrose pseudo-inverse, an `columns×rows` matrix.
  ///
  /// Singular values below `max(rows, columns) · eps · σ_max` count as zero,
  /// as numpy's `pinv` does. NaN or infinity in the input gives a NaN result
  /// (for a complex matrix also a largest singular value past the overflow
  /// threshold, as A⁺ = V Σ⁺ Uᴴ is formed from its thin ``svd(full:)``).
  ///
  /// - Complexity: O(m·n·min(m, n)).
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  @_specialize(where Scalar == Complex<Double>) @_specialize(where Scalar == Complex<Float>)
  public func pseudoInverse() -> Matrix {
    let (m, n) = (rowCount, columnCount)
    let kind = CoreElementKind(Scalar.self)
    if kind == .complexDouble || kind == .complexFloat {
      let decomposition = svd()
      guard let scales = Self.pseudoInverseScales(decomposition.singularValues, rows: m, columns: n) else {
        return Matrix(rows: n, columns: m, repeating: Scalar(.nan))
      }
      // V Σ⁺: column j of V times 1/σⱼ (or zero), then times Uᴴ. (A loop
      // of subscripts here ran unspecialized: 15 ms of 53 at 512×256.)
      let scaledV = decomposition.v.rowwise * scales.map { Scalar($0) }
      return scaledV * decomposition.u.conjugateTransposed()
    }
    return storage.withUnsafeBufferPointer { a in
      Matrix(rows: n, columns: m) { out in
        let status =
          kind == .double
          ? core.pseudoInverse(a.baseAddress?.asDouble, m, n, out?.asDouble)
          : core.pseudoInverse(a.baseAddress?.asFloat, m, n, out?.asFloat)
        Self.fillWithNaNUnlessSuccessful(status, out, count: m * n, "pseudoInverse()")
      }
    }
  }

  /// 1/σⱼ for the singular values above `max(m, n) · eps · σ_max` and 0 for
  /// the others, or nil when σ_max is NaN or infinite (non-finite input, or
  /// an overflow): the diagonal of Σ⁺ for the SVD-based complex
  /// ``pseudoInverse()`` (complex `leastSquares(_:)` applies the same
  /// cut-off in the core).
  static func pseudoInverseScales(
    _ values: [Scalar.RealType], rows m: Int, columns n: Int
  ) -> [Scalar.RealType]? {
    guard let largest = values.first else { return [] }
    guard largest.isFinite else { return nil }
    let tolerance = Scalar.RealType(Swift.max(m, n)) * Scalar.RealType.ulpOfOne * largest
    return values.map { $0 > tolerance ? 1 / $0 : 0 }
  }
}

extension Matrix {
  /// Whether `other` has the same shape and lies within `relativeTolerance`
  /// of `self` in the Frobenius norm:
  /// `‖self − other‖ ≤ relativeTolerance · max(‖self‖, ‖other‖)`, for real
  /// and complex matrices.
  ///
  /// Matrices of different shapes are not approximately equal. The relation
  /// is reflexive for finite matrices and symmetric, but not transitive. A
  /// matrix holding NaN is not approximately equal to anything.
  ///
  /// - Complexity: O(rows · columns).
  @inlinable
  public func isApproximatelyEqual(to other: Matrix, relativeTolerance: Scalar.RealType) -> Bool {
    guard rowCount == other.rowCount, columnCount == other.columnCount else { return false }
    // NaN (in either part of a complex element) is the one value unequal to itself.
    if storage == other.storage { return storage.allSatisfy { $0 == $0 } }
    let difference = (self - other).norm()
    return difference <= relativeTolerance * Swift.max(norm(), other.norm())
  }
}
