import CXX
import LinearAlgebra

/// What the `Matrix` wrapper costs: the same Eigen product through
/// `Matrix.*` (which allocates its result) and through a direct call of the
/// C++ core into a buffer allocated once.
enum OverheadCases {
  static func cases(quick: Bool) -> [BenchmarkCase] {
    let sizes = quick ? [4, 64, 256] : [4, 16, 64, 256, 1024]
    return sizes.map { n in
      BenchmarkCase(family: "Matrix API overhead (Double)", name: "product", size: "\(n)×\(n)") { budget in
        run(n, budget)
      }
    }
  }

  static func run(_ n: Int, _ budget: TimingBudget) -> CaseResult {
    let a = MatrixCases.input(Double.self, n, seed: 21)
    let b = MatrixCases.input(Double.self, n, seed: 22)
    let (ae, be) = (a.elements, b.elements)
    var out = [Double](repeating: 0, count: n * n)
    // Small products take nanoseconds: time batches so the clock resolves them.
    let repetitions = max(1, 1 << 20 / (n * n * n))
    let direct = measure(budget) {
      ae.withUnsafeBufferPointer { a in
        be.withUnsafeBufferPointer { b in
          out.withUnsafeMutableBufferPointer { c in
            for _ in 0..<repetitions {
              _ = core.multiply(a.baseAddress, b.baseAddress, c.baseAddress, n, n, n)
              blackHole(c.baseAddress)
            }
          }
        }
      }
    }
    var result = a
    let wrapped = measure(budget) {
      for _ in 0..<repetitions {
        result = a * b
        blackHole(result)
      }
    }
    let perCall = { (m: Measurement) in Measurement(samples: m.samples.map { $0 / Double(repetitions) }) }
    return .cxxVersusSwift(
      family: "Matrix API overhead (Double)", name: "product", size: "\(n)×\(n)", cxx: perCall(direct),
      swift: perCall(wrapped), work: 1, unit: "products/s", agree: result.elements == out,
      firstPath: "direct core call", secondPath: "Matrix API")
  }
}
