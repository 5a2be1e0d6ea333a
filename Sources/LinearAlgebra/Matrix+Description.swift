extension Matrix: CustomStringConvertible {
  /// The matrix as aligned rows, one per line.
  ///
  /// Like numpy, a matrix with more than 1000 elements shows only its first
  /// and last three rows and columns, with `...` standing for the rest.
  ///
  ///     print(Matrix<Double>([[1, 2], [3, 40]]))
  ///     // [[ 1.0,  2.0],
  ///     //  [ 3.0, 40.0]]
  public var description: String {
    if rowCount == 0 || columnCount == 0 { return "Matrix<\(Scalar.self)>(\(shapeDescription))" }
    let summarize = rowCount * columnCount > 1000
    let edge = 3
    func shown(_ count: Int) -> [Int?] {
      guard summarize, count > 2 * edge else { return (0..<count).map { $0 } }
      return (0..<edge).map { $0 } + [nil] + (count - edge..<count).map { $0 }
    }
    let rows = shown(rowCount)
    let columns = shown(columnCount)
    let cells: [[String]] = rows.map { row in
      columns.map { column in
        guard let row, let column else { return "..." }
        return "\(self[row, column])"
      }
    }
    let width = cells.joined().map(\.count).max() ?? 0
    let lines = cells.enumerated().map { index, row in
      let prefix = index == 0 ? "[[" : " ["
      let suffix = index == cells.count - 1 ? "]]" : "],"
      let padded = row.map { String(repeating: " ", count: width - $0.count) + $0 }
      return prefix + padded.joined(separator: ", ") + suffix
    }
    return lines.joined(separator: "\n")
  }
}
