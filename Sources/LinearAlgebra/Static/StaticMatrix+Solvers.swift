public import PackedSIMD

@available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
extension StaticMatrix where Rows == Columns {
  /// The determinant (1 for a 0×0 matrix): closed forms up to 4×4, LU with
  /// partial pivoting above.
  ///
  /// - Complexity: O(n³), a fixed handful of operations for n <= 4.
  @inlinable
  public func determinant() -> Scalar {
    let a = storage
    switch Rows {
    case 0: return 1
    case 1: return a[0][0]
    case 2: return a[0][0] * a[1][1] - a[0][1] * a[1][0]
    case 3:
      return a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
        + a[0][1] * (a[1][2] * a[2][0] - a[1][0] * a[2][2])
        + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
    case 4:
      let minors = FourByFourMinors(a)
      return minors.determinant
    default:
      var lu = self
      var det: Scalar = 1
      for k in 0..<Rows {
        var pivot = k
        for i in (k + 1)..<Rows where abs(lu.storage[i][k]) > abs(lu.storage[pivot][k]) { pivot = i }
        if lu.storage[pivot][k] == 0 { return 0 }
        if pivot != k {
          lu.storage.swapAt(pivot, k)
          det = -det
        }
        det *= lu.storage[k][k]
        for i in (k + 1)..<Rows {
          let factor = lu.storage[i][k] / lu.storage[k][k]
          for j in k..<Columns { lu.storage[i][j] -= factor * lu.storage[k][j] }
        }
      }
      return det
    }
  }

  /// The inverse: the adjugate over the determinant up to 4×4, Gauss–Jordan
  /// with partial pivoting above.
  ///
  /// - Throws: `LinearAlgebraError.singularMatrix` when the matrix is
  ///   singular to working precision: |det| at most n·eps times the product
  ///   of the rows' lengths (Hadamard's bound, which |det| of a perfectly
  ///   conditioned matrix reaches), or a non-finite determinant.
  /// - Complexity: O(n³).
  @inlinable @inline(__always)
  public func inverse() throws(LinearAlgebraError) -> StaticMatrix {
    guard Rows > 0 else { return self }
    if Rows > 4 { return try gaussJordanInverse() }
    if Rows == 4 { return try inverseOfFourByFour() }
    // The squared lengths of the rows, for Hadamard's bound |det| <= Π ‖rowᵢ‖,
    // read straight from the inline storage (a pointer closure kept the
    // whole inverse out of line). A zero or non-finite row, or a bound
    // that under- or overflows, takes the scaled path, which throws for
    // the first two.
    var bound: Scalar = 1
    for i in 0..<Rows {
      var sum: Scalar = 0
      for j in 0..<Columns { sum += storage[i][j] * storage[i][j] }
      bound *= sum
    }
    guard bound.isNormal, bound.isFinite else { return try inverseWithScaledRows() }
    let a = storage
    let det = determinant()
    let threshold = Scalar(Rows) * Scalar.ulpOfOne
    guard det.isFinite, det * det > threshold * threshold * bound else { throw .singularMatrix }
    let r = 1 / det
    var b = StaticMatrix()
    switch Rows {
    case 1:
      b.storage[0][0] = r
    case 2:
      b.storage[0][0] = a[1][1] * r
      b.storage[0][1] = -a[0][1] * r
      b.storage[1][0] = -a[1][0] * r
      b.storage[1][1] = a[0][0] * r
    case 3:
      b.storage[0][0] = (a[1][1] * a[2][2] - a[1][2] * a[2][1]) * r
      b.storage[0][1] = (a[0][2] * a[2][1] - a[0][1] * a[2][2]) * r
      b.storage[0][2] = (a[0][1] * a[1][2] - a[0][2] * a[1][1]) * r
      b.storage[1][0] = (a[1][2] * a[2][0] - a[1][0] * a[2][2]) * r
      b.storage[1][1] = (a[0][0] * a[2][2] - a[0][2] * a[2][0]) * r
      b.storage[1][2] = (a[0][2] * a[1][0] - a[0][0] * a[1][2]) * r
      b.storage[2][0] = (a[1][0] * a[2][1] - a[1][1] * a[2][0]) * r
      b.storage[2][1] = (a[0][1] * a[2][0] - a[0][0] * a[2][1]) * r
      b.storage[2][2] = (a[0][0] * a[1][1] - a[0][1] * a[1][0]) * r
    default:
      preconditionFailure("inverse(): sizes above 3 are handled before")
    }
    return b
  }

