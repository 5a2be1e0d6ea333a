import CXX

/// The primes in `[low, high]` as `Element` values, written by the C++ core
/// straight into the storage of the returned array (no intermediate copy).
///
/// The array is allocated once, with room for an upper bound on the count
/// (within about 0.1% of the true count for large ranges).
///
/// - Precondition: The result fits in memory.
func generatePrimes<Element: FixedWidthInteger>(
  from low: UInt64, through high: UInt64, as _: Element.Type
) -> [Element] {
  precondition(MemoryLayout<Element>.stride == MemoryLayout<UInt64>.stride)
  let capacity = core.primeCountUpperBound(low, high)
  let bytes = capacity.multipliedReportingOverflow(by: UInt64(MemoryLayout<UInt64>.stride))
  precondition(
    !bytes.overflow && bytes.partialValue <= core.physicalMemoryBytes(),
    "The primes in [\(low), \(high)] (up to \(capacity) values, 8 bytes each) do not fit in this machine's memory"
  )
  return [Element](unsafeUninitializedCapacity: Int(capacity)) { buffer, count in
    guard let base = buffer.baseAddress else { return }
    var written: UInt64 = 0
    let status = UnsafeMutableRawPointer(base).withMemoryRebound(
      to: UInt64.self, capacity: buffer.count
    ) { out in
      core.generatePrimes(low, high, out, capacity, &written)
    }
    precondition(status == .ok, "Prime generation in [\(low), \(high)] failed in the core: \(status)")
    count = Int(written)
  }
}
