internal import CXX

/// How many threads the C++ matrix core uses.
///
/// Large products and decompositions (the LU family — `solve`,
/// `inverse`, `determinant`, `luDecomposition` — Cholesky, QR, the SVD and
/// what is built on it, the symmetric eigensolver) split their work across
/// the core's own thread pool; small problems always run on the calling
/// thread. Results do not depend on the count beyond rounding.
///
///     LinearAlgebraThreads.count = 1   // everything on the calling thread
///
/// The pool serves one operation at a time: an operation started while
/// another thread's operation holds the pool runs on its own thread. Each
/// thread that computes large products keeps its packing buffers (up to
/// about 7 MB) for the next product.
public enum LinearAlgebraThreads {
  /// The number of threads, the calling one included.
  ///
  /// Defaults to the machine's hardware threads; setting a value below 1
  /// restores the default. Setting it waits for a running operation.
  public static var count: Int {
    get { Int(core.matrixThreadCount()) }
    set { core.setMatrixThreadCount(Int32(clamping: newValue)) }
  }
}