  /// Solves `self * x = b` for every column of `b`.
  ///
  /// - Throws: `LinearAlgebraError.singularMatrix` as ``inverse()``.
  /// - Complexity: O(n³ + n²·K).
  @inlinable
  public func solve<let K: Int>(
    _ b: StaticMatrix<Rows, K, Scalar>
  ) throws(LinearAlgebraError) -> StaticMatrix<Rows, K, Scalar> {
    try inverse() * b
  }

  /// Solves `self * x = b` for a vector of `Rows` elements.
  ///
  /// - Throws: `LinearAlgebraError.singularMatrix` as ``inverse()``.
  /// - Precondition: `b.count == Rows`.
  @inlinable
  public func solve(_ b: [Scalar]) throws(LinearAlgebraError) -> [Scalar] {
    precondition(
      b.count == Rows, "StaticMatrix<\(Rows), \(Rows)>.solve needs \(Rows) elements; got \(b.count)")
    let x = try solve(StaticMatrix<Rows, 1, Scalar> { i, _ in b[i] })
    return (0..<Rows).map { x[$0, 0] }
  }

  /// The 4×4 inverse, with the singularity test of ``inverse()`` in two
  /// stages. Hadamard's bound needs each row's length; the first stage uses
  /// the larger bound (‖A‖²_F / 4)², which by the inequality of arithmetic and
  /// geometric means is at least Π ‖rowᵢ‖ and costs one sum of squares
  /// instead of four. A matrix that passes it passes the exact test too; one
  /// that does not (nearly singular, rows of very different lengths, or a
  /// bound out of range) takes a rare path that decides with the exact
  /// bound. In the benchmark's batches of well-conditioned matrices the
  /// first stage took the Float inverse from 1.79× Eigen's fixed-size time
  /// to 1.64×, and the Double one from 1.48× to 1.43× (Intel Xeon).
  ///
  /// Double reads the matrix as eight half rows. Its rare path,
  /// ``halfRowsForBlockInverse(_:determinant:)``, throws or returns the
  /// rows to invert (rescaled for a badly scaled matrix), so that one block
  /// formula, ``blockInverse(_:_:columnScales:)``, forms every result: with
  /// the rare path returning the inverse itself, the common path copied the
  /// matrix to the stack for it and passed its result through memory. AMD
  /// EPYC (Zen 3), benchmark binaries alternating, four runs each: 1.38–1.39×
  /// Eigen → 1.30–1.32×. (These ratios are from the benchmark's earlier
  /// loop, `(try? a[i].inverse()) ?? a[i]`; with `out[i] = try
  /// a[i].inverse()`, the counterpart of Eigen's loop, Double runs at
  /// 1.17–1.30× (median 1.23×) in seventeen runs; Double's sum of squares as
  /// a tree then took its median to 1.21×.)
  ///
  /// Float keeps four-element rows as `PackedVector`s, whose arithmetic is
  /// SSE's on x86-64 (see ``RowBlockTerms``). Its rare path,
  /// ``rowsForBlockInverse(_:determinant:)``, returns the rows and column
  /// scales to invert, and the block formula is written out twice, there
  /// and on the common path, where the column scales are ones and fold
  /// away. AMD EPYC Zen 4, benchmark runs: 1.36× Eigen before; 1.33× with
  /// `PackedVector` arithmetic alone; 1.21–1.23× with the block
  /// determinants in one vector; 1.09× with the common path's own formula.
  /// (The same two changes made the Double inverse slower, 1.18× →
  /// 1.20–1.30×: its eight half rows leave the SSE registers little room.)
  ///
  /// A finite `limit` also makes `det` finite: every term of the block
  /// formula is at most a few hundred times (‖A‖²_F / 4)², far below the
  /// overflow threshold when the fourth power of ‖A‖²_F / 4 does not
  /// overflow; a NaN determinant fails the comparison.
  ///
  /// - Throws: `LinearAlgebraError.singularMatrix` as ``inverse()``.
  /// - Precondition: `Rows == 4`.
  @inlinable @inline(__always)
  internal func inverseOfFourByFour() throws(LinearAlgebraError) -> StaticMatrix {
    if MemoryLayout<Scalar>.size == 8 {
      let h = halfRows
      // A tree of sums, not a chain of seven dependent additions: benchmark
      // binaries in turns, Double 1.23× → 1.21× Eigen (medians of 19 and
      // 43 runs). Float's four-row sum gained nothing from the same change.
      let squares =
        ((h.0 * h.0 + h.1 * h.1) + (h.2 * h.2 + h.3 * h.3))
        + ((h.4 * h.4 + h.5 * h.5) + (h.6 * h.6 + h.7 * h.7))
      let limit = Self.firstStageLimit(sumOfSquares: squares[0] + squares[1])
      var rows = h
      var terms = BlockTerms(rows)
      var scales = (SIMD2<Scalar>(1, 1), SIMD2<Scalar>(1, 1))
      // A limit below the normal range decides nothing (the test then asks
      // for more than the exact one would); an infinite or NaN one fails.
      let floor = Scalar.leastNormalMagnitude
      if !(terms.determinant * terms.determinant > (limit > floor ? limit : floor)) {
        (rows, scales) = try Self.halfRowsForBlockInverse(h, determinant: terms.determinant)
        terms = BlockTerms(rows)
      }
      return Self.blockInverse(rows, terms, columnScales: scales)
    }
    let (r0, r1, r2, r3) = fourRows
    let (v0, v1, v2, v3) = (PackedVector(r0), PackedVector(r1), PackedVector(r2), PackedVector(r3))
    let squares = v0 * v0 + v1 * v1 + v2 * v2 + v3 * v3
    let limit = Self.firstStageLimit(sumOfSquares: squares.sum())
    let terms = RowBlockTerms(r0, r1, r2, r3)
    let floor = Scalar.leastNormalMagnitude
    if !(terms.determinant * terms.determinant > (limit > floor ? limit : floor)) {
      let (rows, scales) = try Self.rowsForBlockInverse((r0, r1, r2, r3), determinant: terms.determinant)
      return Self.blockInverse(RowBlockTerms(rows.0, rows.1, rows.2, rows.3), columnScales: scales)
    }
    return Self.blockInverse(terms, columnScales: SIMD4(1, 1, 1, 1))
  }

