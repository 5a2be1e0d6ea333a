internal import CXX

extension Matrix {
  /// The transpose: element `(i, j)` of the result is element `(j, i)` of `self`.
  ///
  /// - Complexity: O(rows · columns).
  public func transposed() -> Matrix {
    let (m, n) = (rowCount, columnCount)
    return storage.withUnsafeBufferPointer { a in
      Matrix(rows: n, columns: m) { out in
        let status: core.Status
        switch CoreElementKind(Scalar.self) {
        case .double: status = core.transpose(a.baseAddress?.asDouble, out?.asDouble, m, n)
        case .float: status = core.transpose(a.baseAddress?.asFloat, out?.asFloat, m, n)
        case .complexDouble:
          status = core.complexTranspose(a.baseAddress?.asDouble, out?.asDouble, m, n, false)
        case .complexFloat:
          status = core.complexTranspose(a.baseAddress?.asFloat, out?.asFloat, m, n, false)
        }
        status.expectSuccess("transposed() of a \(shapeDescription) matrix")
      }
    }
  }

  /// The sum of the diagonal elements (0 for an empty matrix).
  ///
  /// - Precondition: `isSquare`.
  /// - Complexity: O(n).
  @inlinable
  public var trace: Scalar {
    precondition(isSquare, "trace needs a square matrix; got \(shapeDescription)")
    var sum: Scalar = 0
    for index in 0..<rowCount { sum += storage[index * columnCount + index] }
    return sum
  }
}
