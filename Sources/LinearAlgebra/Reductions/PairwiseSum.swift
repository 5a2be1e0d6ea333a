#if canImport(Dispatch)
  import Dispatch
#endif

/// Pairwise summation of `count` contiguous elements, as numpy sums: blocks
/// of up to 128 elements are added with eight running sums, and the blocks
/// are combined in a balanced tree. The rounding error grows like
/// O(log n · eps) instead of O(n · eps) for a plain loop.
@usableFromInline
@_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
internal func pairwiseSum<Scalar: MatrixScalar>(_ start: UnsafePointer<Scalar>, _ count: Int) -> Scalar {
  if count <= 128 {
    var partial: (Scalar, Scalar, Scalar, Scalar, Scalar, Scalar, Scalar, Scalar) = (0, 0, 0, 0, 0, 0, 0, 0)
    var index = 0
    while index + 8 <= count {
      partial.0 += start[index]
      partial.1 += start[index + 1]
      partial.2 += start[index + 2]
      partial.3 += start[index + 3]
      partial.4 += start[index + 4]
      partial.5 += start[index + 5]
      partial.6 += start[index + 6]
      partial.7 += start[index + 7]
      index += 8
    }
    var sum =
      ((partial.0 + partial.1) + (partial.2 + partial.3))
      + ((partial.4 + partial.5) + (partial.6 + partial.7))
    while index < count {
      sum += start[index]
      index += 1
    }
    return sum
  }
  let half = (count / 2 + 7) / 8 * 8
  return pairwiseSum(start, half) + pairwiseSum(start + half, count - half)
}

/// Column sums of an m×n row-major block, pairwise over the rows: blocks
/// of up to 64 rows are added eight rows at a time (a vectorized loop over
/// the columns), and the block sums are combined in a balanced tree.
@usableFromInline
@_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
internal func pairwiseColumnSums<Scalar: MatrixScalar>(
  _ start: UnsafePointer<Scalar>, rows: Int, columns: Int, into result: UnsafeMutablePointer<Scalar>
) {
  if rows <= 64 {
    // Eight (then four) rows at a time, streamed in order: one load and
    // store of the sums per eight elements read (a plain row loop is bound
    // by the stores).
    result.update(repeating: 0, count: columns)
    var row = 0
    while row + 8 <= rows {
      let r0 = start + row * columns
      let (r1, r2, r3) = (r0 + columns, r0 + 2 * columns, r0 + 3 * columns)
      let (r4, r5, r6, r7) = (r0 + 4 * columns, r0 + 5 * columns, r0 + 6 * columns, r0 + 7 * columns)
      for column in 0..<columns {
        result[column] +=
          ((r0[column] + r1[column]) + (r2[column] + r3[column]))
          + ((r4[column] + r5[column]) + (r6[column] + r7[column]))
      }
      row += 8
    }
    while row + 4 <= rows {
      let r0 = start + row * columns
      let (r1, r2, r3) = (r0 + columns, r0 + 2 * columns, r0 + 3 * columns)
      for column in 0..<columns { result[column] += (r0[column] + r1[column]) + (r2[column] + r3[column]) }
      row += 4
    }
    while row < rows {
      let source = start + row * columns
      for column in 0..<columns { result[column] += source[column] }
      row += 1
    }
    return
  }
  let half = rows / 2
  pairwiseColumnSums(start, rows: half, columns: columns, into: result)
  let upper = UnsafeMutablePointer<Scalar>.allocate(capacity: columns)
  defer { upper.deallocate() }
  pairwiseColumnSums(start + half * columns, rows: rows - half, columns: columns, into: upper)
  for column in 0..<columns { result[column] += upper[column] }
}

/// `pairwiseColumnSums` with the two halves of its first split summed on two
/// threads when the block is large (4 MiB and more) and the matrix threads
/// allow it: the same additions in the same order, so the same bits, at up
/// to twice the memory bandwidth of one core.
@usableFromInline
@_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
internal func threadedPairwiseColumnSums<Scalar: MatrixScalar>(
  _ start: UnsafePointer<Scalar>, rows: Int, columns: Int, into result: UnsafeMutablePointer<Scalar>
) {
  #if canImport(Dispatch)
    let bytes = rows * columns * MemoryLayout<Scalar>.stride
    if rows > 64, bytes >= 1 << 22, LinearAlgebraThreads.count >= 2 {
      let half = rows / 2
      let upper = UnsafeMutablePointer<Scalar>.allocate(capacity: columns)
      defer { upper.deallocate() }
      // The two parts write disjoint buffers and return before they are read.
      nonisolated(unsafe) let (source, lower, upperSums) = (start, result, upper)
      DispatchQueue.concurrentPerform(iterations: 2) { part in
        if part == 0 {
          pairwiseColumnSums(source, rows: half, columns: columns, into: lower)
        } else {
          pairwiseColumnSums(source + half * columns, rows: rows - half, columns: columns, into: upperSums)
        }
      }
      for column in 0..<columns { result[column] += upper[column] }
      return
    }
  #endif
  pairwiseColumnSums(start, rows: rows, columns: columns, into: result)
}