  /// (4 eps)² (‖A‖²_F / 4)⁴ from ‖A‖²_F: the first stage's bound on det².
  @inlinable @inline(__always)
  internal static func firstStageLimit(sumOfSquares: Scalar) -> Scalar {
    let quarterSquare = sumOfSquares * Scalar(0.25)
    let threshold = 4 * Scalar.ulpOfOne
    return (threshold * threshold) * ((quarterSquare * quarterSquare) * (quarterSquare * quarterSquare))
  }

  /// The rare case of the 4×4 inverse (both types; Double comes through
  /// ``halfRowsForBlockInverse(_:determinant:)``), when the first stage's
  /// test in ``inverseOfFourByFour()`` did not decide: throws for a matrix
  /// singular to working precision (the test of ``inverse()``, with
  /// Hadamard's bound from the rows' lengths), and returns the rows to
  /// invert and the scales of the inverse's columns. They are the matrix's
  /// rows and ones, or for a badly scaled matrix (the bound under- or
  /// overflows) the rows divided by their largest magnitudes d_i and the
  /// scales 1/d_j: A = D N, so A⁻¹ = N⁻¹ D⁻¹. Returning inputs rather than
  /// the inverse keeps the block formula inlined in the caller, with its
  /// stores in registers: Double merges both paths into one formula, Float
  /// writes it once for each path.
  ///
  /// - Throws: `LinearAlgebraError.singularMatrix` as ``inverse()``.
  @usableFromInline @inline(never)
  internal static func rowsForBlockInverse(
    _ rows: FourRows, determinant: Scalar
  ) throws(LinearAlgebraError) -> (FourRows, SIMD4<Scalar>) {
    let threshold = 4 * Scalar.ulpOfOne
    /// Π ‖rowᵢ‖².
    func bound(_ rows: [SIMD4<Scalar>]) -> Scalar {
      rows.reduce(1) { $0 * ($1 * $1).sum() }
    }
    let original = [rows.0, rows.1, rows.2, rows.3]
    let exact = bound(original)
    if exact.isNormal, exact.isFinite {
      guard determinant.isFinite, determinant * determinant > threshold * threshold * exact else {
        throw .singularMatrix
      }
      return (rows, SIMD4(1, 1, 1, 1))
    }
    var largest = SIMD4<Scalar>()
    for i in 0..<4 {
      // A NaN makes the matrix singular (`Swift.max` would pass over it).
      guard !(0..<4).contains(where: { original[i][$0].isNaN }) else { throw .singularMatrix }
      largest[i] = (0..<4).reduce(Scalar(0)) { Swift.max($0, abs(original[i][$1])) }
      guard largest[i] > 0, largest[i].isFinite else { throw .singularMatrix }
    }
    let scaled = (0..<4).map { original[$0] / largest[$0] }
    let det = RowBlockTerms(scaled[0], scaled[1], scaled[2], scaled[3]).determinant
    guard det.isFinite, det * det > threshold * threshold * bound(scaled) else { throw .singularMatrix }
    return ((scaled[0], scaled[1], scaled[2], scaled[3]), 1 / largest)
  }

