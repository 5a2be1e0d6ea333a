import CXX
import LinearAlgebra

/// The LU family and Cholesky against OpenBLAS's LAPACK (see
/// `OpenBLASLAPACK`) in the same process, timed alternately at the run's
/// thread count: the issue's targets for these, measured without the
/// minutes between two processes that `peers.py`'s numpy columns have.
///
/// The OpenBLAS side does what numpy does around the same routines: a
/// transposing copy of the row-major input into a column-major work array,
/// the routine (`?gesv` for solve and, with the identity as right-hand
/// sides, for the inverse; `?getrf` and the product of the pivots for the
/// determinant; `?potrf` for Cholesky), and a transposing copy of a matrix
/// result back. The transposing copies go through `Matrix.transposed()`
/// (the core's), so both sides pay the same for them. Skipped unless
/// `LINEAR_ALGEBRA_OPENBLAS` names the library.
enum FactorizationAnchorCases {
  static let family = "Matrix factorizations against OpenBLAS (LAPACK)"

  static func cases(quick: Bool, threads: Int) -> [BenchmarkCase] {
    guard OpenBLAS.shared != nil, OpenBLASLAPACK<Double>.shared != nil, OpenBLASLAPACK<Float>.shared != nil
    else { return [] }
    let sizes = quick ? [128, 256] : [512, 1024]
    func runs<T: RealMatrixScalar & Sendable>(_: T.Type) -> [(String, Run)] {
      [
        ("LU solve", solve(T.self)), ("inverse", inverse(T.self)), ("determinant", determinant(T.self)),
        ("Cholesky", cholesky(T.self)),
      ]
    }
    return cases("Double", runs(Double.self), sizes: sizes, threads: threads)
      + cases("Float", runs(Float.self), sizes: sizes, threads: threads)
      + complexCases(quick: quick, threads: threads)
  }

  /// A case for each of `runs` at each of `sizes`, named after the scalar,
  /// the operation and the thread count, with OpenBLAS set to that count.
  static func cases(_ scalar: String, _ runs: [(String, Run)], sizes: [Int], threads: Int) -> [BenchmarkCase]
  {
    runs.flatMap { name, run in
      sizes.map { n in
        let label = "\(scalar) \(name), \(threads) thread\(threads == 1 ? "" : "s")"
        return BenchmarkCase(family: family, name: label, size: "\(n)×\(n)") { budget in
          OpenBLAS.shared!.setThreads(threads)
          return run(n, budget.forAnchors, label)
        }
      }
    }
  }

  typealias Run = (Int, TimingBudget, String) -> CaseResult

  static func solve<T: RealMatrixScalar & Sendable>(_: T.Type) -> Run {
    { n, budget, label in
      let lapack = OpenBLASLAPACK<T>.shared!
      let a = MatrixCases.wellConditioned(T.self, n, seed: 5)
      let b = MatrixCases.input(T.self, n, seed: 6).row(0)
      var ours: [T] = []
      var theirs: [T] = []
      let (oursTime, theirsTime) = measureAlternately(budget) {
        ours = (try? a.solve(b)) ?? []
      } _: {
        var work = columnMajor(a)
        theirs = b
        _ = lapack.solve(&work, n, &theirs, 1)
      }
      return result(label, n, oursTime, theirsTime, work: 2 * cube(n) / 3, agree: agreement(ours, theirs, n))
    }
  }

  static func inverse<T: RealMatrixScalar & Sendable>(_: T.Type) -> Run {
    { n, budget, label in
      let lapack = OpenBLASLAPACK<T>.shared!
      let a = MatrixCases.wellConditioned(T.self, n, seed: 9)
      var ours: [T] = []
      var theirs: [T] = []
      let (oursTime, theirsTime) = measureAlternately(budget) {
        ours = (try? a.inverse())?.elements ?? []
      } _: {
        var work = columnMajor(a)
        var solution = Matrix<T>.identity(n).elements
        _ = lapack.solve(&work, n, &solution, n)
        theirs = rowMajor(solution, n)
      }
      return result(label, n, oursTime, theirsTime, work: 2 * cube(n), agree: agreement(ours, theirs, n))
    }
  }

  static func determinant<T: RealMatrixScalar & Sendable>(_: T.Type) -> Run {
    { n, budget, label in
      let lapack = OpenBLASLAPACK<T>.shared!
      // Scaled so the determinant stays within range, as in MatrixCases.
      let a = MatrixCases.wellConditioned(T.self, n, seed: 10) / T(2 * Double(n).squareRoot())
      var ours: T = 0
      var theirs: T = 0
      let (oursTime, theirsTime) = measureAlternately(budget) {
        ours = a.determinant()
      } _: {
        var work = columnMajor(a)
        var pivotRows: [Int] = []
        _ = lapack.factor(&work, n, pivotRows: &pivotRows)
        var product: T = 1
        for i in 0..<n { product *= pivotRows[i] == i + 1 ? work[i * n + i] : -work[i * n + i] }
        theirs = product
      }
      let agree =
        MatrixCases.relativeDifference([ours], [theirs]) <= 10 * Double(n) * Double(n) * Double(T.ulpOfOne)
      return result(label, n, oursTime, theirsTime, work: 2 * cube(n) / 3, agree: agree)
    }
  }

  static func cholesky<T: RealMatrixScalar & Sendable>(_: T.Type) -> Run {
    { n, budget, label in
      let lapack = OpenBLASLAPACK<T>.shared!
      let b = MatrixCases.input(T.self, n, seed: 11)
      let a = b * b.transposed() / T(n) + Matrix<T>.identity(n)
      var ours: [T] = []
      var theirs: [T] = []
      let (oursTime, theirsTime) = measureAlternately(budget) {
        ours = (try? a.cholesky())?.lower.elements ?? []
      } _: {
        var work = columnMajor(a)
        _ = lapack.cholesky(&work, n)
        // numpy zeroes the other triangle, then copies back to row-major.
        for column in 1..<n {
          for row in 0..<column { work[column * n + row] = 0 }
        }
        theirs = rowMajor(work, n)
      }
      return result(label, n, oursTime, theirsTime, work: cube(n) / 3, agree: agreement(ours, theirs, n))
    }
  }

  /// The column-major copy of `a` (its row-major transpose), as numpy makes
  /// before calling LAPACK.
  static func columnMajor<T: MatrixScalar>(_ a: Matrix<T>) -> [T] {
    a.transposed().elements
  }

  /// The transpose of the n×n `values`: column-major to row-major.
  static func rowMajor<T: MatrixScalar>(_ values: [T], _ n: Int) -> [T] {
    Matrix(rows: n, columns: n, elements: values).transposed().elements
  }

  static func agreement<T: RealMatrixScalar>(_ ours: [T], _ theirs: [T], _ n: Int) -> Bool {
    !ours.isEmpty && MatrixCases.relativeDifference(ours, theirs) <= MatrixCases.tolerance(T.self, n)
  }

  static func cube(_ n: Int) -> Double { Double(n) * Double(n) * Double(n) }

  static func result(
    _ label: String, _ n: Int, _ ours: Measurement, _ theirs: Measurement, work: Double, agree: Bool
  ) -> CaseResult {
    CaseResult(
      family: family, name: label, size: "\(n)×\(n)", firstPath: "ours (Matrix)",
      secondPath: "OpenBLAS LAPACK",
      first: ours, second: theirs, ratio: pairedRatio(ours, theirs),
      ratioDefinition: "ours / OpenBLAS (median of pairs)",
      throughput: work / 1e9 / ours.median, throughputUnit: "GFLOP/s", agree: agree, note: nil, target: 1.0)
  }
}
