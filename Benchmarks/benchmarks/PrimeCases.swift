import CXX
import Primes

/// Prime cases: the C++ core against the same algorithms in Swift, and
/// against libprimesieve (the anchor) when it is installed.
enum PrimeCases {
  static let family = "Primes"
  static let anchorFamily = "Primes against libprimesieve"

  static func cases(quick: Bool, threads: Int) -> [BenchmarkCase] {
    var cases: [BenchmarkCase] = []
    func add(
      _ name: String, _ size: String, family: String = family, _ run: @escaping (TimingBudget) -> CaseResult
    ) {
      cases.append(BenchmarkCase(family: family, name: name, size: size, run: run))
    }
    add("classic sieve (vector<char> vs [Bool])", "1e7") { classicSieve(10_000_000, $0) }
    for exponent in quick ? [8] : [8, 9, 10] {
      add("count, segmented wheel, 1 thread", "1e\(exponent)") { count(power(exponent), $0) }
    }
    for exponent in quick ? [8] : [9] {
      add("generate, segmented wheel", "1e\(exponent)") { generate(power(exponent), $0) }
    }
    add("count by sieve, \(threads) threads", quick ? "1e9" : "1e10") {
      countThreaded(power(quick ? 9 : 10), threads, $0)
    }
    add("nthPrime", quick ? "1e7" : "1e8") { nth(power(quick ? 7 : 8), $0) }
    add("isPrime, random 64-bit", "100000 numbers") { primality($0) }
    add("primeFactors, random 62-bit semiprimes", quick ? "50 numbers" : "500 numbers") {
      factorization(quick ? 50 : 500, $0)
    }
    // The anchor: same thread count, same run.
    add("count", quick ? "1e9" : "1e10", family: anchorFamily) {
      anchorCount(power(quick ? 9 : 10), threads, $0.forAnchors)
    }
    add("generate into an array", quick ? "1e8" : "1e9", family: anchorFamily) {
      anchorGenerate(power(quick ? 8 : 9), $0.forAnchors)
    }
    add("nthPrime", quick ? "1e7" : "1e8", family: anchorFamily) {
      anchorNth(power(quick ? 7 : 8), threads, $0.forAnchors)
    }
    for kind in PrimeTuplet.allCases {
      add("\(kind) count, \(threads) threads", quick ? "1e9" : "1e10", family: anchorFamily) {
        anchorTuplets(kind, power(quick ? 9 : 10), threads, $0.forAnchors)
      }
    }
    return cases
  }

  static func power(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { value, _ in value * 10 } }

  static func classicSieve(_ limit: Int, _ budget: TimingBudget) -> CaseResult {
    var cxxCount: UInt64 = 0
    let cxx = measure(budget) { _ = core.classicSieveCount(UInt64(limit), &cxxCount) }
    var swiftCount = 0
    let swift = measure(budget) { swiftCount = SwiftPrimeSieve.classicPrimeCount(upTo: limit) }
    return .cxxVersusSwift(
      family: family, name: "classic sieve (vector<char> vs [Bool])", size: "1e7", cxx: cxx, swift: swift,
      work: Double(limit), unit: "numbers/s", agree: Int(cxxCount) == swiftCount)
  }

  static func count(_ limit: Int, _ budget: TimingBudget) -> CaseResult {
    var cxxCount: UInt64 = 0
    let cxx = measure(budget) { _ = core.countPrimesSingleThreaded(0, UInt64(limit), &cxxCount) }
    var swiftCount = 0
    let swift = measure(budget) { swiftCount = SwiftPrimeSieve.primeCount(upTo: limit) }
    return .cxxVersusSwift(
      family: family, name: "count, segmented wheel, 1 thread", size: label(limit), cxx: cxx, swift: swift,
      work: Double(limit), unit: "numbers/s", agree: Int(cxxCount) == swiftCount)
  }

