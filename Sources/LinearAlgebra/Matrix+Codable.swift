extension Matrix: Codable {
  private enum CodingKeys: String, CodingKey {
    case rows, columns, elements
  }

  /// Decodes a matrix from its shape and row-major elements.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when the shape is negative or
  ///   does not match the number of elements.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let rows = try container.decode(Int.self, forKey: .rows)
    let columns = try container.decode(Int.self, forKey: .columns)
    let elements = try container.decode([Scalar].self, forKey: .elements)
    let product = rows.multipliedReportingOverflow(by: columns)
    guard rows >= 0, columns >= 0, !product.overflow, product.partialValue == elements.count else {
      throw DecodingError.dataCorruptedError(
        forKey: .elements, in: container,
        debugDescription:
          "A \(rows)×\(columns) matrix needs \(rows)·\(columns) elements, got \(elements.count)")
    }
    self.init(rowCount: rows, columnCount: columns, storage: elements)
  }

  /// Encodes the shape (`rows`, `columns`) and the row-major `elements`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(rowCount, forKey: .rows)
    try container.encode(columnCount, forKey: .columns)
    try container.encode(storage, forKey: .elements)
  }
}
