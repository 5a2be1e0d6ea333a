import LinearAlgebra

/// Matrix cases for one scalar type: Eigen (through `Matrix`) against the
/// Swift kernels of the same algorithms (unless `swiftPaths` is false, for
/// `--core-only`).
enum MatrixCases {
  static func cases<T: RealMatrixScalar>(_: T.Type, quick: Bool, swiftPaths: Bool) -> [BenchmarkCase] {
    let family = "Matrix (\(T.self))"
    let productSizes = quick ? [4, 64, 256] : [4, 16, 64, 256, 1024, 2048]
    let factorSizes = quick ? [4, 64, 256] : [4, 16, 64, 256, 512, 1024]
    var cases: [BenchmarkCase] = []
    func add(_ name: String, _ sizes: [Int], _ run: @escaping (Int, TimingBudget) -> CaseResult) {
      for n in sizes {
        cases.append(BenchmarkCase(family: family, name: name, size: "\(n)×\(n)") { run(n, $0) })
      }
    }
    // Without Swift paths the naive case would time the core's product twice.
    if swiftPaths {
      add("product (naive Swift)", productSizes) { n, budget in
        product(
          T.self, n, budget, family: family, name: "product (naive Swift)",
          swift: SwiftMatrixKernels.naiveProduct)
      }
    }
    add("product (blocked Swift)", productSizes) { n, budget in
      product(
        T.self, n, budget, family: family, name: "product (blocked Swift)",
        swift: swiftPaths ? { SwiftMatrixKernels.blockedProduct($0, $1, $2, $3, $4) } : nil)
    }
    add("matrix-vector", productSizes) { n, budget in
      matrixVector(T.self, n, budget, family: family, swiftPaths: swiftPaths)
    }
    add("LU solve", factorSizes) { n, budget in
      solve(T.self, n, budget, family: family, swiftPaths: swiftPaths)
    }
    add("inverse", factorSizes) { n, budget in
      inverse(T.self, n, budget, family: family, swiftPaths: swiftPaths)
    }
    add("determinant", factorSizes) { n, budget in
      determinant(T.self, n, budget, family: family, swiftPaths: swiftPaths)
    }
    add("Cholesky", factorSizes) { n, budget in
      cholesky(T.self, n, budget, family: family, swiftPaths: swiftPaths)
    }
    add("QR", factorSizes) { n, budget in qr(T.self, n, budget, family: family, swiftPaths: swiftPaths) }
    // The one factorization written in Swift (LAPACK's ?geqp3 in blocks,
    // whose block updates are core products), so the first column times
    // Swift; peers.py sets scipy's qr(pivoting=True) beside it.
    add("column-pivoted QR", factorSizes.filter { $0 >= 64 && $0 <= 512 }) { n, budget in
      let a = input(T.self, n, seed: 13)
      var rank = 0
      let time = measure(budget) { rank = a.columnPivotedQR().rank }
      return .cxxVersusSwift(
        family: family, name: "column-pivoted QR", size: "\(n)×\(n)", cxx: time, swift: nil,
        work: 4 * pow3(n) / 3e9, unit: "GFLOP/s", agree: rank == n ? nil : false,
        note: "Swift (LAPACK's ?geqp3 in blocks; block updates in the core), forms thin Q and R;"
          + " its time is in the first column",
        firstPath: "Swift")
    }
    add("SVD", factorSizes) { n, budget in
      let a = input(T.self, n, seed: 7)
      let cxx = measure(budget) { blackHole(a.svd()) }
      return .cxxVersusSwift(
        family: family, name: "SVD", size: "\(n)×\(n)", cxx: cxx, swift: nil, work: 1, unit: "SVDs/s",
        agree: nil, note: "no Swift version of divide-and-conquer SVD")
    }
    for n in factorSizes where n >= 64 {
      cases.append(
        BenchmarkCase(family: family, name: "least squares", size: "\(n)×\(n / 2)") { budget in
          leastSquares(T.self, n, budget, family: family)
        })
    }
    add("symmetric eigen", factorSizes) { n, budget in
      let b = input(T.self, n, seed: 8)
      let a = (b + b.transposed()) / 2
      let cxx = measure(budget) { blackHole(a.symmetricEigen()) }
      return .cxxVersusSwift(
        family: family, name: "symmetric eigen", size: "\(n)×\(n)", cxx: cxx, swift: nil, work: 1,
        unit: "decompositions/s", agree: nil, note: "no Swift version of the tridiagonal eigensolver")
    }
    return cases
  }

