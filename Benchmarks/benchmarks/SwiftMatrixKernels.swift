// The benchmark's Swift path for matrices: straightforward, honest Swift
// implementations of the same algorithms the C++ core runs (row-major
// storage, unsafe buffer pointers to skip bounds checks, no C++).

enum SwiftMatrixKernels {
  /// c = a·b by the textbook i-j-k triple loop (b is read down a column).
  static func naiveProduct<T: BinaryFloatingPoint>(_ a: [T], _ b: [T], _ m: Int, _ k: Int, _ n: Int) -> [T] {
    [T](unsafeUninitializedCapacity: m * n) { c, count in
      a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in
          for i in 0..<m {
            for j in 0..<n {
              var sum: T = 0
              for p in 0..<k { sum += a[i * k + p] * b[p * n + j] }
              c[i * n + j] = sum
            }
          }
        }
      }
      count = m * n
    }
  }

  /// c = a·b by a cache-blocked i-k-j loop: 64×64 tiles, and an inner loop
  /// over contiguous rows that the compiler vectorizes.
  static func blockedProduct<T: BinaryFloatingPoint>(_ a: [T], _ b: [T], _ m: Int, _ k: Int, _ n: Int) -> [T]
  {
    let tile = 64
    var c = [T](repeating: 0, count: m * n)
    c.withUnsafeMutableBufferPointer { c in
      a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in
          for i0 in stride(from: 0, to: m, by: tile) {
            for p0 in stride(from: 0, to: k, by: tile) {
              for j0 in stride(from: 0, to: n, by: tile) {
                for i in i0..<min(i0 + tile, m) {
                  for p in p0..<min(p0 + tile, k) {
                    let aip = a[i * k + p]
                    let row = p * n
                    let out = i * n
                    for j in j0..<min(j0 + tile, n) { c[out + j] += aip * b[row + j] }
                  }
                }
              }
            }
          }
        }
      }
    }
    return c
  }

  /// y = a·x.
  static func matrixVector<T: BinaryFloatingPoint>(_ a: [T], _ x: [T], _ m: Int, _ n: Int) -> [T] {
    a.withUnsafeBufferPointer { a in
      x.withUnsafeBufferPointer { x in
        (0..<m).map { i in
          var sum: T = 0
          for j in 0..<n { sum += a[i * n + j] * x[j] }
          return sum
        }
      }
    }
  }

  /// LU with partial pivoting, in place: returns the packed factors and the
  /// row order (row i of P·A is row order[i] of A), and the permutation sign.
  static func luFactor<T: BinaryFloatingPoint>(_ matrix: [T], _ n: Int) -> (lu: [T], order: [Int], sign: T) {
    var lu = matrix
    var order = Array(0..<n)
    var sign: T = 1
    lu.withUnsafeMutableBufferPointer { a in
      for column in 0..<n {
        var pivot = column
        var largest = abs(a[column * n + column])
        for row in column + 1..<max(n, column + 1) where abs(a[row * n + column]) > largest {
          largest = abs(a[row * n + column])
          pivot = row
        }
        if pivot != column {
          for j in 0..<n { a.swapAt(pivot * n + j, column * n + j) }
          order.swapAt(pivot, column)
          sign = -sign
        }
        let diagonal = a[column * n + column]
        guard diagonal != 0 else { continue }
        for row in column + 1..<max(n, column + 1) {
          let factor = a[row * n + column] / diagonal
          a[row * n + column] = factor
          if factor == 0 { continue }
          for j in column + 1..<n { a[row * n + j] -= factor * a[column * n + j] }
        }
      }
    }
    return (lu, order, sign)
  }

  /// Solves A·x = b (b is n×r) from a packed LU.
  static func luSolve<T: BinaryFloatingPoint>(_ lu: [T], _ order: [Int], _ n: Int, _ b: [T], _ r: Int) -> [T]
  {
    var x = [T](repeating: 0, count: n * r)
    x.withUnsafeMutableBufferPointer { x in
      lu.withUnsafeBufferPointer { lu in
        for i in 0..<n { for j in 0..<r { x[i * r + j] = b[order[i] * r + j] } }
        for i in 0..<n {  // forward: L y = P b (unit diagonal)
          for p in 0..<i {
            let l = lu[i * n + p]
            if l != 0 { for j in 0..<r { x[i * r + j] -= l * x[p * r + j] } }
          }
        }
        for i in stride(from: n - 1, through: 0, by: -1) {  // backward: U x = y
          for p in i + 1..<max(n, i + 1) {
            let u = lu[i * n + p]
            if u != 0 { for j in 0..<r { x[i * r + j] -= u * x[p * r + j] } }
          }
          let d = lu[i * n + i]
          for j in 0..<r { x[i * r + j] /= d }
        }
      }
    }
    return x
  }

  static func determinant<T: BinaryFloatingPoint>(_ a: [T], _ n: Int) -> T {
    let (lu, _, sign) = luFactor(a, n)
    var product = sign
    for i in 0..<n { product *= lu[i * n + i] }
    return product
  }

  static func inverse<T: BinaryFloatingPoint>(_ a: [T], _ n: Int) -> [T] {
    let (lu, order, _) = luFactor(a, n)
    var identity = [T](repeating: 0, count: n * n)
    for i in 0..<n { identity[i * n + i] = 1 }
    return luSolve(lu, order, n, identity, n)
  }

  /// The Cholesky factor L (row-major, lower) of a symmetric positive
  /// definite matrix, by the row-oriented Cholesky-Banachiewicz loop.
  static func cholesky<T: BinaryFloatingPoint>(_ a: [T], _ n: Int) -> [T] {
    var l = [T](repeating: 0, count: n * n)
    l.withUnsafeMutableBufferPointer { l in
      a.withUnsafeBufferPointer { a in
        for i in 0..<n {
          for j in 0...i {
            var sum = a[i * n + j]
            for p in 0..<j { sum -= l[i * n + p] * l[j * n + p] }
            l[i * n + j] = i == j ? sum.squareRoot() : sum / l[j * n + j]
          }
        }
      }
    }
    return l
  }

  /// The R factor (n×n upper triangle, rows with a non-negative diagonal) of
  /// a Householder QR of the m×n matrix a, m >= n.
  static func householderR<T: BinaryFloatingPoint>(_ matrix: [T], _ m: Int, _ n: Int) -> [T] {
    var a = matrix
    var v = [T](repeating: 0, count: m)
    a.withUnsafeMutableBufferPointer { a in
      v.withUnsafeMutableBufferPointer { v in
        for column in 0..<n {
          var norm: T = 0
          for i in column..<m { norm += a[i * n + column] * a[i * n + column] }
          norm = norm.squareRoot()
          if norm == 0 { continue }
          let alpha = a[column * n + column] > 0 ? -norm : norm
          for i in column..<m { v[i] = a[i * n + column] }
          v[column] -= alpha
          var vNorm: T = 0
          for i in column..<m { vNorm += v[i] * v[i] }
          if vNorm == 0 { continue }
          for j in column..<n {
            var dot: T = 0
            for i in column..<m { dot += v[i] * a[i * n + j] }
            let scale = 2 * dot / vNorm
            for i in column..<m { a[i * n + j] -= scale * v[i] }
          }
        }
      }
    }
    var r = [T](repeating: 0, count: n * n)
    for i in 0..<n {
      let sign: T = a[i * n + i] < 0 ? -1 : 1
      for j in i..<n { r[i * n + j] = sign * a[i * n + j] }
    }
    return r
  }
}