  /// A 4×4 matrix's rows as vectors.
  @usableFromInline
  internal typealias FourRows = (SIMD4<Scalar>, SIMD4<Scalar>, SIMD4<Scalar>, SIMD4<Scalar>)

  /// The four rows of a 4×4 matrix as vectors, loaded from the inline
  /// storage whole (element-by-element access had the optimizer gather,
  /// shuffle and spill them).
  @inlinable @inline(__always)
  internal var fourRows: (SIMD4<Scalar>, SIMD4<Scalar>, SIMD4<Scalar>, SIMD4<Scalar>) {
    let stride = 4 * MemoryLayout<Scalar>.stride
    return withUnsafeBytes(of: storage) { raw in
      (
        raw.loadUnaligned(as: SIMD4<Scalar>.self),
        raw.loadUnaligned(fromByteOffset: stride, as: SIMD4<Scalar>.self),
        raw.loadUnaligned(fromByteOffset: 2 * stride, as: SIMD4<Scalar>.self),
        raw.loadUnaligned(fromByteOffset: 3 * stride, as: SIMD4<Scalar>.self)
      )
    }
  }

  /// A 4×4 matrix's rows as halves, row by row: (a1 b1), (a2 b2), (c1 d1),
  /// (c2 d2) for the blocks M = [A B; C D], loaded from the inline storage
  /// as two-element vectors.
  @usableFromInline
  internal typealias HalfRows = (
    SIMD2<Scalar>, SIMD2<Scalar>, SIMD2<Scalar>, SIMD2<Scalar>, SIMD2<Scalar>, SIMD2<Scalar>, SIMD2<Scalar>,
    SIMD2<Scalar>
  )

  /// The rows of a 4×4 matrix as eight half rows (see ``HalfRows``).
  @inlinable @inline(__always)
  internal var halfRows: HalfRows {
    let stride = 2 * MemoryLayout<Scalar>.stride
    return withUnsafeBytes(of: storage) { raw in
      (
        raw.loadUnaligned(as: SIMD2<Scalar>.self),
        raw.loadUnaligned(fromByteOffset: stride, as: SIMD2<Scalar>.self),
        raw.loadUnaligned(fromByteOffset: 2 * stride, as: SIMD2<Scalar>.self),
        raw.loadUnaligned(fromByteOffset: 3 * stride, as: SIMD2<Scalar>.self),
        raw.loadUnaligned(fromByteOffset: 4 * stride, as: SIMD2<Scalar>.self),
        raw.loadUnaligned(fromByteOffset: 5 * stride, as: SIMD2<Scalar>.self),
        raw.loadUnaligned(fromByteOffset: 6 * stride, as: SIMD2<Scalar>.self),
        raw.loadUnaligned(fromByteOffset: 7 * stride, as: SIMD2<Scalar>.self)
      )
    }
  }

  /// The 2×2 blocks of the 4×4 matrix with rows `r0`…`r3` as vectors, their
  /// determinants, P = A#B, Q = D#C, and the determinant of the matrix:
  /// the part of the block formula of ``blockInverse(_:columnScales:)``
  /// that the singularity test needs. The vectors are `PackedVector`s, so
  /// that on x86-64 each product, sum and difference is one SSE
  /// instruction and the lane shuffles are LLVM's `shufflevector`s (with
  /// the standard library's lane-by-lane arithmetic, LLVM's SLP vectorizer
  /// regrouped the scalars: 63 shuffles in about 210 instructions per
  /// inverse, against Eigen's 44 in 147).
  @usableFromInline @frozen
  internal struct RowBlockTerms {
    /// The blocks of M = [A B; C D], each (x₀₀, x₀₁, x₁₀, x₁₁), P and Q.
    @usableFromInline var a, b, c, d, p, q: PackedVector<SIMD4<Scalar>>
    /// (|A|, |B|, |C|, |D|).
    @usableFromInline var blockDeterminants: PackedVector<SIMD4<Scalar>>
    @usableFromInline var determinant: Scalar

