// swift-tools-version: 6.2
import PackageDescription

/// Settings for every C++ translation unit of the core.
///
/// `EIGEN_MPL2_ONLY` keeps the build to Eigen's MPL2-licensed parts. Release
/// builds drop assertions (`NDEBUG`, `EIGEN_NO_DEBUG`); debug builds keep them,
/// and the core turns a failed Eigen assertion into a status instead of an abort.
/// Debug builds compile only the baseline kernels (`LINEAR_ALGEBRA_BASELINE_ONLY`):
/// unoptimized AVX2 variants would gain nothing and double the Eigen-heavy
/// translation units of a clean debug build.
let coreSettings: [CXXSetting] = [
  .define("EIGEN_MPL2_ONLY"),
  .define("NDEBUG", .when(configuration: .release)),
  .define("EIGEN_NO_DEBUG", .when(configuration: .release)),
  .define("LINEAR_ALGEBRA_BASELINE_ONLY", .when(configuration: .debug)),
]

/// Our own Swift targets that import the C++ core turn on C++ interoperability.
let cxxInterop: [SwiftSetting] = [.interoperabilityMode(.Cxx)]

/// The two library targets import the core with `internal import CXX` and are
/// built with library evolution: the compiler lets a client without C++
/// interoperability import a resilient module whose C++ imports are all
/// internal, so clients need no setting. `-enable-library-evolution` is the
/// one unsafe flag; SwiftPM accepts it in a versioned dependency from
/// swift-tools-version 6.2 on.
let libraryInterop: [SwiftSetting] = cxxInterop + [.unsafeFlags(["-enable-library-evolution"])]

let package = Package(
  name: "LinearAlgebraPrimes",
  products: [
    .library(name: "LinearAlgebra", targets: ["LinearAlgebra", "CXXCore"]),
    .library(name: "Primes", targets: ["Primes", "CXXCore"]),
    .executable(name: "primes", targets: ["PrimesCommand"]),
    .executable(name: "benchmarks", targets: ["benchmarks"]),
  ],
  targets: [
    .systemLibrary(
      name: "CEigen",
      pkgConfig: "eigen3",
      providers: [.apt(["libeigen3-dev"]), .brew(["eigen"])]
    ),
    // The core's interface: the headers and module map that the Swift
    // targets import as `CXX`. It compiles one empty unit (Interface.cpp,
    // which makes SwiftPM treat it as C++), so SwiftPM starts the Swift
    // modules without waiting for the core's objects (a Swift target waits
    // for the objects of the C++ targets it depends on) and a clean build
    // compiles Swift and C++ side by side.
    .target(
      name: "CXX",
      exclude: ["src"]
    ),
    // The core's implementation, one folder per layer; headers include each
    // other by file name. `platform/` (thread pool, kernel variants, large
    // pages) is what every layer includes. The library products list this
    // target beside their Swift target, so it is linked into every client.
    .target(
      name: "CXXCore",
      dependencies: ["CXX", "CEigen"],
      path: "Sources/CXX/src",
      publicHeadersPath: "platform",
      cxxSettings: coreSettings + [
        .headerSearchPath("dense"),
        .headerSearchPath("complex"),
        .headerSearchPath("primes"),
        .headerSearchPath("sparse"),
      ],
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
    ),
    // SIMD arithmetic that reaches LLVM as vector operations (SSE
    // intrinsics on x86-64), for StaticMatrix's kernels. Its own module,
    // without C++ interoperability: in a resilient module built with it,
    // the compiler keeps Clang's vector-typed intrinsics out of inlinable
    // code.
    .target(name: "PackedSIMD"),
    .target(
      name: "LinearAlgebra",
      dependencies: ["CXX", "PackedSIMD"],
      swiftSettings: libraryInterop
    ),
    .target(
      name: "Primes",
      dependencies: ["CXX"],
      swiftSettings: libraryInterop
    ),
    .executableTarget(
      name: "PrimesCommand",
      dependencies: ["Primes", "CXXCore"]
    ),
    .target(
      name: "BenchmarkAnchors",
      dependencies: ["CEigen"],
      path: "Benchmarks/anchors",
      cxxSettings: coreSettings
    ),
    .executableTarget(
      name: "benchmarks",
      dependencies: ["LinearAlgebra", "Primes", "CXX", "CXXCore", "BenchmarkAnchors"],
      path: "Benchmarks/benchmarks",
      swiftSettings: cxxInterop
    ),
    .testTarget(
      name: "LinearAlgebraTests",
      dependencies: ["LinearAlgebra", "CXX", "CXXCore"],
      swiftSettings: cxxInterop
    ),
    .testTarget(
      name: "PrimesTests",
      dependencies: ["Primes", "CXX", "CXXCore", "PrimesCommand"],
      swiftSettings: cxxInterop
    ),
  ],
  cxxLanguageStandard: .cxx17
)
