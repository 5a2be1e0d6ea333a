internal import CXX

/// Settings of the C++ prime sieve.
public enum PrimeSieve {
  /// The number of threads that counting (`primeCount`, `nthPrime`) uses.
  ///
  /// Defaults to the machine's hardware threads; setting a value below 1
  /// restores the default. Results never depend on it.
  public static var threadCount: Int {
    get { Int(core.primeThreadCount()) }
    set { core.setPrimeThreadCount(Int32(clamping: newValue)) }
  }
}