    @inlinable @inline(__always)
    init(_ r0: SIMD4<Scalar>, _ r1: SIMD4<Scalar>, _ r2: SIMD4<Scalar>, _ r3: SIMD4<Scalar>) {
      typealias Vector = PackedVector<SIMD4<Scalar>>
      a = Vector(r0[0], r0[1], r1[0], r1[1])
      b = Vector(r0[2], r0[3], r1[2], r1[3])
      c = Vector(r2[0], r2[1], r3[0], r3[1])
      d = Vector(r2[2], r2[3], r3[2], r3[3])
      /// X# Y.
      func adjugateTimes(_ x: Vector, _ y: Vector) -> Vector {
        Vector(x[3], x[3], x[0], x[0]) * y - Vector(x[1], x[1], x[2], x[2]) * Vector(y[2], y[3], y[0], y[1])
      }
      p = adjugateTimes(a, b)
      q = adjugateTimes(d, c)
      // The four block determinants from the rows at once: the lanes of
      // r0 r1' are (a11 a22, a12 a21, b11 b22, b12 b21) with r1' = r1 with
      // its pairs of lanes swapped, and those of r2 r3' the same for C and D.
      let upper = PackedVector(r0) * Vector(r1[1], r1[0], r1[3], r1[2])
      let lower = PackedVector(r2) * Vector(r3[1], r3[0], r3[3], r3[2])
      let dets =
        Vector(upper[0], upper[2], lower[0], lower[2]) - Vector(upper[1], upper[3], lower[1], lower[3])
      blockDeterminants = dets
      // |M| = |A||D| + |B||C| − tr(PQ): lanes 0 and 1 of the products of the
      // determinants and of the trace's terms, each pair summed last.
      let products = dets * Vector(dets[3], dets[2], dets[1], dets[0])
      let terms = p * Vector(q[0], q[2], q[1], q[3])
      let halves = products - (terms + Vector(terms[2], terms[3], terms[2], terms[3]))
      determinant = halves[0] + halves[1]
    }
  }

  /// The inverse of a 4×4 matrix from its ``RowBlockTerms`` by 2×2 blocks
  /// in SIMD vectors, column j multiplied by `columnScales[j]` (ones but
  /// for a badly scaled matrix, whose rows were scaled), with no test (a
  /// zero determinant gives infinities or NaN). With M = [A B; C D], X# the
  /// adjugate of X, P = A#B and Q = D#C: |M| = |A||D| + |B||C| − tr(PQ),
  /// and the blocks of M⁻¹ are the adjugates of |D|A − BQ, |B|C − DP#,
  /// |C|B − AQ# and |A|D − CP over |M| (Intel's application note AP-928,
  /// "Streaming SIMD Extensions – Inverse of 4×4 Matrix", 1999). Every step
  /// is a lane-wise product of two vectors, one of them shuffled.
  ///
  /// - Precondition: `Rows == 4`.
  @inlinable @inline(__always)
  internal static func blockInverse(_ terms: RowBlockTerms, columnScales s: SIMD4<Scalar>) -> StaticMatrix {
    typealias Vector = PackedVector<SIMD4<Scalar>>
    let (a, b, c, d, p, q) = (terms.a, terms.b, terms.c, terms.d, terms.p, terms.q)
    /// X Y.
    func times(_ x: Vector, _ y: Vector) -> Vector {
      Vector(x[0], x[0], x[2], x[2]) * Vector(y[0], y[1], y[0], y[1])
        + Vector(x[1], x[1], x[3], x[3]) * Vector(y[2], y[3], y[2], y[3])
    }
    /// X Y#.
    func timesAdjugate(_ x: Vector, _ y: Vector) -> Vector {
      x * Vector(y[3], y[0], y[3], y[0]) - Vector(x[1], x[0], x[3], x[2]) * Vector(y[2], y[1], y[2], y[1])
    }
    let r = 1 / terms.determinant
    // The blocks before their adjugates, with the adjugate's signs, 1/|M|
    // and the scales of the columns their lanes end up in (lanes 0 and 1 of
    // a left block in column 1, lanes 2 and 3 in column 0).
    let signs = Vector(1, -1, -1, 1) * r
    let (left, right) = (signs * Vector(s[1], s[1], s[0], s[0]), signs * Vector(s[3], s[3], s[2], s[2]))
    let dets = terms.blockDeterminants
    let topLeft = (a * dets[3] - times(b, q)) * left
    let topRight = (c * dets[1] - timesAdjugate(d, p)) * right
    let bottomLeft = (b * dets[2] - timesAdjugate(a, q)) * left
    let bottomRight = (d * dets[0] - times(c, p)) * right
    var result = StaticMatrix()
    let stride = 4 * MemoryLayout<Scalar>.stride
    withUnsafeMutableBytes(of: &result.storage) { raw in
      raw.storeBytes(
        of: Vector(topLeft[3], topLeft[1], topRight[3], topRight[1]).lanes, as: SIMD4<Scalar>.self)
      raw.storeBytes(
        of: Vector(topLeft[2], topLeft[0], topRight[2], topRight[0]).lanes, toByteOffset: stride,
        as: SIMD4<Scalar>.self)
      raw.storeBytes(
        of: Vector(bottomLeft[3], bottomLeft[1], bottomRight[3], bottomRight[1]).lanes,
        toByteOffset: 2 * stride,
        as: SIMD4<Scalar>.self)
      raw.storeBytes(
        of: Vector(bottomLeft[2], bottomLeft[0], bottomRight[2], bottomRight[0]).lanes,
        toByteOffset: 3 * stride,
        as: SIMD4<Scalar>.self)
    }
    return result
  }

