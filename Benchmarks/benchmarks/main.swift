import Foundation
import LinearAlgebra
import Primes

// The benchmark executable: every case through the C++ core and through a
// pure-Swift path (or a peer library), side by side. See `--help`.

let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("error: \(error.message)\n\n\(Options.usage)\n".utf8))
  exit(64)
}
if options.help {
  print(Options.usage)
  exit(0)
}

if let threads = options.threads {
  PrimeSieve.threadCount = threads
  LinearAlgebraThreads.count = threads
}
if options.serveProducts {
  ProductServer.run()
  exit(0)
}
let threads = PrimeSieve.threadCount
let header = MachineHeader.current(threads: threads)
print(header.printed())
print((options.quick ? "Mode: --quick" : "Mode: full") + (options.coreOnly ? ", --core-only\n" : "\n"))

let budget =
  options.quick
  ? TimingBudget(seconds: 0.15, maxSamples: 15, minSamples: 3)
  : TimingBudget(seconds: 1.0, maxSamples: 30, minSamples: 5)

let allCases =
  MatrixCases.cases(Double.self, quick: options.quick, swiftPaths: !options.coreOnly)
  + MatrixCases.cases(Float.self, quick: options.quick, swiftPaths: !options.coreOnly)
  + EverydayCases.cases(Double.self, quick: options.quick)
  + EverydayCases.cases(Float.self, quick: options.quick)
  + EverydayCases.copyCases(quick: options.quick)
  + ComplexCases.eigenCases(Double.self, quick: options.quick)
  + ComplexCases.eigenCases(Float.self, quick: options.quick)
  + ComplexCases.cases(Double.self, quick: options.quick, swiftPaths: !options.coreOnly)
  + ComplexCases.cases(Float.self, quick: options.quick, swiftPaths: !options.coreOnly)
  + SparseCases.cases(quick: options.quick)
  + OverheadCases.cases(quick: options.quick)
  + StaticMatrixCases.cases()
  + ElementwiseCases.cases(quick: options.quick)
  + ProductAnchorCases.cases(quick: options.quick, threads: threads)
  + FactorizationAnchorCases.cases(quick: options.quick, threads: threads)
  + PrimeCases.cases(quick: options.quick, threads: threads)
  + PrimeCountingCases.cases(quick: options.quick, threads: threads)
let selected = allCases.filter { $0.matches(options.filters) }
if selected.isEmpty {
  FileHandle.standardError.write(
    Data("error: no case matches --filter '\(options.filters.joined(separator: "' or '"))'\n".utf8))
  exit(64)
}

var results: [CaseResult] = []
var currentFamily: String?
let started = now()
for (index, benchmark) in selected.enumerated() {
  if benchmark.family != currentFamily, let family = currentFamily {
    print(Report.table(for: results.filter { $0.family == family }) + "\n")
  }
  currentFamily = benchmark.family
  FileHandle.standardError.write(
    Data(
      String(
        format: "\r\u{1B}[K[%d/%d %.0fs] %@ %@ %@", index + 1, selected.count, now() - started,
        benchmark.family,
        benchmark.name, benchmark.size
      ).utf8))
  results.append(benchmark.run(budget))
  FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
}
if let family = currentFamily {
  print(Report.table(for: results.filter { $0.family == family }))
}
print(String(format: "\n%d cases in %.1f s", results.count, now() - started))

let disagreements = results.filter { $0.agree == false }
for result in disagreements {
  print("DISAGREEMENT: \(result.family) \(result.name) \(result.size): the two paths gave different answers")
}

if let path = options.jsonPath {
  let document = BenchmarkDocument(
    header: header, options: Array(CommandLine.arguments.dropFirst()), cases: results)
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  do {
    try encoder.encode(document).write(to: URL(fileURLWithPath: path))
    print("JSON written to \(path)")
  } catch {
    FileHandle.standardError.write(Data("error: cannot write \(path): \(error)\n".utf8))
    exit(1)
  }
}
exit(disagreements.isEmpty ? 0 : 1)
