#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// OpenBLAS, loaded at run time from the path in the environment variable
/// `LINEAR_ALGEBRA_OPENBLAS` (`Benchmarks/peers.py` passes the copy inside
/// numpy's wheel), so that the products and matrix-vector products can be
/// timed against it in the same process, alternately, like libprimesieve
/// (the complex products too, against `zgemm` and `cgemm`).
/// Nothing of it is linked into the package, and without the variable the
/// anchor is skipped.
///
/// Both of its C interfaces are understood: the 64-bit-integer one of
/// numpy's build (`scipy_cblas_dgemm64_`) and the plain one of a system
/// library (`cblas_dgemm`). Before loading it, the process sets
/// `OPENBLAS_THREAD_TIMEOUT=4` (unless set) so that OpenBLAS's threads go to
/// sleep right after a call instead of polling for about 2^28 cycles, which
/// in the same process took the second core away from our next product
/// (measured: ours 33 ms instead of 16 ms for a Double 1024 product on two
/// threads); it removes `OPENBLAS_CORETYPE` and `OPENBLAS_L2_SIZE`, which
/// some machines set for old builds, as `peers.py` does for numpy.
struct OpenBLAS: Sendable {
  typealias Order = Int32
  typealias DoubleGemm64 =
    @convention(c) (
      Order, Order, Order, Int64, Int64, Int64, Double, UnsafePointer<Double>?, Int64, UnsafePointer<Double>?,
      Int64,
      Double, UnsafeMutablePointer<Double>?, Int64
    ) -> Void
  typealias FloatGemm64 =
    @convention(c) (
      Order, Order, Order, Int64, Int64, Int64, Float, UnsafePointer<Float>?, Int64, UnsafePointer<Float>?,
      Int64,
      Float, UnsafeMutablePointer<Float>?, Int64
    ) -> Void
  typealias DoubleGemm32 =
    @convention(c) (
      Order, Order, Order, Int32, Int32, Int32, Double, UnsafePointer<Double>?, Int32, UnsafePointer<Double>?,
      Int32,
      Double, UnsafeMutablePointer<Double>?, Int32
    ) -> Void
  typealias FloatGemm32 =
    @convention(c) (
      Order, Order, Order, Int32, Int32, Int32, Float, UnsafePointer<Float>?, Int32, UnsafePointer<Float>?,
      Int32,
      Float, UnsafeMutablePointer<Float>?, Int32
    ) -> Void
  typealias DoubleGemv64 =
    @convention(c) (
      Order, Order, Int64, Int64, Double, UnsafePointer<Double>?, Int64, UnsafePointer<Double>?, Int64,
      Double,
      UnsafeMutablePointer<Double>?, Int64
    ) -> Void
  typealias FloatGemv64 =
    @convention(c) (
      Order, Order, Int64, Int64, Float, UnsafePointer<Float>?, Int64, UnsafePointer<Float>?, Int64, Float,
      UnsafeMutablePointer<Float>?, Int64
    ) -> Void
  typealias DoubleGemv32 =
    @convention(c) (
      Order, Order, Int32, Int32, Double, UnsafePointer<Double>?, Int32, UnsafePointer<Double>?, Int32,
      Double,
      UnsafeMutablePointer<Double>?, Int32
    ) -> Void
  typealias FloatGemv32 =
    @convention(c) (
      Order, Order, Int32, Int32, Float, UnsafePointer<Float>?, Int32, UnsafePointer<Float>?, Int32, Float,
      UnsafeMutablePointer<Float>?, Int32
    ) -> Void
  /// `cblas_zgemm` and `cblas_cgemm`: α and β, like the matrices, by address.
  typealias ComplexGemm64 =
    @convention(c) (
      Order, Order, Order, Int64, Int64, Int64, UnsafeRawPointer?, UnsafeRawPointer?, Int64,
      UnsafeRawPointer?, Int64, UnsafeRawPointer?, UnsafeMutableRawPointer?, Int64
    ) -> Void
  typealias ComplexGemm32 =
    @convention(c) (
      Order, Order, Order, Int32, Int32, Int32, UnsafeRawPointer?, UnsafeRawPointer?, Int32,
      UnsafeRawPointer?, Int32, UnsafeRawPointer?, UnsafeMutableRawPointer?, Int32
    ) -> Void
  typealias SetThreads = @convention(c) (Int32) -> Void
  typealias Config = @convention(c) () -> UnsafePointer<CChar>?

