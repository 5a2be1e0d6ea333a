#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libprimesieve, loaded at run time when it is installed, so the benchmark
/// can time the anchor in the same process and run without it otherwise.
/// Nothing of it is linked into the package.
struct Primesieve {
  typealias Count = @convention(c) (UInt64, UInt64) -> UInt64
  typealias Generate =
    @convention(c) (UInt64, UInt64, UnsafeMutablePointer<Int>, Int32) -> UnsafeMutableRawPointer?
  typealias NthPrime = @convention(c) (Int64, UInt64) -> UInt64
  typealias SetThreads = @convention(c) (Int32) -> Void
  typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
  typealias Version = @convention(c) () -> UnsafePointer<CChar>

  let count: Count
  let generate: Generate
  let nthPrime: NthPrime
  let setThreads: SetThreads
  let free: Free
  let version: String
  /// primesieve_count_twins … primesieve_count_sextuplets, by k − 2.
  let countTuplets: [Count]

  /// primesieve's `UINT64_PRIMES` constant of its C API.
  static let uint64Primes: Int32 = 13

  /// The library, or nil when it is not installed.
  static let shared: Primesieve? = {
    let names = ["libprimesieve.so.11", "libprimesieve.so.12", "libprimesieve.so", "libprimesieve.dylib"]
    guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW) }).first else { return nil }
    func symbol<F>(_ name: String, as: F.Type) -> F? {
      dlsym(handle, name).map { unsafeBitCast($0, to: F.self) }
    }
    guard let count = symbol("primesieve_count_primes", as: Count.self),
      let generate = symbol("primesieve_generate_primes", as: Generate.self),
      let nth = symbol("primesieve_nth_prime", as: NthPrime.self),
      let setThreads = symbol("primesieve_set_num_threads", as: SetThreads.self),
      let free = symbol("primesieve_free", as: Free.self),
      let version = symbol("primesieve_version", as: Version.self)
    else { return nil }
    let tupletNames = ["twins", "triplets", "quadruplets", "quintuplets", "sextuplets"]
    let tuplets = tupletNames.compactMap { symbol("primesieve_count_\($0)", as: Count.self) }
    return Primesieve(
      count: count, generate: generate, nthPrime: nth, setThreads: setThreads, free: free,
      version: String(cString: version()), countTuplets: tuplets.count == 5 ? tuplets : [])
  }()
}

/// libprimecount, loaded at run time when it is installed (as libprimesieve
/// is), the anchor for combinatorial prime counting.
struct Primecount {
  typealias Pi = @convention(c) (Int64) -> Int64
  typealias NthPrime = @convention(c) (Int64) -> Int64
  typealias SetThreads = @convention(c) (Int32) -> Void
  typealias Version = @convention(c) () -> UnsafePointer<CChar>

  let pi: Pi
  let nthPrime: NthPrime
  let setThreads: SetThreads
  let version: String

  /// The library, or nil when it is not installed.
  static let shared: Primecount? = {
    let names = ["libprimecount.so.7", "libprimecount.so.8", "libprimecount.so", "libprimecount.dylib"]
    guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW) }).first else { return nil }
    func symbol<F>(_ name: String, as: F.Type) -> F? {
      dlsym(handle, name).map { unsafeBitCast($0, to: F.self) }
    }
    guard let pi = symbol("primecount_pi", as: Pi.self),
      let nth = symbol("primecount_nth_prime", as: NthPrime.self),
      let setThreads = symbol("primecount_set_num_threads", as: SetThreads.self),
      let version = symbol("primecount_version", as: Version.self)
    else { return nil }
    return Primecount(pi: pi, nthPrime: nth, setThreads: setThreads, version: String(cString: version()))
  }()
}
