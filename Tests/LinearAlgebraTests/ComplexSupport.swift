import LinearAlgebra

/// A dense complex matrix in Double for residuals computed independently of
/// the library: plain loops, no C++ core.
struct ComplexReference {
  var rows: Int
  var columns: Int
  var values: [Complex<Double>]

  init(rows: Int, columns: Int, values: [Complex<Double>]) {
    self.rows = rows
    self.columns = columns
    self.values = values
  }

  init<R: RealMatrixScalar>(_ matrix: Matrix<Complex<R>>) {
    self.init(
      rows: matrix.rowCount, columns: matrix.columnCount,
      values: matrix.elements.map { Complex(Double($0.real), Double($0.imaginary)) })
  }

  init<R: RealMatrixScalar>(_ matrix: Matrix<R>) {
    self.init(
      rows: matrix.rowCount, columns: matrix.columnCount, values: matrix.elements.map { Complex(Double($0)) })
  }

  subscript(row: Int, column: Int) -> Complex<Double> {
    get { values[row * columns + column] }
    set { values[row * columns + column] = newValue }
  }

  static func * (a: ComplexReference, b: ComplexReference) -> ComplexReference {
    precondition(a.columns == b.rows)
    var c = ComplexReference(
      rows: a.rows, columns: b.columns, values: Array(repeating: .zero, count: a.rows * b.columns))
    for i in 0..<a.rows {
      for k in 0..<a.columns {
        let aik = a[i, k]
        for j in 0..<b.columns { c[i, j] += aik * b[k, j] }
      }
    }
    return c
  }

  static func - (a: ComplexReference, b: ComplexReference) -> ComplexReference {
    ComplexReference(rows: a.rows, columns: a.columns, values: zip(a.values, b.values).map { $0 - $1 })
  }

  var adjoint: ComplexReference {
    var result = ComplexReference(rows: columns, columns: rows, values: values)
    for i in 0..<rows { for j in 0..<columns { result[j, i] = self[i, j].conjugate } }
    return result
  }

  /// Column j scaled by `scales[j]`.
  func scalingColumns(by scales: [Complex<Double>]) -> ComplexReference {
    var result = self
    for i in 0..<rows { for j in 0..<columns { result[i, j] = self[i, j] * scales[j] } }
    return result
  }

  var frobeniusNorm: Double {
    values.reduce(0) { $0 + $1.real * $1.real + $1.imaginary * $1.imaginary }.squareRoot()
  }

  static func identity(_ n: Int) -> ComplexReference {
    var result = ComplexReference(rows: n, columns: n, values: Array(repeating: .zero, count: n * n))
    for i in 0..<n { result[i, i] = Complex(1) }
    return result
  }
}

/// ‖x − y‖ / (scale · n · eps), LAPACK's scaled residual.
func complexResidualRatio(_ difference: ComplexReference, scale: Double, size: Int, epsilon: Double) -> Double
{
  let denominator = Swift.max(scale, Double.leastNormalMagnitude) * Double(Swift.max(size, 1)) * epsilon
  return difference.frobeniusNorm / denominator
}
