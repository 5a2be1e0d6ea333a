internal import CXX

/// Owns a factorization kept by the C++ core (sparse LU or Cholesky) and
/// solves with it; freed with the last decomposition value that holds it.
/// The core only reads it after it is made, so values may share it across
/// threads.
final class SparseFactorizationHandle<Scalar: RealMatrixScalar>: @unchecked Sendable {
  private let pointer: OpaquePointer
  /// The order of the factored matrix.
  let size: Int

  /// Factors `matrix` with `factor` (`core.sparseLUFactor` or
  /// `core.sparseCholeskyFactor`), naming `operation` in messages.
  init(
    _ matrix: SparseMatrix<Scalar>, operation: String,
    factor: (
      Int, UnsafePointer<Int>, UnsafePointer<Int32>?, UnsafeRawPointer?, CoreScalarKind,
      UnsafeMutablePointer<OpaquePointer?>
    ) -> core.Status
  ) throws(LinearAlgebraError) {
    precondition(
      matrix.rowCount == matrix.columnCount,
      "\(operation) needs a square matrix; got \(matrix.shapeDescription)")
    var made: OpaquePointer?
    let status = matrix.withCompressedRows { starts, indices, values in
      factor(matrix.rowCount, starts, indices, UnsafeRawPointer(values), CoreScalarKind(Scalar.self), &made)
    }
    try status.check("\(operation) of a \(matrix.shapeDescription) matrix")
    guard let made else { preconditionFailure("\(operation): the core returned no factorization") }
    pointer = made
    size = matrix.rowCount
  }

  deinit { core.sparseFactorizationDestroy(pointer) }

  /// Solves `A x = b` for b (size × columns, row-major).
  func solve(_ b: [Scalar], columns: Int, operation: String) -> [Scalar] {
    let count = size * columns
    return [Scalar](uninitializedCount: count) { x, written in
      b.withUnsafeBufferPointer { bPointer in
        let status: core.Status
        switch CoreScalarKind(Scalar.self) {
        case .double:
          status = core.sparseFactorizationSolve(
            pointer, bPointer.baseAddress?.asDouble, columns, x.baseAddress?.asDouble)
        case .float:
          status = core.sparseFactorizationSolve(
            pointer, bPointer.baseAddress?.asFloat, columns, x.baseAddress?.asFloat)
        }
        status.expectSuccess(operation)
      }
      written = count
    }
  }
}

extension UnsafeRawPointer {
  /// The address typed for the core's `double` overloads.
  var asDoubleValues: UnsafePointer<Double> { assumingMemoryBound(to: Double.self) }
  /// The address typed for the core's `float` overloads.
  var asFloatValues: UnsafePointer<Float> { assumingMemoryBound(to: Float.self) }
}