  /// Least squares of a random tall n × n/2 system (numpy's `lstsq` in
  /// `peers.py`, on the same shape).
  static func leastSquares<T: RealMatrixScalar>(_: T.Type, _ n: Int, _ budget: TimingBudget, family: String)
    -> CaseResult
  {
    var generator = BenchmarkRandom(seed: 12 &+ UInt64(n))
    let a = Matrix<T>.random(rows: n, columns: n / 2, in: -1...1, using: &generator)
    let b = Matrix<T>.random(rows: n, columns: 1, in: -1...1, using: &generator).elements
    let cxx = measure(budget) { blackHole(a.leastSquares(b)) }
    return .cxxVersusSwift(
      family: family, name: "least squares", size: "\(n)×\(n / 2)", cxx: cxx, swift: nil, work: 1,
      unit: "calls/s", agree: nil, note: "no Swift version; compared with numpy by peers.py")
  }

  /// A seeded random n×n matrix with entries in [-1, 1].
  static func input<T: RealMatrixScalar>(_: T.Type, _ n: Int, seed: UInt64) -> Matrix<T> {
    var generator = BenchmarkRandom(seed: seed &+ UInt64(n))
    return Matrix<T>.random(rows: n, columns: n, in: -1...1, using: &generator)
  }

  /// A well-conditioned matrix for the LU family: random plus 2√n on the
  /// diagonal (partial pivoting still runs its full search).
  static func wellConditioned<T: RealMatrixScalar>(_: T.Type, _ n: Int, seed: UInt64) -> Matrix<T> {
    input(T.self, n, seed: seed) + T(2 * Double(n).squareRoot()) * Matrix<T>.identity(n)
  }

  /// Relative Frobenius difference of two element arrays.
  static func relativeDifference<T: RealMatrixScalar>(_ x: [T], _ y: [T]) -> Double {
    var difference = 0.0
    var scale = 0.0
    for (a, b) in zip(x, y) {
      difference += Double(a - b) * Double(a - b)
      scale += Double(a) * Double(a)
    }
    return scale == 0 ? difference.squareRoot() : (difference / scale).squareRoot()
  }

  static func tolerance<T: RealMatrixScalar>(_: T.Type, _ n: Int) -> Double {
    100 * Double(n) * Double(T.ulpOfOne)
  }

  static func product<T: RealMatrixScalar>(
    _: T.Type, _ n: Int, _ budget: TimingBudget, family: String, name: String,
    swift kernel: (([T], [T], Int, Int, Int) -> [T])?
  ) -> CaseResult {
    let a = input(T.self, n, seed: 1)
    let b = input(T.self, n, seed: 2)
    var cxxResult = a
    let cxx = measure(budget) { cxxResult = a * b }
    let (ae, be) = (a.elements, b.elements)
    var swiftResult: [T] = []
    let swift = kernel.map { kernel in measure(budget) { swiftResult = kernel(ae, be, n, n, n) } }
    let agree = swift.map { _ in relativeDifference(cxxResult.elements, swiftResult) <= tolerance(T.self, n) }
    return .cxxVersusSwift(
      family: family, name: name, size: "\(n)×\(n)", cxx: cxx, swift: swift, work: 2 * pow3(n) / 1e9,
      unit: "GFLOP/s", agree: agree)
  }

  static func matrixVector<T: RealMatrixScalar>(
    _: T.Type, _ n: Int, _ budget: TimingBudget, family: String, swiftPaths: Bool
  )
    -> CaseResult
  {
    let a = input(T.self, n, seed: 3)
    let x = input(T.self, n, seed: 4).row(0)
    var cxxResult: [T] = []
    let cxx = measure(budget) { cxxResult = a * x }
    let ae = a.elements
    var swiftResult: [T] = []
    let swift = measureSwift(swiftPaths, budget) {
      swiftResult = SwiftMatrixKernels.matrixVector(ae, x, n, n)
    }
    let agree = swift.map { _ in relativeDifference(cxxResult, swiftResult) <= tolerance(T.self, n) }
    return .cxxVersusSwift(
      family: family, name: "matrix-vector", size: "\(n)×\(n)", cxx: cxx, swift: swift,
      work: 2 * Double(n) * Double(n) / 1e9, unit: "GFLOP/s", agree: agree)
  }

  static func solve<T: RealMatrixScalar>(
    _: T.Type, _ n: Int, _ budget: TimingBudget, family: String, swiftPaths: Bool
  )
    -> CaseResult
  {
    let a = wellConditioned(T.self, n, seed: 5)
    let b = input(T.self, n, seed: 6).row(0)
    var cxxResult: [T] = []
    let cxx = measure(budget) { cxxResult = (try? a.solve(b)) ?? [] }
    let ae = a.elements
    var swiftResult: [T] = []
    let swift = measureSwift(swiftPaths, budget) {
      let (lu, order, _) = SwiftMatrixKernels.luFactor(ae, n)
      swiftResult = SwiftMatrixKernels.luSolve(lu, order, n, b, 1)
    }
    let agree = swift.map { _ in relativeDifference(cxxResult, swiftResult) <= tolerance(T.self, n) }
    return .cxxVersusSwift(
      family: family, name: "LU solve", size: "\(n)×\(n)", cxx: cxx, swift: swift, work: 2 * pow3(n) / 3e9,
      unit: "GFLOP/s", agree: agree)
  }

