import Foundation

extension Matrix {
  /// Reads a numpy `.npy` file: float32 or float64 (and, into a complex
  /// matrix, complex64 or complex128) in either byte order, C or Fortran
  /// order, 1-D (read as 1×n) or 2-D; format versions 1.0 to 3.0.
  ///
  ///     let a = try Matrix<Double>(contentsOfNPY: URL(fileURLWithPath: "a.npy"))
  ///     let z = try Matrix<Complex<Double>>(contentsOfNPY: URL(fileURLWithPath: "z.npy"))
  ///
  /// Elements are converted to `Scalar` (a float64 file read as
  /// `Matrix<Float>` is rounded; a real file read as a complex matrix has
  /// imaginary parts 0).
  ///
  /// - Throws: `NPYError` naming what is wrong (another dtype, complex data
  ///   for a real matrix, 3-D, a truncated file, a header that is not a
  ///   dict), or the file system's error. Nothing is allocated for the
  ///   elements before the file is known to hold them all.
  /// - Complexity: O(file size).
  public init(contentsOfNPY url: URL) throws {
    try self.init(npyData: try Data(contentsOf: url))
  }

  /// Reads the bytes of a numpy `.npy` file; see ``init(contentsOfNPY:)``.
  ///
  /// - Throws: `NPYError`.
  /// - Complexity: O(data size).
  public init(npyData data: Data) throws(NPYError) {
    // The fixed part of the header; the elements are read from `data`.
    let bytes = [UInt8](data.prefix(12))
    let magic: [UInt8] = [0x93, 0x4E, 0x55, 0x4D, 0x50, 0x59]
    guard bytes.count >= 8, Array(bytes[0..<6]) == magic else { throw .notNPY }
    let (major, minor) = (Int(bytes[6]), Int(bytes[7]))
    let headerStart: Int
    let headerLength: Int
    switch (major, minor) {
    case (1, 0):
      guard bytes.count >= 10 else { throw .malformedHeader("the header length is cut short") }
      headerLength = Int(bytes[8]) | Int(bytes[9]) << 8
      headerStart = 10
    case (2, 0), (3, 0):
      guard bytes.count >= 12 else { throw .malformedHeader("the header length is cut short") }
      headerLength = (0..<4).reduce(0) { $0 | Int(bytes[8 + $1]) << (8 * $1) }
      headerStart = 12
    default:
      throw .unsupportedVersion(major: major, minor: minor)
    }
    guard data.count - headerStart >= headerLength else {
      throw .malformedHeader(
        "the header needs \(headerLength) bytes, the file has \(data.count - headerStart)")
    }
    guard let header = String(bytes: data.dropFirst(headerStart).prefix(headerLength), encoding: .utf8) else {
      throw .malformedHeader("the header is not text")
    }
    let fields = try NPYHeader(parsing: header)
    if fields.isComplex && CoreElementKind(Scalar.self).realsPerElement == 1 {
      throw .complexDataForRealMatrix(fields.descr)
    }
    let dataStart = headerStart + headerLength
    let elementSize = (fields.isDouble ? 8 : 4) * (fields.isComplex ? 2 : 1)
    let (count, overflow) = fields.rows.multipliedReportingOverflow(by: fields.columns)
    let (byteCount, byteOverflow) = count.multipliedReportingOverflow(by: elementSize)
    guard !overflow, !byteOverflow else { throw .unsupportedShape(fields.shapeText) }
    let available = data.count - dataStart
    guard available >= byteCount else {
      throw .truncatedData(expectedBytes: byteCount, actualBytes: available)
    }
    let values = Self.npyElements(
      data, from: dataStart, rows: fields.rows, columns: fields.columns, fortranOrder: fields.fortranOrder,
      isDouble: fields.isDouble, isComplex: fields.isComplex, bigEndian: fields.bigEndian)
    self.init(rowCount: fields.rows, columnCount: fields.columns, storage: values)
  }

