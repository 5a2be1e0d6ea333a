/// Why a Matrix Market (`.mtx`) text could not be read: the line (counted
/// from 1) and what is wrong there.
public struct MatrixMarketError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line of the text where the problem is (1 for the banner; the last
  /// line plus one for missing entries).
  public let line: Int
  /// What is wrong.
  public let reason: String

  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }

  public var description: String { "Matrix Market line \(line): \(reason)" }
}