  /// The 2×2 blocks' determinants and the products P = A#B and Q = D#C of
  /// a 4×4 matrix given by half rows, and with them its determinant
  /// |M| = |A||D| + |B||C| − tr(PQ): the part of the block formula of
  /// ``blockInverse(_:_:columnScales:)`` that the singularity test needs, each block
  /// held as two rows in two-element vectors (the shape of Eigen's `double`
  /// version of the same formula).
  @usableFromInline @frozen
  internal struct BlockTerms {
    @usableFromInline var detA, detB, detC, detD, determinant: Scalar
    /// The rows of P and of Q.
    @usableFromInline var p1, p2, q1, q2: SIMD2<Scalar>

    @inlinable @inline(__always)
    init(_ h: HalfRows) {
      let (a1, b1, a2, b2, c1, d1, c2, d2) = h
      detA = a1[0] * a2[1] - a1[1] * a2[0]
      detB = b1[0] * b2[1] - b1[1] * b2[0]
      detC = c1[0] * c2[1] - c1[1] * c2[0]
      detD = d1[0] * d2[1] - d1[1] * d2[0]
      p1 = b1 * a2[1] - b2 * a1[1]
      p2 = b2 * a1[0] - b1 * a2[0]
      q1 = c1 * d2[1] - c2 * d1[1]
      q2 = c2 * d1[0] - c1 * d2[0]
      let trace = p1 * SIMD2(q1[0], q2[0]) + p2 * SIMD2(q1[1], q2[1])
      determinant = detA * detD + detB * detC - (trace[0] + trace[1])
    }
  }