  /// The elements of a `.npy` file's data starting at byte `start` of
  /// `data`, converted to `Scalar`, in row-major order. Specialized, and
  /// without the byte-by-byte assembly of each element, which took the
  /// generic loop several nanoseconds per element. Fortran order (column
  /// by column) is placed in 32 × 32 tiles, so that both the file's columns
  /// and the matrix's rows are written within the cache; reading it into
  /// an array and then taking `transposed()` copied the matrix twice (a
  /// 4000 × 4000 Double file: 0.31–0.37 s, against 0.09–0.10 s in C order).
  /// A complex matrix's elements are written as their two real parts (a
  /// real file's imaginary parts are 0); the caller has checked that a real
  /// matrix gets no complex file.
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  @_specialize(where Scalar == Complex<Double>) @_specialize(where Scalar == Complex<Float>)
  private static func npyElements(
    _ data: Data, from start: Int, rows: Int, columns: Int, fortranOrder: Bool, isDouble: Bool,
    isComplex: Bool, bigEndian: Bool
  ) -> [Scalar] {
    let partsInMatrix = CoreElementKind(Scalar.self).realsPerElement
    let partsInFile = isComplex ? 2 : 1
    return data.withUnsafeBytes { raw in
      /// The file's `index`-th real (a complex element holds two).
      func part(_ index: Int) -> Scalar.RealType {
        if isDouble {
          let bits = raw.loadUnaligned(fromByteOffset: start + 8 * index, as: UInt64.self)
          return Scalar.RealType(
            Double(bitPattern: bigEndian ? UInt64(bigEndian: bits) : UInt64(littleEndian: bits)))
        }
        let bits = raw.loadUnaligned(fromByteOffset: start + 4 * index, as: UInt32.self)
        return Scalar.RealType(
          Float(bitPattern: bigEndian ? UInt32(bigEndian: bits) : UInt32(littleEndian: bits)))
      }
      let count = rows * columns
      return [Scalar](unsafeUninitializedCapacity: count) { elements, initialized in
        // The matrix's reals: one per element, or a complex element's two.
        elements.withMemoryRebound(to: Scalar.RealType.self) { buffer in
          /// Places the file's element `source` at the matrix's `target`.
          func place(_ target: Int, _ source: Int) {
            if partsInMatrix == 1 {
              buffer[target] = part(source)
            } else {
              buffer[2 * target] = part(partsInFile * source)
              buffer[2 * target + 1] = partsInFile == 2 ? part(2 * source + 1) : 0
            }
          }
          guard fortranOrder else {
            for index in 0..<count { place(index, index) }
            return
          }
          let tile = 32
          for firstColumn in stride(from: 0, to: columns, by: tile) {
            let lastColumn = Swift.min(firstColumn + tile, columns)
            for firstRow in stride(from: 0, to: rows, by: tile) {
              let lastRow = Swift.min(firstRow + tile, rows)
              for column in firstColumn..<lastColumn {
                for row in firstRow..<lastRow {
                  place(row * columns + column, row + column * rows)
                }
              }
            }
          }
        }
        initialized = count
      }
    }
  }

  /// The matrix as the bytes of a `.npy` file (format 1.0, little-endian
  /// `<f4`, `<f8`, `<c8` or `<c16`, C order, shape `(rows, columns)`),
  /// which `numpy.load` reads back unchanged.
  ///
  /// - Complexity: O(elements).
  @_specialize(where Scalar == Double) @_specialize(where Scalar == Float)
  @_specialize(where Scalar == Complex<Double>) @_specialize(where Scalar == Complex<Float>)
  public func npyData() -> Data {
    let isDouble = Scalar.RealType.self == Double.self
    let parts = CoreElementKind(Scalar.self).realsPerElement
    let descr = parts == 2 ? (isDouble ? "c16" : "c8") : (isDouble ? "f8" : "f4")
    var header =
      "{'descr': '<\(descr)', 'fortran_order': False, 'shape': (\(rowCount), \(columnCount)), }"
    // Magic (6) + version (2) + length (2) + header + '\n', padded to 64.
    let unpadded = 10 + header.utf8.count + 1
    header += String(repeating: " ", count: (64 - unpadded % 64) % 64) + "\n"
    var data = Data([0x93, 0x4E, 0x55, 0x4D, 0x50, 0x59, 1, 0])
    let length = UInt16(header.utf8.count)
    data.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8)])
    data.append(contentsOf: Array(header.utf8))
    data.reserveCapacity(data.count + storage.count * parts * (isDouble ? 8 : 4))
    if 1.littleEndian == 1 {
      // The elements in memory are already the file's little-endian ones
      // (a complex element is its real part, then its imaginary part).
      storage.withUnsafeBytes { data.append(contentsOf: $0) }
      return data
    }
    storage.withUnsafeBytes { raw in
      for value in raw.bindMemory(to: Scalar.RealType.self) {
        if isDouble {
          var bits = Double(value).bitPattern.littleEndian
          withUnsafeBytes(of: &bits) { data.append(contentsOf: $0) }
        } else {
          var bits = Float(value).bitPattern.littleEndian
          withUnsafeBytes(of: &bits) { data.append(contentsOf: $0) }
        }
      }
    }
    return data
  }

  /// Writes the matrix as a `.npy` file; see ``npyData()``.
  ///
  /// - Throws: The file system's error.
  public func writeNPY(to url: URL) throws {
    try npyData().write(to: url)
  }
}

