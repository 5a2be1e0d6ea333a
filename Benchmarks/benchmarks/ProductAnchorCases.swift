import CXX
import LinearAlgebra

/// Products, real and complex, and matrix-vector products through
/// `Matrix *` against OpenBLAS (see `OpenBLAS`) in the same process, timed
/// alternately at the run's thread count: the issues' product targets,
/// measured without the minutes between two processes that `peers.py`'s
/// numpy columns have. Each path allocates its result per call (numpy's
/// `a @ b` does too), and OpenBLAS's product result gets numpy's huge-page
/// advice (from 4 MiB). Skipped unless `LINEAR_ALGEBRA_OPENBLAS` names the
/// library.
enum ProductAnchorCases {
  static let family = "Matrix products against OpenBLAS"

  static func cases(quick: Bool, threads: Int) -> [BenchmarkCase] {
    guard OpenBLAS.shared != nil else { return [] }
    let sizes = quick ? [256, 512] : [1024, 2048]
    // The complex products' target (issue #29) is at 1024; 2048 would take
    // a quarter of a second per call.
    let complexSizes = quick ? [256] : [1024]
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
      + complexSizes.map { n in
        BenchmarkCase(family: family, name: "Complex<Double> product, \(threadsText)", size: "\(n)×\(n)") {
          budget in
          runComplex(Double.self, n, threads, budget.forAnchors) { $0.multiplyComplexDouble }
        }
      }
      + complexSizes.map { n in
        BenchmarkCase(family: family, name: "Complex<Float> product, \(threadsText)", size: "\(n)×\(n)") {
          budget in
          runComplex(Float.self, n, threads, budget.forAnchors) { $0.multiplyComplexFloat }
        }
      }
      + sizes.map { n in
        BenchmarkCase(family: family, name: "Double matrix-vector, \(threadsText)", size: "\(n)×\(n)") {
          budget in
          runMatrixVector(Double.self, n, threads, budget.forAnchors) { $0.multiplyVectorDouble }
        }
      }
      + sizes.map { n in
        BenchmarkCase(family: family, name: "Float matrix-vector, \(threadsText)", size: "\(n)×\(n)") {
          budget in
          runMatrixVector(Float.self, n, threads, budget.forAnchors) { $0.multiplyVectorFloat }
        }
      }
  }

  /// `Matrix * [T]` against OpenBLAS's `?gemv`, each allocating its result
  /// per call (as numpy's `a @ x` does). Not an issue target (no target
  /// column); here because numpy's columns for this memory-bound case,
  /// minutes apart in another process, swing the most. On two threads both
  /// sides run slower than alone (a call of ~100 µs can start while the
  /// other library's threads still spin or sleep), so compare the ratio.
  static func runMatrixVector<T: RealMatrixScalar>(
    _: T.Type, _ n: Int, _ threads: Int, _ budget: TimingBudget,
    multiply: (OpenBLAS) -> (UnsafePointer<T>, UnsafePointer<T>, UnsafeMutablePointer<T>, Int, Int) -> Void
  ) -> CaseResult {
    let library = OpenBLAS.shared!
    library.setThreads(threads)
    let theirsMultiply = multiply(library)
    let a = MatrixCases.input(T.self, n, seed: 33)
    let x = MatrixCases.input(T.self, n, seed: 34).row(0)
    let ae = a.elements
    var ours: [T] = []
    var theirs: [T] = []
    let (oursTime, theirsTime) = measureAlternately(budget) {
      ours = a * x
    } _: {
      theirs = [T](unsafeUninitializedCapacity: n) { y, count in
        ae.withUnsafeBufferPointer { a in
          x.withUnsafeBufferPointer { x in
            theirsMultiply(a.baseAddress!, x.baseAddress!, y.baseAddress!, n, n)
          }
        }
        count = n
      }
    }
    let agree = MatrixCases.relativeDifference(ours, theirs) <= MatrixCases.tolerance(T.self, n)
    return CaseResult(
      family: family, name: "\(T.self) matrix-vector, \(threads) thread\(threads == 1 ? "" : "s")",
      size: "\(n)×\(n)", firstPath: "ours (Matrix *)",
      secondPath: "OpenBLAS", first: oursTime, second: theirsTime, ratio: pairedRatio(oursTime, theirsTime),
      ratioDefinition: "ours / OpenBLAS (median of pairs)",
      throughput: 2 * Double(n) * Double(n) / 1e9 / oursTime.median,
      throughputUnit: "GFLOP/s", agree: agree, note: nil, target: nil)
  }

  /// `Matrix<Complex<R>> *` against OpenBLAS's `zgemm` or `cgemm`, as
  /// `run` does for real products (the inputs of the benchmark's complex
  /// cases).
  static func runComplex<R: RealMatrixScalar>(
    _: R.Type, _ n: Int, _ threads: Int, _ budget: TimingBudget,
    multiply: (OpenBLAS) -> (UnsafeRawPointer, UnsafeRawPointer, UnsafeMutableRawPointer, Int, Int, Int) ->
      Void
  ) -> CaseResult {
    let library = OpenBLAS.shared!
    library.setThreads(threads)
    let theirsMultiply = multiply(library)
    let a = ComplexCases.input(R.self, n, seed: 41)
    let b = ComplexCases.input(R.self, n, seed: 42)
    let (ae, be) = (a.elements, b.elements)
    var ours = a
    var theirs: [Complex<R>] = []
    let (oursTime, theirsTime) = measureAlternately(budget) {
      ours = a * b
    } _: {
      theirs = [Complex<R>](unsafeUninitializedCapacity: n * n) { c, count in
        let bytes = n * n * MemoryLayout<Complex<R>>.stride
        if bytes >= 1 << 22 { core.adviseLargePages(UnsafeMutableRawPointer(c.baseAddress), bytes) }
        ae.withUnsafeBytes { a in
          be.withUnsafeBytes { b in
            theirsMultiply(a.baseAddress!, b.baseAddress!, UnsafeMutableRawPointer(c.baseAddress!), n, n, n)
          }
        }
        count = n * n
      }
    }
    return CaseResult(
      family: family, name: "Complex<\(R.self)> product, \(threads) thread\(threads == 1 ? "" : "s")",
      size: "\(n)×\(n)", firstPath: "ours (Matrix *)",
      secondPath: "OpenBLAS", first: oursTime, second: theirsTime, ratio: pairedRatio(oursTime, theirsTime),
      ratioDefinition: "ours / OpenBLAS (median of pairs)",
      throughput: 8 * Double(n) * Double(n) * Double(n) / 1e9 / oursTime.median,
      throughputUnit: "GFLOP/s", agree: ComplexCases.agrees(ours.elements, theirs, n), note: nil, target: 1.0)
  }

  static func run<T: RealMatrixScalar>(
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
