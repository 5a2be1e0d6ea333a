internal import CXX

// Products of sparse matrices with vectors and dense matrices (the core's
// threaded row loops) and with sparse matrices (Gustavson's row-by-row
// algorithm, in Swift).

extension SparseMatrix {
  /// The matrix-vector product `A x`, on the matrix threads when A is large.
  ///
  /// - Precondition: `x.count == columnCount`.
  /// - Complexity: O(rows + nonzeroCount).
  public static func * (matrix: SparseMatrix, x: [Scalar]) -> [Scalar] {
    precondition(
      x.count == matrix.columnCount,
      "SparseMatrix * [Scalar] needs \(matrix.columnCount) elements for a \(matrix.shapeDescription) matrix; got \(x.count)"
    )
    return matrix.multiplying(x, columns: 1)
  }

  /// The product with a dense matrix, dense.
  ///
  /// - Precondition: `dense.rowCount == columnCount`.
  /// - Complexity: O((rows + nonzeroCount) × dense.columnCount).
  public static func * (matrix: SparseMatrix, dense: Matrix<Scalar>) -> Matrix<Scalar> {
    precondition(
      dense.rowCount == matrix.columnCount,
      "SparseMatrix * Matrix needs matching inner sizes; got \(matrix.shapeDescription) and \(dense.shapeDescription)"
    )
    return Matrix(
      rows: matrix.rowCount, columns: dense.columnCount,
      elements: matrix.multiplying(dense.storage, columns: dense.columnCount))
  }

  /// `A b` for b (columnCount × columns, row-major), by the core.
  internal func multiplying(_ b: [Scalar], columns: Int) -> [Scalar] {
    let (rows, inner) = (rowCount, columnCount)
    return [Scalar](uninitializedCount: rows * columns) { out, count in
      withCompressedRows { starts, indices, values in
        b.withUnsafeBufferPointer { bPointer in
          let status: core.Status
          switch CoreScalarKind(Scalar.self) {
          case .double:
            status = core.sparseMultiplyDense(
              rows, inner, starts, indices, values?.asDouble, bPointer.baseAddress?.asDouble, columns,
              out.baseAddress?.asDouble)
          case .float:
            status = core.sparseMultiplyDense(
              rows, inner, starts, indices, values?.asFloat, bPointer.baseAddress?.asFloat, columns,
              out.baseAddress?.asFloat)
          }
          status.expectSuccess("SparseMatrix product")
        }
      }
      count = rows * columns
    }
  }

  /// Calls `body` with the addresses of the CSR arrays.
  internal func withCompressedRows<Result, Failure: Error>(
    _ body: (UnsafePointer<Int>, UnsafePointer<Int32>?, UnsafePointer<Scalar>?) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let result: Swift.Result<Result, Failure> = rowStarts.withUnsafeBufferPointer { starts in
      columnIndices.withUnsafeBufferPointer { indices in
        values.withUnsafeBufferPointer { values in
          do throws(Failure) {
            return .success(try body(starts.baseAddress!, indices.baseAddress, values.baseAddress))
          } catch {
            return .failure(error)
          }
        }
      }
    }
    return try result.get()
  }

  /// The product of two sparse matrices, sparse.
  ///
  /// - Precondition: `lhs.columnCount == rhs.rowCount`.
  /// - Complexity: O(rows + the multiply-adds), by Gustavson's algorithm:
  ///   each row of the result accumulates rows of `rhs` in a dense workspace.
  public static func * (lhs: SparseMatrix, rhs: SparseMatrix) -> SparseMatrix {
    precondition(
      lhs.columnCount == rhs.rowCount,
      "SparseMatrix * SparseMatrix needs matching inner sizes; got \(lhs.shapeDescription) and \(rhs.shapeDescription)"
    )
    return lhs.multiplyingSparse(rhs)
  }

  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  internal func multiplyingSparse(_ rhs: SparseMatrix) -> SparseMatrix {
    var accumulator = [Scalar](repeating: 0, count: rhs.columnCount)
    var seenInRow = [Int](repeating: -1, count: rhs.columnCount)
    var rowColumns: [Int32] = []
    var rowStartsOut = [Int](repeating: 0, count: rowCount + 1)
    var columnsOut: [Int32] = []
    var valuesOut: [Scalar] = []
    for row in 0..<rowCount {
      rowColumns.removeAll(keepingCapacity: true)
      for k in rowStarts[row]..<rowStarts[row + 1] {
        let (inner, value) = (Int(columnIndices[k]), values[k])
        for l in rhs.rowStarts[inner]..<rhs.rowStarts[inner + 1] {
          let column = Int(rhs.columnIndices[l])
          if seenInRow[column] != row {
            seenInRow[column] = row
            accumulator[column] = 0
            rowColumns.append(Int32(truncatingIfNeeded: column))
          }
          accumulator[column] += value * rhs.values[l]
        }
      }
      rowColumns.sort()
      for column in rowColumns {
        columnsOut.append(column)
        valuesOut.append(accumulator[Int(column)])
      }
      rowStartsOut[row + 1] = valuesOut.count
    }
    return SparseMatrix(
      uncheckedRows: rowCount, columns: rhs.columnCount, rowStarts: rowStartsOut, columnIndices: columnsOut,
      values: valuesOut)
  }
}
