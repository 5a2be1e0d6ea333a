import LinearAlgebra

/// Pure-Swift complex kernels for the benchmark's second path: the same
/// algorithms as a textbook writes them, on interleaved (re, im) arrays
/// with the arithmetic spelled out (no `Complex` operators in the loops).
enum SwiftComplexKernels {
  /// `c = a b` for row-major m×k and k×n complex matrices, i-k-j order so
  /// the inner loop runs along rows of b and c.
  static func product<R: RealMatrixScalar>(
    _ a: [Complex<R>], _ b: [Complex<R>], _ m: Int, _ k: Int, _ n: Int
  ) -> [Complex<R>] {
    var c = [Complex<R>](repeating: .zero, count: m * n)
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        c.withUnsafeMutableBufferPointer { c in
          for i in 0..<m {
            for p in 0..<k {
              let (ar, ai) = (a[i * k + p].real, a[i * k + p].imaginary)
              let bRow = p * n
              let cRow = i * n
              for j in 0..<n {
                let (br, bi) = (b[bRow + j].real, b[bRow + j].imaginary)
                c[cRow + j].real += ar * br - ai * bi
                c[cRow + j].imaginary += ar * bi + ai * br
              }
            }
          }
        }
      }
    }
    return c
  }

  /// Solves `a x = b` (n×n, one right-hand side) by right-looking LU with
  /// partial pivoting on the largest |re| + |im|; nil when a pivot is zero.
  static func solve<R: RealMatrixScalar>(_ a: [Complex<R>], _ b: [Complex<R>], _ n: Int) -> [Complex<R>]? {
    var lu = a
    var x = b
    let singular: Bool = lu.withUnsafeMutableBufferPointer { lu in
      for k in 0..<n {
        var pivot = k
        var largest = R(-1)
        for i in k..<n {
          let size = abs(lu[i * n + k].real) + abs(lu[i * n + k].imaginary)
          if size > largest {
            largest = size
            pivot = i
          }
        }
        if largest == 0 { return true }
        if pivot != k {
          for j in 0..<n { lu.swapAt(k * n + j, pivot * n + j) }
          x.swapAt(k, pivot)
        }
        let (pr, pi) = (lu[k * n + k].real, lu[k * n + k].imaginary)
        let scale = pr * pr + pi * pi
        for i in (k + 1)..<n {
          // l = a[i, k] / pivot
          let (qr, qi) = (lu[i * n + k].real, lu[i * n + k].imaginary)
          let lr = (qr * pr + qi * pi) / scale
          let li = (qi * pr - qr * pi) / scale
          lu[i * n + k] = Complex(lr, li)
          for j in (k + 1)..<n {
            let (ur, ui) = (lu[k * n + j].real, lu[k * n + j].imaginary)
            lu[i * n + j].real -= lr * ur - li * ui
            lu[i * n + j].imaginary -= lr * ui + li * ur
          }
        }
      }
      return false
    }
    if singular { return nil }
    // Forward substitution with unit L, then back substitution with U.
    for i in 0..<n {
      for j in 0..<i { x[i] -= lu[i * n + j] * x[j] }
    }
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in (i + 1)..<n { x[i] -= lu[i * n + j] * x[j] }
      x[i] = x[i] / lu[i * n + i]
    }
    return x
  }
}