/// The three keys of a `.npy` header dict.
private struct NPYHeader {
  var descr = ""
  var isDouble = false
  var isComplex = false
  var bigEndian = false
  var fortranOrder = false
  var rows = 0
  var columns = 0
  var shapeText = ""

  init(parsing header: String) throws(NPYError) {
    let text = header.trimmingCharacters(in: .whitespacesAndNewlines)
    guard text.hasPrefix("{"), text.hasSuffix("}") else {
      throw .malformedHeader("the header is not a Python dict literal")
    }
    func value(of key: String) throws(NPYError) -> Substring {
      guard let keyRange = text.range(of: "'\(key)'") ?? text.range(of: "\"\(key)\"") else {
        throw .malformedHeader("the key '\(key)' is missing")
      }
      var rest = text[keyRange.upperBound...].drop { $0 == " " }
      guard rest.first == ":" else { throw .malformedHeader("no ':' after '\(key)'") }
      rest = rest.dropFirst().drop { $0 == " " }
      if rest.first == "(" {
        guard let close = rest.firstIndex(of: ")") else {
          throw .malformedHeader("the shape tuple is not closed")
        }
        return rest[rest.startIndex...close]
      }
      let end = rest.firstIndex { $0 == "," || $0 == "}" } ?? rest.endIndex
      return rest[rest.startIndex..<end]
    }
    descr = try value(of: "descr").trimmingCharacters(in: CharacterSet(charactersIn: "'\" "))
    guard let order = descr.first, "<>=|".contains(order) else { throw .unsupportedDType(descr) }
    switch descr.dropFirst() {
    case "f8": isDouble = true
    case "f4": isDouble = false
    case "c16": (isDouble, isComplex) = (true, true)
    case "c8": (isDouble, isComplex) = (false, true)
    default: throw .unsupportedDType(descr)
    }
    guard order != "|" else { throw .unsupportedDType(descr) }
    bigEndian = order == ">"
    switch try value(of: "fortran_order").trimmingCharacters(in: .whitespaces) {
    case "True": fortranOrder = true
    case "False": fortranOrder = false
    case let other: throw .malformedHeader("fortran_order is '\(other)', not True or False")
    }
    let shape = try value(of: "shape")
    shapeText = String(shape)
    guard shape.first == "(", shape.last == ")" else { throw .malformedHeader("the shape is not a tuple") }
    let parts = shape.dropFirst().dropLast().split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    .filter { !$0.isEmpty }
    var dimensions: [Int] = []
    for part in parts {
      guard let dimension = Int(part.hasSuffix("L") ? String(part.dropLast()) : part), dimension >= 0 else {
        throw .unsupportedShape(shapeText)
      }
      dimensions.append(dimension)
    }
    switch dimensions.count {
    case 1: (rows, columns) = (1, dimensions[0])
    case 2: (rows, columns) = (dimensions[0], dimensions[1])
    default: throw .unsupportedShape(shapeText)
    }
  }
}