  /// The inverse of a 4×4 matrix from its half rows and their
  /// ``BlockTerms``, with columns 0 and 1 multiplied by `columnScales.0`
  /// and columns 2 and 3 by `columnScales.1` (ones but for a badly scaled
  /// matrix, whose rows were scaled). No test: a zero determinant gives
  /// infinities or NaN. The blocks of the inverse are formed in an order in
  /// which A and B, then C and D, are last used early, and stored as they
  /// come, which spilled fewer registers. Standalone harness, Double 4×4
  /// inverses with the singularity test: 17.3 ns with four-element rows,
  /// 16.4 ns on halves of them, 15.2 ns on halves loaded as such, 14.9 ns
  /// in this order (Float was slower on halves, 17.0 against 14.2 ns).
  ///
  /// - Precondition: `Rows == 4`.
  @inlinable @inline(__always)
  internal static func blockInverse(
    _ h: HalfRows, _ terms: BlockTerms, columnScales: (SIMD2<Scalar>, SIMD2<Scalar>)
  ) -> StaticMatrix {
    typealias Half = SIMD2<Scalar>
    let (a1, b1, a2, b2, c1, d1, c2, d2) = h
    let (detA, detB, detC, detD) = (terms.detA, terms.detB, terms.detC, terms.detD)
    let (p1, p2, q1, q2) = (terms.p1, terms.p2, terms.q1, terms.q2)
    let r = 1 / terms.determinant
    // The adjugate of the rows (x y), (z w) is (w −y), (−z x).
    let (upper, lower) = (Half(r, -r), Half(-r, r))
    let (leftUpper, leftLower) = (upper * columnScales.0, lower * columnScales.0)
    let (rightUpper, rightLower) = (upper * columnScales.1, lower * columnScales.1)
    var result = StaticMatrix()
    let (row, half) = (4 * MemoryLayout<Scalar>.stride, 2 * MemoryLayout<Scalar>.stride)
    withUnsafeMutableBytes(of: &result.storage) { raw in
      /// Stores the adjugate of the block with rows x1, x2 over |M|.
      func storeAdjugate(_ x1: Half, _ x2: Half, row i: Int, half j: Int) {
        let (upper, lower) = j == 0 ? (leftUpper, leftLower) : (rightUpper, rightLower)
        raw.storeBytes(of: Half(x2[1], x1[1]) * upper, toByteOffset: i * row + j * half, as: Half.self)
        raw.storeBytes(of: Half(x2[0], x1[0]) * lower, toByteOffset: (i + 1) * row + j * half, as: Half.self)
      }
      // The blocks before their adjugates, by rows: |D|A − BQ, |C|B − AQ#,
      // |B|C − DP#, |A|D − CP.
      storeAdjugate(
        a1 * detD - (q1 * b1[0] + q2 * b1[1]), a2 * detD - (q1 * b2[0] + q2 * b2[1]), row: 0, half: 0)
      let (qLeft, qRight) = (Half(q2[1], q1[0]), Half(q2[0], q1[1]))
      storeAdjugate(
        b1 * detC - (a1 * qLeft - Half(a1[1], a1[0]) * qRight),
        b2 * detC - (a2 * qLeft - Half(a2[1], a2[0]) * qRight), row: 2, half: 0)
      let (pLeft, pRight) = (Half(p2[1], p1[0]), Half(p2[0], p1[1]))
      storeAdjugate(
        c1 * detB - (d1 * pLeft - Half(d1[1], d1[0]) * pRight),
        c2 * detB - (d2 * pLeft - Half(d2[1], d2[0]) * pRight), row: 0, half: 1)
      storeAdjugate(
        d1 * detA - (p1 * c1[0] + p2 * c1[1]), d2 * detA - (p1 * c2[0] + p2 * c2[1]), row: 2, half: 1)
    }
    return result
  }

  /// The rare case of the Double 4×4 inverse, when the first stage's test
  /// in ``inverseOfFourByFour()`` did not decide: the half rows joined into
  /// rows for ``rowsForBlockInverse(_:determinant:)`` and its rows and
  /// column scales split back into halves (the matrix's half rows and ones,
  /// or for a badly scaled matrix its rows divided by their largest
  /// magnitudes and the scales of the inverse's two column pairs). Taking
  /// the half rows the common path already holds keeps the matrix in
  /// registers there.
  ///
  /// `@inlinable @inline(never)`: specialized in the caller, out of its
  /// loop, a small function that takes the eight half rows in registers.
  /// Unspecialized, the generic call took them through memory, and the
  /// common path stored them on every matrix, before the test (53 stack
  /// accesses per inverse in the benchmark's loop, 36 now, Eigen's 18).
  /// Benchmark binaries in turns, AMD EPYC Zen 4: Double 1.24–1.34× Eigen's
  /// fixed-size time (median 1.30×) → 1.13–1.30× (median 1.23×) in ten
  /// pairs at a noisy hour, 1.16–1.25× (median 1.25×) → 1.12–1.19× (median
  /// 1.18×) in six later ones. The same wrapper around Float's rare path, taking its four
  /// rows in registers, made the Float inverse slower (1.36–1.40× → 1.40–
  /// 1.51×, six pairs).
  ///
  /// - Throws: `LinearAlgebraError.singularMatrix` as ``inverse()``.
  @inlinable @inline(never)
  internal static func halfRowsForBlockInverse(
    _ h: HalfRows, determinant: Scalar
  ) throws(LinearAlgebraError) -> (HalfRows, (SIMD2<Scalar>, SIMD2<Scalar>)) {
    let (rows, scales) = try rowsForBlockInverse(
      (
        SIMD4(lowHalf: h.0, highHalf: h.1), SIMD4(lowHalf: h.2, highHalf: h.3),
        SIMD4(lowHalf: h.4, highHalf: h.5), SIMD4(lowHalf: h.6, highHalf: h.7)
      ),
      determinant: determinant)
    return (
      (
        rows.0.lowHalf, rows.0.highHalf, rows.1.lowHalf, rows.1.highHalf, rows.2.lowHalf, rows.2.highHalf,
        rows.3.lowHalf, rows.3.highHalf
      ),
      (scales.lowHalf, scales.highHalf)
    )
  }

