internal import CXX

extension Matrix where Scalar: ComplexMatrixScalar {
  /// The complex matrix `real + imaginary·i`.
  ///
  ///     let z = Matrix<Complex<Double>>(real: [[1, 0], [0, 1]], imaginary: [[0, 2], [-2, 0]])
  ///
  /// - Precondition: `real` and `imaginary` have the same shape.
  /// - Complexity: O(rows · columns).
  @inlinable
  public init(real: Matrix<Scalar.RealType>, imaginary: Matrix<Scalar.RealType>) {
    precondition(
      real.rowCount == imaginary.rowCount && real.columnCount == imaginary.columnCount,
      "Matrix(real:imaginary:) needs parts of one shape; got \(real.shapeDescription) and \(imaginary.shapeDescription)"
    )
    self.init(
      rows: real.rowCount, columns: real.columnCount,
      elements: zip(real.storage, imaginary.storage).map { Scalar($0, $1) })
  }

  /// The complex matrix with the given real part and a zero imaginary part.
  ///
  /// - Complexity: O(rows · columns).
  @inlinable
  public init(real: Matrix<Scalar.RealType>) {
    self.init(rows: real.rowCount, columns: real.columnCount, elements: real.storage.map { Scalar($0) })
  }

  /// The real parts, as a real matrix of the same shape.
  ///
  /// - Complexity: O(rows · columns).
  @inlinable
  public var real: Matrix<Scalar.RealType> {
    Matrix<Scalar.RealType>(rows: rowCount, columns: columnCount, elements: storage.map(\.real))
  }

  /// The imaginary parts, as a real matrix of the same shape.
  ///
  /// - Complexity: O(rows · columns).
  @inlinable
  public var imaginary: Matrix<Scalar.RealType> {
    Matrix<Scalar.RealType>(rows: rowCount, columns: columnCount, elements: storage.map(\.imaginary))
  }

  /// The element-wise complex conjugate.
  ///
  /// - Complexity: O(rows · columns).
  @inlinable
  public func conjugate() -> Matrix {
    mapElements { $0.conjugate }
  }

  /// The conjugate transpose `Aᴴ`: element `(i, j)` is the conjugate of
  /// element `(j, i)` of `self`.
  ///
  /// - Complexity: O(rows · columns).
  public func adjoint() -> Matrix { conjugateTransposed() }

  /// The norm of the given kind, as for a real matrix with `|aᵢⱼ|` the
  /// complex length: `.one` is the largest column sum of lengths,
  /// `.infinity` the largest row sum, `.spectral` and `.nuclear` come from
  /// the (real) singular values.
  ///
  /// An empty matrix has norm 0; NaN in the matrix gives NaN.
  ///
  /// - Complexity: O(elements) for `.frobenius`, `.one` and `.infinity`;
  ///   an SVD (O(m·n·min(m, n))) for `.spectral` and `.nuclear`.
  @_specialize(where Scalar == Complex<Double>) @_specialize(where Scalar == Complex<Float>)
  public func norm(_ kind: MatrixNorm) -> Scalar.RealType {
    guard !storage.isEmpty else { return 0 }
    if storage.contains(where: { $0.real.isNaN || $0.imaginary.isNaN }) { return .nan }
    switch kind {
    case .frobenius:
      return norm()
    case .one, .infinity:
      let lengths = elementLengths()
      let sums = kind == .one ? lengths.columnwise.sum() : lengths.rowwise.sum()
      return sums.max() ?? 0
    case .spectral:
      return svd().singularValues.first ?? 0
    case .nuclear:
      return svd().singularValues.reduce(0, +)
    }
  }

  /// A matrix whose elements have real and imaginary parts drawn
  /// independently and uniformly from `range` with `generator`, in
  /// row-major order, real part first.
  ///
  /// - Precondition: `rows >= 0`, `columns >= 0` and `range` is finite.
  /// - Complexity: O(rows · columns).
  @inlinable
  public static func random<G: RandomNumberGenerator>(
    rows: Int, columns: Int, in range: ClosedRange<Scalar.RealType>, using generator: inout G
  ) -> Matrix {
    let count = elementCount(rows: rows, columns: columns)
    var elements: [Scalar] = []
    elements.reserveCapacity(count)
    for _ in 0..<count {
      let real = Scalar.RealType.random(in: range, using: &generator)
      let imaginary = Scalar.RealType.random(in: range, using: &generator)
      elements.append(Scalar(real, imaginary))
    }
    return Matrix(rows: rows, columns: columns, elements: elements)
  }

  /// A matrix of random complex elements (see
  /// ``random(rows:columns:in:using:)-(_,_,ClosedRange<Scalar.RealType>,_)``) from the system's generator.
  ///
  /// - Complexity: O(rows · columns).
  @inlinable
  public static func random(rows: Int, columns: Int, in range: ClosedRange<Scalar.RealType>) -> Matrix {
    var generator = SystemRandomNumberGenerator()
    return random(rows: rows, columns: columns, in: range, using: &generator)
  }
}

extension Matrix {
  /// The conjugate transpose for any scalar (the transpose of a real
  /// matrix): ``adjoint()-2omyb`` of a complex matrix, and what generic code
  /// such as ``pseudoInverse()`` calls.
  ///
  /// - Complexity: O(rows · columns).
  internal func conjugateTransposed() -> Matrix {
    let (m, n) = (rowCount, columnCount)
    let kind = CoreElementKind(Scalar.self)
    if kind == .double || kind == .float { return transposed() }
    return storage.withUnsafeBufferPointer { a in
      Matrix(rows: n, columns: m) { out in
        let status =
          kind == .complexDouble
          ? core.complexTranspose(a.baseAddress?.asDouble, out?.asDouble, m, n, true)
          : core.complexTranspose(a.baseAddress?.asFloat, out?.asFloat, m, n, true)
        status.expectSuccess("adjoint() of a \(shapeDescription) matrix")
      }
    }
  }
}

extension Matrix where Scalar: RealMatrixScalar {
  /// The conjugate transpose, which for a real matrix is the transpose.
  ///
  /// - Complexity: O(rows · columns).
  public func adjoint() -> Matrix { transposed() }
}
