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

/// Which of the core's overloads serves `Scalar`.
@usableFromInline
enum CoreScalarKind {
  case float
  case double

  @inlinable @inline(__always)
  init<Scalar: MatrixScalar>(_: Scalar.Type) {
    if Scalar.self == Double.self {
      self = .double
    } else if Scalar.self == Float.self {
      self = .float
    } else {
      preconditionFailure("Matrix supports Float and Double only, not \(Scalar.self)")
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