  /// c (m×n) = a (m×k) b (k×n), all row-major and contiguous.
  let multiplyDouble:
    @Sendable (UnsafePointer<Double>, UnsafePointer<Double>, UnsafeMutablePointer<Double>, Int, Int, Int) ->
      Void
  let multiplyFloat:
    @Sendable (UnsafePointer<Float>, UnsafePointer<Float>, UnsafeMutablePointer<Float>, Int, Int, Int) -> Void
  /// The same for complex matrices of interleaved (real, imaginary) pairs:
  /// `zgemm` (Double) and `cgemm` (Float).
  let multiplyComplexDouble:
    @Sendable (UnsafeRawPointer, UnsafeRawPointer, UnsafeMutableRawPointer, Int, Int, Int) -> Void
  let multiplyComplexFloat:
    @Sendable (UnsafeRawPointer, UnsafeRawPointer, UnsafeMutableRawPointer, Int, Int, Int) -> Void
  /// y (m) = a (m×n, row-major, contiguous) x (n): `?gemv`.
  let multiplyVectorDouble:
    @Sendable (UnsafePointer<Double>, UnsafePointer<Double>, UnsafeMutablePointer<Double>, Int, Int) -> Void
  let multiplyVectorFloat:
    @Sendable (UnsafePointer<Float>, UnsafePointer<Float>, UnsafeMutablePointer<Float>, Int, Int) -> Void
  let setThreads: @Sendable (Int) -> Void
  /// What `openblas_get_config` says (version, kernel, threads), and the path.
  let description: String

  /// CBLAS's `CblasRowMajor` and `CblasNoTrans`.
  static let rowMajor: Order = 101
  static let noTranspose: Order = 111

  /// The path in `LINEAR_ALGEBRA_OPENBLAS`, or nil when it is unset.
  static let path: String? = getenv("LINEAR_ALGEBRA_OPENBLAS").map { String(cString: $0) }.flatMap {
    $0.isEmpty ? nil : $0
  }

  /// The loaded library (see above for the environment set first), or nil.
  nonisolated(unsafe) static let handle: UnsafeMutableRawPointer? = {
    guard let path else { return nil }
    setenv("OPENBLAS_THREAD_TIMEOUT", "4", 0)
    unsetenv("OPENBLAS_CORETYPE")
    unsetenv("OPENBLAS_L2_SIZE")
    return dlopen(path, RTLD_NOW | RTLD_LOCAL)
  }()

  /// Calls `body` with the addresses of α = 1 and β = 0 as complex numbers
  /// of `R`, as the complex `?gemm` takes them.
  static func unitAndZero<R: BinaryFloatingPoint>(
    _: R.Type, _ body: (_ one: UnsafeRawPointer, _ zero: UnsafeRawPointer) -> Void
  ) {
    // A tuple on the stack (its elements are contiguous), not an array
    // allocated for every call.
    let scalars: (R, R, R, R) = (1, 0, 0, 0)
    withUnsafeBytes(of: scalars) { body($0.baseAddress!, $0.baseAddress! + 2 * MemoryLayout<R>.stride) }
  }

