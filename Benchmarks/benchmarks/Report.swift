import Foundation

/// Prints results as one table per family.
enum Report {
  static func duration(_ seconds: Double?) -> String {
    guard let seconds, seconds.isFinite else { return "—" }
    switch seconds {
    case ..<1e-6: return String(format: "%.0f ns", seconds * 1e9)
    case ..<1e-3: return String(format: "%.1f µs", seconds * 1e6)
    case ..<1: return String(format: "%.2f ms", seconds * 1e3)
    default: return String(format: "%.2f s", seconds)
    }
  }

  static func quantity(_ value: Double?, _ unit: String) -> String {
    guard let value, value.isFinite else { return "—" }
    if unit == "GFLOP/s" { return String(format: "%.2f %@", value, unit) }
    let (scaled, prefix): (Double, String) =
      value >= 1e9
      ? (value / 1e9, "G")
      : value >= 1e6 ? (value / 1e6, "M") : value >= 1e3 ? (value / 1e3, "k") : (value, "")
    return String(format: "%.2f %@ %@", scaled, prefix, unit)
  }

  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let count = text.count
    guard count < width else { return text }
    let padding = String(repeating: " ", count: width - count)
    return right ? padding + text : text + padding
  }

  static func table(for results: [CaseResult]) -> String {
    guard let sample = results.first else { return "" }
    let ratioHeader = sample.ratioDefinition
    let hasTarget = results.contains { $0.target != nil }
    var header = ["case", "size", sample.firstPath, sample.secondPath, ratioHeader, "throughput", "agree"]
    if hasTarget { header.insert("target", at: 5) }
    var rows: [[String]] = [header]
    for result in results {
      var row = [
        result.name, result.size,
        duration(result.first.median) + String(format: " ±%.0f%%", result.first.spread * 100),
        result.second.map { duration($0.median) + String(format: " ±%.0f%%", $0.spread * 100) } ?? "—",
        result.ratio.map { String(format: "%.2f×", $0) } ?? "—",
        quantity(result.throughput, result.throughputUnit),
        result.agree.map { $0 ? "yes" : "NO" } ?? "n/a",
      ]
      if hasTarget { row.insert(result.target.map { String(format: "≤ %.2f×", $0) } ?? "", at: 5) }
      rows.append(row)
    }
    let widths = (0..<header.count).map { column in rows.map { $0[column].count }.max() ?? 0 }
    var lines = rows.map { row in
      row.enumerated().map { column, text in pad(text, widths[column], right: column >= 2) }.joined(
        separator: "  ")
    }
    lines.insert(String(repeating: "-", count: lines[0].count), at: 1)
    // One line per distinct note; the size is named only when notes differ by size.
    var notes: [String] = []
    for result in results {
      guard let note = result.note else { continue }
      let sameForAllSizes = results.filter { $0.name == result.name }.allSatisfy { $0.note == note }
      let line = sameForAllSizes ? "  \(result.name): \(note)" : "  \(result.name) \(result.size): \(note)"
      if !notes.contains(line) { notes.append(line) }
    }
    return ([sample.family] + lines + (notes.isEmpty ? [] : ["notes:"] + notes)).joined(separator: "\n")
  }
}

/// The JSON document written by `--json`.
struct BenchmarkDocument: Codable {
  var header: MachineHeader
  var options: [String]
  var cases: [CaseResult]
}