  static func generate(_ limit: Int, _ budget: TimingBudget) -> CaseResult {
    var cxxLast = 0
    var cxxCount = 0
    let cxx = measure(budget) {
      let result = primes(upTo: limit)
      cxxCount = result.count
      cxxLast = result.last ?? 0
    }
    var swiftLast = 0
    var swiftCount = 0
    let swift = measure(budget) {
      let result = SwiftPrimeSieve.primes(upTo: limit)
      swiftCount = result.count
      swiftLast = result.last ?? 0
    }
    return .cxxVersusSwift(
      family: family, name: "generate, segmented wheel", size: label(limit), cxx: cxx, swift: swift,
      work: Double(limit), unit: "numbers/s", agree: cxxCount == swiftCount && cxxLast == swiftLast)
  }

  static func countThreaded(_ limit: Int, _ threads: Int, _ budget: TimingBudget) -> CaseResult {
    var result: UInt64 = 0
    let cxx = measure(budget) { _ = core.countPrimesBySieve(0, UInt64(limit), &result) }
    return .cxxVersusSwift(
      family: family, name: "count by sieve, \(threads) threads", size: label(limit), cxx: cxx, swift: nil,
      work: Double(limit), unit: "numbers/s", agree: nil,
      note: "Swift path is single-threaded; π = \(result)")
  }

  static func nth(_ n: Int, _ budget: TimingBudget) -> CaseResult {
    var result = 0
    let cxx = measure(budget) { result = nthPrime(n) }
    return .cxxVersusSwift(
      family: family, name: "nthPrime", size: label(n), cxx: cxx, swift: nil, work: 1, unit: "calls/s",
      agree: nil, note: "no Swift version; p = \(result)")
  }

