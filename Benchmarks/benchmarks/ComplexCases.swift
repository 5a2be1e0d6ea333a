import LinearAlgebra

/// Complex matrices ("Matrix (Complex<T>)") and general eigenproblems (in the
/// real "Matrix (T)" family): the core against pure-Swift kernels where one
/// is reasonable, and against numpy by peers.py (eig, eigvals, complex
/// products, solve, inverse, QR, SVD and Hermitian eigen).
enum ComplexCases {
  static func cases<R: RealMatrixScalar>(_: R.Type, quick: Bool, swiftPaths: Bool) -> [BenchmarkCase] {
    let family = "Matrix (Complex<\(R.self)>)"
    var cases: [BenchmarkCase] = []
    func add(_ name: String, _ sizes: [Int], _ run: @escaping (Int, TimingBudget) -> CaseResult) {
      for n in sizes {
        cases.append(BenchmarkCase(family: family, name: name, size: "\(n)×\(n)") { run(n, $0) })
      }
    }
    add("product", quick ? [128] : [512, 1024]) { n, budget in
      let a = input(R.self, n, seed: 41)
      let b = input(R.self, n, seed: 42)
      var ours: Matrix<Complex<R>> = a
      let cxx = measure(budget) { ours = a * b }
      // The Swift loop runs at a few GFLOP/s: only up to 512.
      var swiftResult: [Complex<R>] = []
      let swift =
        swiftPaths && n <= 512
        ? measure(budget) { swiftResult = SwiftComplexKernels.product(a.elements, b.elements, n, n, n) } : nil
      let agree = swift.map { _ in agrees(ours.elements, swiftResult, n) }
      return .cxxVersusSwift(
        family: family, name: "product", size: "\(n)×\(n)", cxx: cxx, swift: swift,
        work: 8 * MatrixCases.pow3(n) / 1e9, unit: "GFLOP/s", agree: agree)
    }
    add("LU solve", quick ? [128] : [512]) { n, budget in
      let a = wellConditioned(R.self, n, seed: 43)
      let b = input(R.self, n, seed: 44).column(0)
      var ours: [Complex<R>] = []
      let cxx = measure(budget) { ours = (try? a.solve(b)) ?? [] }
      var swiftResult: [Complex<R>] = []
      let swift =
        swiftPaths ? measure(budget) { swiftResult = SwiftComplexKernels.solve(a.elements, b, n) ?? [] } : nil
      let agree = swift.map { _ in agrees(ours, swiftResult, n) }
      return .cxxVersusSwift(
        family: family, name: "LU solve", size: "\(n)×\(n)", cxx: cxx, swift: swift,
        work: 8 * MatrixCases.pow3(n) / 3e9, unit: "GFLOP/s", agree: agree)
    }
    add("inverse", quick ? [128] : [512]) { n, budget in
      let a = wellConditioned(R.self, n, seed: 45)
      let cxx = measure(budget) { blackHole(try? a.inverse()) }
      return .cxxVersusSwift(
        family: family, name: "inverse", size: "\(n)×\(n)", cxx: cxx, swift: nil, work: 1, unit: "calls/s",
        agree: nil, note: "compared with numpy by peers.py")
    }
    add("QR", quick ? [128] : [512]) { n, budget in
      let a = input(R.self, n, seed: 49)
      let cxx = measure(budget) { blackHole(a.qr()) }
      return .cxxVersusSwift(
        family: family, name: "QR", size: "\(n)×\(n)", cxx: cxx, swift: nil, work: 1, unit: "calls/s",
        agree: nil, note: "compared with numpy by peers.py")
    }
    add("SVD", quick ? [64] : [256]) { n, budget in
      let a = input(R.self, n, seed: 47)
      let cxx = measure(budget) { blackHole(a.svd()) }
      return .cxxVersusSwift(
        family: family, name: "SVD", size: "\(n)×\(n)", cxx: cxx, swift: nil, work: 1, unit: "calls/s",
        agree: nil, note: "compared with numpy by peers.py")
    }
    for n in quick ? [128] : [512] {
      cases.append(
        BenchmarkCase(family: family, name: "least squares", size: "\(n)×\(n / 2)") { budget in
          var generator = BenchmarkRandom(seed: 50 &+ UInt64(n))
          let a = Matrix<Complex<R>>.random(rows: n, columns: n / 2, in: -1...1, using: &generator)
          let b = Matrix<Complex<R>>.random(rows: n, columns: 1, in: -1...1, using: &generator).elements
          let cxx = measure(budget) { blackHole(a.leastSquares(b)) }
          return .cxxVersusSwift(
            family: family, name: "least squares", size: "\(n)×\(n / 2)", cxx: cxx, swift: nil, work: 1,
            unit: "calls/s", agree: nil, note: "compared with numpy by peers.py")
        })
    }
    add("Hermitian eigen", quick ? [64] : [256, 512]) { n, budget in
      let a = input(R.self, n, seed: 48)
      let hermitian = (a + a.adjoint()) * Complex(R(0.5))
      let cxx = measure(budget) { blackHole(hermitian.hermitianEigen()) }
      return .cxxVersusSwift(
        family: family, name: "Hermitian eigen", size: "\(n)×\(n)", cxx: cxx, swift: nil, work: 1,
        unit: "calls/s", agree: nil, note: "compared with numpy's eigh by peers.py")
    }
    for name in ["eig", "eigvals"] {
      add(name, quick ? [64] : [256, 512]) { n, budget in
        let a = input(R.self, n, seed: 46)
        return eigenResult(family: family, name: name, n: n, budget: budget) {
          name == "eig" ? (try? a.eigen()) != nil : (try? a.eigenvalues()) != nil
        }
      }
    }
    return cases
  }

