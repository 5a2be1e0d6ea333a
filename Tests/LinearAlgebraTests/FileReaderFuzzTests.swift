import Foundation
import LinearAlgebra
import Testing

/// The `.npy` and Matrix Market readers on mutated copies of valid files
/// (bytes changed, cut, or replaced by header tokens such as huge shapes):
/// each input is either read or rejected with an error, never a trap. The
/// first run (300,000 inputs per seed, 40 seeds) found two traps in the
/// Matrix Market reader (more than 2^31 − 1 columns; an entry of a matrix
/// with no rows), now errors with their own cases in MatrixMarketTests.
@Suite("File readers on mutated input")
struct FileReaderFuzzTests {
  /// How many inputs the readers took and rejected.
  struct Tally {
    var accepted = 0, rejected = 0

    /// Runs each read: one that returns must return true (a consistent
    /// result); one that throws counts as rejected.
    mutating func record(_ reads: [() throws -> Bool], input: Int) {
      for read in reads {
        if let consistent = try? read() {
          #expect(consistent, "input \(input)")
          accepted += 1
        } else {
          rejected += 1
        }
      }
    }
  }

  @Test func npyReaderReadsOrThrows() {
    let seeds: [Data] = [
      Matrix<Double>([[1, 2, 3], [4, 5, 6]]).npyData(), Matrix<Float>([[1, 2], [3, 4]]).npyData(),
      Matrix<Double>(rows: 0, columns: 3).npyData(),
    ]
    var rng = SeededGenerator(seed: 1)
    let tokens = [
      "'<f8'", "'>f8'", "'<f4'", "'|u1'", "'<c16'", "(2, 3)", "(0,)", "(18446744073709551615, 2)", "(-1, 2)",
      "(99999999999, 99999999999)", "True", "False", "'descr'", "'shape'", "'fortran_order'", "{", "}", ",",
      ":", " ",
      "(", ")", "9223372036854775807", "()", "(3,)", "(1, 2, 3)", "\n",
    ]
    var tally = Tally()
    for iteration in 0..<30_000 {
      var data = seeds[iteration % seeds.count]
      let mutations = Int.random(in: 1...4, using: &rng)
      for _ in 0..<mutations {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0 where !data.isEmpty:
          data[Int.random(in: 0..<data.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
        case 1 where !data.isEmpty:
          data.removeSubrange(Int.random(in: 0..<data.count, using: &rng)..<data.count)
        case 2:
          let header = 10
          let position = Int.random(in: min(header, data.count)...min(data.count, 80), using: &rng)
          data.insert(contentsOf: Array(tokens.randomElement(using: &rng)!.utf8), at: position)
        case 3 where data.count > 12:
          let start = Int.random(in: 10..<min(data.count, 80), using: &rng)
          let end = min(data.count, start + Int.random(in: 1...12, using: &rng))
          data.replaceSubrange(start..<end, with: Array(tokens.randomElement(using: &rng)!.utf8))
        case 4 where data.count > 9:
          data[8] = UInt8.random(in: 0...255, using: &rng)
          data[9] = UInt8.random(in: 0...255, using: &rng)
        case 5 where data.count > 7:
          data[6] = UInt8.random(in: 0...4, using: &rng)
        default:
          break
        }
      }
      tally.record(
        [
          { try Matrix<Double>(npyData: data).shapeMatchesElements },
          { try Matrix<Float>(npyData: data).shapeMatchesElements },
        ], input: iteration)
    }
    // Both outcomes occur, so the mutations reach past the first checks.
    #expect(tally.accepted > 1000 && tally.rejected > 1000, "\(tally)")
  }

  @Test func matrixMarketReaderReadsOrThrows() {
    let seeds = [
      "%%MatrixMarket matrix coordinate real general\n% c\n3 3 4\n1 1 1.5\n2 2 -2\n3 1 4e3\n3 3 1\n",
      "%%MatrixMarket matrix coordinate real symmetric\n2 2 2\n1 1 4\n2 1 1\n",
      "%%MatrixMarket matrix coordinate pattern general\n2 2 2\n1 1\n2 2\n",
      "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n",
      "%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 1\n2 1 5\n",
    ]
    let tokens = [
      "0", "-1", "18446744073709551616", "9223372036854775807", "99999999999", "nan", "inf", "1e400", " ",
      "\n",
      "%", "%%MatrixMarket", "hermitian", "complex", "array", "coordinate", "pattern", "general", "symmetric",
      "\t",
      "3", "2", "1.5", "e", "-", "+",
    ]
    var rng = SeededGenerator(seed: 1)
    var tally = Tally()
    for iteration in 0..<30_000 {
      var text = Array(seeds[iteration % seeds.count].utf8)
      for _ in 0..<Int.random(in: 1...4, using: &rng) {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0 where !text.isEmpty:
          text[Int.random(in: 0..<text.count, using: &rng)] = UInt8.random(in: 32...126, using: &rng)
        case 1 where !text.isEmpty:
          let start = Int.random(in: 0..<text.count, using: &rng)
          text.removeSubrange(start..<min(text.count, start + Int.random(in: 1...6, using: &rng)))
        case 2:
          text.insert(
            contentsOf: Array(tokens.randomElement(using: &rng)!.utf8),
            at: Int.random(in: 0...text.count, using: &rng))
        default:
          if !text.isEmpty {
            let start = Int.random(in: 0..<text.count, using: &rng)
            let end = min(text.count, start + Int.random(in: 1...4, using: &rng))
            text.replaceSubrange(start..<end, with: Array(tokens.randomElement(using: &rng)!.utf8))
          }
        }
      }
      let string = String(decoding: text, as: UTF8.self)
      tally.record(
        [
          { try SparseMatrix<Double>(matrixMarket: string).isWellFormed },
          { try SparseMatrix<Float>(matrixMarket: string).isWellFormed },
        ], input: iteration)
    }
    #expect(tally.accepted > 300 && tally.rejected > 1000, "\(tally)")
  }
}

extension Matrix {
  /// Whether the element count is rows × columns.
  fileprivate var shapeMatchesElements: Bool { elements.count == rowCount * columnCount }
}

extension SparseMatrix {
  /// Whether the CSR arrays agree with each other and with the shape.
  fileprivate var isWellFormed: Bool {
    rowStarts.count == rowCount + 1 && rowStarts.first == 0 && rowStarts.last == nonzeroCount
      && columnIndices.count == nonzeroCount && zip(rowStarts, rowStarts.dropFirst()).allSatisfy { $0 <= $1 }
      && columnIndices.allSatisfy { $0 >= 0 && Int($0) < columnCount }
  }
}