  /// The inverse of a badly scaled matrix (Hadamard's bound under- or
  /// overflows): the rows scaled to a largest element of 1, A = D N, then
  /// A⁻¹ = N⁻¹ D⁻¹. Out of line, so that `inverse()` is not recursive and
  /// can be inlined.
  @usableFromInline @inline(never)
  internal func inverseWithScaledRows() throws(LinearAlgebraError) -> StaticMatrix {
    var largest = InlineArray<Rows, Scalar>(repeating: 0)
    for i in 0..<Rows {
      for j in 0..<Columns {
        // A NaN makes the matrix singular. (`Swift.max` passes over it: the
        // scaled matrix kept it, its bound was NaN again, and the inverse
        // came back here until the stack overflowed.)
        guard !storage[i][j].isNaN else { throw .singularMatrix }
        largest[i] = Swift.max(largest[i], abs(storage[i][j]))
      }
      guard largest[i] > 0, largest[i].isFinite else { throw .singularMatrix }
    }
    var unit = self
    for i in 0..<Rows {
      for j in 0..<Columns { unit.storage[i][j] /= largest[i] }
    }
    var result = try unit.inverse()
    for i in 0..<Rows {
      for j in 0..<Columns { result.storage[i][j] /= largest[j] }
    }
    return result
  }

  @usableFromInline
  internal func gaussJordanInverse() throws(LinearAlgebraError) -> StaticMatrix {
    var a = self
    var b = StaticMatrix.identity
    var largest: Scalar = 0
    for i in 0..<Rows {
      for j in 0..<Columns { largest = Swift.max(largest, abs(storage[i][j])) }
    }
    for k in 0..<Rows {
      var pivot = k
      for i in (k + 1)..<Rows where abs(a.storage[i][k]) > abs(a.storage[pivot][k]) { pivot = i }
      let p = a.storage[pivot][k]
      guard p.isFinite, abs(p) > Scalar(Rows) * Scalar.ulpOfOne * largest else { throw .singularMatrix }
      a.storage.swapAt(pivot, k)
      b.storage.swapAt(pivot, k)
      let r = 1 / a.storage[k][k]
      for j in 0..<Columns {
        a.storage[k][j] *= r
        b.storage[k][j] *= r
      }
      for i in 0..<Rows where i != k {
        let factor = a.storage[i][k]
        if factor == 0 { continue }
        for j in 0..<Columns {
          a.storage[i][j] -= factor * a.storage[k][j]
          b.storage[i][j] -= factor * b.storage[k][j]
        }
      }
    }
    return b
  }
}

/// The 2×2 minors of the top two and the bottom two rows of a 4×4 matrix,
/// from which its determinant and adjugate follow (Laplace expansion along
/// the first two rows).
@usableFromInline
@frozen
internal struct FourByFourMinors<Scalar: RealMatrixScalar> {
  @usableFromInline let s0, s1, s2, s3, s4, s5: Scalar
  @usableFromInline let c0, c1, c2, c3, c4, c5: Scalar

  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  @inlinable
  init<let Rows: Int, let Columns: Int>(_ a: InlineArray<Rows, InlineArray<Columns, Scalar>>) {
    s0 = a[0][0] * a[1][1] - a[1][0] * a[0][1]
    s1 = a[0][0] * a[1][2] - a[1][0] * a[0][2]
    s2 = a[0][0] * a[1][3] - a[1][0] * a[0][3]
    s3 = a[0][1] * a[1][2] - a[1][1] * a[0][2]
    s4 = a[0][1] * a[1][3] - a[1][1] * a[0][3]
    s5 = a[0][2] * a[1][3] - a[1][2] * a[0][3]
    c5 = a[2][2] * a[3][3] - a[3][2] * a[2][3]
    c4 = a[2][1] * a[3][3] - a[3][1] * a[2][3]
    c3 = a[2][1] * a[3][2] - a[3][1] * a[2][2]
    c2 = a[2][0] * a[3][3] - a[3][0] * a[2][3]
    c1 = a[2][0] * a[3][2] - a[3][0] * a[2][2]
    c0 = a[2][0] * a[3][1] - a[3][0] * a[2][1]
  }

  @inlinable
  var determinant: Scalar { s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0 }
}
