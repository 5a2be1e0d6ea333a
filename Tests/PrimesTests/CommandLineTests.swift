import Foundation
import Testing

/// The `primes` executable, run end to end as a user runs it.
@Suite("The primes command line")
struct CommandLineTests {
  /// The built executable, next to the test bundle.
  static let executable: URL = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = bundle.deletingLastPathComponent()
    // On macOS the bundle is …/Package.xctest/Contents/MacOS/Package.
    while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("primes").path),
      directory.pathComponents.count > 1
    {
      directory.deleteLastPathComponent()
    }
    return directory.appendingPathComponent("primes")
  }()

  static func run(_ arguments: String...) throws -> (status: Int32, output: String, error: String) {
    try runArray(arguments)
  }

  @Test func commands() throws {
    #expect(try Self.run("count", "1e10").output == "Primes: 455052511\n")
    #expect(try Self.run("count", "100", "200", "--quiet").output == "21\n")
    // primesieve 18446744073709550616 18446744073709551615 -c1: 21
    #expect(try Self.run("count", "2^64-1000", "2^64-1", "-q").output == "21\n")
    // Both sides of + and − take the full syntax. primesieve
    // 18446744073708551616 18446744073709551615 -c1: 22475;
    // primesieve 1000000000000 1000001000000 -c1: 36249.
    #expect(try Self.run("count", "2^64-10^6", "2^64-1", "-q").output == "22475\n")
    #expect(try Self.run("count", "1e12", "1e12+1e6", "-q").output == "36249\n")
    #expect(try Self.run("count", "2^64-2^64", "10^1+0e99", "-q").output == "4\n")
    #expect(try Self.run("twins", "1e6").output == "Twin primes: 8169\n")
    #expect(try Self.run("count", "1e6", "--tuplet", "6").output == "Prime sextuplets: 5\n")
    #expect(try Self.run("nth", "1e6").output == "Nth prime: 15485863\n")
    #expect(
      try Self.run("factor", "600851475143", "2^64-1").output
        == "600851475143: 71 839 1471 6857\n18446744073709551615: 3 5 17 257 641 65537 6700417\n")
    #expect(
      try Self.run("is-prime", "97", "2^61-1", "100").output
        == "97 is prime\n2305843009213693951 is prime\n100 is not prime\n")
    #expect(
      try Self.run("print", "2^64-100", "2^64-1").output
        == "18446744073709551521\n18446744073709551533\n18446744073709551557\n")
    #expect(
      try Self.run("print", "0", "20", "--tuplet", "3").output
        == "(5, 7, 11)\n(7, 11, 13)\n(11, 13, 17)\n(13, 17, 19)\n")
    let timed = try Self.run("count", "1e9", "--threads", "1", "--time")
    #expect(timed.output == "Primes: 50847534\n" && timed.error.hasPrefix("Seconds: "))
    #expect(try Self.run("--help").output.contains("usage: primes"))
  }

  @Test func usageErrorsExit64WithOneLine() throws {
    for arguments in [
      ["count", "abc"], ["count", "20", "10"], ["count", "2^64"], ["count", "-5"], ["nth", "0"],
      ["frobnicate", "1"],
      ["count", "1", "--tuplet", "9"], ["count", "1", "--threads"], [], ["count", "18446744073709551616"],
      ["count", "2^64+1"], ["count", "2^65-1"], ["count", "2^64-0"], ["count", "5-10"],
      ["count", "1e3-2^64"],
      ["count", "2^64-1-1"], ["count", "1e20-1e19"],
    ] {
      let direct = try Self.runArray(arguments)
      #expect(direct.status == 64, "\(arguments): status \(direct.status)")
      #expect(
        direct.error.hasPrefix("primes: ") && direct.error.filter { $0 == "\n" }.count == 1,
        "\(arguments): \(direct.error)")
      #expect(direct.output.isEmpty, "\(arguments)")
    }
  }

  @Test func usageErrorsNameTheProblem() throws {
    for (arguments, message) in [
      (["count", "5-10"], "primes: 5-10 is below zero (the numbers go from 0 to 2^64 - 1)\n"),
      (["count", "-5"], "primes: -5 is below zero (the numbers go from 0 to 2^64 - 1)\n"),
      (["count", "1e3-2^64"], "primes: 1e3-2^64 is below zero (the numbers go from 0 to 2^64 - 1)\n"),
      (["count", "5-10x"], "primes: 5-10x is not a number (digits, 1e12, 2^64-1)\n"),
      (["count", "2^65-1"], "primes: 2^65-1 is past 2^64 - 1\n"),
      (["count", "abc"], "primes: abc is not a number (digits, 1e12, 2^64-1)\n"),
    ] {
      let direct = try Self.runArray(arguments)
      #expect(direct.status == 64 && direct.error == message, "\(arguments): \(direct.error)")
    }
  }

  static func runArray(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    // Under CI's AddressSanitizer run the executable is instrumented too;
    // leak reports at exit would replace its exit status.
    process.environment = ProcessInfo.processInfo.environment.merging(["ASAN_OPTIONS": "detect_leaks=0"]) {
      $1
    }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self),
      String(decoding: errorData, as: UTF8.self)
    )
  }

  @Test func interruptStopsALongRun() throws {
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = ["count", "1e18"]
    process.standardOutput = Pipe()
    process.standardError = Pipe()
    try process.run()
    Thread.sleep(forTimeInterval: 0.3)
    let sent = Date()
    process.interrupt()  // SIGINT, as Ctrl-C sends
    process.waitUntilExit()
    #expect(Date().timeIntervalSince(sent) < 1, "the run stops at once")
    #expect(process.terminationReason == .uncaughtSignal || process.terminationStatus != 0)
  }
}
