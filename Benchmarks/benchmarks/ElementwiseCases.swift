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
    var plain: [Double] = []
    var wrapped = a
    let (reference, api) = measureAlternately(budget) {
      plain = [Double](unsafeUninitializedCapacity: ae.count) { buffer, count in
        for index in 0..<ae.count { buffer[index] = ae[index] + be[index] }
        count = ae.count
      }
      blackHole(plain)
    } _: {
      wrapped = a + b
      blackHole(wrapped)
    }
    return result("a + b", n, reference, api, agree: wrapped.elements == plain)
  }

  static func scaled(_ n: Int, _ budget: TimingBudget) -> CaseResult {
    let a = MatrixCases.input(Double.self, n, seed: 33)
    let ae = a.elements
    let factor = 1.5
    var plain: [Double] = []
    var wrapped = a
    let (reference, api) = measureAlternately(budget) {
      plain = ae.map { factor * $0 }
      blackHole(plain)
    } _: {
      wrapped = factor * a
      blackHole(wrapped)
    }
    return result("scalar * a", n, reference, api, agree: wrapped.elements == plain)
  }

  static func fromClosure(_ n: Int, _ budget: TimingBudget) -> CaseResult {
    var plain: [Double] = []
    var wrapped = Matrix<Double>(rows: 0, columns: 0)
    let (reference, api) = measureAlternately(budget) {
      plain = [Double](unsafeUninitializedCapacity: n * n) { buffer, count in
        for row in 0..<n {
          for column in 0..<n { buffer[row * n + column] = Double(row &- column) }
        }
        count = n * n
      }
      blackHole(plain)
    } _: {
      wrapped = Matrix(rows: n, columns: n) { row, column in Double(row &- column) }
      blackHole(wrapped)
    }
    return result("init from closure", n, reference, api, agree: wrapped.elements == plain)
  }

  static func random(_ n: Int, _ budget: TimingBudget) -> CaseResult {
    var plain: [Double] = []
    var wrapped = Matrix<Double>(rows: 0, columns: 0)
    let (reference, api) = measureAlternately(budget) {
      var generator = BenchmarkRandom(seed: 34)
      plain = (0..<n * n).map { _ in Double.random(in: -1...1, using: &generator) }
      blackHole(plain)
    } _: {
      var generator = BenchmarkRandom(seed: 34)
      wrapped = Matrix.random(rows: n, columns: n, in: -1...1, using: &generator)
      blackHole(wrapped)
    }
    return result("random(in:using:)", n, reference, api, agree: wrapped.elements == plain)
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
