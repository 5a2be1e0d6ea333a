@available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
extension StaticMatrix {
  /// The static matrix with the elements of a dynamic one.
  ///
  /// - Precondition: `dynamic` is `Rows × Columns`.
  @inlinable
  public init(_ dynamic: Matrix<Scalar>) {
    precondition(
      dynamic.rowCount == Rows && dynamic.columnCount == Columns,
      "StaticMatrix<\(Rows), \(Columns)> cannot hold a \(dynamic.rowCount)×\(dynamic.columnCount) matrix")
    let elements = dynamic.elements
    self.init { i, j in elements[i * Columns + j] }
  }
}

extension Matrix where Scalar: RealMatrixScalar {
  /// The dynamic matrix with the elements of a static one.
  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  @inlinable
  public init<let Rows: Int, let Columns: Int>(_ fixed: StaticMatrix<Rows, Columns, Scalar>) {
    self.init(rows: Rows, columns: Columns, elements: fixed.elements)
  }
}

@available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
extension StaticMatrix: Equatable {
  /// Element-wise equality (NaN is unequal to everything, as for `Double`).
  @inlinable
  public static func == (lhs: StaticMatrix, rhs: StaticMatrix) -> Bool {
    for i in 0..<Rows {
      for j in 0..<Columns where lhs.storage[i][j] != rhs.storage[i][j] { return false }
    }
    return true
  }
}

@available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
extension StaticMatrix: Codable {
  private enum CodingKeys: String, CodingKey { case rows, columns, elements }

  /// Decodes the form ``encode(to:)`` writes (the same as `Matrix`'s).
  ///
  /// - Throws: `DecodingError.dataCorrupted` when the shape is not
  ///   `Rows × Columns`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let rows = try container.decode(Int.self, forKey: .rows)
    let columns = try container.decode(Int.self, forKey: .columns)
    let elements = try container.decode([Scalar].self, forKey: .elements)
    guard rows == Rows, columns == Columns, elements.count == Rows * Columns else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "StaticMatrix<\(Rows), \(Columns)> cannot decode a \(rows)×\(columns) matrix "
            + "of \(elements.count) elements"))
    }
    self.init { i, j in elements[i * Columns + j] }
  }

  /// Encodes the shape and the row-major elements, as `Matrix` does.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Rows, forKey: .rows)
    try container.encode(Columns, forKey: .columns)
    try container.encode(elements, forKey: .elements)
  }
}

@available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
extension StaticMatrix: CustomStringConvertible {
  /// The same numpy-style text as `Matrix`'s description.
  public var description: String { Matrix(self).description }
}
