import CXX

extension Matrix {
  /// The matrix product `lhs * rhs`, computed by the C++ core (Eigen).
  ///
  /// The result goes to fresh storage, so `a = a * a` is correct.
  ///
  /// - Precondition: `lhs.columnCount == rhs.rowCount`.
  /// - Complexity: O(m·k·n) for an m×k times a k×n matrix.
  public static func * (lhs: Matrix, rhs: Matrix) -> Matrix {
    precondition(
      lhs.columnCount == rhs.rowCount,
      "Matrix product needs lhs.columnCount == rhs.rowCount; got \(lhs.shapeDescription) * \(rhs.shapeDescription)"
    )
    let (m, k, n) = (lhs.rowCount, lhs.columnCount, rhs.columnCount)
    return lhs.storage.withUnsafeBufferPointer { a in
      rhs.storage.withUnsafeBufferPointer { b in
        Matrix(rows: m, columns: n) { c in
          let status: core.Status
          switch CoreScalarKind(Scalar.self) {
          case .double:
            status = core.multiply(
              a.baseAddress?.asDouble, b.baseAddress?.asDouble, c?.asDouble, m, k, n)
          case .float:
            status = core.multiply(
              a.baseAddress?.asFloat, b.baseAddress?.asFloat, c?.asFloat, m, k, n)
          }
          status.expectSuccess("Matrix product")
        }
      }
    }
  }
}
