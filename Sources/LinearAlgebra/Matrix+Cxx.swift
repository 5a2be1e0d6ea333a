internal import CXX

// The one file that knows how `Matrix` storage meets the C++ core: pointer
// conversions to the core's float and double overloads, and the mapping of
// core statuses to Swift errors and traps.

extension UnsafePointer where Pointee: MatrixScalar {
  /// The same address typed for the core's `double` overloads.
  @inline(__always)
  var asDouble: UnsafePointer<Double> { UnsafeRawPointer(self).assumingMemoryBound(to: Double.self) }

  /// The same address typed for the core's `float` overloads.
  @inline(__always)
  var asFloat: UnsafePointer<Float> { UnsafeRawPointer(self).assumingMemoryBound(to: Float.self) }
}

extension UnsafeMutablePointer where Pointee: MatrixScalar {
  /// The same address typed for the core's `double` overloads.
  @inline(__always)
  var asDouble: UnsafeMutablePointer<Double> {
    UnsafeMutableRawPointer(self).assumingMemoryBound(to: Double.self)
  }

  /// The same address typed for the core's `float` overloads.
  @inline(__always)
  var asFloat: UnsafeMutablePointer<Float> {
    UnsafeMutableRawPointer(self).assumingMemoryBound(to: Float.self)
  }
}

/// Which of the core's real overloads serves a real `Scalar`.
@frozen @usableFromInline
enum CoreScalarKind {
  case float
  case double

  @inlinable @inline(__always)
  init<Scalar: RealMatrixScalar>(_: Scalar.Type) {
    if Scalar.self == Double.self {
      self = .double
    } else if Scalar.self == Float.self {
      self = .float
    } else {
      preconditionFailure("Matrix supports Float and Double only, not \(Scalar.self)")
    }
  }
}

/// Which of the core's overloads serves any `Scalar`: real ones take the
/// real entry points, complex ones the `complex…` entry points on their
/// interleaved (real, imaginary) storage.
@frozen @usableFromInline
enum CoreElementKind {
  case float
  case double
  case complexFloat
  case complexDouble

  @inlinable @inline(__always)
  init<Scalar: MatrixScalar>(_: Scalar.Type) {
    if Scalar.self == Double.self {
      self = .double
    } else if Scalar.self == Float.self {
      self = .float
    } else if Scalar.self == Complex<Double>.self {
      self = .complexDouble
    } else if Scalar.self == Complex<Float>.self {
      self = .complexFloat
    } else {
      preconditionFailure("Matrix supports Float, Double and their Complex, not \(Scalar.self)")
    }
  }

  /// How many reals of the component type one element holds.
  @inlinable
  var realsPerElement: Int {
    switch self {
    case .float, .double: 1
    case .complexFloat, .complexDouble: 2
    }
  }
}

extension core.Status {
  /// Converts a core status into a thrown error; outcomes that only a bug can
  /// cause trap with a message naming the operation.
  func check(_ operation: @autoclosure () -> String) throws(LinearAlgebraError) {
    switch self {
    case .ok: return
    case .singular: throw .singularMatrix
    case .notPositiveDefinite: throw .notPositiveDefinite
    case .noConvergence: throw .noConvergence
    case .outOfMemory: preconditionFailure("\(operation()): out of memory in the C++ core")
    case .invalidArgument:
      preconditionFailure("\(operation()): the C++ core rejected its arguments")
    case .internalError: preconditionFailure("\(operation()): internal error in the C++ core")
    case .cancelled: preconditionFailure("\(operation()): the C++ core reports a cancelled job")
    @unknown default: preconditionFailure("\(operation()): unknown core status \(rawValue)")
    }
  }

  /// Traps unless the status is `.ok`; for core calls that cannot fail on data.
  func expectSuccess(_ operation: @autoclosure () -> String) {
    do {
      try check(operation())
    } catch {
      preconditionFailure("\(operation()): unexpected \(error)")
    }
  }
}
