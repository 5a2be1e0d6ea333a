/// Why a `.npy` file could not be read.
public enum NPYError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The data does not start with numpy's magic string `\x93NUMPY`.
  case notNPY
  /// A format version other than 1.0, 2.0 or 3.0.
  case unsupportedVersion(major: Int, minor: Int)
  /// The header is cut short, is not a Python dict literal, or lacks a key.
  case malformedHeader(String)
  /// An element type other than float32, float64, complex64 or complex128
  /// (`<f4`, `>f8`, `<c16`, ...).
  case unsupportedDType(String)
  /// A complex64 or complex128 file read as a real matrix (read it as
  /// `Matrix<Complex<Float>>` or `Matrix<Complex<Double>>`).
  case complexDataForRealMatrix(String)
  /// A shape that is not 1-D or 2-D, or whose element count overflows.
  case unsupportedShape(String)
  /// Fewer data bytes than the shape needs.
  case truncatedData(expectedBytes: Int, actualBytes: Int)

  public var description: String {
    switch self {
    case .notNPY: return "not a .npy file (the magic string \\x93NUMPY is missing)"
    case .unsupportedVersion(let major, let minor):
      return ".npy format version \(major).\(minor) is not supported"
    case .malformedHeader(let reason): return "malformed .npy header: \(reason)"
    case .unsupportedDType(let descr):
      return "unsupported .npy dtype '\(descr)' (float32, float64, complex64 or complex128 only)"
    case .complexDataForRealMatrix(let descr):
      return ".npy dtype '\(descr)' is complex; read it as a matrix of Complex<Float> or Complex<Double>"
    case .unsupportedShape(let shape): return "unsupported .npy shape \(shape) (1-D or 2-D only)"
    case .truncatedData(let expected, let actual):
      return ".npy data is truncated: the shape needs \(expected) bytes, the file has \(actual)"
    }
  }
}
