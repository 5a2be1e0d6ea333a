/// Command-line options of the benchmark executable.
struct Options {
  var quick = false
  /// Lowercased patterns; a case runs when it matches any (all run when empty).
  var filters: [String] = []
  /// Whether the matrix cases skip their pure-Swift paths.
  var coreOnly = false
  var jsonPath: String?
  var threads: Int?
  /// Whether to answer product-timing requests instead (`ProductServer`).
  var serveProducts = false
  var help = false

  static let usage = """
    USAGE: swift run -c release benchmarks [--quick] [--filter PATTERN]... [--core-only]
                                           [--json PATH] [--threads N]
           swift run -c release benchmarks --serve-products [--threads N]

    Runs every case through the C++ core and through a pure-Swift path of the
    same algorithm, checks that both agree, and prints the medians side by side.

    OPTIONS:
      --quick           Small sizes only (finishes in under a minute on 2 cores).
      --filter PATTERN  Run only cases whose family, name or size contains PATTERN
                        (case-insensitive), e.g. --filter product or --filter 1024.
                        Repeat it to run the cases that match any of the patterns.
      --core-only       Time only the C++ core in the matrix cases, not their
                        pure-Swift paths (which take seconds at 1024 and 2048);
                        the comparisons against peer libraries run as usual.
      --json PATH       Also write every case, with both paths, to PATH as JSON.
      --threads N       Threads for the C++ core: prime counting and the matrix
                        kernels (default: all hardware threads).
      --serve-products  Run no cases: read requests such as 'Double 1024' from
                        standard input and answer each with the seconds one
                        Matrix product of that size took (peers.py uses it to
                        time ours and numpy in lock step).
      -h, --help        Show this help.
    """

  /// Parses `arguments` (without the program name).
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var remaining = arguments[...]
    func value(for option: String) throws(UsageError) -> String {
      guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
        throw UsageError(message: "\(option) needs a value")
      }
      return next
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--quick": options.quick = true
      case "--filter": options.filters.append(try value(for: argument).lowercased())
      case "--core-only": options.coreOnly = true
      case "--json": options.jsonPath = try value(for: argument)
      case "--threads":
        let text = try value(for: argument)
        guard let count = Int(text), count >= 1, count <= 1024 else {
          throw UsageError(message: "--threads needs a whole number from 1 to 1024, got '\(text)'")
        }
        options.threads = count
      case "--serve-products": options.serveProducts = true
      case "-h", "--help": options.help = true
      default: throw UsageError(message: "unknown option '\(argument)'")
      }
    }
    return options
  }
}

struct UsageError: Error {
  var message: String
}
