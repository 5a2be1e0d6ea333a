// `primes`: prime numbers from the command line, with primesieve's habits.
//
//   primes count X [Y]        primes in [X, Y] (or [0, X])
//   primes print X Y          the primes in [X, Y], one a line
//   primes nth N              the N-th prime
//   primes factor N...        prime factors, GNU factor's format
//   primes is-prime N...      "N is prime" / "N is not prime"
//   primes twins X [Y]        twin primes in [X, Y] (or [0, X])
//   --tuplet K                with count or print: k-tuplets (2…6) instead of primes
//   --threads N  --time  --quiet  --help
//
// Numbers: digits, 1e12, 2^64-1, 10^18+3. Usage errors exit 64 with a
// one-line reason on stderr. A progress line goes to stderr when it is a
// terminal. Ctrl-C ends a run at once (the default signal action).
import Foundation
import Primes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let usage = """
  usage: primes <command> [numbers] [options]

  commands:
    count X [Y]      count the primes in [X, Y], or in [0, X]
    print X Y        print the primes in [X, Y], one a line
    nth N            the N-th prime (nth 1 is 2)
    factor N...      the prime factors of each N
    is-prime N...    whether each N is prime
    twins X [Y]      count the twin primes in [X, Y], or in [0, X]

  options:
    --tuplet K       with count or print: prime k-tuplets, K = 2 (twins) to 6 (sextuplets)
    --threads N      threads to use (default: all cores)
    --time           print the elapsed time on stderr
    --quiet          print the bare result
    --help           this text

  numbers: digits, 1e12, 2^64, one of them plus or minus another: 2^64-1,
           10^18+3, 2^64-10^6 (up to 2^64 - 1)
  """

func fail(_ reason: String) -> Never {
  FileHandle.standardError.write(Data("primes: \(reason)\n".utf8))
  exit(64)
}

struct Invocation {
  var command = ""
  var numbers: [UInt64] = []
  var tuplet: PrimeTuplet?
  var threads: Int?
  var time = false
  var quiet = false
}

func parse(_ arguments: [String]) -> Invocation {
  var invocation = Invocation()
  var index = 0
  func value(after option: String) -> String {
    index += 1
    guard index < arguments.count else { fail("\(option) needs a value") }
    return arguments[index]
  }
  while index < arguments.count {
    let argument = arguments[index]
    switch argument {
    case "--help", "-h":
      print(usage)
      exit(0)
    case "--time": invocation.time = true
    case "--quiet", "-q": invocation.quiet = true
    case "--threads":
      guard let count = Int(value(after: argument)), count >= 1 else {
        fail("--threads needs a count of 1 or more")
      }
      invocation.threads = count
    case "--tuplet":
      guard let k = Int(value(after: argument)), let kind = PrimeTuplet(rawValue: k) else {
        fail("--tuplet needs K from 2 (twins) to 6 (sextuplets)")
      }
      invocation.tuplet = kind
    default:
      if argument.hasPrefix("-") && argument.count > 1 && !(argument.dropFirst().first?.isNumber ?? false) {
        fail("unknown option \(argument) (see --help)")
      }
      if invocation.command.isEmpty {
        invocation.command = argument
      } else {
        do throws(NumberSyntax.Failure) {
          invocation.numbers.append(try NumberSyntax.parse(argument))
        } catch {
          switch error {
          case .tooLarge(let text): fail("\(text) is past 2^64 - 1")
          case .notANumber(let text): fail("\(text) is not a number (digits, 1e12, 2^64-1)")
          case .belowZero(let text): fail("\(text) is below zero (the numbers go from 0 to 2^64 - 1)")
          }
        }
      }
    }
    index += 1
  }
  guard !invocation.command.isEmpty else { fail("no command (see --help)") }
  return invocation
}

/// [X, Y] from one or two numbers: one means [0, X].
func bounds(_ invocation: Invocation, command: String) -> ClosedRange<UInt64> {
  switch invocation.numbers.count {
  case 1: return 0...invocation.numbers[0]
  case 2:
    guard invocation.numbers[0] <= invocation.numbers[1] else {
      fail("\(command): the range \(invocation.numbers[0])..\(invocation.numbers[1]) is backwards")
    }
    return invocation.numbers[0]...invocation.numbers[1]
  default: fail("\(command) takes X [Y]")
  }
}

