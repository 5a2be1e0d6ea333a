import LinearAlgebra
import Testing

/// A small, fast, seedable generator (SplitMix64), so every random test
/// input can be reproduced from the seed printed with a failure.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The scalar types every generic check runs for.
enum ScalarType: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case float, double
  var testDescription: String { rawValue }
}

/// The seeds a randomized test runs with: fixed for reproducible CI, plus
/// `LINEAR_ALGEBRA_TEST_SEED` when set, to replay a reported failure.
func testSeeds(_ base: UInt64, count: Int = 4) -> [UInt64] {
  var seeds = (0..<UInt64(count)).map { base &* 1_000_003 &+ $0 }
  if let text = Environment.value("LINEAR_ALGEBRA_TEST_SEED"), let seed = UInt64(text) { seeds = [seed] }
  return seeds
}

enum Environment {
  static func value(_ name: String) -> String? {
    guard let pointer = getenv(name) else { return nil }
    return String(cString: pointer)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A dense Double matrix for computing residuals independently of the
/// library: plain loops, no C++ core.
struct Reference: Equatable {
  var rows: Int
  var columns: Int
  var values: [Double]

  init(rows: Int, columns: Int, values: [Double]) {
    self.rows = rows
    self.columns = columns
    self.values = values
  }

  init<S: RealMatrixScalar>(_ matrix: Matrix<S>) {
    self.init(rows: matrix.rowCount, columns: matrix.columnCount, values: matrix.elements.map(Double.init))
  }

  static func identity(_ n: Int) -> Reference {
    var result = Reference(rows: n, columns: n, values: Array(repeating: 0, count: n * n))
    for i in 0..<n { result.values[i * n + i] = 1 }
    return result
  }

  static func diagonal(_ d: [Double], rows: Int, columns: Int) -> Reference {
    var result = Reference(rows: rows, columns: columns, values: Array(repeating: 0, count: rows * columns))
    for i in 0..<min(d.count, rows, columns) { result.values[i * columns + i] = d[i] }
    return result
  }

  subscript(i: Int, j: Int) -> Double { values[i * columns + j] }

  static func * (a: Reference, b: Reference) -> Reference {
    precondition(a.columns == b.rows)
    var c = [Double](repeating: 0, count: a.rows * b.columns)
    a.values.withUnsafeBufferPointer { av in
      b.values.withUnsafeBufferPointer { bv in
        c.withUnsafeMutableBufferPointer { cv in
          for i in 0..<a.rows {
            for k in 0..<a.columns {
              let aik = av[i * a.columns + k]
              if aik == 0 { continue }
              for j in 0..<b.columns { cv[i * b.columns + j] += aik * bv[k * b.columns + j] }
            }
          }
        }
      }
    }
    return Reference(rows: a.rows, columns: b.columns, values: c)
  }

  static func - (a: Reference, b: Reference) -> Reference {
    precondition(a.rows == b.rows && a.columns == b.columns)
    return Reference(rows: a.rows, columns: a.columns, values: zip(a.values, b.values).map { $0 - $1 })
  }

  static func / (a: Reference, s: Double) -> Reference {
    Reference(rows: a.rows, columns: a.columns, values: a.values.map { $0 / s })
  }

  static func * (a: Reference, s: Double) -> Reference {
    Reference(rows: a.rows, columns: a.columns, values: a.values.map { $0 * s })
  }

  var transposed: Reference {
    var t = [Double](repeating: 0, count: values.count)
    for i in 0..<rows { for j in 0..<columns { t[j * rows + i] = values[i * columns + j] } }
    return Reference(rows: columns, columns: rows, values: t)
  }

  /// The 1-norm (largest column sum of magnitudes), as LAPACK's tests use.
  var norm1: Double {
    var best = 0.0
    for j in 0..<columns {
      var sum = 0.0
      for i in 0..<rows { sum += abs(values[i * columns + j]) }
      best = max(best, sum)
    }
    return best
  }
}

/// LAPACK's scaled residual: `residual / (size · scale · eps)`, with the
/// conventions that a zero scale compares the raw residual.
func residualRatio(_ residual: Double, size: Int, scale: Double, epsilon: Double) -> Double {
  let denominator = Double(max(size, 1)) * (scale == 0 ? 1 : scale) * epsilon
  return residual / denominator
}

/// The bound every scaled residual ratio must stay below.
let residualBound = 30.0

extension RealMatrixScalar {
  static var testEpsilon: Double { Double(ulpOfOne) }
}

// MARK: Test matrices

enum TestMatrices {
  /// Uniform entries in [-1, 1].
  static func random<S: RealMatrixScalar>(
    _: S.Type, rows: Int, columns: Int, _ generator: inout SeededGenerator
  ) -> Matrix<S> {
    Matrix<S>.random(rows: rows, columns: columns, in: -1...1, using: &generator)
  }

  /// A random orthogonal n×n matrix (Q of a random matrix's QR).
  static func orthogonal<S: RealMatrixScalar>(_: S.Type, _ n: Int, _ generator: inout SeededGenerator)
    -> Matrix<
      S
    >
  {
    random(S.self, rows: n, columns: n, &generator).qr().q
  }

  /// `U diag(σ) Vᵀ` with σ spread geometrically from 1 down to 1/κ, so the
  /// 2-norm condition number is exactly κ (up to rounding).
  static func withCondition<S: RealMatrixScalar>(
    _: S.Type, _ n: Int, condition: Double, _ generator: inout SeededGenerator
  ) -> Matrix<S> {
    let u = orthogonal(S.self, n, &generator)
    let v = orthogonal(S.self, n, &generator)
    let sigma = (0..<n).map { i in n == 1 ? 1 : S(pow(condition, -Double(i) / Double(n - 1))) }
    return u * Matrix.diagonal(sigma) * v.transposed()
  }

  /// The n×n Hilbert matrix, `1 / (i + j + 1)`.
  static func hilbert<S: RealMatrixScalar>(_: S.Type, _ n: Int) -> Matrix<S> {
    Matrix(rows: n, columns: n) { i, j in 1 / S(i + j + 1) }
  }

  /// A random m×n matrix of rank `rank` (a product of m×r and r×n factors).
  static func rankDeficient<S: RealMatrixScalar>(
    _: S.Type, rows: Int, columns: Int, rank: Int, _ generator: inout SeededGenerator
  ) -> Matrix<S> {
    random(S.self, rows: rows, columns: rank, &generator)
      * random(S.self, rows: rank, columns: columns, &generator)
  }

  /// A random symmetric positive definite n×n matrix, `B Bᵀ + n I`.
  static func symmetricPositiveDefinite<S: RealMatrixScalar>(
    _: S.Type, _ n: Int, _ generator: inout SeededGenerator
  ) -> Matrix<S> {
    let b = random(S.self, rows: n, columns: n, &generator)
    return b * b.transposed() + S(n) * Matrix.identity(n)
  }

  /// A random symmetric n×n matrix.
  static func symmetric<S: RealMatrixScalar>(_: S.Type, _ n: Int, _ generator: inout SeededGenerator)
    -> Matrix<S>
  {
    let b = random(S.self, rows: n, columns: n, &generator)
    return (b + b.transposed()) / 2
  }
}

/// Runs `body` with the metatype that `type` names (`Float.self` or `Double.self`).
func withScalarType(_ type: ScalarType, _ body: (any RealMatrixScalar.Type) -> Void) {
  switch type {
  case .float: body(Float.self)
  case .double: body(Double.self)
  }
}
