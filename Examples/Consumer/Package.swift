// swift-tools-version: 6.2
// A consumer of LinearAlgebraPrimes, as a user's package would be. It depends
// on the package by path; from a registry or Git URL only that line changes.
import PackageDescription

let package = Package(
  name: "Consumer",
  dependencies: [
    .package(name: "LinearAlgebraPrimes", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "Consumer",
      dependencies: [
        .product(name: "LinearAlgebra", package: "LinearAlgebraPrimes"),
        .product(name: "Primes", package: "LinearAlgebraPrimes"),
      ]
      // No settings: the libraries keep their C++ core internal, so a client
      // needs neither C++ interoperability nor any flag.
    )
  ]
)