let tupletNames: [PrimeTuplet: String] = [
  .twins: "Twin primes", .triplets: "Prime triplets", .quadruplets: "Prime quadruplets",
  .quintuplets: "Prime quintuplets", .sextuplets: "Prime sextuplets",
]

/// Whether a progress line may go to stderr.
let showsProgress = isatty(2) == 1

func progressLine(_ fraction: Double) {
  FileHandle.standardError.write(Data(String(format: "\r%5.1f%%", fraction * 100).utf8))
  if fraction >= 1 { FileHandle.standardError.write(Data("\r      \r".utf8)) }
}

func run(_ invocation: Invocation) async {
  if let threads = invocation.threads { PrimeSieve.threadCount = threads }
  let start = Date()
  defer {
    if invocation.time {
      FileHandle.standardError.write(
        Data(String(format: "Seconds: %.3f\n", Date().timeIntervalSince(start)).utf8))
    }
  }
  func report(_ label: String, _ value: String) {
    print(invocation.quiet ? value : "\(label): \(value)")
  }
  switch invocation.command {
  case "count", "twins":
    let range = bounds(invocation, command: invocation.command)
    let kind = invocation.command == "twins" ? .twins : invocation.tuplet
    if let kind {
      report(tupletNames[kind]!, String(primeTupletCount(kind, in: range)))
    } else if range.lowerBound == 0, range.upperBound <= UInt64(Int.max), showsProgress {
      let count = (try? await primeCount(upTo: Int(range.upperBound)) { progressLine($0) }) ?? 0
      report("Primes", String(count))
    } else {
      report("Primes", String(primeCount(in: range)))
    }
  case "print":
    guard invocation.numbers.count == 2 else { fail("print takes X Y") }
    let range = bounds(invocation, command: "print")
    if let kind = invocation.tuplet {
      guard range.upperBound <= UInt64(Int.max) else { fail("print --tuplet: Y must be at most 2^63 - 1") }
      var output = ""
      for tuplet in primeTuplets(kind, in: Int(range.lowerBound)...Int(range.upperBound)) {
        output += "(" + tuplet.map(String.init).joined(separator: ", ") + ")\n"
        if output.utf8.count > 1 << 16 {
          print(output, terminator: "")
          output = ""
        }
      }
      print(output, terminator: "")
    } else {
      var output = ""
      for p in PrimeSequence(from: Int(clamping: range.lowerBound), through: Int(clamping: range.upperBound))
      {
        output += String(p)
        output += "\n"
        if output.utf8.count > 1 << 16 {
          print(output, terminator: "")
          output = ""
        }
      }
      print(output, terminator: "")
      if range.upperBound > UInt64(Int.max) {
        for p in primes(in: Swift.max(range.lowerBound, UInt64(Int.max) + 1)...range.upperBound) { print(p) }
      }
    }
  case "nth":
    guard invocation.numbers.count == 1, invocation.numbers[0] >= 1 else { fail("nth takes N >= 1") }
    guard invocation.numbers[0] <= 216_289_611_853_439_384 else {
      fail("nth: the N-th prime is past 2^63 - 1")
    }
    let n = Int(invocation.numbers[0])
    let prime = showsProgress ? ((try? await nthPrime(n) { progressLine($0) }) ?? 0) : nthPrime(n)
    report("Nth prime", String(prime))
  case "factor":
    guard !invocation.numbers.isEmpty else { fail("factor takes N...") }
    for n in invocation.numbers {
      guard n > 0 else { fail("factor: 0 has no prime factorization") }
      print("\(n):" + primeFactors(of: n).map { " \($0)" }.joined())
    }
  case "is-prime":
    guard !invocation.numbers.isEmpty else { fail("is-prime takes N...") }
    for n in invocation.numbers { print(isPrime(n) ? "\(n) is prime" : "\(n) is not prime") }
  default:
    fail("unknown command \(invocation.command) (see --help)")
  }
}

await run(parse(Array(CommandLine.arguments.dropFirst())))