  static func inverse<T: RealMatrixScalar>(
    _: T.Type, _ n: Int, _ budget: TimingBudget, family: String, swiftPaths: Bool
  )
    -> CaseResult
  {
    let a = wellConditioned(T.self, n, seed: 9)
    var cxxResult: [T] = []
    let cxx = measure(budget) { cxxResult = (try? a.inverse())?.elements ?? [] }
    let ae = a.elements
    var swiftResult: [T] = []
    let swift = measureSwift(swiftPaths, budget) { swiftResult = SwiftMatrixKernels.inverse(ae, n) }
    let agree = swift.map { _ in relativeDifference(cxxResult, swiftResult) <= tolerance(T.self, n) }
    return .cxxVersusSwift(
      family: family, name: "inverse", size: "\(n)×\(n)", cxx: cxx, swift: swift, work: 2 * pow3(n) / 1e9,
      unit: "GFLOP/s", agree: agree)
  }

  static func determinant<T: RealMatrixScalar>(
    _: T.Type, _ n: Int, _ budget: TimingBudget, family: String, swiftPaths: Bool
  )
    -> CaseResult
  {
    // Scaled so the determinant stays within range for every size.
    let a = wellConditioned(T.self, n, seed: 10) / T(2 * Double(n).squareRoot())
    var cxxResult: T = 0
    let cxx = measure(budget) { cxxResult = a.determinant() }
    let ae = a.elements
    var swiftResult: T = 0
    let swift = measureSwift(swiftPaths, budget) { swiftResult = SwiftMatrixKernels.determinant(ae, n) }
    // A product of n pivots accumulates n pivots' rounding errors: n²·eps.
    let agree = swift.map { _ in
      relativeDifference([cxxResult], [swiftResult]) <= 10 * Double(n) * Double(n) * Double(T.ulpOfOne)
    }
    return .cxxVersusSwift(
      family: family, name: "determinant", size: "\(n)×\(n)", cxx: cxx, swift: swift, work: 2 * pow3(n) / 3e9,
      unit: "GFLOP/s", agree: agree)
  }

  static func cholesky<T: RealMatrixScalar>(
    _: T.Type, _ n: Int, _ budget: TimingBudget, family: String, swiftPaths: Bool
  )
    -> CaseResult
  {
    let b = input(T.self, n, seed: 11)
    let a = b * b.transposed() / T(n) + Matrix<T>.identity(n)
    var cxxResult: [T] = []
    let cxx = measure(budget) { cxxResult = (try? a.cholesky())?.lower.elements ?? [] }
    let ae = a.elements
    var swiftResult: [T] = []
    let swift = measureSwift(swiftPaths, budget) { swiftResult = SwiftMatrixKernels.cholesky(ae, n) }
    let agree = swift.map { _ in relativeDifference(cxxResult, swiftResult) <= tolerance(T.self, n) }
    return .cxxVersusSwift(
      family: family, name: "Cholesky", size: "\(n)×\(n)", cxx: cxx, swift: swift, work: pow3(n) / 3e9,
      unit: "GFLOP/s", agree: agree)
  }

  static func qr<T: RealMatrixScalar>(
    _: T.Type, _ n: Int, _ budget: TimingBudget, family: String, swiftPaths: Bool
  ) -> CaseResult {
    let a = input(T.self, n, seed: 12)
    var cxxResult = Matrix<T>(rows: 0, columns: 0)
    let cxx = measure(budget) { cxxResult = a.qr().r }
    let ae = a.elements
    var swiftResult: [T] = []
    let swift = measureSwift(swiftPaths, budget) { swiftResult = SwiftMatrixKernels.householderR(ae, n, n) }
    // R is unique up to the signs of its rows: compare with non-negative diagonals.
    var normalized = cxxResult
    for i in 0..<n where normalized[i, i] < 0 {
      for j in 0..<n { normalized[i, j] = -normalized[i, j] }
    }
    let agree = swift.map { _ in relativeDifference(normalized.elements, swiftResult) <= tolerance(T.self, n)
    }
    return .cxxVersusSwift(
      family: family, name: "QR", size: "\(n)×\(n)", cxx: cxx, swift: swift, work: 4 * pow3(n) / 3e9,
      unit: "GFLOP/s", agree: agree, note: "C++ forms thin Q and R; Swift forms R only")
  }

  /// Times a case's pure-Swift path, or returns nil when `enabled` is
  /// false (`--core-only`).
  static func measureSwift(_ enabled: Bool, _ budget: TimingBudget, _ body: () -> Void) -> Measurement? {
    enabled ? measure(budget, body) : nil
  }

  static func pow3(_ n: Int) -> Double { Double(n) * Double(n) * Double(n) }
}

/// SplitMix64, seeded, for reproducible inputs.
struct BenchmarkRandom: RandomNumberGenerator {
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
