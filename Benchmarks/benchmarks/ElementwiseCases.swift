import LinearAlgebra

/// What `Matrix`'s Swift-side operations cost a caller in another module
/// (as every user is): element-wise arithmetic, filling from a closure and
/// random matrices, each against the same loop written over a plain
/// `[Double]` in this module. They never cross into the C++ core, so the
/// ratio shows whether the library's generic code reaches the caller
/// specialized for `Double` (inlinable) or runs through witness tables.
/// The two paths are timed alternately.
enum ElementwiseCases {
  static let family = "Matrix element-wise (Double)"

  static func cases(quick: Bool) -> [BenchmarkCase] {
    let sizes = quick ? [256] : [256, 1024]
    let operations: [(String, (Int, TimingBudget) -> CaseResult)] = [
      ("a + b", sum), ("scalar * a", scaled), ("init from closure", fromClosure),
      ("random(in:using:)", random), ("subscript reads", subscriptReads),
    ]
    return operations.flatMap { name, run in
      sizes.map { n in BenchmarkCase(family: family, name: name, size: "\(n)×\(n)") { run(n, $0) } }
    }
  }

  static func sum(_ n: Int, _ budget: TimingBudget) -> CaseResult {
    let a = MatrixCases.input(Double.self, n, seed: 31)
    let b = MatrixCases.input(Double.self, n, seed: 32)
    let (ae, be) = (a.elements, b.elements)
    return compare("a + b", n, budget) {
      [Double](unsafeUninitializedCapacity: ae.count) { buffer, count in
        for index in 0..<ae.count { buffer[index] = ae[index] + be[index] }
        count = ae.count
      }
    } api: {
      a + b
    }
  }

  static func scaled(_ n: Int, _ budget: TimingBudget) -> CaseResult {
    let a = MatrixCases.input(Double.self, n, seed: 33)
    let ae = a.elements
    let factor = 1.5
    return compare("scalar * a", n, budget) {
      ae.map { factor * $0 }
    } api: {
      factor * a
    }
  }

  static func fromClosure(_ n: Int, _ budget: TimingBudget) -> CaseResult {
    compare("init from closure", n, budget) {
      [Double](unsafeUninitializedCapacity: n * n) { buffer, count in
        for row in 0..<n {
          for column in 0..<n { buffer[row * n + column] = Double(row &- column) }
        }
        count = n * n
      }
    } api: {
      Matrix(rows: n, columns: n) { row, column in Double(row &- column) }
    }
  }

  static func random(_ n: Int, _ budget: TimingBudget) -> CaseResult {
    compare("random(in:using:)", n, budget) {
      var generator = BenchmarkRandom(seed: 34)
      return (0..<n * n).map { _ in Double.random(in: -1...1, using: &generator) }
    } api: {
      var generator = BenchmarkRandom(seed: 34)
      return Matrix.random(rows: n, columns: n, in: -1...1, using: &generator)
    }
  }

  /// Times `plain` (a loop over `[Double]`) and `api` (the same through
  /// `Matrix`) alternately; they agree when their elements are equal.
  static func compare(
    _ name: String, _ n: Int, _ budget: TimingBudget, plain: () -> [Double], api: () -> Matrix<Double>
  ) -> CaseResult {
    var plainResult: [Double] = []
    var apiResult = Matrix<Double>(rows: 0, columns: 0)
    let (reference, wrapped) = measureAlternately(budget) {
      plainResult = plain()
      blackHole(plainResult)
    } _: {
      apiResult = api()
      blackHole(apiResult)
    }
    return result(name, n, reference, wrapped, agree: apiResult.elements == plainResult)
  }

  static func subscriptReads(_ n: Int, _ budget: TimingBudget) -> CaseResult {
    let a = MatrixCases.input(Double.self, n, seed: 35)
    let ae = a.elements
    var plain = 0.0
    var wrapped = 0.0
    let (reference, api) = measureAlternately(budget) {
      var sum = 0.0
      for row in 0..<n {
        for column in 0..<n { sum += ae[row * n + column] }
      }
      plain = sum
      blackHole(plain)
    } _: {
      var sum = 0.0
      for row in 0..<n {
        for column in 0..<n { sum += a[row, column] }
      }
      wrapped = sum
      blackHole(wrapped)
    }
    return result("subscript reads", n, reference, api, agree: wrapped == plain)
  }

  static func result(_ name: String, _ n: Int, _ reference: Measurement, _ api: Measurement, agree: Bool)
    -> CaseResult
  {
    .cxxVersusSwift(
      family: family, name: name, size: "\(n)×\(n)", cxx: reference, swift: api,
      work: Double(n * n) / 1e9, unit: "G elements/s", agree: agree,
      firstPath: "plain [Double] loop", secondPath: "Matrix API", paired: true)
  }
}
