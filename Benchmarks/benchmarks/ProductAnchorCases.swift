import CXX
import LinearAlgebra

/// Products through `Matrix *` against OpenBLAS (see `OpenBLAS`) in the same
/// process, timed alternately at the run's thread count: the issue's
/// product targets, measured without the minutes between two processes
/// that `peers.py`'s numpy columns have. Each path allocates its result per
/// call (numpy's `a @ b` does too), and OpenBLAS's result gets numpy's
/// huge-page advice (from 4 MiB). Skipped unless `LINEAR_ALGEBRA_OPENBLAS`
/// names the library.
enum ProductAnchorCases {
  static let family = "Matrix products against OpenBLAS"

  static func cases(quick: Bool, threads: Int) -> [BenchmarkCase] {
    guard OpenBLAS.shared != nil else { return [] }
    let sizes = quick ? [256, 512] : [1024, 2048]
    let threadsText = "\(threads) thread\(threads == 1 ? "" : "s")"
    return sizes.map { n in
      BenchmarkCase(family: family, name: "Double product, \(threadsText)", size: "\(n)×\(n)") { budget in
        run(Double.self, n, threads, budget.forAnchors) { $0.multiplyDouble }
      }
    }
      + sizes.map { n in
        BenchmarkCase(family: family, name: "Float product, \(threadsText)", size: "\(n)×\(n)") { budget in
          run(Float.self, n, threads, budget.forAnchors) { $0.multiplyFloat }
        }
      }
  }

  static func run<T: MatrixScalar>(
    _: T.Type, _ n: Int, _ threads: Int, _ budget: TimingBudget,
    multiply: (OpenBLAS) -> (UnsafePointer<T>, UnsafePointer<T>, UnsafeMutablePointer<T>, Int, Int, Int) ->
      Void
  ) -> CaseResult {
    let library = OpenBLAS.shared!
    library.setThreads(threads)
    let theirsMultiply = multiply(library)
    let a = MatrixCases.input(T.self, n, seed: 31)
    let b = MatrixCases.input(T.self, n, seed: 32)
    let (ae, be) = (a.elements, b.elements)
    var ours = a
    var theirs: [T] = []
    let (oursTime, theirsTime) = measureAlternately(budget) {
      ours = a * b
    } _: {
      theirs = [T](unsafeUninitializedCapacity: n * n) { c, count in
        let bytes = n * n * MemoryLayout<T>.stride
        if bytes >= 1 << 22 { core.adviseLargePages(UnsafeMutableRawPointer(c.baseAddress), bytes) }
        ae.withUnsafeBufferPointer { a in
          be.withUnsafeBufferPointer { b in
            theirsMultiply(a.baseAddress!, b.baseAddress!, c.baseAddress!, n, n, n)
          }
        }
        count = n * n
      }
    }
    let agree = MatrixCases.relativeDifference(ours.elements, theirs) <= MatrixCases.tolerance(T.self, n)
    return CaseResult(
      family: family, name: "\(T.self) product, \(threads) thread\(threads == 1 ? "" : "s")",
      size: "\(n)×\(n)", firstPath: "ours (Matrix *)",
      secondPath: "OpenBLAS", first: oursTime, second: theirsTime, ratio: pairedRatio(oursTime, theirsTime),
      ratioDefinition: "ours / OpenBLAS (median of pairs)",
      throughput: 2 * Double(n) * Double(n) * Double(n) / 1e9 / oursTime.median,
      throughputUnit: "GFLOP/s", agree: agree, note: nil, target: 1.0)
  }
}