  /// The library, or nil when `LINEAR_ALGEBRA_OPENBLAS` is unset or names
  /// nothing loadable with a CBLAS interface.
  static let shared: OpenBLAS? = {
    guard let path, let handle else { return nil }
    func symbol<F>(_ name: String, as: F.Type) -> F? {
      dlsym(handle, name).map { unsafeBitCast($0, to: F.self) }
    }
    let (row, none) = (rowMajor, noTranspose)
    let config =
      (symbol("scipy_openblas_get_config64_", as: Config.self)
      ?? symbol("openblas_get_config", as: Config.self))
      .flatMap { $0() }.map { String(cString: $0).split(separator: " ").joined(separator: " ") } ?? "OpenBLAS"
    if let dgemm = symbol("scipy_cblas_dgemm64_", as: DoubleGemm64.self),
      let sgemm = symbol("scipy_cblas_sgemm64_", as: FloatGemm64.self),
      let dgemv = symbol("scipy_cblas_dgemv64_", as: DoubleGemv64.self),
      let sgemv = symbol("scipy_cblas_sgemv64_", as: FloatGemv64.self),
      let zgemm = symbol("scipy_cblas_zgemm64_", as: ComplexGemm64.self),
      let cgemm = symbol("scipy_cblas_cgemm64_", as: ComplexGemm64.self),
      let threads = symbol("scipy_openblas_set_num_threads64_", as: SetThreads.self)
    {
      return OpenBLAS(
        multiplyDouble: { a, b, c, m, k, n in
          dgemm(row, none, none, Int64(m), Int64(n), Int64(k), 1, a, Int64(k), b, Int64(n), 0, c, Int64(n))
        },
        multiplyFloat: { a, b, c, m, k, n in
          sgemm(row, none, none, Int64(m), Int64(n), Int64(k), 1, a, Int64(k), b, Int64(n), 0, c, Int64(n))
        },
        multiplyComplexDouble: { a, b, c, m, k, n in
          unitAndZero(Double.self) { one, zero in
            zgemm(
              row, none, none, Int64(m), Int64(n), Int64(k), one, a, Int64(k), b, Int64(n), zero, c, Int64(n))
          }
        },
        multiplyComplexFloat: { a, b, c, m, k, n in
          unitAndZero(Float.self) { one, zero in
            cgemm(
              row, none, none, Int64(m), Int64(n), Int64(k), one, a, Int64(k), b, Int64(n), zero, c, Int64(n))
          }
        },
        multiplyVectorDouble: { a, x, y, m, n in
          dgemv(row, none, Int64(m), Int64(n), 1, a, Int64(n), x, 1, 0, y, 1)
        },
        multiplyVectorFloat: { a, x, y, m, n in
          sgemv(row, none, Int64(m), Int64(n), 1, a, Int64(n), x, 1, 0, y, 1)
        },
        setThreads: { threads(Int32($0)) }, description: "\(config) (\(path))")
    }
    if let dgemm = symbol("cblas_dgemm", as: DoubleGemm32.self),
      let sgemm = symbol("cblas_sgemm", as: FloatGemm32.self),
      let dgemv = symbol("cblas_dgemv", as: DoubleGemv32.self),
      let sgemv = symbol("cblas_sgemv", as: FloatGemv32.self),
      let zgemm = symbol("cblas_zgemm", as: ComplexGemm32.self),
      let cgemm = symbol("cblas_cgemm", as: ComplexGemm32.self),
      let threads = symbol("openblas_set_num_threads", as: SetThreads.self)
    {
      return OpenBLAS(
        multiplyDouble: { a, b, c, m, k, n in
          dgemm(row, none, none, Int32(m), Int32(n), Int32(k), 1, a, Int32(k), b, Int32(n), 0, c, Int32(n))
        },
        multiplyFloat: { a, b, c, m, k, n in
          sgemm(row, none, none, Int32(m), Int32(n), Int32(k), 1, a, Int32(k), b, Int32(n), 0, c, Int32(n))
        },
        multiplyComplexDouble: { a, b, c, m, k, n in
          unitAndZero(Double.self) { one, zero in
            zgemm(
              row, none, none, Int32(m), Int32(n), Int32(k), one, a, Int32(k), b, Int32(n), zero, c, Int32(n))
          }
        },
        multiplyComplexFloat: { a, b, c, m, k, n in
          unitAndZero(Float.self) { one, zero in
            cgemm(
              row, none, none, Int32(m), Int32(n), Int32(k), one, a, Int32(k), b, Int32(n), zero, c, Int32(n))
          }
        },
        multiplyVectorDouble: { a, x, y, m, n in
          dgemv(row, none, Int32(m), Int32(n), 1, a, Int32(n), x, 1, 0, y, 1)
        },
        multiplyVectorFloat: { a, x, y, m, n in
          sgemv(row, none, Int32(m), Int32(n), 1, a, Int32(n), x, 1, 0, y, 1)
        },
        setThreads: { threads(Int32($0)) }, description: "\(config) (\(path))")
    }
    return nil
  }()
}