  static func primality(_ budget: TimingBudget) -> CaseResult {
    var generator = BenchmarkRandom(seed: 64)
    let numbers = (0..<100_000).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) | 1 }
    var found = 0
    let cxx = measure(budget) { found = numbers.count { isPrime($0) } }
    return .cxxVersusSwift(
      family: family, name: "isPrime, random 64-bit", size: "100000 numbers", cxx: cxx, swift: nil,
      work: Double(numbers.count), unit: "tests/s", agree: nil,
      note: "no Swift version of Miller-Rabin; \(found) primes among the odd inputs")
  }

  static func factorization(_ count: Int, _ budget: TimingBudget) -> CaseResult {
    var generator = BenchmarkRandom(seed: 62)
    let semiprimes = (0..<count).map { _ -> UInt64 in
      let p = nextPrime(after: UInt64.random(in: (1 << 30)..<(1 << 31), using: &generator))!
      let q = nextPrime(after: UInt64.random(in: (1 << 30)..<(1 << 31), using: &generator))!
      return p * q
    }
    var correct = true
    let cxx = measure(budget) {
      correct = semiprimes.allSatisfy { n in
        let factors = primeFactors(of: n)
        return factors.count == 2 && factors[0] * factors[1] == n
      }
    }
    return .cxxVersusSwift(
      family: family, name: "primeFactors, random 62-bit semiprimes", size: "\(count) numbers", cxx: cxx,
      swift: nil, work: Double(count), unit: "factorizations/s", agree: nil,
      note: correct ? "no Swift version; all factorizations checked" : "WRONG FACTORIZATION")
  }

  // MARK: Against libprimesieve

  static func anchorResult(
    name: String, size: String, ours: Measurement, theirs: Measurement?, work: Double, unit: String,
    agree: Bool?, target: Double
  ) -> CaseResult {
    CaseResult(
      family: anchorFamily, name: name, size: size, firstPath: "ours (C++ core)", secondPath: "libprimesieve",
      first: ours, second: theirs, ratio: theirs.map { pairedRatio(ours, $0) },
      ratioDefinition: "ours / libprimesieve (median of pairs)", throughput: work / ours.median,
      throughputUnit: unit,
      agree: agree,
      note: theirs == nil ? "libprimesieve not installed (apt-get install libprimesieve-dev)" : nil,
      target: target)
  }

  /// Times `ours` and, when libprimesieve is loaded, the call `anchor`
  /// prepares, alternately (see `measureAlternately`); without the library,
  /// `ours` alone.
  static func timeAgainstAnchor(
    _ budget: TimingBudget, ours: () -> Void, anchor: (Primesieve) -> () -> Void
  ) -> (Measurement, Measurement?) {
    guard let library = Primesieve.shared else { return (measure(budget, ours), nil) }
    let theirs = anchor(library)
    let (oursTime, theirsTime) = measureAlternately(budget, ours, theirs)
    return (oursTime, theirsTime)
  }

  static func anchorCount(_ limit: Int, _ threads: Int, _ budget: TimingBudget) -> CaseResult {
    // The sieve against the sieve: primeCount(upTo:) itself counts
    // combinatorially at this size (see PrimeCountingCases).
    var ours: UInt64 = 0
    var theirs: UInt64 = 0
    let (oursTime, theirsTime) = timeAgainstAnchor(budget) {
      _ = core.countPrimesBySieve(0, UInt64(limit), &ours)
    } anchor: { library in
      library.setThreads(Int32(threads))
      return { theirs = library.count(0, UInt64(limit)) }
    }
    return anchorResult(
      name: "count, \(threads) threads", size: label(limit), ours: oursTime, theirs: theirsTime,
      work: Double(limit), unit: "numbers/s", agree: theirsTime == nil ? nil : ours == theirs,
      target: 1.25)
  }

  static func anchorGenerate(_ limit: Int, _ budget: TimingBudget) -> CaseResult {
    var ours = (0, 0)
    var theirs = (0, 0)
    let (oursTime, theirsTime) = timeAgainstAnchor(budget) {
      let result = primes(upTo: limit)
      ours = (result.count, result.last ?? 0)
    } anchor: { library in
      {
        var size = 0
        let pointer = library.generate(0, UInt64(limit), &size, Primesieve.uint64Primes)
        let values = pointer?.assumingMemoryBound(to: UInt64.self)
        theirs = (size, size > 0 ? Int(values![size - 1]) : 0)
        library.free(pointer)
      }
    }
    return anchorResult(
      name: "generate into an array", size: label(limit), ours: oursTime, theirs: theirsTime,
      work: Double(limit), unit: "numbers/s", agree: theirsTime == nil ? nil : ours == theirs, target: 1.5)
  }

  static func anchorNth(_ n: Int, _ threads: Int, _ budget: TimingBudget) -> CaseResult {
    var ours = 0
    var theirs: UInt64 = 0
    let (oursTime, theirsTime) = timeAgainstAnchor(budget) {
      ours = nthPrime(n)
    } anchor: { library in
      library.setThreads(Int32(threads))
      return { theirs = library.nthPrime(Int64(n), 0) }
    }
    return anchorResult(
      name: "nthPrime, \(threads) threads", size: label(n), ours: oursTime, theirs: theirsTime, work: 1,
      unit: "calls/s", agree: theirsTime == nil ? nil : UInt64(ours) == theirs, target: 1.5)
  }

  static func anchorTuplets(_ kind: PrimeTuplet, _ limit: Int, _ threads: Int, _ budget: TimingBudget)
    -> CaseResult
  {
    var ours = 0
    var theirs: UInt64 = 0
    let (oursTime, theirsTime) = timeAgainstAnchor(budget) {
      ours = primeTupletCount(kind, in: 0...limit)
    } anchor: { library in
      library.setThreads(Int32(threads))
      let count = library.countTuplets.isEmpty ? nil : library.countTuplets[kind.rawValue - 2]
      return { theirs = count?(0, UInt64(limit)) ?? 0 }
    }
    return anchorResult(
      name: "\(kind) count, \(threads) threads", size: label(limit), ours: oursTime, theirs: theirsTime,
      work: Double(limit), unit: "numbers/s", agree: theirsTime == nil ? nil : UInt64(ours) == theirs,
      target: 1.25)
  }

  static func label(_ value: Int) -> String {
    var exponent = 0
    var rest = value
    while rest >= 10 && rest % 10 == 0 {
      rest /= 10
      exponent += 1
    }
    return rest == 1 && exponent > 0 ? "1e\(exponent)" : "\(value)"
  }
}
