import Foundation
import LinearAlgebra
import Testing

/// The sizes where the core switches kernels: the packed product (every
/// dimension ≥ 24; edge tiles of 6×8 and 6×16 with AVX2, of 6×32 and 6×64
/// with AVX-512; depth blocks of 256–512, column blocks of 192–1024, row
/// blocks of 96 and 120 with AVX2, panels of A split past 2048 rows with
/// AVX-512), the AVX2 matrix-vector kernel's blocks of 6 rows and
/// 2 vectors, the thread pool's parts, the
/// blocked LU (panels of 64 columns past n = 128 and of 128 past n = 512,
/// threads with a one-panel look-ahead past n = 192, blocked solves with
/// many columns past n = 256; the same blocking for
/// Cholesky; QR panels of 48 columns; the symmetric eigensolver's inverse
/// iteration past n = 128 (in ranges across threads past 256), its
/// tridiagonal reduction in panels of 32; transposing copies in threads
/// from 2^17 elements, and through a buffer at row strides of 2 KiB; the
/// SVD's own bidiagonalization from min(m, n) = 16, which least squares and
/// the pseudo-inverse use too), each
/// checked by LAPACK residual ratios with one thread and with two.
@Suite("Threaded and packed kernels", .serialized)
struct ThreadedKernelTests {
  /// Runs `body` once per thread count, restoring the default afterwards.
  static func forEachThreadCount(_ body: (Int) -> Void) {
    defer { LinearAlgebraThreads.count = 0 }
    for threads in [1, 2] {
      LinearAlgebraThreads.count = threads
      body(threads)
    }
  }

  static let productShapes: [(m: Int, k: Int, n: Int)] = [
    (300, 257, 311), (1, 300, 500), (500, 300, 1), (25, 24, 1100), (97, 513, 40), (24, 24, 24),
    (23, 500, 200),
    (130, 7, 260), (409, 70, 45), (2101, 40, 70),
    // More than one depth block and more than one block of columns at once.
    (30, 530, 1030),
  ]

