import Foundation
import LinearAlgebra
import Testing

@Suite(".npy files")
struct NPYTests {
  static func bytes(_ base64: String) -> Data { Data(base64Encoded: base64)! }

  @Test func readsFilesWrittenByNumpy() throws {
    let c = try Matrix<Double>(npyData: Self.bytes(EverydayReference.npyCOrderDouble))
    #expect(c.rowCount == 2 && c.columnCount == 3 && c.elements == EverydayReference.npyCOrderDoubleValues)
    let fortran = try Matrix<Double>(npyData: Self.bytes(EverydayReference.npyFortranFloat))
    #expect(fortran.rowCount == 3 && fortran.columnCount == 2)
    #expect(fortran.elements == EverydayReference.npyFortranFloatValues)
    let vector = try Matrix<Float>(npyData: Self.bytes(EverydayReference.npyVectorFloat))
    #expect(
      vector.rowCount == 1 && vector.elements.map { Double($0) } == EverydayReference.npyVectorFloatValues)
  }

  /// Big-endian files as `np.save` writes them: `>f8` in C order with a
  /// negative zero and the smallest subnormal, and `>f4` in Fortran order.
  @Test func readsBigEndianFilesWrittenByNumpy() throws {
    let double = try Matrix<Double>(
      npyData: Self.bytes(
        "k05VTVBZAQB2AHsnZGVzY3InOiAnPmY4JywgJ2ZvcnRyYW5fb3JkZXInOiBGYWxzZSwgJ3NoYXBlJzogKDIsIDMpLCB9ICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAo/+AAAAAAAAMAAAAAAAAAAQAoAAAAAAAB+N+Q8iAB1nIAAAAAAAAAAAAAAAAAAAAE="
      ))
    let expected: [Double] = [1.5, -2, 3.25, 1e300, -0.0, 5e-324]
    #expect(double.rowCount == 2 && double.columnCount == 3)
    #expect(double.elements.map(\.bitPattern) == expected.map(\.bitPattern))
    let float = try Matrix<Float>(
      npyData: Self.bytes(
        "k05VTVBZAQB2AHsnZGVzY3InOiAnPmY0JywgJ2ZvcnRyYW5fb3JkZXInOiBUcnVlLCAnc2hhcGUnOiAoMywgMiksIH0gICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAo/wAAAPoAAAMEAAADAIAAAQIAAADqDEm8="
      ))
    #expect(float.rowCount == 3 && float.columnCount == 2)
    #expect(float.elements == [1.5, -2.5, 0.25, 4, -8, 1e-3])
  }

  /// Complex files as `np.save` writes them: `<c16` in C order (with the
  /// smallest subnormal, 1e300 and an infinity among the parts) and `>c8`
  /// in Fortran order; a complex file read as a real matrix throws, a real
  /// one read as a complex matrix gets imaginary parts 0.
  @Test func readsComplexFilesWrittenByNumpy() throws {
    typealias C = Complex<Double>
    let cOrder = Self.bytes(
      "k05VTVBZAQB2AHsnZGVzY3InOiAnPGMxNicsICdmb3J0cmFuX29yZGVyJzogRmFsc2UsICdzaGFwZSc6ICgyLCAzKSwgfSAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAoAAAAAAAD4PwAAAAAAAADAAAAAAAAAAAABAAAAAAAAAAAAAAAAAApAnHUAiDzkN34AAAAAAADwfwAAAAAAAPC/AAAAAAAABMAAAAAAAADQPwAAAAAAAAAAAAAAAAAAAAA="
    )
    let z = try Matrix<C>(npyData: cOrder)
    #expect(z.rowCount == 2 && z.columnCount == 3)
    #expect(
      z.elements == [C(1.5, -2), C(0, 5e-324), C(3.25, 1e300), C(.infinity, -1), C(-2.5, 0.25), C(0, 0)])
    #expect(try Matrix<Complex<Float>>(npyData: cOrder)[1, 1] == Complex(-2.5, 0.25))
    let fortran = try Matrix<Complex<Float>>(
      npyData: Self.bytes(
        "k05VTVBZAQB2AHsnZGVzY3InOiAnPmM4JywgJ2ZvcnRyYW5fb3JkZXInOiBUcnVlLCAnc2hhcGUnOiAoMywgMiksIH0gICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAo/wAAAwAAAAMEAAAA6gxJvP4AAAD+AAAA+gAAAQIAAAEAAAAC/AAAAv4AAAL+AAAA="
      ))
    #expect(fortran.rowCount == 3 && fortran.columnCount == 2)
    #expect(
      fortran.elements == [
        Complex(1.5, -2), Complex(0.25, 4), Complex(-8, 1e-3), Complex(2, -0.5), Complex(1, 1),
        Complex(-1, -1),
      ])
    #expect(throws: NPYError.complexDataForRealMatrix("<c16")) { try Matrix<Double>(npyData: cOrder) }
    let real = try Matrix<C>(npyData: Self.bytes(EverydayReference.npyCOrderDouble))
    #expect(real.elements == EverydayReference.npyCOrderDoubleValues.map { C($0) })
    #expect(throws: NPYError.unsupportedDType("|u1")) {
      try Matrix<C>(npyData: Self.file(header: "{'descr': '|u1', 'fortran_order': False, 'shape': (1,), }"))
    }
    // Round trips through our own writer, both widths.
    let w = Matrix<C>([[C(1, -1), C(.infinity, 0)], [C(-0.0, 1e-310), C(3, 4)]])
    #expect(
      try Matrix<C>(npyData: w.npyData()).elements.map(\.real.bitPattern) == w.elements.map(\.real.bitPattern)
    )
    #expect(try Matrix<C>(npyData: w.npyData()) == w)
    let f = Matrix<Complex<Float>>([[Complex(1, 2), Complex(3, 4), Complex(5, 6)]])
    #expect(try Matrix<Complex<Float>>(npyData: f.npyData()) == f)
  }

  /// Fortran order larger than the reader's 32 × 32 tiles, with shapes that
  /// are not multiples of them (and a single row and column): the file's
  /// elements column by column must land at their row-major places.
  @Test(arguments: [(70, 45), (1, 100), (100, 1), (33, 64)])
  func readsFortranOrderAcrossTiles(rows: Int, columns: Int) throws {
    let a = Matrix<Double>(rows: rows, columns: columns) { i, j in Double(i * 1000 + j) + 0.5 }
    var data = Self.file(
      header: "{'descr': '<f8', 'fortran_order': True, 'shape': (\(rows), \(columns)), }")
    for j in 0..<columns {
      for i in 0..<rows {
        var bits = a[i, j].bitPattern.littleEndian
        withUnsafeBytes(of: &bits) { data.append(contentsOf: $0) }
      }
    }
    #expect(try Matrix<Double>(npyData: data) == a)
    #expect(
      try Matrix<Float>(npyData: data) == Matrix<Float>(rows: rows, columns: columns) { Float(a[$0, $1]) })
  }

  @Test func roundTrip() throws {
    let a: Matrix<Double> = [[1.5, -2, .infinity], [0, 1e-300, -0.0]]
    #expect(try Matrix<Double>(npyData: a.npyData()) == a)
    let f: Matrix<Float> = [[1, 2], [3, 4], [5, 6]]
    let data = f.npyData()
    #expect(data.count % 64 == 0 || (data.count - 6 * 4) % 64 == 0)
    #expect(try Matrix<Float>(npyData: data) == f)
    let empty = Matrix<Double>(rows: 0, columns: 4)
    #expect(try Matrix<Double>(npyData: empty.npyData()).columnCount == 4)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("npy-\(UUID().uuidString).npy")
    defer { try? FileManager.default.removeItem(at: url) }
    try a.writeNPY(to: url)
    #expect(try Matrix<Double>(contentsOfNPY: url) == a)
  }

  @Test func badFilesThrowNamedErrors() {
    #expect(throws: NPYError.notNPY) { try Matrix<Double>(npyData: Data("hello".utf8)) }
    #expect(throws: NPYError.unsupportedDType("<i8")) {
      try Matrix<Double>(npyData: Self.bytes(EverydayReference.npyInteger))
    }
    #expect(throws: NPYError.unsupportedShape("(2, 2, 2)")) {
      try Matrix<Double>(npyData: Self.bytes(EverydayReference.npyThreeDimensional))
    }
    let good = Self.bytes(EverydayReference.npyCOrderDouble)
    #expect(throws: NPYError.truncatedData(expectedBytes: 48, actualBytes: 40)) {
      try Matrix<Double>(npyData: good.prefix(good.count - 8))
    }
    var version = good
    version[6] = 4
    #expect(throws: NPYError.unsupportedVersion(major: 4, minor: 0)) { try Matrix<Double>(npyData: version) }
    #expect(throws: NPYError.self) { try Matrix<Double>(npyData: good.prefix(20)) }
    // A header that is not a dict, and a shape whose element count overflows.
    #expect(throws: NPYError.malformedHeader("the header is not a Python dict literal")) {
      try Matrix<Double>(npyData: Self.file(header: "[1, 2, 3]"))
    }
    #expect(throws: NPYError.unsupportedShape("(9223372036854775807, 9223372036854775807)")) {
      try Matrix<Double>(
        npyData: Self.file(
          header:
            "{'descr': '<f8', 'fortran_order': False, 'shape': (9223372036854775807, 9223372036854775807), }")
      )
    }
    #expect(throws: NPYError.self) {
      try Matrix<Double>(npyData: Self.file(header: "{'descr': '<f8', 'shape': (2, 2), }"))
    }
  }

  /// A version-1.0 file with the given header text and no data.
  static func file(header: String) -> Data {
    var data = Data([0x93, 0x4E, 0x55, 0x4D, 0x50, 0x59, 1, 0])
    let text = header + "\n"
    data.append(contentsOf: [UInt8(text.utf8.count & 0xFF), UInt8(text.utf8.count >> 8)])
    data.append(contentsOf: Array(text.utf8))
    return data
  }

  /// When python3 with numpy is on the machine, numpy reads our file back
  /// unchanged (skipped otherwise; the stored bytes above cover reading).
  @Test func numpyReadsWhatWeWrite() throws {
    let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let python, try numpyReads(Matrix<Double>(rows: 0, columns: 0), python) != "no numpy\n" else {
      return
    }
    let a: Matrix<Double> = [[1.5, -2, 3], [4, 5e-310, -6.25]]
    #expect(
      try numpyReads(a, python) == "float64 (2, 3) True [[1.5, -2.0, 3.0], [4.0, 5e-310, -6.25]]\n")
    let z = Matrix<Complex<Double>>([[Complex(1.5, -2), Complex(0, 1e-310)]])
    #expect(try numpyReads(z, python) == "complex128 (1, 2) True [[(1.5-2j), 1e-310j]]\n")
    let y = Matrix<Complex<Float>>([[Complex(0.5, 0.25)], [Complex(-1, 8)]])
    #expect(try numpyReads(y, python) == "complex64 (2, 1) True [[(0.5+0.25j)], [(-1+8j)]]\n")
  }

  /// What numpy prints of the file `a` writes: dtype, shape, C order, values.
  func numpyReads<Scalar>(_ a: Matrix<Scalar>, _ python: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("npy-\(UUID().uuidString).npy")
    defer { try? FileManager.default.removeItem(at: url) }
    try a.writeNPY(to: url)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [
      "-c",
      "import sys\ntry:\n import numpy as np\nexcept ImportError:\n print('no numpy'); sys.exit(0)\n"
        + "a = np.load(sys.argv[1]); print(a.dtype, a.shape, a.flags['C_CONTIGUOUS'], repr(a.tolist()))",
      url.path,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    process.waitUntilExit()
    return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }
}
