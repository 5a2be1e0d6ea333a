import LinearAlgebra

/// The complex LU solve and inverse against OpenBLAS's `zgesv` and `cgesv`
/// in the same process, timed alternately, as the real ones: issue #29's
/// targets at 512, which `peers.py`'s numpy columns (two processes minutes
/// apart) measure only to within 20–40% on a shared machine. The inputs are
/// the "Matrix (Complex<T>)" family's.
extension FactorizationAnchorCases {
  static func complexCases(quick: Bool, threads: Int) -> [BenchmarkCase] {
    guard OpenBLASLAPACK<Complex<Double>>.shared != nil, OpenBLASLAPACK<Complex<Float>>.shared != nil
    else { return [] }
    let sizes = quick ? [128] : [512]
    return cases(
      "Complex<Double>", [("LU solve", complexSolve(Double.self)), ("inverse", complexInverse(Double.self))],
      sizes: sizes, threads: threads)
      + cases(
        "Complex<Float>", [("LU solve", complexSolve(Float.self)), ("inverse", complexInverse(Float.self))],
        sizes: sizes, threads: threads)
  }

  static func complexSolve<R: RealMatrixScalar & Sendable>(_: R.Type) -> Run {
    { n, budget, label in
      let lapack = OpenBLASLAPACK<Complex<R>>.shared!
      let a = ComplexCases.wellConditioned(R.self, n, seed: 43)
      let b = ComplexCases.input(R.self, n, seed: 44).column(0)
      var ours: [Complex<R>] = []
      var theirs: [Complex<R>] = []
      let (oursTime, theirsTime) = measureAlternately(budget) {
        ours = (try? a.solve(b)) ?? []
      } _: {
        var work = columnMajor(a)
        theirs = b
        _ = lapack.solve(&work, n, &theirs, 1)
      }
      return result(
        label, n, oursTime, theirsTime, work: 8 * cube(n) / 3, agree: ComplexCases.agrees(ours, theirs, n))
    }
  }

  static func complexInverse<R: RealMatrixScalar & Sendable>(_: R.Type) -> Run {
    { n, budget, label in
      let lapack = OpenBLASLAPACK<Complex<R>>.shared!
      let a = ComplexCases.wellConditioned(R.self, n, seed: 45)
      var ours: [Complex<R>] = []
      var theirs: [Complex<R>] = []
      let (oursTime, theirsTime) = measureAlternately(budget) {
        ours = (try? a.inverse())?.elements ?? []
      } _: {
        var work = columnMajor(a)
        var solution = Matrix<Complex<R>>.identity(n).elements
        _ = lapack.solve(&work, n, &solution, n)
        theirs = rowMajor(solution, n)
      }
      return result(
        label, n, oursTime, theirsTime, work: 8 * cube(n), agree: ComplexCases.agrees(ours, theirs, n))
    }
  }
}