  static func checkProducts<S: RealMatrixScalar>(_: S.Type) {
    var generator = SeededGenerator(seed: 61)
    for shape in productShapes {
      let a = TestMatrices.random(S.self, rows: shape.m, columns: shape.k, &generator)
      let b = TestMatrices.random(S.self, rows: shape.k, columns: shape.n, &generator)
      let expected = Reference(a) * Reference(b)
      var byThreadCount: [Matrix<S>] = []
      forEachThreadCount { threads in
        let product = a * b
        byThreadCount.append(product)
        let ratio = residualRatio(
          (Reference(product) - expected).norm1, size: shape.k,
          scale: Reference(a).norm1 * Reference(b).norm1, epsilon: S.testEpsilon)
        #expect(ratio < residualBound, "\(S.self) \(shape) with \(threads) threads: ratio \(ratio)")
      }
      #expect(
        byThreadCount[0].isApproximatelyEqual(to: byThreadCount[1], relativeTolerance: S(100) * S.ulpOfOne),
        "\(S.self) \(shape): one and two threads disagree beyond rounding")
    }
  }

  /// Shapes around the AVX2 matrix-vector kernel's blocks (6 rows; steps
  /// of 2 vectors, then one vector, then single columns) and the pool's row
  /// split (from 512 × 512 elements, parts of multiples of 8 rows).
  static let matrixVectorShapes: [(m: Int, n: Int)] = [
    (700, 600), (1, 37), (5, 5), (6, 16), (13, 17), (7, 1), (12, 24), (600, 1023), (1100, 515), (2101, 40),
  ]

  static func checkMatrixVector<S: RealMatrixScalar>(_: S.Type) {
    var generator = SeededGenerator(seed: 62)
    for shape in matrixVectorShapes {
      let a = TestMatrices.random(S.self, rows: shape.m, columns: shape.n, &generator)
      let x = TestMatrices.random(S.self, rows: shape.n, columns: 1, &generator)
      let expected = Reference(a) * Reference(x)
      var byThreadCount: [[S]] = []
      forEachThreadCount { threads in
        let product = a * x.elements
        byThreadCount.append(product)
        let y = Matrix(rows: shape.m, columns: 1, elements: product)
        let ratio = residualRatio(
          (Reference(y) - expected).norm1, size: shape.n, scale: Reference(a).norm1 * Reference(x).norm1,
          epsilon: S.testEpsilon)
        #expect(
          ratio < residualBound, "\(S.self) \(shape) matrix-vector with \(threads) threads: ratio \(ratio)")
      }
      let one = Matrix(rows: shape.m, columns: 1, elements: byThreadCount[0])
      let two = Matrix(rows: shape.m, columns: 1, elements: byThreadCount[1])
      #expect(
        one.isApproximatelyEqual(to: two, relativeTolerance: S(100) * S.ulpOfOne),
        "\(S.self) \(shape): one and two threads disagree beyond rounding")
    }
  }

  /// Small integers: every partial sum is exact in Float and Double, so the
  /// product must equal the one computed here, whatever the kernel's order
  /// of summation; a NaN in A poisons only its own row.
  static func checkMatrixVectorExactly<S: RealMatrixScalar>(_: S.Type) {
    for shape in [(m: 13, n: 37), (m: 600, n: 1023)] {
      let a = Matrix<S>(rows: shape.m, columns: shape.n) { i, j in S((i * 7 + j * 3) % 11) - 5 }
      let x = (0..<shape.n).map { j in S(j % 5) - 2 }
      let expected = (0..<shape.m).map { i in
        (0..<shape.n).reduce(S(0)) { sum, j in sum + a[i, j] * x[j] }
      }
      var poisoned = a
      let poisonedRow = shape.m / 2
      poisoned[poisonedRow, shape.n - 1] = .nan
      forEachThreadCount { threads in
        let context = "\(S.self) \(shape) with \(threads) threads"
        let product = a * x
        let wrongRow = product.indices.first { product[$0] != expected[$0] }
        #expect(wrongRow == nil, "\(context): row \(wrongRow ?? -1) differs from the exact sum")
        let y = poisoned * x
        #expect(y[poisonedRow].isNaN, "\(context): the row holding NaN")
        let wrongOtherRow = y.indices.first { $0 != poisonedRow && y[$0] != expected[$0] }
        #expect(wrongOtherRow == nil, "\(context): row \(wrongOtherRow ?? -1) changed by another row's NaN")
      }
    }
  }

  @Test(
    "matrix-vector products of small integers are exact; NaN stays in its row", arguments: ScalarType.allCases
  )
  func matrixVectorExactly(_ type: ScalarType) {
    withScalarType(type) { Self.checkMatrixVectorExactly($0) }
  }

  @Test("matrix-vector products split by rows", arguments: ScalarType.allCases)
  func matrixVector(_ type: ScalarType) {
    withScalarType(type) { Self.checkMatrixVector($0) }
  }

  @Test("products across kernel and thread boundaries", arguments: ScalarType.allCases)
  func products(_ type: ScalarType) {
    withScalarType(type) { Self.checkProducts($0) }
  }

  static func checkLUFamily<S: RealMatrixScalar>(_: S.Type) {
    for (index, n) in [129, 257, 389, 643].enumerated() {
      let seed = UInt64(70 + index)
      var generator = SeededGenerator(seed: seed)
      let a = TestMatrices.random(S.self, rows: n, columns: n, &generator)
      let b = TestMatrices.random(S.self, rows: n, columns: 40, &generator)
      let few = TestMatrices.random(S.self, rows: n, columns: 3, &generator)
      var determinants: [S] = []
      var fewSolutions: [[S]] = []
      forEachThreadCount { threads in
        let context = "\(S.self) seed \(seed) n \(n) threads \(threads)"
        let factorization = LUTests.factorizationRatio(a)
        #expect(factorization < residualBound, "PA = LU ratio \(factorization), \(context)")
        do {
          let x = try a.solve(b)
          let solveRatio = LUTests.solveRatio(a, x, b)
          #expect(solveRatio < residualBound, "solve ratio \(solveRatio), \(context)")
          // A few right-hand sides: solved in the condition estimate's pass
          // on one thread, beside it on two, by the same kernel.
          let y = try a.solve(few)
          let fewRatio = LUTests.solveRatio(a, y, few)
          #expect(fewRatio < residualBound, "3-column solve ratio \(fewRatio), \(context)")
          fewSolutions.append(y.elements)
          let inverse = try a.inverse()
          let inverseRatio = LUTests.inverseRatio(a, inverse)
          #expect(inverseRatio < residualBound, "inverse ratio \(inverseRatio), \(context)")
        } catch {
          Issue.record("unexpected \(error), \(context)")
        }
        determinants.append(a.determinant())
      }
      // A random determinant of this size can underflow Float; then both
      // thread counts must give the same zero.
      let agree =
        determinants[0] == determinants[1]
        || abs(determinants[0] - determinants[1]) < S(1000) * S.ulpOfOne * abs(determinants[0])
      #expect(agree, "\(S.self) n \(n): determinants \(determinants)")
      #expect(
        fewSolutions.count == 2 && fewSolutions[0] == fewSolutions[1],
        "\(S.self) n \(n): 3-column solves differ")
    }
  }

  @Test("blocked LU, solve and inverse", arguments: ScalarType.allCases)
  func luFamily(_ type: ScalarType) {
    withScalarType(type) { Self.checkLUFamily($0) }
  }

  /// 400 × 400 and 402 × 402: more than 2^17 entries, so the working copy,
  /// and the scan for non-finite and extreme entries made while copying,
  /// are split across threads; at 400 every entry is in a 4 × 4 block of
  /// the copy, at 402 = 4 · 100 + 2 the last rows and columns are its
  /// scalar edges. The matrices are diagonally dominant, so no rows are
  /// swapped and an infinity in the last pivot's place leaves the solution
  /// finite (its last entry 0) unless the scan catches it.
  static func checkLargeHostileLU<S: RealMatrixScalar>(_: S.Type) {
    var generator = SeededGenerator(seed: 91)
    for n in [400, 402] {
      var a = TestMatrices.random(S.self, rows: n, columns: n, &generator)
      for i in 0..<n { a[i, i] += S(2 * Double(n).squareRoot()) }
      let b = TestMatrices.random(S.self, rows: n, columns: 2, &generator)
      let placements: [(row: Int, column: Int, value: S)] = [
        (n - 1, n - 1, .infinity), (n - 1, n - 1, -.infinity), (200, 300, .nan), (n - 1, 5, .nan),
      ]
      // Entries near the ends of the range are scaled before factoring.
      let extremes: [S] = [RobustnessTests.hugeMagnitude(S.self), RobustnessTests.tinyMagnitude(S.self)]
      forEachThreadCount { threads in
        for placement in placements {
          var hostile = a
          hostile[placement.row, placement.column] = placement.value
          let position = "(\(placement.row), \(placement.column))"
          let context = "\(S.self) n \(n), \(placement.value) at \(position), threads \(threads)"
          do {
            let x = try hostile.solve(b)
            #expect(x.elements.allSatisfy { $0.isNaN }, "solve: not all NaN, \(context)")
            let inverse = try hostile.inverse()
            #expect(inverse.elements.allSatisfy { $0.isNaN }, "inverse: not all NaN, \(context)")
          } catch {
            Issue.record("unexpected \(error), \(context)")
          }
        }
        for magnitude in extremes {
          let scaled = a * magnitude
          let context = "\(S.self) n \(n), entries times \(magnitude), threads \(threads)"
          do {
            let x = try scaled.solve(b)
            let ratio = LUTests.solveRatio(scaled, x, b)
            #expect(ratio < residualBound, "solve ratio \(ratio), \(context)")
          } catch {
            Issue.record("unexpected \(error), \(context)")
          }
        }
      }
    }
  }

  @Test(
    "blocked complex LU and inverse, with and without look-ahead", arguments: [ScalarType.float, .double])
  func complexLUFamily(_ type: ScalarType) {
    switch type {
    case .float: Self.checkComplexLUFamily(Float.self)
    default: Self.checkComplexLUFamily(Double.self)
    }
  }

  /// n = 200: panels of 64 columns, so at two threads the factorization
  /// factors the next panel while the trailing columns are updated in
  /// pieces, and the panels' row swaps reach the columns left of them at
  /// the end; at one thread it runs panel by panel.
  static func checkComplexLUFamily<R: RealMatrixScalar>(_: R.Type) {
    let (n, seed): (Int, UInt64) = (200, 2027)
    let a = ComplexMatrixTests.random(R.self, rows: n, columns: n, seed: seed)
    let reference = ComplexReference(a)
    let scale = reference.frobeniusNorm
    let epsilon = Double(R.ulpOfOne)
    forEachThreadCount { threads in
      let context = "Complex<\(R.self)> n \(n), seed \(seed), threads \(threads)"
      // ‖P A − L U‖ / (‖A‖ n eps)
      let lu = a.lu()
      let factorsProduct = ComplexReference(lu.lower) * ComplexReference(lu.upper)
      let luRatio = complexResidualRatio(
        ComplexReference(lu.permutation) * reference - factorsProduct, scale: scale, size: n, epsilon: epsilon
      )
      #expect(luRatio < residualBound, "lu ratio \(luRatio), \(context)")
      // ‖A A⁻¹ − I‖ / (‖A‖ ‖A⁻¹‖ n eps)
      do {
        let inverse = ComplexReference(try a.inverse())
        let inverseRatio = complexResidualRatio(
          reference * inverse - .identity(n), scale: scale * inverse.frobeniusNorm, size: n, epsilon: epsilon)
        #expect(inverseRatio < residualBound, "inverse ratio \(inverseRatio), \(context)")
      } catch {
        Issue.record("unexpected \(error), \(context)")
      }
    }
  }

  @Test("large LU inputs with non-finite or extreme entries", arguments: ScalarType.allCases)
  func largeHostileLU(_ type: ScalarType) {
    withScalarType(type) { Self.checkLargeHostileLU($0) }
  }

  static func checkSingular<S: RealMatrixScalar>(_: S.Type) {
    var generator = SeededGenerator(seed: 80)
    let n = 300
    let a = TestMatrices.rankDeficient(S.self, rows: n, columns: n, rank: n - 5, &generator)
    forEachThreadCount { threads in
      #expect(throws: LinearAlgebraError.singularMatrix, "\(S.self) threads \(threads)") { try a.inverse() }
      #expect(throws: LinearAlgebraError.singularMatrix, "\(S.self) threads \(threads)") {
        try a.solve(Matrix<S>(rows: n, columns: 1) { _, _ in 1 })
      }
    }
  }

  @Test("rank-deficient large matrices are singular", arguments: ScalarType.allCases)
  func singular(_ type: ScalarType) {
    withScalarType(type) { Self.checkSingular($0) }
  }

  static func checkCholesky<S: RealMatrixScalar>(_: S.Type) {
    for (index, n) in [129, 300].enumerated() {
      let seed = UInt64(90 + index)
      var generator = SeededGenerator(seed: seed)
      let a = TestMatrices.symmetricPositiveDefinite(S.self, n, &generator)
      // Indefinite only through its last diagonal entry, so that the failure
      // comes in the last block, after every threaded update.
      var indefinite = a
      indefinite[n - 1, n - 1] = -S(n)
      forEachThreadCount { threads in
        let context = "\(S.self) seed \(seed) n \(n) threads \(threads)"
        DecompositionTests.checkCholesky(a, context)
        #expect(throws: LinearAlgebraError.notPositiveDefinite, "\(context)") { try indefinite.cholesky() }
      }
    }
  }

  @Test("blocked Cholesky", arguments: ScalarType.allCases)
  func cholesky(_ type: ScalarType) {
    withScalarType(type) { Self.checkCholesky($0) }
  }

  static func checkQR<S: RealMatrixScalar>(_: S.Type) {
    var generator = SeededGenerator(seed: 95)
    // Several panels of 48 columns, tall, wide and square; 603×221 also
    // takes the transposing copies past 2^17 elements, split across threads
    // on a non-square matrix.
    for (m, n) in [(300, 130), (130, 300), (257, 257), (603, 221)] {
      let a = TestMatrices.random(S.self, rows: m, columns: n, &generator)
      forEachThreadCount { threads in
        DecompositionTests.checkQR(a, "\(S.self) \(m)×\(n) threads \(threads)")
      }
    }
  }

  /// Working copies whose rows are 2 KiB apart (256 Doubles, 512 Floats)
  /// are transposed through a buffer, a 32×32 tile at a time
  /// (transposesThroughBuffer in StorageOrder.hpp): the LU's scanning copy
  /// in (an infinity in its last entry must still be seen), the inverse's
  /// permuted copy out, and a QR's copy of a tall matrix with 37 columns
  /// (a tile and a 4 × 1 scalar edge).
  static func checkBufferedTransposes<S: RealMatrixScalar>(_: S.Type) {
    let n = 2048 / MemoryLayout<S>.stride
    var generator = SeededGenerator(seed: 97)
    let a = TestMatrices.random(S.self, rows: n, columns: n, &generator)
    let b = TestMatrices.random(S.self, rows: n, columns: 3, &generator)
    let tall = TestMatrices.random(S.self, rows: n, columns: 37, &generator)
    // Diagonally dominant, so no rows are swapped: an infinity in the last
    // pivot's place would leave the solution finite (its last entry 0)
    // unless the scan made while copying catches it (see
    // checkLargeHostileLU).
    var hostile = a
    for i in 0..<n { hostile[i, i] += S(2 * Double(n).squareRoot()) }
    hostile[n - 1, n - 1] = .infinity
    forEachThreadCount { threads in
      let context = "\(S.self) n \(n) threads \(threads)"
      do {
        let x = try a.solve(b)
        let solveRatio = LUTests.solveRatio(a, x, b)
        #expect(solveRatio < residualBound, "solve ratio \(solveRatio), \(context)")
        let inverse = try a.inverse()
        let inverseRatio = LUTests.inverseRatio(a, inverse)
        #expect(inverseRatio < residualBound, "inverse ratio \(inverseRatio), \(context)")
        let hostileSolution = try hostile.solve(b)
        #expect(
          hostileSolution.elements.allSatisfy { $0.isNaN },
          "infinity in the last entry: not all NaN, \(context)")
      } catch {
        Issue.record("unexpected \(error), \(context)")
      }
      DecompositionTests.checkQR(tall, "\(S.self) \(n)×37 threads \(threads)")
    }
  }

  @Test("transposing copies through a buffer at 2 KiB row strides", arguments: ScalarType.allCases)
  func bufferedTransposes(_ type: ScalarType) {
    withScalarType(type) { Self.checkBufferedTransposes($0) }
  }

  @Test("blocked QR", arguments: ScalarType.allCases)
  func qr(_ type: ScalarType) {
    withScalarType(type) { Self.checkQR($0) }
  }

  static func checkSVD<S: RealMatrixScalar>(_: S.Type) {
    var generator = SeededGenerator(seed: 99)
    let hugeOrTiny: S = S.self == Double.self ? S(1e150) : S(1e15)
    // From 16 the core bidiagonalizes itself, from 64 in panels of 32 (the
    // last ≤ 48 columns unblocked), threads the products
    // with the trailing matrix from 2^16 elements, and forms U and V from
    // blocks of reflectors. Wide matrices go through their transpose.
    let cases: [(String, Matrix<S>, Bool)] = [
      ("random", TestMatrices.random(S.self, rows: 63, columns: 63, &generator), false),
      ("random", TestMatrices.random(S.self, rows: 64, columns: 64, &generator), true),
      ("random", TestMatrices.random(S.self, rows: 129, columns: 128, &generator), false),
      ("random", TestMatrices.random(S.self, rows: 300, columns: 97, &generator), true),
      ("random", TestMatrices.random(S.self, rows: 97, columns: 300, &generator), true),
      ("random", TestMatrices.random(S.self, rows: 70, columns: 160, &generator), false),
      ("κ = 1e12", TestMatrices.withCondition(S.self, 150, condition: 1e12, &generator), false),
      ("rank 7", TestMatrices.rankDeficient(S.self, rows: 160, columns: 140, rank: 7, &generator), true),
      ("scaled", hugeOrTiny * TestMatrices.random(S.self, rows: 100, columns: 80, &generator), false),
      ("scaled", (1 / hugeOrTiny) * TestMatrices.random(S.self, rows: 80, columns: 100, &generator), false),
      ("all ones (rank one)", Matrix(rows: 90, columns: 70) { _, _ in 1 }, false),
    ]
    for (name, a, full) in cases {
      var valuesByThreadCount: [[S]] = []
      forEachThreadCount { threads in
        let context = "\(S.self) \(name) \(a.rowCount)×\(a.columnCount) full \(full) threads \(threads)"
        DecompositionTests.checkSVD(a, full: full, context)
        let values = a.singularValues()
        let largest = values.first ?? 0
        let svdValues = a.svd().singularValues
        #expect(
          zip(values, svdValues).allSatisfy { abs($0 - $1) <= S(a.rowCount) * S.ulpOfOne * largest },
          "values alone match the SVD's, \(context)")
        valuesByThreadCount.append(values)
      }
      let largest = valuesByThreadCount[0].first ?? 0
      #expect(
        zip(valuesByThreadCount[0], valuesByThreadCount[1]).allSatisfy {
          abs($0 - $1) <= S(a.rowCount) * S.ulpOfOne * largest
        }, "\(S.self) \(name): one and two threads disagree beyond rounding")
    }
  }

  @Test("threaded SVD: own bidiagonalization and back-transformation", arguments: ScalarType.allCases)
  func svd(_ type: ScalarType) {
    withScalarType(type) { Self.checkSVD($0) }
  }

  /// Matrices whose bidiagonal form has zero or tiny entries: Eigen 3.4's
  /// divide and conquer alone gave singular values wrong in the second
  /// digit, non-orthogonal V or NaN on each of these (and read out of
  /// bounds on some), from n = 16 on.
  static func checkSVDOfZeroBidiagonalEntries<S: RealMatrixScalar>(_: S.Type) {
    var generator = SeededGenerator(seed: 96)
    /// An n×n upper bidiagonal matrix of random entries, zero on the
    /// diagonal where `zeroDiagonal(i)` and above it where `zeroAbove(i)`.
    func upperBidiagonal(_ n: Int, zeroDiagonal: (Int) -> Bool, zeroAbove: (Int) -> Bool) -> Matrix<S> {
      let r = TestMatrices.random(S.self, rows: n, columns: n, &generator)
      return Matrix(rows: n, columns: n) { i, j in
        if j == i { return zeroDiagonal(i) ? 0 : r[i, j] }
        if j == i + 1 { return zeroAbove(i) ? 0 : r[i, j] }
        return 0
      }
    }
    let never: (Int) -> Bool = { _ in false }
    let cases: [(String, Matrix<S>)] = [
      (
        "bidiagonal, zero d every 4th, e every 5th",
        upperBidiagonal(200, zeroDiagonal: { $0 % 4 == 0 }, zeroAbove: { $0 % 5 == 0 })
      ),
      (
        "bidiagonal, zero d every 4th, e every 5th",
        upperBidiagonal(40, zeroDiagonal: { $0 % 4 == 0 }, zeroAbove: { $0 % 5 == 0 })
      ),
      ("bidiagonal, zero e every 5th", upperBidiagonal(120, zeroDiagonal: never, zeroAbove: { $0 % 5 == 0 })),
      ("bidiagonal, first d zero", upperBidiagonal(70, zeroDiagonal: { $0 == 0 }, zeroAbove: never)),
      ("bidiagonal, last d zero", upperBidiagonal(70, zeroDiagonal: { $0 == 69 }, zeroAbove: never)),
      (
        "bidiagonal, two adjacent d zero",
        upperBidiagonal(90, zeroDiagonal: { $0 == 40 || $0 == 41 }, zeroAbove: never)
      ),
      ("bidiagonal, random", upperBidiagonal(100, zeroDiagonal: never, zeroAbove: never)),
      ("bidiagonal, random", upperBidiagonal(100, zeroDiagonal: never, zeroAbove: never)),
      ("integers (7i + 3j) mod 5", Matrix(rows: 200, columns: 200) { i, j in S((7 * i + 3 * j) % 5) }),
      ("integers (7i + 3j) mod 5", Matrix(rows: 33, columns: 33) { i, j in S((7 * i + 3 * j) % 5) }),
      ("rank 20", TestMatrices.rankDeficient(S.self, rows: 200, columns: 200, rank: 20, &generator)),
    ]
    for (name, a) in cases {
      forEachThreadCount { threads in
        DecompositionTests.checkSVD(
          a, full: false, "\(S.self) \(name) \(a.rowCount)×\(a.columnCount) threads \(threads)")
      }
    }
  }

  @Test("SVD of matrices whose bidiagonal form has zero entries", arguments: ScalarType.allCases)
  func svdOfZeroBidiagonalEntries(_ type: ScalarType) {
    withScalarType(type) { Self.checkSVDOfZeroBidiagonalEntries($0) }
  }

  static func checkLeastSquares<S: RealMatrixScalar>(_: S.Type) {
    var generator = SeededGenerator(seed: 98)
    // Tall, wide and square, full rank and rank-deficient, on the core's
    // own SVD (min(m, n) ≥ 16) with its bidiagonal reduction in panels.
    let shapes = [(150, 70, 70), (70, 150, 40), (100, 100, 60), (64, 64, 64)]
    for (m, n, rank) in shapes {
      forEachThreadCount { threads in
        LeastSquaresTests.checkMinimumNorm(
          S.self, rows: m, columns: n, rank: rank, &generator, "threads \(threads)")
      }
    }
  }

  @Test("least squares and pseudo-inverse on the threaded SVD", arguments: ScalarType.allCases)
  func leastSquares(_ type: ScalarType) {
    withScalarType(type) { Self.checkLeastSquares($0) }
  }

  static func checkSymmetricEigen<S: RealMatrixScalar>(_: S.Type) {
    var generator = SeededGenerator(seed: 97)
    let n = 200
    let q = TestMatrices.orthogonal(S.self, n, &generator)
    // Eigenvalues 1, 2, 3 and 4, fifty times each: clusters of exact
    // multiples, which inverse iteration must keep orthogonal.
    let repeated = q * Matrix.diagonal((0..<n).map { S($0 % 4 + 1) }) * q.transposed()
    // Eigenvalues 1, 2 and 3, 134, 133 and 133 times: from n = 256 the
    // inverse iteration runs in ranges across threads, which start at
    // clusters (here the split moves from 200 to 267).
    let large = TestMatrices.orthogonal(S.self, 400, &generator)
    let threeRepeated = large * Matrix.diagonal((0..<400).map { S($0 % 3 + 1) }) * large.transposed()
    let b = TestMatrices.random(S.self, rows: n, columns: n, &generator)
    // A dense spectrum: B Bᵀ with a dominant diagonal, as the benchmark uses.
    let dense = (b + S(n / 10) * Matrix.identity(n)) * (b + S(n / 10) * Matrix.identity(n)).transposed()
    // 1.3^(i mod 40): magnitudes from 1 to 3·10⁴ along the diagonal.
    let graded = (0..<130).map { i in S((0..<(i % 40)).reduce(1.0) { power, _ in power * 1.3 }) }
    // The second-difference matrix tridiag(−1, 2, −1), whose eigenvalues are
    // 2 − 2 cos(kπ/(n + 1)), k = 1…n: already tridiagonal, so the QL
    // iteration gets it as it is.
    let laplacianSize = 300
    let laplacian = Matrix<S>(rows: laplacianSize, columns: laplacianSize) { i, j in
      i == j ? 2 : abs(i - j) == 1 ? -1 : 0
    }
    let laplacianValues = (1...laplacianSize).map { k in
      2 - 2 * cos(Double(k) * Double.pi / Double(laplacianSize + 1))
    }
    // (name, matrix, its eigenvalues ascending when known exactly)
    let cases: [(String, Matrix<S>, [Double]?)] = [
      ("random symmetric", TestMatrices.symmetric(S.self, 300, &generator), nil),
      (
        "four repeated eigenvalues", (repeated + repeated.transposed()) / 2,
        (0..<n).map { Double($0 / 50 + 1) }
      ),
      (
        "three repeated eigenvalues", (threeRepeated + threeRepeated.transposed()) / 2,
        (0..<400).map { $0 < 134 ? 1 : $0 < 267 ? 2 : 3 }
      ),
      ("dense spectrum", dense, nil),
      (
        "all ones (rank one)", Matrix(rows: 150, columns: 150) { _, _ in 1 },
        [Double](repeating: 0, count: 149) + [150]
      ),
      ("diagonal", Matrix.diagonal((0..<129).map { S($0) - 64 }), (0..<129).map { Double($0) - 64 }),
      ("graded", Matrix.diagonal(graded) + TestMatrices.symmetric(S.self, 130, &generator), nil),
      ("second differences", laplacian, laplacianValues),
    ]
    for (name, a, expected) in cases {
      forEachThreadCount { threads in
        let context = "\(S.self) \(name) \(a.rowCount)×\(a.rowCount) threads \(threads)"
        DecompositionTests.checkEigen(a, context)
        if let expected {
          // Each eigenvalue within a small multiple of n eps ‖A‖ of the truth.
          let values = a.symmetricEigen().eigenvalues.map(Double.init)
          let error = zip(values, expected).map { abs($0 - $1) }.max() ?? 0
          let ratio = residualRatio(
            error, size: a.rowCount, scale: Reference(a).norm1, epsilon: S.testEpsilon)
          #expect(
            values.count == expected.count && ratio < residualBound, "eigenvalue ratio \(ratio), \(context)")
        }
      }
    }
  }

  @Test("symmetric eigen by inverse iteration", arguments: ScalarType.allCases)
  func symmetricEigen(_ type: ScalarType) {
    withScalarType(type) { Self.checkSymmetricEigen($0) }
  }

  @Test func threadCountSetting() {
    defer { LinearAlgebraThreads.count = 0 }
    LinearAlgebraThreads.count = 3
    #expect(LinearAlgebraThreads.count == 3)
    LinearAlgebraThreads.count = 0
    #expect(LinearAlgebraThreads.count >= 1)
    LinearAlgebraThreads.count = -5
    #expect(LinearAlgebraThreads.count >= 1)
  }
}
