// Iterative solvers: preconditioned conjugate gradients (Hestenes & Stiefel
// 1952), BiCGSTAB (van der Vorst 1992) and CGLS for least squares (Björck,
// "Numerical Methods for Least Squares Problems", §7.4), written here on the
// core's threaded CSR product. The preconditioners: Jacobi (the inverse
// diagonal; for least squares the inverse squared column norms), and Eigen's
// IncompleteCholesky and IncompleteLUT.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "SparseCore.h"
#include "SparseSetup.hpp"

#include <Eigen/IterativeLinearSolvers>
#include <Eigen/OrderingMethods>

#include <memory>
#include <numeric>
#include <vector>

namespace core {
namespace {

template <class T>
using Vector = detail::Vector<T>;

/// z = M⁻¹ r.
template <class T>
struct Preconditioner {
  virtual ~Preconditioner() = default;
  virtual void apply(const Vector<T>& r, Vector<T>& z) const = 0;
};

template <class T>
struct IdentityPreconditioner final : Preconditioner<T> {
  void apply(const Vector<T>& r, Vector<T>& z) const override { z = r; }
};

/// Multiplies by fixed reciprocals (1 where the scale is zero).
template <class T>
struct DiagonalPreconditioner final : Preconditioner<T> {
  Vector<T> inverse;
  explicit DiagonalPreconditioner(Vector<T> scale) : inverse(std::move(scale)) {
    for (Index i = 0; i < inverse.size(); ++i) inverse[i] = inverse[i] != T(0) ? T(1) / inverse[i] : T(1);
  }
  void apply(const Vector<T>& r, Vector<T>& z) const override { z = inverse.cwiseProduct(r); }
};

template <class T>
struct IncompleteCholeskyPreconditioner final : Preconditioner<T> {
  Eigen::IncompleteCholesky<T, Eigen::Lower, Eigen::NaturalOrdering<int>> factor;
  void apply(const Vector<T>& r, Vector<T>& z) const override { z = factor.solve(r); }
};

template <class T>
struct IncompleteLUPreconditioner final : Preconditioner<T> {
  Eigen::IncompleteLUT<T, int> factor;
  void apply(const Vector<T>& r, Vector<T>& z) const override { z = factor.solve(r); }
};

template <class T>
Vector<T> diagonalOf(const sparse::CompressedRows<T>& a) {
  Vector<T> diagonal = Vector<T>::Zero(a.rows);
  for (Index i = 0; i < a.rows; ++i) {
    for (Index k = a.rowStarts[i]; k < a.rowStarts[i + 1]; ++k) {
      if (a.columnIndices[k] == i) diagonal[i] = a.values[k];
    }
  }
  return diagonal;
}

/// Whether every row of the square `a` stores its diagonal entry.
template <class T>
bool storesDiagonal(const sparse::CompressedRows<T>& a) {
  for (Index i = 0; i < a.rows; ++i) {
    bool found = false;
    for (Index k = a.rowStarts[i]; k < a.rowStarts[i + 1] && !found; ++k) found = a.columnIndices[k] == i;
    if (!found) return false;
  }
  return true;
}

/// The square `a` with an explicit zero where it stores no diagonal entry.
template <class T>
sparse::ColumnMajorSparse<T> withExplicitDiagonal(const sparse::ColumnMajorSparse<T>& a) {
  sparse::ColumnMajorSparse<T> zeros(a.rows(), a.cols());
  zeros.setIdentity();
  zeros.coeffs().setZero();
  return sparse::ColumnMajorSparse<T>(a + zeros);
}

/// The CSR arrays of Aᵀ, for CGLS's products with Aᵀ.
template <class T>
struct TransposedCopy {
  std::vector<Index> starts;
  std::vector<std::int32_t> columns;
  std::vector<T> values;
  sparse::CompressedRows<T> view() const {
    return {static_cast<Index>(starts.size()) - 1, 0, starts.data(), columns.data(), values.data()};
  }
  explicit TransposedCopy(const sparse::CompressedRows<T>& a)
      : starts(static_cast<std::size_t>(a.columns) + 1, 0),
        columns(static_cast<std::size_t>(a.nonzeroCount())),
        values(static_cast<std::size_t>(a.nonzeroCount())) {
    for (Index k = 0; k < a.nonzeroCount(); ++k) ++starts[static_cast<std::size_t>(a.columnIndices[k]) + 1];
    std::partial_sum(starts.begin(), starts.end(), starts.begin());
    std::vector<Index> next(starts.begin(), starts.end() - 1);
    for (Index i = 0; i < a.rows; ++i) {
      for (Index k = a.rowStarts[i]; k < a.rowStarts[i + 1]; ++k) {
        const Index slot = next[static_cast<std::size_t>(a.columnIndices[k])]++;
        columns[static_cast<std::size_t>(slot)] = static_cast<std::int32_t>(i);
        values[static_cast<std::size_t>(slot)] = a.values[k];
      }
    }
  }
};

template <class T>
void multiply(const sparse::CompressedRows<T>& a, const Vector<T>& x, Vector<T>& y) {
  y.resize(a.rows);
  sparse::multiplyVector(a, x.data(), y.data());
}

struct Outcome {
  bool converged;
  Index iterations;
};

template <class T>
Outcome conjugateGradient(const sparse::CompressedRows<T>& a, const Vector<T>& b, Vector<T>& x,
                          const Preconditioner<T>& m, T threshold, Index maxIterations) {
  Vector<T> r(a.rows), q(a.rows), z(a.rows);
  multiply(a, x, q);
  r = b - q;
  if (r.norm() <= threshold) return {true, 0};
  m.apply(r, z);
  Vector<T> p = z;
  T rz = r.dot(z);
  for (Index i = 0; i < maxIterations; ++i) {
    multiply(a, p, q);
    const T pq = p.dot(q);
    if (!(pq != T(0)) || !std::isfinite(pq)) return {false, i};
    const T alpha = rz / pq;
    x += alpha * p;
    r -= alpha * q;
    if (r.norm() <= threshold) return {true, i + 1};
    m.apply(r, z);
    const T rzNext = r.dot(z);
    const T beta = rzNext / rz;
    rz = rzNext;
    p = z + beta * p;
  }
  return {false, maxIterations};
}

template <class T>
Outcome biCGSTAB(const sparse::CompressedRows<T>& a, const Vector<T>& b, Vector<T>& x,
                 const Preconditioner<T>& m, T threshold, Index maxIterations) {
  const Index n = a.rows;
  Vector<T> r(n), v = Vector<T>::Zero(n), p = Vector<T>::Zero(n), y(n), s(n), z(n), t(n);
  multiply(a, x, t);
  r = b - t;
  if (r.norm() <= threshold) return {true, 0};
  Vector<T> shadow = r;
  T rho = 1, alpha = 1, omega = 1;
  for (Index i = 0; i < maxIterations; ++i) {
    T rhoNext = shadow.dot(r);
    if (std::abs(rhoNext) <= std::numeric_limits<T>::min()) {  // breakdown: restart the shadow residual
      shadow = r;
      rhoNext = r.squaredNorm();
      p.setZero();
      v.setZero();
      rho = alpha = omega = 1;
    }
    const T beta = (rhoNext / rho) * (alpha / omega);
    p = r + beta * (p - omega * v);
    m.apply(p, y);
    multiply(a, y, v);
    const T shadowV = shadow.dot(v);
    if (!(shadowV != T(0)) || !std::isfinite(shadowV)) return {false, i};
    alpha = rhoNext / shadowV;
    s = r - alpha * v;
    if (s.norm() <= threshold) {
      x += alpha * y;
      return {true, i + 1};
    }
    m.apply(s, z);
    multiply(a, z, t);
    const T tt = t.squaredNorm();
    if (!(tt > T(0)) || !std::isfinite(tt)) return {false, i};
    omega = t.dot(s) / tt;
    x += alpha * y + omega * z;
    r = s - omega * t;
    rho = rhoNext;
    if (r.norm() <= threshold) return {true, i + 1};
    if (omega == T(0)) return {false, i + 1};
  }
  return {false, maxIterations};
}

template <class T>
Outcome leastSquaresCG(const sparse::CompressedRows<T>& a, const sparse::CompressedRows<T>& transposed,
                       const Vector<T>& b, Vector<T>& x, const Preconditioner<T>& m, T threshold,
                       Index maxIterations) {
  Vector<T> r(a.rows), q(a.rows), s(a.columns), z(a.columns);
  multiply(a, x, q);
  r = b - q;
  multiply(transposed, r, s);
  if (s.norm() <= threshold) return {true, 0};
  m.apply(s, z);
  Vector<T> p = z;
  T gamma = s.dot(z);
  for (Index i = 0; i < maxIterations; ++i) {
    multiply(a, p, q);
    const T qq = q.squaredNorm();
    if (!(qq > T(0)) || !std::isfinite(qq)) return {false, i};
    const T alpha = gamma / qq;
    x += alpha * p;
    r -= alpha * q;
    multiply(transposed, r, s);
    if (s.norm() <= threshold) return {true, i + 1};
    m.apply(s, z);
    const T gammaNext = s.dot(z);
    const T beta = gammaNext / gamma;
    gamma = gammaNext;
    p = z + beta * p;
  }
  return {false, maxIterations};
}

/// solveImpl on values and a right-hand side in range (see there).
template <class T>
Status solveInRange(Index rows, Index columns, const Index* rowStarts, const std::int32_t* columnIndices,
                    const T* values, const T* bData, T* xData, IterativeMethodKind method, PreconditionerKind kind,
                    T tolerance, Index maxIterations, Index* iterations, T* residualNorm) {
  const sparse::CompressedRows<T> a{rows, columns, rowStarts, columnIndices, values};
  const bool leastSquares = method == IterativeMethodKind::leastSquaresCG;
  if (!leastSquares && rows != columns) return Status::invalidArgument;
  if (!sparse::fitsInt(a)) return Status::invalidArgument;
  if (columns == 0) {
    // No unknowns: x is empty and the residual (Aᵀ r for least squares) has
    // no entries. Eigen's IncompleteLUT divides by the size and stopped a
    // 0×0 solve with SIGFPE.
    *iterations = 0;
    *residualNorm = T(0);
    return Status::ok;
  }
  const Eigen::Map<const Vector<T>> b(bData, rows);
  Eigen::Map<Vector<T>> xOut(xData, columns);
  Vector<T> x = xOut;
  std::unique_ptr<TransposedCopy<T>> transposed;
  if (leastSquares) transposed = std::make_unique<TransposedCopy<T>>(a);

  std::unique_ptr<Preconditioner<T>> m;
  switch (kind) {
    case PreconditionerKind::none:
      m = std::make_unique<IdentityPreconditioner<T>>();
      break;
    case PreconditionerKind::jacobi:
      if (leastSquares) {
        Vector<T> columnNorms = Vector<T>::Zero(columns);
        for (Index k = 0; k < a.nonzeroCount(); ++k) columnNorms[a.columnIndices[k]] += a.values[k] * a.values[k];
        m = std::make_unique<DiagonalPreconditioner<T>>(std::move(columnNorms));
      } else {
        m = std::make_unique<DiagonalPreconditioner<T>>(diagonalOf(a));
      }
      break;
    case PreconditionerKind::incompleteCholesky: {
      if (leastSquares) return Status::invalidArgument;
      auto ic = std::make_unique<IncompleteCholeskyPreconditioner<T>>();
      // The CSR arrays as compressed columns are Aᵀ: its lower triangle is
      // A's upper one, the same for the symmetric A that CG needs.
      // Eigen's IncompleteCholesky takes the first entry of each column as
      // its diagonal, so a diagonal entry that is not stored (a structural
      // zero) had it read an off-diagonal entry, or past the arrays for an
      // empty last column. Such entries become explicit zeros, which it
      // shifts as it does any diagonal that is not positive.
      if (storesDiagonal(a)) {
        ic->factor.compute(sparse::transposeAsColumnMajor(a));
      } else {
        ic->factor.compute(withExplicitDiagonal(sparse::transposeAsColumnMajor(a)));
      }
      if (ic->factor.info() != Eigen::Success) return Status::notPositiveDefinite;
      m = std::move(ic);
      break;
    }
    case PreconditionerKind::incompleteLU: {
      if (leastSquares) return Status::invalidArgument;
      auto ilu = std::make_unique<IncompleteLUPreconditioner<T>>();
      ilu->factor.compute(sparse::asColumnMajor(a));
      if (ilu->factor.info() != Eigen::Success) return Status::singular;
      m = std::move(ilu);
      break;
    }
    default:
      return Status::invalidArgument;
  }

  Outcome outcome{true, 0};
  T reference;
  if (leastSquares) {
    Vector<T> atb(columns);
    multiply(transposed->view(), Vector<T>(b), atb);
    reference = atb.norm();
  } else {
    reference = b.norm();
  }
  if (!std::isfinite(reference)) {
    xOut.setConstant(std::numeric_limits<T>::quiet_NaN());
    *iterations = 0;
    *residualNorm = std::numeric_limits<T>::quiet_NaN();
    return Status::noConvergence;
  }
  if (reference == T(0)) {
    x.setZero();  // the exact (least-squares, minimum-norm) solution
  } else {
    const T threshold = tolerance * reference;
    switch (method) {
      case IterativeMethodKind::conjugateGradient:
        outcome = conjugateGradient(a, Vector<T>(b), x, *m, threshold, maxIterations);
        break;
      case IterativeMethodKind::biCGSTAB:
        outcome = biCGSTAB(a, Vector<T>(b), x, *m, threshold, maxIterations);
        break;
      case IterativeMethodKind::leastSquaresCG:
        outcome = leastSquaresCG(a, transposed->view(), Vector<T>(b), x, *m, threshold, maxIterations);
        break;
    }
  }
  // The true residual of the x returned (the recurrences drift from it).
  Vector<T> ax(rows);
  multiply(a, x, ax);
  const Vector<T> r = b - ax;
  T norm;
  if (leastSquares) {
    Vector<T> atr(columns);
    multiply(transposed->view(), r, atr);
    norm = atr.norm();
  } else {
    norm = r.norm();
  }
  xOut = x;
  *iterations = outcome.iterations;
  *residualNorm = norm;
  return outcome.converged && std::isfinite(norm) ? Status::ok : Status::noConvergence;
}

/// The e by which solveImpl divides A's values (or b) whose largest
/// magnitude lies beyond 2^±(max_exponent / 4): the one that brings it
/// into [0.5, 1); else 0.
template <class T>
int iterativeScaleExponent(const T* values, Index count) {
  const int e = detail::scaleExponent(values, count);
  return std::abs(e) <= std::numeric_limits<T>::max_exponent / 4 ? 0 : e;
}

/// The iterative solve. Values or a right-hand side far from 1 (beyond
/// 2^±(max_exponent / 4)) are first scaled by powers of two: A x = b is
/// solved as (A / 2^a) y = b / 2^c with x = 2^(c − a) y, which the methods
/// and preconditioners carry out with the same roundings, short of the
/// overflow of the residuals' squared norms (b of 1e200 gave NaN) and of
/// the incomplete factorizations' products (A of 1e200 or 1e-200 made
/// them fail) that the scaling avoids.
template <class T>
Status solveImpl(Index rows, Index columns, const Index* rowStarts, const std::int32_t* columnIndices, const T* values,
                 const T* bData, T* xData, IterativeMethodKind method, PreconditionerKind kind, T tolerance,
                 Index maxIterations, Index* iterations, T* residualNorm) {
  if (rows < 0 || columns < 0 || rowStarts == nullptr || iterations == nullptr || residualNorm == nullptr) {
    return Status::invalidArgument;
  }
  const Index nonzeros = rowStarts[rows];
  if (nonzeros < 0 || (nonzeros > 0 && values == nullptr) || (rows > 0 && bData == nullptr)) {
    return Status::invalidArgument;
  }
  const int a = iterativeScaleExponent(values, nonzeros);
  const int c = iterativeScaleExponent(bData, rows);
  if (a == 0 && c == 0) {
    return solveInRange(rows, columns, rowStarts, columnIndices, values, bData, xData, method, kind, tolerance,
                        maxIterations, iterations, residualNorm);
  }
  std::vector<T> scaledValues(values, values + nonzeros), scaledB(bData, bData + rows);
  detail::scaleByPowerOfTwo(scaledValues.data(), nonzeros, -a);
  detail::scaleByPowerOfTwo(scaledB.data(), rows, -c);
  detail::scaleByPowerOfTwo(xData, columns, a - c);
  const Status status = solveInRange(rows, columns, rowStarts, columnIndices, scaledValues.data(), scaledB.data(),
                                     xData, method, kind, tolerance, maxIterations, iterations, residualNorm);
  detail::scaleByPowerOfTwo(xData, columns, c - a);
  // ‖b − A x‖ = 2^c ‖b̂ − Â y‖; for least squares ‖Aᵀ(b − A x)‖ = 2^(a + c) times Â's.
  *residualNorm = std::ldexp(*residualNorm, method == IterativeMethodKind::leastSquaresCG ? a + c : c);
  return status;
}

}  // namespace

Status sparseSolveIteratively(Index rows, Index columns, const Index* rowStarts, const std::int32_t* columnIndices,
                              const float* values, const float* b, float* x, IterativeMethodKind method,
                              PreconditionerKind preconditioner, float tolerance, Index maxIterations,
                              Index* iterations, float* residualNorm) noexcept {
  return detail::guarded([&] {
    return solveImpl(rows, columns, rowStarts, columnIndices, values, b, x, method, preconditioner, tolerance,
                     maxIterations, iterations, residualNorm);
  });
}
Status sparseSolveIteratively(Index rows, Index columns, const Index* rowStarts, const std::int32_t* columnIndices,
                              const double* values, const double* b, double* x, IterativeMethodKind method,
                              PreconditionerKind preconditioner, double tolerance, Index maxIterations,
                              Index* iterations, double* residualNorm) noexcept {
  return detail::guarded([&] {
    return solveImpl(rows, columns, rowStarts, columnIndices, values, b, x, method, preconditioner, tolerance,
                     maxIterations, iterations, residualNorm);
  });
}

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
