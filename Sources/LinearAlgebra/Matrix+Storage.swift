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
    try [Scalar](uninitializedCount: count) { buffer, initializedCount in
      guard let elements = buffer.baseAddress, count > 0 else { return }
      let byteCount = count &* MemoryLayout<Scalar>.stride
      if byteCount >= largePageBytes {
        adviseLargePages(UnsafeMutableRawPointer(elements), byteCount: byteCount)
      }
      try initialize(elements, &initializedCount)
    }
  }
}

/// The element count up to which fresh storage is allocated zeroed by
/// `zeroedSmallArray` rather than uninitialized.
@inlinable
internal var smallStorageLimit: Int { 256 }

/// A zeroed array of `count` (at most a few hundred) elements, allocated
/// through `reserveCapacity`, which the caller specializes. Both
/// `Array(unsafeUninitializedCapacity:)` and `Array(repeating:count:)` call
/// the standard library's generic allocation entry point, which looks the
/// storage class's metadata up at run time on every call: a quarter of a
/// 4×4 product (measured: 45 → 35 ns) and three quarters of a 4×4
/// matrix-vector product.
///
/// The array is made for the concrete element type, chosen by a test that
/// folds away in a specialized caller: called from an unspecialized generic
/// function (the core wrappers of `inverse()`, `cholesky()`, `qr()`, …),
/// the generic `append(contentsOf:)` walked the repeated zeros one witness
/// call at a time, about 170 ns per element (a 16×16 Double inverse took
/// 47 µs, more than a 64×64 one).
@inlinable
internal func zeroedSmallArray<Scalar: MatrixScalar>(of _: Scalar.Type, count: Int) -> [Scalar] {
  switch CoreElementKind(Scalar.self) {
  case .double: unsafeBitCast(zeroedArray(of: Double.self, count: count), to: [Scalar].self)
  case .float: unsafeBitCast(zeroedArray(of: Float.self, count: count), to: [Scalar].self)
  case .complexDouble: unsafeBitCast(zeroedArray(of: Complex<Double>.self, count: count), to: [Scalar].self)
  case .complexFloat: unsafeBitCast(zeroedArray(of: Complex<Float>.self, count: count), to: [Scalar].self)
  }
}

/// `zeroedSmallArray` for a concrete element type.
@inlinable
internal func zeroedArray<Element: MatrixScalar>(of _: Element.Type, count: Int) -> [Element] {
  var array: [Element] = []
  array.reserveCapacity(count)
  array.append(contentsOf: repeatElement(.zero, count: count))
  return array
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
