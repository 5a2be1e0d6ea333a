import LinearAlgebra

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The LAPACK routines that numpy's `solve`, `inv`, `det` and `cholesky`
/// call, from the OpenBLAS library that `OpenBLAS` loaded
/// (`LINEAR_ALGEBRA_OPENBLAS`): `?gesv`, `?getrf` and `?potrf` for one
/// scalar type (Double, Float, or `Complex` of either, whose interleaved
/// layout is LAPACK's), on column-major operands.
///
/// LAPACK's Fortran interface passes every argument by address, so one
/// C function type serves Double and Float; the integers are 64-bit in
/// numpy's build (`scipy_dgesv_64_`) and 32-bit in a system library
/// (`dgesv_`), which `integerBytes` records.
struct OpenBLASLAPACK<Scalar: Sendable>: Sendable {
  typealias Address = UnsafeRawPointer
  typealias Gesv =
    @convention(c) (Address, Address, Address, Address, Address, Address, Address, Address) -> Void
  typealias Getrf = @convention(c) (Address, Address, Address, Address, Address, Address) -> Void
  /// The last argument is the hidden length of the `uplo` string that
  /// Fortran compilers add; C implementations ignore it.
  typealias Potrf = @convention(c) (Address, Address, Address, Address, Address, Int) -> Void

  let gesv: Gesv
  let getrf: Getrf
  let potrf: Potrf
  /// 8 for numpy's 64-bit-integer build, 4 for a plain LAPACK.
  let integerBytes: Int

  /// Solves A X = B in place: `a` (n×n, column-major) becomes its LU
  /// factors, `b` (n×nrhs, column-major) the solution. Returns LAPACK's info.
  func solve(_ a: UnsafeMutablePointer<Scalar>, _ n: Int, _ b: UnsafeMutablePointer<Scalar>, _ nrhs: Int)
    -> Int
  {
    withIntegers([n, nrhs, 0]) { integers, pivots in
      gesv(integers[0], integers[1], a, integers[0], pivots, b, integers[0], integers[2])
    }
  }

  /// Factors `a` (n×n, column-major) in place; `pivotRows` gets LAPACK's
  /// 1-based ipiv. Returns LAPACK's info.
  func factor(_ a: UnsafeMutablePointer<Scalar>, _ n: Int, pivotRows: inout [Int]) -> Int {
    var rows: [Int] = []
    let info = withIntegers([n, 0]) { integers, pivots in
      getrf(integers[0], integers[0], a, integers[0], pivots, integers[1])
      rows = (0..<n).map { readInteger(pivots, $0) }
    }
    pivotRows = rows
    return info
  }

  /// The Cholesky factor of `a` (n×n, column-major) in its lower triangle,
  /// in place (the strict upper triangle is left as it was). Returns
  /// LAPACK's info.
  func cholesky(_ a: UnsafeMutablePointer<Scalar>, _ n: Int) -> Int {
    withIntegers([n, 0]) { integers, _ in
      var lower = CChar(UInt8(ascii: "L"))
      potrf(&lower, integers[0], a, integers[0], integers[1], 1)
    }
  }

  /// Calls `body` with the addresses of `values` stored as LAPACK integers
  /// and with room for n pivots (n = values[0]); returns the last value
  /// (info) as LAPACK left it.
  private func withIntegers(_ values: [Int], _ body: ([Address], Address) -> Void) -> Int {
    let storage = UnsafeMutableRawPointer.allocate(byteCount: values.count * 8, alignment: 8)
    let pivots = UnsafeMutableRawPointer.allocate(byteCount: max(values[0], 1) * 8, alignment: 8)
    defer {
      storage.deallocate()
      pivots.deallocate()
    }
    for (index, value) in values.enumerated() {
      if integerBytes == 8 {
        storage.storeBytes(of: Int64(value), toByteOffset: index * 8, as: Int64.self)
      } else {
        storage.storeBytes(of: Int32(value), toByteOffset: index * 8, as: Int32.self)
      }
    }
    body(values.indices.map { UnsafeRawPointer(storage + $0 * 8) }, UnsafeRawPointer(pivots))
    return readInteger(UnsafeRawPointer(storage + (values.count - 1) * 8), 0)
  }

  private func readInteger(_ base: Address, _ index: Int) -> Int {
    integerBytes == 8
      ? Int(base.load(fromByteOffset: index * 8, as: Int64.self))
      : Int(base.load(fromByteOffset: index * 4, as: Int32.self))
  }

  /// The routines for `Scalar` (Double or Float) from the loaded OpenBLAS
  /// (looked up on each access), or nil when it is not loaded or lacks them.
  static var shared: OpenBLASLAPACK? {
    guard let handle = OpenBLAS.handle else { return nil }
    let letter: String
    switch Scalar.self {
    case is Double.Type: letter = "d"
    case is Float.Type: letter = "s"
    case is Complex<Double>.Type: letter = "z"
    case is Complex<Float>.Type: letter = "c"
    default: return nil
    }
    func symbol<F>(_ routine: String, as: F.Type) -> (F, Int)? {
      if let found = dlsym(handle, "scipy_\(letter)\(routine)_64_") {
        return (unsafeBitCast(found, to: F.self), 8)
      }
      if let found = dlsym(handle, "\(letter)\(routine)_") { return (unsafeBitCast(found, to: F.self), 4) }
      return nil
    }
    guard let (gesv, width) = symbol("gesv", as: Gesv.self),
      let (getrf, getrfWidth) = symbol("getrf", as: Getrf.self),
      let (potrf, potrfWidth) = symbol("potrf", as: Potrf.self),
      getrfWidth == width, potrfWidth == width
    else { return nil }
    return OpenBLASLAPACK(gesv: gesv, getrf: getrf, potrf: potrf, integerBytes: width)
  }
}
