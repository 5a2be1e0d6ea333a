import LinearAlgebra

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everyday operations (reductions, structured solves, LDLᵀ, exponential)
/// in the "Matrix (T)" family, so that peers.py times the same cases in
/// numpy and scipy; and block copies against memcpy of the same bytes.
enum EverydayCases {
  static let copyFamily = "Matrix copies (Double)"

  static func cases<T: RealMatrixScalar>(_: T.Type, quick: Bool) -> [BenchmarkCase] {
    let family = "Matrix (\(T.self))"
    var cases: [BenchmarkCase] = []
    func add(_ name: String, _ sizes: [Int], _ run: @escaping (Int, TimingBudget) -> Measurement) {
      for n in sizes {
        cases.append(
          BenchmarkCase(family: family, name: name, size: "\(n)×\(n)") { budget in
            .cxxVersusSwift(
              family: family, name: name, size: "\(n)×\(n)", cxx: run(n, budget), swift: nil, work: 1,
              unit: "calls/s", agree: nil, note: "compared with numpy/scipy by peers.py")
          })
      }
    }
    let reductionSizes = quick ? [256] : [256, 2048]
    let solveSizes = quick ? [256] : [512, 1024]
    add("column sums", reductionSizes) { n, budget in
      let a = MatrixCases.input(T.self, n, seed: 21)
      return measure(budget) { blackHole(a.columnwise.sum()) }
    }
    add("row sums", reductionSizes) { n, budget in
      let a = MatrixCases.input(T.self, n, seed: 22)
      return measure(budget) { blackHole(a.rowwise.sum()) }
    }
    add("symmetric solve", solveSizes) { n, budget in
      let b = MatrixCases.input(T.self, n, seed: 23)
      let s = (b + b.transposed()) / 2
      let rhs = b.row(0)
      return measure(budget) { blackHole(try? s.solve(rhs, assuming: .symmetric)) }
    }
    add("positive definite solve", solveSizes) { n, budget in
      let b = MatrixCases.input(T.self, n, seed: 24)
      let s = b * b.transposed() / T(n) + Matrix<T>.identity(n)
      let rhs = b.row(0)
      return measure(budget) { blackHole(try? s.solve(rhs, assuming: .positiveDefinite)) }
    }
    add("triangular solve", solveSizes) { n, budget in
      let b = MatrixCases.input(T.self, n, seed: 25)
      let l = Matrix<T>(rows: n, columns: n) { i, j in i > j ? b[i, j] : (i == j ? T(n) : 0) }
      let rhs = b.row(0)
      return measure(budget) { blackHole(try? l.solve(rhs, assuming: .lowerTriangular)) }
    }
    add("LDLT", solveSizes) { n, budget in
      let b = MatrixCases.input(T.self, n, seed: 26)
      let s = (b + b.transposed()) / 2
      return measure(budget) { blackHole(s.ldlt()) }
    }
    add("exponential", quick ? [64] : [256]) { n, budget in
      let a = MatrixCases.input(T.self, n, seed: 27) / T(Double(n).squareRoot())
      return measure(budget) { blackHole(a.exponential()) }
    }
    return cases
  }

  /// Block copies and stacking against memcpy of the same bytes (target:
  /// at least 0.8× memcpy's speed, so a time ratio of at most 1.25).
  static func copyCases(quick: Bool) -> [BenchmarkCase] {
    let n = quick ? 1024 : 2048
    return [
      BenchmarkCase(family: copyFamily, name: "block a[n/8..<7n/8, n/8..<7n/8]", size: "\(n)×\(n)") {
        budget in
        let a = MatrixCases.input(Double.self, n, seed: 31)
        let range = (n / 8)..<(7 * n / 8)
        let bytes = range.count * range.count * 8
        let ours = measure(budget.forAnchors) { blackHole(a[range, range]) }
        let theirs = memcpyTime(bytes, budget.forAnchors)
        return result("block a[n/8..<7n/8, n/8..<7n/8]", n, ours, theirs)
      },
      BenchmarkCase(family: copyFamily, name: "hstack of two halves", size: "\(n)×\(n)") { budget in
        let left = MatrixCases.input(Double.self, n, seed: 32)[..., 0..<(n / 2)]
        let right = MatrixCases.input(Double.self, n, seed: 33)[..., 0..<(n / 2)]
        let ours = measure(budget.forAnchors) { blackHole(Matrix.hstack([left, right])) }
        let theirs = memcpyTime(n * n * 8, budget.forAnchors)
        return result("hstack of two halves", n, ours, theirs)
      },
    ]
  }

  /// memcpy of `bytes` bytes into a fresh allocation (as the Matrix copy
  /// writes a fresh result).
  static func memcpyTime(_ bytes: Int, _ budget: TimingBudget) -> Measurement {
    let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    memset(source, 1, bytes)
    defer { source.deallocate() }
    return measure(budget) {
      let destination = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
      memcpy(destination, source, bytes)
      blackHole(destination.load(as: UInt8.self))
      destination.deallocate()
    }
  }

  static func result(_ name: String, _ n: Int, _ ours: Measurement, _ theirs: Measurement) -> CaseResult {
    CaseResult(
      family: copyFamily, name: name, size: "\(n)×\(n)", firstPath: "Matrix", secondPath: "memcpy",
      first: ours, second: theirs, ratio: ours.median / theirs.median, ratioDefinition: "Matrix / memcpy",
      throughput: nil, throughputUnit: "", agree: nil, note: nil, target: 1.25)
  }
}
