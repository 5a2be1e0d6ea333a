extension Array {
  /// `Array(unsafeUninitializedCapacity:initializingWith:)` for a `count`
  /// that may be zero: an empty array then, without calling `initializer`.
  ///
  /// For a capacity of zero the standard library hands out its shared empty
  /// storage and still writes the count, 0, into it. The write is benign,
  /// but ThreadSanitizer reports it as a data race between threads that make
  /// empty arrays (seen in this package's suite with `--sanitize=thread`,
  /// an empty matrix made on one thread while another read the capacity of
  /// an empty array), and a client's sanitizer run should not stop on it.
  ///
  /// - Complexity: O(1) beyond what `initializer` does.
  @inlinable
  internal init(
    uninitializedCount count: Int,
    initializingWith initializer: (
      _ buffer: inout UnsafeMutableBufferPointer<Element>, _ initializedCount: inout Int
    ) throws -> Void
  ) rethrows {
    guard count > 0 else {
      self = []
      return
    }
    try self.init(unsafeUninitializedCapacity: count, initializingWith: initializer)
  }
}
