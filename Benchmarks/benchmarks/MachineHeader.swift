import CXX
import Foundation
import LinearAlgebra
import Primes

/// What the numbers were measured on and with.
struct MachineHeader: Codable {
  var date: String
  var cpu: String
  var logicalCores: Int
  var matrixInstructionSets: String
  var primeSievePopcnt: Bool
  var primeThreads: Int
  var matrixThreads: Int
  var configuration: String
  var swiftCompiler: String
  var cxxCompiler: String
  var primesieveVersion: String?
  /// OpenBLAS's configuration and path, when `LINEAR_ALGEBRA_OPENBLAS` loaded it.
  var openBLAS: String?

  static func current(threads: Int) -> MachineHeader {
    #if DEBUG
      let configuration = "debug"
    #else
      let configuration = "release"
    #endif
    return MachineHeader(
      date: ISO8601DateFormatter().string(from: Date()),
      cpu: cpuModel(),
      logicalCores: ProcessInfo.processInfo.activeProcessorCount,
      matrixInstructionSets: String(cString: core.matrixInstructionSets()),
      primeSievePopcnt: core.primeSieveUsesPopcnt(),
      primeThreads: threads,
      matrixThreads: LinearAlgebraThreads.count,
      configuration: configuration + (core.isOptimizedBuild() ? "" : " (C++ core with assertions on)"),
      swiftCompiler: swiftVersion(),
      cxxCompiler: String(cString: core.compilerVersion()),
      primesieveVersion: Primesieve.shared?.version, openBLAS: OpenBLAS.shared?.description)
  }

  static func cpuModel() -> String {
    #if os(Linux)
      if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
        let colon = line.firstIndex(of: ":")
      {
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
    #elseif canImport(Darwin)
      var size = 0
      sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0)
      if size > 0 {
        var buffer = [CChar](repeating: 0, count: size)
        sysctlbyname("machdep.cpu.brand_string", &buffer, &size, nil, 0)
        return String(cString: buffer)
      }
    #endif
    return "unknown CPU"
  }

  static func swiftVersion() -> String {
    #if compiler(>=6.3)
      return "Swift 6.3 or later"
    #elseif compiler(>=6.2)
      return "Swift 6.2"
    #elseif compiler(>=6.1)
      return "Swift 6.1"
    #else
      return "Swift 6.0"
    #endif
  }

  func printed() -> String {
    var lines = [
      "LinearAlgebraPrimes benchmark, \(date)",
      "CPU: \(cpu), \(logicalCores) logical cores",
      "Matrix kernels (Eigen + own packed product): \(matrixInstructionSets); \(matrixThreads) thread\(matrixThreads == 1 ? "" : "s")",
      "Prime sieve: \(primeThreads) threads for counting; POPCNT \(primeSievePopcnt ? "yes" : "no")",
      "Build: \(configuration); \(swiftCompiler); C++ core: \(cxxCompiler)",
      "Anchor: "
        + (primesieveVersion.map { "libprimesieve \($0) (loaded at run time)" } ?? "libprimesieve not found")
        + "; "
        + (openBLAS.map { "\($0), loaded at run time" }
          ?? "OpenBLAS not loaded (set LINEAR_ALGEBRA_OPENBLAS to its path)"),
    ]
    if configuration.hasPrefix("debug") {
      lines.append(
        """

        ************************************************************************
        WARNING: this is a DEBUG build. Its timings mean nothing. Run
            swift run -c release benchmarks
        ************************************************************************
        """)
    }
    return lines.joined(separator: "\n")
  }
}
