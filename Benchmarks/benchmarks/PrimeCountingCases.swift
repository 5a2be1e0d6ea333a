import CXX
import Primes

/// Combinatorial prime counting: the C++ core's Deléglise–Rivat against a
/// pure-Swift counting method, and against libprimecount (the anchor) in the
/// same process at the same thread count when it is installed.
enum PrimeCountingCases {
  static let family = "Primes"
  static let anchorFamily = "Prime counting against primecount"

  static func cases(quick: Bool, threads: Int) -> [BenchmarkCase] {
    var cases: [BenchmarkCase] = []
    let swiftExponent = quick ? 10 : 11
    cases.append(
      BenchmarkCase(
        family: family, name: "count, combinatorial, \(threads) threads", size: "1e\(swiftExponent)"
      ) {
        combinatorialVersusSwift(PrimeCases.power(swiftExponent), $0)
      })
    for exponent in quick ? [12] : [12, 14, 16] {
      cases.append(
        BenchmarkCase(family: anchorFamily, name: "primeCount, \(threads) threads", size: "1e\(exponent)") {
          anchorCount(PrimeCases.power(exponent), threads, $0.forAnchors)
        })
    }
    cases.append(
      BenchmarkCase(family: anchorFamily, name: "nthPrime, \(threads) threads", size: "1e12") {
        anchorNth(PrimeCases.power(12), threads, $0.forAnchors)
      })
    return cases
  }

  static func combinatorialVersusSwift(_ limit: Int, _ budget: TimingBudget) -> CaseResult {
    var cxxCount = 0
    let cxx = measure(budget) { cxxCount = primeCount(upTo: limit) }
    var swiftCount = 0
    let swift = measure(budget) { swiftCount = SwiftPrimeCounting.primeCount(upTo: limit) }
    return .cxxVersusSwift(
      family: family, name: "count, combinatorial", size: PrimeCases.label(limit), cxx: cxx, swift: swift,
      work: 1, unit: "calls/s", agree: cxxCount == swiftCount,
      note: "C++ Deléglise–Rivat (all threads) vs Swift ⌊x/n⌋ recurrence (one thread); π = \(cxxCount)")
  }

  static func anchorResult(
    name: String, size: String, ours: Measurement, theirs: Measurement?, agree: Bool?
  ) -> CaseResult {
    CaseResult(
      family: anchorFamily, name: name, size: size, firstPath: "ours (C++ core)", secondPath: "libprimecount",
      first: ours, second: theirs, ratio: theirs.map { pairedRatio(ours, $0) },
      ratioDefinition: "ours / libprimecount (median of pairs)", throughput: 1 / ours.median,
      throughputUnit: "calls/s",
      agree: agree,
      note: theirs == nil ? "libprimecount not installed (apt-get install libprimecount-dev)" : nil,
      target: 1.5)
  }

  static func timeAgainstAnchor(
    _ budget: TimingBudget, threads: Int, ours: () -> Void, theirs: (Primecount) -> Void
  ) -> (Measurement, Measurement?) {
    guard let library = Primecount.shared else { return (measure(budget, ours), nil) }
    library.setThreads(Int32(threads))
    return measureAlternately(budget, ours) { theirs(library) }
  }

  static func anchorCount(_ limit: Int, _ threads: Int, _ budget: TimingBudget) -> CaseResult {
    var ours = 0
    var theirs: Int64 = -1
    let (oursTime, theirsTime) = timeAgainstAnchor(budget, threads: threads) {
      ours = primeCount(upTo: limit)
    } theirs: { library in
      theirs = library.pi(Int64(limit))
    }
    return anchorResult(
      name: "primeCount, \(threads) threads", size: PrimeCases.label(limit), ours: oursTime,
      theirs: theirsTime,
      agree: theirsTime == nil ? nil : Int64(ours) == theirs)
  }

  static func anchorNth(_ n: Int, _ threads: Int, _ budget: TimingBudget) -> CaseResult {
    var ours = 0
    var theirs: Int64 = -1
    let (oursTime, theirsTime) = timeAgainstAnchor(budget, threads: threads) {
      ours = nthPrime(n)
    } theirs: { library in
      theirs = library.nthPrime(Int64(n))
    }
    return anchorResult(
      name: "nthPrime, \(threads) threads", size: PrimeCases.label(n), ours: oursTime, theirs: theirsTime,
      agree: theirsTime == nil ? nil : Int64(ours) == theirs)
  }
}
