// swift-tools-version: 6.0
import PackageDescription

/// Settings for every C++ translation unit of the core.
///
/// `EIGEN_MPL2_ONLY` keeps the build to Eigen's MPL2-licensed parts. Release
/// builds drop assertions (`NDEBUG`, `EIGEN_NO_DEBUG`); debug builds keep them,
/// and the core turns a failed Eigen assertion into a status instead of an abort.
let coreSettings: [CXXSetting] = [
  .define("EIGEN_MPL2_ONLY"),
  .define("NDEBUG", .when(configuration: .release)),
  .define("EIGEN_NO_DEBUG", .when(configuration: .release)),
]

/// Every Swift target that imports the C++ core (or a module that does) needs
/// C++ interoperability: it is viral.
let cxxInterop: [SwiftSetting] = [.interoperabilityMode(.Cxx)]

let package = Package(
  name: "LinearAlgebraPrimes",
  products: [
    .library(name: "LinearAlgebra", targets: ["LinearAlgebra"]),
    .library(name: "Primes", targets: ["Primes"]),
    .executable(name: "benchmarks", targets: ["benchmarks"]),
  ],
  targets: [
    .systemLibrary(
      name: "CEigen",
      pkgConfig: "eigen3",
      providers: [.apt(["libeigen3-dev"]), .brew(["eigen"])]
    ),
    .target(
      name: "CXX",
      dependencies: ["CEigen"],
      cxxSettings: coreSettings,
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
    ),
    .target(
      name: "LinearAlgebra",
      dependencies: ["CXX"],
      swiftSettings: cxxInterop
    ),
    .target(
      name: "Primes",
      dependencies: ["CXX"],
      swiftSettings: cxxInterop
    ),
    .target(
      name: "BenchmarkAnchors",
      dependencies: ["CEigen"],
      path: "Benchmarks/anchors",
      cxxSettings: coreSettings
    ),
    .executableTarget(
      name: "benchmarks",
      dependencies: ["LinearAlgebra", "Primes", "CXX", "BenchmarkAnchors"],
      path: "Benchmarks/benchmarks",
      swiftSettings: cxxInterop
    ),
    .testTarget(
      name: "LinearAlgebraTests",
      dependencies: ["LinearAlgebra", "CXX"],
      swiftSettings: cxxInterop
    ),
    .testTarget(
      name: "PrimesTests",
      dependencies: ["Primes", "CXX"],
      swiftSettings: cxxInterop
    ),
  ],
  cxxLanguageStandard: .cxx17
)
