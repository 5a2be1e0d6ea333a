/// One row of the benchmark: a case run through two paths.
struct CaseResult: Codable {
  var family: String
  var name: String
  var size: String
  /// What the first path runs (the C++ core, or ours against a peer).
  var firstPath: String
  /// What the second path runs (pure Swift, or the peer library).
  var secondPath: String
  var first: Measurement
  /// Absent when the second path does not exist; `note` then says why.
  var second: Measurement?
  /// The ratio shown in the table (see `ratioDefinition`).
  var ratio: Double?
  var ratioDefinition: String
  /// Work per second of the first path, in `throughputUnit`.
  var throughput: Double?
  var throughputUnit: String
  /// Whether both paths gave the same answer (nil when there is one path).
  var agree: Bool?
  var note: String?
  /// A target for `ratio`, where the project has one.
  var target: Double?
}

/// A case before it runs: its family, name and size for filtering, and how
/// to run it.
struct BenchmarkCase {
  var family: String
  var name: String
  var size: String
  var run: (TimingBudget) -> CaseResult

  /// Whether the case's family, name or size contains one of the lowercased
  /// `filters` (every case matches no filter).
  func matches(_ filters: [String]) -> Bool {
    let text = "\(family) \(name) \(size)".lowercased()
    return filters.isEmpty || filters.contains { text.contains($0) }
  }
}

extension CaseResult {
  /// A C++-versus-Swift result; the ratio is Swift time / C++ time: of the
  /// medians, or, when `paired` (both timed by `measureAlternately`), the
  /// median of the pairs' ratios (see `pairedRatio`). `target` is the
  /// ratio the issue asks for, where it asks for one.
  static func cxxVersusSwift(
    family: String, name: String, size: String, cxx: Measurement, swift: Measurement?,
    work: Double, unit: String, agree: Bool?, note: String? = nil,
    firstPath: String = "C++ core", secondPath: String = "Swift", paired: Bool = false,
    target: Double? = nil
  ) -> CaseResult {
    CaseResult(
      family: family, name: name, size: size, firstPath: firstPath, secondPath: secondPath, first: cxx,
      second: swift, ratio: swift.map { paired ? pairedRatio($0, cxx) : $0.median / cxx.median },
      ratioDefinition: "\(secondPath) / \(firstPath)" + (paired ? " (median of pairs)" : ""),
      throughput: work / cxx.median, throughputUnit: unit, agree: agree, note: note, target: target)
  }
}
