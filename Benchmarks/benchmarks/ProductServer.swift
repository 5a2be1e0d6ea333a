import Foundation
import LinearAlgebra

/// `--serve-products`: times one `Matrix *` product per request, so that
/// `peers.py` can time ours and numpy's `a @ b` in lock step, one call
/// each, from two processes that stay alive (processes started one after
/// the other run minutes apart, and this machine's speed moves by 20%
/// between minutes).
///
/// Each line of standard input names a scalar type and a size, `Double
/// 1024` or `Float 2048`; the answer, on its own line of standard output,
/// is the seconds the product of two n×n matrices took (the inputs of the
/// benchmark's product cases, made once per type and size and kept; the
/// result allocated per call, as numpy's is). A line that is not a request
/// gets `error: ` and the reason. Ends at the end of the input.
enum ProductServer {
  /// The two factors of the products, by size.
  typealias Inputs<T: RealMatrixScalar> = [Int: (Matrix<T>, Matrix<T>)]

  static func run() {
    var doubleInputs: Inputs<Double> = [:]
    var floatInputs: Inputs<Float> = [:]
    while let line = readLine() {
      let words = line.split(separator: " ")
      if words.count == 2, let n = Int(words[1]), n >= 1, n <= 16384 {
        switch words[0] {
        case "Double":
          answer("\(timeProduct(&doubleInputs, n))")
        case "Float":
          answer("\(timeProduct(&floatInputs, n))")
        default:
          answer("error: unknown scalar type '\(words[0])' (Double or Float)")
        }
      } else {
        answer("error: expected a scalar type and a size from 1 to 16384, e.g. 'Double 1024'; got '\(line)'")
      }
    }
  }

  /// Writes one line to standard output at once (unbuffered: the peer
  /// script waits for it).
  static func answer(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// The seconds one n×n product takes, with inputs made on first use.
  static func timeProduct<T: RealMatrixScalar>(_ inputs: inout Inputs<T>, _ n: Int) -> Double {
    let (a, b) = inputs[n] ?? (MatrixCases.input(T.self, n, seed: 31), MatrixCases.input(T.self, n, seed: 32))
    inputs[n] = (a, b)
    let start = now()
    let product = a * b
    let elapsed = now() - start
    blackHole(product)
    return elapsed
  }
}