  /// The general eigenproblem of real matrices, in the "Matrix (T)" family.
  static func eigenCases<R: RealMatrixScalar>(_: R.Type, quick: Bool) -> [BenchmarkCase] {
    let family = "Matrix (\(R.self))"
    var cases: [BenchmarkCase] = []
    for (name, sizes) in [("eig", quick ? [64] : [256, 512]), ("eigvals", quick ? [64] : [256, 512])] {
      for n in sizes {
        cases.append(
          BenchmarkCase(family: family, name: name, size: "\(n)×\(n)") { budget in
            let a = MatrixCases.input(R.self, n, seed: 47)
            return eigenResult(family: family, name: name, n: n, budget: budget) {
              name == "eig" ? (try? a.eigen()) != nil : (try? a.eigenvalues()) != nil
            }
          })
      }
    }
    return cases
  }

  /// An eig or eigvals row: `run` makes one call and tells whether it
  /// converged. It runs once outside the clock, so that a thrown error is
  /// reported rather than timed as a result.
  static func eigenResult(family: String, name: String, n: Int, budget: TimingBudget, run: () -> Bool)
    -> CaseResult
  {
    let converged = run()
    let cxx = measure(budget) { blackHole(run()) }
    return .cxxVersusSwift(
      family: family, name: name, size: "\(n)×\(n)", cxx: cxx, swift: nil, work: 1, unit: "calls/s",
      agree: converged ? nil : false, note: "compared with numpy by peers.py")
  }

  static func input<R: RealMatrixScalar>(_: R.Type, _ n: Int, seed: UInt64) -> Matrix<Complex<R>> {
    var generator = BenchmarkRandom(seed: seed &+ UInt64(n))
    return Matrix<Complex<R>>.random(rows: n, columns: n, in: -1...1, using: &generator)
  }

  /// Random plus 2√n on the diagonal, as for the real LU family.
  static func wellConditioned<R: RealMatrixScalar>(_: R.Type, _ n: Int, seed: UInt64) -> Matrix<Complex<R>> {
    input(R.self, n, seed: seed) + Complex(R(2 * Double(n).squareRoot())) * Matrix<Complex<R>>.identity(n)
  }

  static func agrees<R: RealMatrixScalar>(_ x: [Complex<R>], _ y: [Complex<R>], _ n: Int) -> Bool {
    guard x.count == y.count, !x.isEmpty else { return false }
    var difference = 0.0
    var scale = 0.0
    for (a, b) in zip(x, y) {
      difference += Double((a - b).length) * Double((a - b).length)
      scale += Double(a.length) * Double(a.length)
    }
    return (difference / Swift.max(scale, .leastNormalMagnitude)).squareRoot()
      <= MatrixCases.tolerance(R.self, n)
  }
}
