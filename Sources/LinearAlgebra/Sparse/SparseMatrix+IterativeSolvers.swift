internal import CXX

/// A Krylov method for ``SparseMatrix/solveIteratively(_:method:preconditioner:tolerance:maxIterations:)``.
public enum IterativeMethod: Sendable, Hashable, CaseIterable {
  /// Conjugate gradients, for symmetric positive definite matrices.
  case conjugateGradient
  /// BiCGSTAB, for general square matrices.
  case biCGSTAB
  /// Conjugate gradients on the normal equations (CGLS), for least squares
  /// `min ||A x − b||` with any shape of A.
  case leastSquaresCG
}

/// A preconditioner for ``SparseMatrix/solveIteratively(_:method:preconditioner:tolerance:maxIterations:)``.
public enum Preconditioner: Sendable, Hashable, CaseIterable {
  /// None.
  case none
  /// The inverse diagonal (for ``IterativeMethod/leastSquaresCG``, the
  /// inverse squared column norms); a zero diagonal element counts as 1.
  case jacobi
  /// An incomplete Cholesky factorization with threshold fill, in the
  /// matrix's own order (Eigen's `IncompleteCholesky`; a fill-reducing
  /// order made it a weaker preconditioner on grid problems); for symmetric
  /// matrices.
  case incompleteCholesky
  /// An incomplete LU factorization with threshold dropping (Eigen's
  /// `IncompleteLUT`).
  case incompleteLU
}

/// What an iterative solve found.
public struct IterativeSolution<Scalar: RealMatrixScalar>: Sendable {
  /// The approximate solution.
  public let solution: [Scalar]
  /// The number of iterations it took.
  public let iterations: Int
  /// The norm of the true residual `b − A x` of ``solution`` (for least
  /// squares, of `Aᵀ(b − A x)`).
  public let residualNorm: Scalar
}

extension SparseMatrix {
  /// Solves `A x = b` iteratively, from x = 0, until the residual norm is at
  /// most `tolerance` times that of `b` (for least squares, ||Aᵀ r|| at most
  /// `tolerance` times ||Aᵀ b||).
  ///
  ///     let result = try poisson.solveIteratively(b, tolerance: 1e-8)
  ///     result.iterations, result.residualNorm
  ///
  /// - Parameters:
  ///   - b: The right-hand side, `rowCount` elements.
  ///   - method: The Krylov method; ``IterativeMethod/conjugateGradient``
  ///     assumes a symmetric positive definite matrix.
  ///   - preconditioner: The preconditioner; ``IterativeMethod/leastSquaresCG``
  ///     takes ``Preconditioner/none`` or ``Preconditioner/jacobi``.
  ///   - tolerance: The relative residual to reach.
  ///   - maxIterations: The budget; by default twice the column count.
  /// - Returns: The solution, the iterations used and its residual norm.
  /// - Throws: ``LinearAlgebraError/noConvergence`` when the budget runs out
  ///   or the method breaks down; ``LinearAlgebraError/notPositiveDefinite``
  ///   or ``LinearAlgebraError/singularMatrix`` when the incomplete
  ///   factorization of the preconditioner fails.
  /// - Precondition: `b.count == rowCount`; the matrix is square unless the
  ///   method is least squares; `tolerance` is positive.
  /// - Complexity: O(nonzeroCount) per iteration, plus the preconditioner.
  public func solveIteratively(
    _ b: [Scalar], method: IterativeMethod = .conjugateGradient, preconditioner: Preconditioner = .jacobi,
    tolerance: Scalar, maxIterations: Int? = nil
  ) throws(LinearAlgebraError) -> IterativeSolution<Scalar> {
    let operation = "SparseMatrix.solveIteratively(_:method: .\(method))"
    precondition(
      b.count == rowCount,
      "\(operation) needs \(rowCount) elements for a \(shapeDescription) matrix; got \(b.count)")
    precondition(
      method == .leastSquaresCG || rowCount == columnCount,
      "\(operation) needs a square matrix; got \(shapeDescription)")
    precondition(
      method != .leastSquaresCG || preconditioner == .none || preconditioner == .jacobi,
      "\(operation) takes the preconditioners .none and .jacobi; got .\(preconditioner)")
    precondition(tolerance > 0, "\(operation) needs a positive tolerance; got \(tolerance)")
    let budget = maxIterations ?? 2 * Swift.max(columnCount, 1)
    precondition(budget >= 0, "\(operation) needs a non-negative maxIterations; got \(budget)")
    let coreMethod: core.IterativeMethodKind =
      switch method {
      case .conjugateGradient: .conjugateGradient
      case .biCGSTAB: .biCGSTAB
      case .leastSquaresCG: .leastSquaresCG
      }
    let corePreconditioner: core.PreconditionerKind =
      switch preconditioner {
      case .none: .none
      case .jacobi: .jacobi
      case .incompleteCholesky: .incompleteCholesky
      case .incompleteLU: .incompleteLU
      }
    var x = [Scalar](repeating: 0, count: columnCount)
    var iterations = 0
    var residual = Scalar.zero
    let (rows, columns) = (rowCount, columnCount)
    let status = withCompressedRows { starts, indices, values in
      b.withUnsafeBufferPointer { bPointer in
        x.withUnsafeMutableBufferPointer { xPointer in
          withUnsafeMutablePointer(to: &residual) { residualPointer in
            switch CoreScalarKind(Scalar.self) {
            case .double:
              core.sparseSolveIteratively(
                rows, columns, starts, indices, values?.asDouble, bPointer.baseAddress?.asDouble,
                xPointer.baseAddress?.asDouble, coreMethod, corePreconditioner, Double(tolerance), budget,
                &iterations,
                residualPointer.asDouble)
            case .float:
              core.sparseSolveIteratively(
                rows, columns, starts, indices, values?.asFloat, bPointer.baseAddress?.asFloat,
                xPointer.baseAddress?.asFloat, coreMethod, corePreconditioner, Float(tolerance), budget,
                &iterations,
                residualPointer.asFloat)
            }
          }
        }
      }
    }
    try status.check(operation)
    return IterativeSolution(solution: x, iterations: iterations, residualNorm: residual)
  }
}
