#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The size of one core's L1 data cache in bytes, or 0 when the system does
/// not say; the Swift sieve picks its L1 blocks from it as the C++ core does
/// (`L1Blocking.cpp`).
func l1DataCacheBytes() -> Int {
  #if canImport(Glibc) || canImport(Musl)
    return max(0, sysconf(Int32(_SC_LEVEL1_DCACHE_SIZE)))
  #elseif canImport(Darwin)
    var bytes: Int64 = 0
    var length = MemoryLayout<Int64>.size
    guard sysctlbyname("hw.l1dcachesize", &bytes, &length, nil, 0) == 0 else { return 0 }
    return Int(max(0, bytes))
  #else
    return 0
  #endif
}
