internal import CXX

extension Matrix {
  /// Fresh row-major storage for `count` elements, written by `initialize`.
  ///
  /// `initialize` receives the uninitialized elements and must initialize
  /// the first `initializedCount` of them (all `count` when it returns
  /// normally). Storage of 2 MiB or more is marked for transparent huge
  /// pages before its first write, as the core marks the results it writes:
  /// fewer page faults here and fewer TLB misses in the kernels that read
  /// the matrix later (numpy does the same for its arrays).
  ///
  /// - Complexity: O(1) beyond what `initialize` does.
  @inlinable
  internal static func makeStorage(
    count: Int,
    _ initialize: (_ elements: UnsafeMutablePointer<Scalar>, _ initializedCount: inout Int) throws -> Void
  ) rethrows -> [Scalar] {
    try [Scalar](unsafeUninitializedCapacity: count) { buffer, initializedCount in
      guard let elements = buffer.baseAddress, count > 0 else { return }
      let byteCount = count &* MemoryLayout<Scalar>.stride
      if byteCount >= largePageBytes {
        adviseLargePages(UnsafeMutableRawPointer(elements), byteCount: byteCount)
      }
      try initialize(elements, &initializedCount)
    }
  }
}

/// The size of a transparent huge page on x86-64 and most arm64 Linux
/// systems; smaller buffers hold no whole one.
@usableFromInline
internal let largePageBytes = 1 << 21

/// Asks the core to back the whole huge pages inside fresh storage with
/// huge pages (Linux; elsewhere it does nothing).
@usableFromInline
internal func adviseLargePages(_ start: UnsafeMutableRawPointer, byteCount: Int) {
  core.adviseLargePages(start, byteCount)
}
