// Complex singular value decomposition, the way LAPACK's zgesdd does it:
// Householder reflections reduce A to a *real* upper bidiagonal B
// (A = Q B Pᴴ, Golub and Kahan 1965; each reflector chosen, as zlarfg
// does, so that the entry it leaves is real), the real bidiagonal SVD of
// the dense SVD's translation units takes B = P_B Σ Q_Bᵀ (divide and
// conquer, threaded, with its AVX2 variant; BidiagonalSVDEntry.hpp), and
// the reflectors take the real vectors back: U = Q P_B, V = P Q_B.
//
// The reduction runs in panels of 32 columns (?labrd: one matrix-vector
// product by the trailing matrix per column and per row, then one product
// for the trailing update), the last columns unblocked; U and V are formed
// from blocks of its reflectors as products (ComplexBlockReflector.hpp). A
// wide A is decomposed as Aᴴ. Non-finite input gives NaN outputs without
// running the iteration; a matrix whose largest entry lies beyond
// 2^±(max_exponent / 4) is scaled by a power of 2 first, so that the
// reflectors' norms cannot overflow. Least squares runs the same reduction
// and lets its reflectors act on b and on the solution, so that U and V are
// never formed (zgelsd's order).
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "ComplexCore.h"

#include "BidiagonalSVDEntry.hpp"
#include "BlockReflector.hpp"
#include "ComplexBlockReflector.hpp"
#include "ComplexQRInPlace.hpp"
#include "ComplexSetup.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <vector>

namespace core {
namespace {

using detail::guarded;

template <class T>
using Complex = std::complex<T>;

template <class T>
using ComplexColumns = detail::ComplexMatrix<T>;

/// A Householder reflector H = I − τ v vᴴ, v = (1, tail) on rows (or
/// columns) `first` onwards, with Hᴴ (α, x) = (β, 0) for a real β.
template <class T>
struct Reflector {
  Index first = 0;
  Complex<T> tau = 0;
  detail::Vector<Complex<T>> tail;
};

/// Makes the reflector for the vector `x` (its first entry α), overwrites
/// `x` with (β, 0, …, 0) and returns the reflector (LAPACK's zlarfg).
template <class T, class Column>
Reflector<T> makeReflector(Column&& x, Index first) {
  Reflector<T> reflector;
  reflector.first = first;
  const Index length = x.size();
  const Complex<T> alpha = x(0);
  // Safely scaled: a column of tiny entries beside large ones elsewhere
  // must not square to zero.
  const T tailNorm = length > 1 ? detail::reflectorNorm(x.tail(length - 1)) : T(0);
  reflector.tail.resize(std::max<Index>(length - 1, 0));
  if (tailNorm == 0 && alpha.imag() == 0) {
    reflector.tau = 0;
    reflector.tail.setZero();
    return reflector;
  }
  const T magnitude = std::hypot(std::hypot(alpha.real(), alpha.imag()), tailNorm);
  const T beta = alpha.real() >= 0 ? -magnitude : magnitude;
  reflector.tau = Complex<T>((beta - alpha.real()) / beta, -alpha.imag() / beta);
  // v's tail is x's tail / (α − β); |Re(α − β)| ≥ |β| ≥ each |xᵢ|, so the
  // quotient by the scaled denominator cannot overflow.
  const Complex<T> denominator = alpha - beta;
  const T scale = std::max(std::abs(denominator.real()), std::abs(denominator.imag()));
  // One complex division (|1 / scaledDenominator| ≤ 1), then products in
  // real arithmetic, as zlarfg scales by 1/(α − β): a complex division per
  // entry went through the runtime's __divdc3.
  const Complex<T> reciprocal = T(1) / (denominator / scale);
  const T re = reciprocal.real(), im = reciprocal.imag();
  for (Index i = 1; i < length; ++i) {
    const T xr = x(i).real() / scale, xi = x(i).imag() / scale;
    reflector.tail(i - 1) = Complex<T>(xr * re - xi * im, xr * im + xi * re);
  }
  x(0) = beta;
  if (length > 1) x.tail(length - 1).setZero();
  return reflector;
}

/// X = H X (conjugate = false) or X = Hᴴ X for the rows of X from
/// `reflector.first` on: X −= τ v (vᴴ X).
template <class T>
void applyFromLeft(const Reflector<T>& reflector, ComplexColumns<T>& x, Index firstColumn, bool conjugate) {
  const Index rows = reflector.tail.size() + 1, columns = x.cols() - firstColumn;
  if (columns <= 0 || reflector.tau == Complex<T>(0)) return;
  auto block = x.block(reflector.first, firstColumn, rows, columns);
  // w = Xᴴ v = (vᴴ X)ᴴ, with v = (1, tail); then X −= τ v wᴴ.
  detail::Vector<Complex<T>> w = block.row(0).adjoint();
  if (rows > 1) w.noalias() += block.bottomRows(rows - 1).adjoint() * reflector.tail;
  const Complex<T> tau = conjugate ? std::conj(reflector.tau) : reflector.tau;
  block.row(0) -= tau * w.adjoint();
  if (rows > 1) block.bottomRows(rows - 1).noalias() -= (tau * reflector.tail) * w.adjoint();
}

/// X = X H for the columns of X from `reflector.first` on, the rows from
/// `firstRow` on: X −= τ (X v) vᴴ.
template <class T>
void applyFromRight(const Reflector<T>& reflector, ComplexColumns<T>& x, Index firstRow) {
  const Index columns = reflector.tail.size() + 1, rows = x.rows() - firstRow;
  if (rows <= 0 || reflector.tau == Complex<T>(0)) return;
  auto block = x.block(firstRow, reflector.first, rows, columns);
  detail::Vector<Complex<T>> w = block.col(0);
  if (columns > 1) w.noalias() += block.rightCols(columns - 1) * reflector.tail;
  block.col(0) -= reflector.tau * w;
  if (columns > 1) block.rightCols(columns - 1).noalias() -= (reflector.tau * w) * reflector.tail.adjoint();
}

/// Columns per panel of the blocked reduction; from more columns than
/// this the reduction runs in panels, and the columns after the last whole
/// panel one at a time.
constexpr Index bidiagonalPanelWidth = 32;

/// Writes `reflector`'s vector, its leading 1 at row `reflector.first`,
/// into `column` (zeros elsewhere).
template <class T, class Column>
void storeVector(const Reflector<T>& reflector, Column&& column) {
  column.setZero();
  column(reflector.first) = 1;
  column.segment(reflector.first + 1, reflector.tail.size()) = reflector.tail;
}

/// Parts for a panel's product by the trailing matrix, `depth` deep and
/// `length` long (split along its length): one below 16384 entries, else
/// one per thread. The products read the trailing matrix whole once per
/// column and per row. Measured when they were this unit's SSE2 Eigen code
/// (C++ harness, alternating): split from 65536 entries (the Hessenberg
/// reduction's limit), SVD 512 at 2 threads went from 146 to 119 ms; from
/// 16384, 256 from 25.1 to 21.8 ms, 128 the same.
inline Index productParts(Index depth, Index length) {
  return static_cast<double>(depth) * static_cast<double>(length) < 16384.0
             ? 1
             : parallel::partsFor(length, 64);
}

/// Reduces columns [p, p + width) of `w` (rows ≥ columns) and the rows
/// [p, p + width) right of the diagonal, as the unblocked loop of svdImpl
/// would, then updates the trailing matrix with one product (LAPACK's
/// ?labrd, Dongarra, Sorensen and Hammarling 1989). Within the panel the
/// matrix is W − P Qᴴ without being formed: P's columns are each left
/// reflector's vector v and the image x = τ' W u of the right reflector's
/// u, Q's the matching y = τ Wᴴ v and u (so P Qᴴ = Σ v yᴴ + x uᴴ, both
/// kinds of update in one product), so that each column and each row costs
/// one matrix-vector product by the trailing matrix instead of two passes.
template <class T>
void reducePanel(ComplexColumns<T>& w, Index p, Index width, std::vector<Reflector<T>>& left,
                 std::vector<Reflector<T>>& right, std::vector<T>& diagonal, std::vector<T>& superdiagonal) {
  using Vector = detail::Vector<Complex<T>>;
  const Index m = w.rows(), n = w.cols();
  // Columns 2j and 2j + 1 of P are v_j and x_j; of Q, y_j and u_j.
  ComplexColumns<T> pAll = ComplexColumns<T>::Zero(m, 2 * width), qAll = ComplexColumns<T>::Zero(n, 2 * width);
  for (Index j = 0; j < width; ++j) {
    const Index c = p + j, below = m - c, after = n - c - 1, done = 2 * j;
    // Column c as it stands, rows c onwards.
    Vector column = w.col(c).tail(below);
    if (j > 0) detail::subtractTimes(pAll.block(c, 0, below, done), Vector(qAll.row(c).head(done).adjoint()), column);
    left.push_back(makeReflector<T>(column, c));
    diagonal[static_cast<std::size_t>(c)] = column(0).real();
    storeVector(left.back(), pAll.col(done));
    if (after == 0) continue;
    // y = τ (W − P Qᴴ)ᴴ v over columns c + 1 onwards.
    const auto leftVector = pAll.col(done).tail(below);
    Vector product(after);
    const auto trailing = w.block(c, c + 1, below, after);
    parallel::forRange(after, productParts(below, after), 8, [&](Index begin, Index end) {
      detail::dispatchedTimes(trailing.middleCols(begin, end - begin), leftVector, product.segment(begin, end - begin),
                              true);
    });
    if (j > 0) {
      Vector pv(done);
      detail::dispatchedTimes(pAll.block(c, 0, below, done), leftVector, pv, true);
      detail::subtractTimes(qAll.block(c + 1, 0, after, done), pv, product);
    }
    qAll.col(done).tail(after) = left.back().tau * product;
    // Row c right of the diagonal as it stands (H_c applied: v_j, y_j are
    // in), as a column: its conjugate.
    Vector row = w.row(c).segment(c + 1, after).adjoint();
    detail::subtractTimes(qAll.block(c + 1, 0, after, done + 1), Vector(pAll.row(c).head(done + 1).adjoint()), row);
    right.push_back(makeReflector<T>(row, c + 1));
    superdiagonal[static_cast<std::size_t>(c)] = row(0).real();
    storeVector(right.back(), qAll.col(done + 1));
    if (c + 1 == m) continue;
    // x = τ' (W − P Qᴴ) u over rows c + 1 onwards.
    const auto rightVector = qAll.col(done + 1).tail(after);
    Vector image(below - 1);
    const auto lower = w.block(c + 1, c + 1, below - 1, after);
    parallel::forRange(below - 1, productParts(after, below - 1), 8, [&](Index begin, Index end) {
      detail::dispatchedTimes(lower.middleRows(begin, end - begin), rightVector, image.segment(begin, end - begin));
    });
    Vector qu(done + 1);
    detail::dispatchedTimes(qAll.block(c + 1, 0, after, done + 1), rightVector, qu, true);
    detail::subtractTimes(pAll.block(c + 1, 0, below - 1, done + 1), qu, image);
    pAll.col(done + 1).tail(below - 1) = right.back().tau * image;
  }
  // W −= P Qᴴ on the trailing rows and columns.
  const Index q = p + width;
  if (q >= n) return;
  const ComplexColumns<T> qAdjoint = qAll.bottomRows(n - q).adjoint();
  detail::multiplyColumnMajor(pAll.data() + q, m, qAdjoint.data(), 2 * width, &w(q, q), w.outerStride(), m - q,
                              2 * width, n - q, true);
}

/// Reflectors per block when U and V are formed; with fewer reflectors
/// than this they are applied one at a time.
constexpr Index reflectorBlockWidth = 32;

/// The `reflectors` (H_j acting on rows j + offset onwards) for the block
/// routines: reflector j's vector in column j of the unit lower `rows` ×
/// count matrix `vectors` (its leading 1 on the diagonal, not stored), its
/// coefficient in `coefficients`.
template <class T>
void packReflectors(const std::vector<Reflector<T>>& reflectors, Index rows, ComplexColumns<T>& vectors,
                    detail::Vector<Complex<T>>& coefficients) {
  const Index count = static_cast<Index>(reflectors.size());
  vectors = ComplexColumns<T>::Zero(rows, count);
  coefficients.resize(count);
  for (Index j = 0; j < count; ++j) {
    const Reflector<T>& reflector = reflectors[static_cast<std::size_t>(j)];
    coefficients(j) = reflector.tau;
    vectors.col(j).segment(j + 1, reflector.tail.size()) = reflector.tail;
  }
}

/// target = H₀ H₁ ⋯ H_{c−1} target for the c `reflectors`, H_j acting on
/// rows j + `offset` onwards (reflectors[j].first), by the dense layer's
/// applyReflectorsInBlocks in blocks of `reflectorBlockWidth`, each
/// applied as products (ApplyComplexBlockReflector). One reflector at a
/// time these were level-2 updates on this unit's baseline instructions,
/// three fifths of the SVD's flops when U and V are wanted.
template <class T>
void applyReflectors(const std::vector<Reflector<T>>& reflectors, ComplexColumns<T>& target, Index offset) {
  const Index count = static_cast<Index>(reflectors.size()), rows = target.rows() - offset;
  if (count < reflectorBlockWidth) {
    for (Index j = count - 1; j >= 0; --j) applyFromLeft(reflectors[static_cast<std::size_t>(j)], target, 0, false);
    return;
  }
  ComplexColumns<T> vectors;
  detail::Vector<Complex<T>> coefficients;
  packReflectors(reflectors, rows, vectors, coefficients);
  applyReflectorsInBlocks(vectors, coefficients, target.bottomRows(rows), reflectorBlockWidth,
                          ApplyComplexBlockReflector{});
}

/// target = H_{c−1}ᴴ ⋯ H₁ᴴ H₀ᴴ target, the adjoint of `applyReflectors`'s
/// product (the same `reflectors` and `offset`), first reflector first; from
/// `reflectorBlockWidth` reflectors on in blocks, each applied as products
/// (ApplyComplexBlockReflector's adjoint form).
template <class T>
void applyAdjointReflectors(const std::vector<Reflector<T>>& reflectors, ComplexColumns<T>& target, Index offset) {
  const Index count = static_cast<Index>(reflectors.size()), rows = target.rows() - offset;
  if (count < reflectorBlockWidth) {
    for (Index j = 0; j < count; ++j) applyFromLeft(reflectors[static_cast<std::size_t>(j)], target, 0, true);
    return;
  }
  ComplexColumns<T> vectors;
  detail::Vector<Complex<T>> coefficients;
  packReflectors(reflectors, rows, vectors, coefficients);
  for (Index top = 0; top < count; top += reflectorBlockWidth) {
    const Index width = std::min(reflectorBlockWidth, count - top);
    ApplyComplexBlockReflector{true}(target.bottomRows(rows - top), vectors.block(top, top, rows - top, width),
                                     coefficients.segment(top, width));
  }
}

/// A complex matrix reduced to real bidiagonal form: W = A / 2^e, or
/// Aᴴ / 2^e when A is wide, so that W has rows ≥ columns, and W = Q B Pᴴ
/// with Q = H₀ ⋯ H_{c−1} (`left`) and P = G₀ ⋯ G_{c−2} (`right`, acting on
/// rows 1 onwards).
template <class T>
struct BidiagonalReduction {
  bool wide = false;
  Index rows = 0, columns = 0;
  int e = 0;
  std::vector<Reflector<T>> left, right;
  std::vector<T> diagonal, superdiagonal;
};

/// W = A / 2^e, or Aᴴ / 2^e when A is wide, for the finite m×n `a`
/// (min(m, n) ≥ 1), scaled by a power of 2 (`e`) when its largest entry is
/// far from 1.
template <class T>
ComplexColumns<T> scaledWorkingMatrix(const T* a, Index m, Index n, int& e) {
  T largest = 0;
  for (Index i = 0; i < 2 * m * n; ++i) largest = std::max(largest, std::abs(a[i]));
  e = 0;
  if (largest > 0) {
    std::frexp(largest, &e);
    if (std::abs(e) <= std::numeric_limits<T>::max_exponent / 4) e = 0;
    // 2^−e stays finite for a largest entry that is subnormal
    // (MagnitudeScan::scaleExponent).
    e = std::max(e, 1 - std::numeric_limits<T>::max_exponent);
  }
  const T scale = std::ldexp(T(1), -e);
  const auto input = detail::complexView(a, m, n);
  if (m < n) return input.adjoint() * scale;
  return input * scale;
}

/// Reduces `w` (rows ≥ columns ≥ 1, the W of `reduction`, whose `wide` and
/// `e` the caller sets) to `reduction`, in place.
template <class T>
void reduceToBidiagonal(ComplexColumns<T>& w, BidiagonalReduction<T>& reduction) {
  const Index rows = w.rows(), columns = w.cols();
  reduction.rows = rows;
  reduction.columns = columns;
  // W = Q B Pᴴ: left reflectors H₀ … H_{c−1} on the columns, right
  // reflectors G₀ … G_{c−2} on the rows.
  std::vector<Reflector<T>>& left = reduction.left;
  std::vector<Reflector<T>>& right = reduction.right;
  left.reserve(static_cast<std::size_t>(columns));
  right.reserve(static_cast<std::size_t>(std::max<Index>(columns - 1, 0)));
  std::vector<T>& diagonal = reduction.diagonal;
  std::vector<T>& superdiagonal = reduction.superdiagonal;
  diagonal.resize(static_cast<std::size_t>(columns));
  superdiagonal.resize(static_cast<std::size_t>(columns));
  Index first = 0;
  for (; columns - first > bidiagonalPanelWidth; first += bidiagonalPanelWidth) {
    reducePanel(w, first, bidiagonalPanelWidth, left, right, diagonal, superdiagonal);
  }
  for (Index j = first; j < columns; ++j) {
    left.push_back(makeReflector<T>(w.col(j).tail(rows - j), j));
    applyFromLeft(left.back(), w, j + 1, true);
    diagonal[static_cast<std::size_t>(j)] = w(j, j).real();
    if (j + 1 < columns) {
      // Row j right of the diagonal, as a column: conj(W[j, j+1…]).
      detail::Vector<Complex<T>> row = w.row(j).tail(columns - j - 1).adjoint();
      right.push_back(makeReflector<T>(row, j + 1));
      // W[j, j+1…] G = (Gᴴ rowᴴ)ᴴ = (β, 0, …); the rows below take G too.
      w.row(j).tail(columns - j - 1) = row.adjoint();
      applyFromRight(right.back(), w, j + 1);
      superdiagonal[static_cast<std::size_t>(j)] = w(j, j + 1).real();
    }
  }
}

template <class T>
Status svdImpl(const T* a, Index m, Index n, bool full, T* u, T* values, T* v) {
  if (m < 0 || n < 0) return Status::invalidArgument;
  const Index k = std::min(m, n);
  const Index uColumns = full ? m : k;
  const Index vColumns = full ? n : k;
  if (!detail::allFinite(a, 2 * m * n)) {
    detail::fillNaN(u, 2 * m * uColumns);
    detail::fillNaN(v, 2 * n * vColumns);
    detail::fillNaN(values, k);
    return Status::ok;
  }
  if (m == 0 || n == 0) {
    // Full factors of an empty matrix are identities.
    if (full) {
      detail::complexView(u, m, m).setIdentity();
      detail::complexView(v, n, n).setIdentity();
    }
    return Status::ok;
  }
  const bool vectors = u != nullptr && v != nullptr;
  BidiagonalReduction<T> reduction;
  reduction.wide = m < n;
  ComplexColumns<T> w = scaledWorkingMatrix(a, m, n, reduction.e);
  reduceToBidiagonal(w, reduction);
  const Index rows = reduction.rows, columns = reduction.columns;
  // B = P_B Σ Q_Bᵀ, real.
  std::vector<T> p, q, sigma(static_cast<std::size_t>(columns));
  if (vectors) {
    p.resize(static_cast<std::size_t>(columns * columns));
    q.resize(static_cast<std::size_t>(columns * columns));
  }
  const Status status = bidiagonalSVD(reduction.diagonal.data(), reduction.superdiagonal.data(), columns,
                                      vectors ? p.data() : nullptr, sigma.data(), vectors ? q.data() : nullptr);
  if (status != Status::ok) return status;
  for (Index i = 0; i < columns; ++i) values[i] = std::ldexp(sigma[static_cast<std::size_t>(i)], reduction.e);
  if (!vectors) return Status::ok;
  // W's left vectors Q [P_B 0; 0 I] and right vectors P Q_B.
  const Index leftColumns = full ? rows : columns;
  ComplexColumns<T> wLeft = ComplexColumns<T>::Zero(rows, leftColumns);
  wLeft.topLeftCorner(columns, columns) =
      Eigen::Map<const detail::ColumnMajorMatrix<T>>(p.data(), columns, columns).template cast<Complex<T>>();
  for (Index i = columns; i < leftColumns; ++i) wLeft(i, i) = 1;
  applyReflectors(reduction.left, wLeft, 0);
  ComplexColumns<T> wRight =
      Eigen::Map<const detail::ColumnMajorMatrix<T>>(q.data(), columns, columns).template cast<Complex<T>>();
  applyReflectors(reduction.right, wRight, 1);
  // A = W (U = W's left, V = W's right), or A = Wᴴ (U = W's right, V = W's left).
  if (reduction.wide) {
    detail::complexView(u, m, uColumns) = wRight;
    detail::complexView(v, n, vColumns) = wLeft;
  } else {
    detail::complexView(u, m, uColumns) = wLeft;
    detail::complexView(v, n, vColumns) = wRight;
  }
  return Status::ok;
}

/// x = Â⁺ c for Â = W, or Â = Wᴴ when `wide`, W (rows ≥ columns ≥ 1) already
/// reduced to `reduction`, singular values at most `threshold`·σ₀ counted as
/// zero, without forming U or V: with W = Q B Pᴴ and B = P_B Σ Q_Bᵀ, a tall Â
/// gives x = P Q_B Σ⁺ P_Bᵀ (Qᴴ c), a wide Â = P Bᵀ Qᴴ gives
/// x = Q P_B Σ⁺ Q_Bᵀ (Pᴴ c).
template <class T>
Status solveThroughBidiagonal(const BidiagonalReduction<T>& reduction, bool wide, ComplexColumns<T>& c,
                              T threshold, ComplexColumns<T>& x) {
  const Index rows = reduction.rows, columns = reduction.columns, nrhs = c.cols();
  std::vector<T> p(static_cast<std::size_t>(columns * columns)), q(p.size()), sigma(static_cast<std::size_t>(columns));
  const Status status =
      bidiagonalSVD(reduction.diagonal.data(), reduction.superdiagonal.data(), columns, p.data(), sigma.data(), q.data());
  if (status != Status::ok) return status;
  const T cutoff = threshold * sigma[0];
  detail::Vector<T> inverted(columns);
  for (Index i = 0; i < columns; ++i) {
    const T value = sigma[static_cast<std::size_t>(i)];
    inverted(i) = value > cutoff ? T(1) / value : T(0);
  }
  const Eigen::Map<const detail::ColumnMajorMatrix<T>> factorP(p.data(), columns, columns),
      factorQ(q.data(), columns, columns);
  // The reflectors that reach c, and the real factors on either side of
  // Σ⁺: for a tall Â, Qᴴ, P_Bᵀ and Q_B; for a wide one, Pᴴ, Q_Bᵀ and P_B.
  applyAdjointReflectors(wide ? reduction.right : reduction.left, c, wide ? 1 : 0);
  const auto& before = wide ? factorQ : factorP;
  const auto& after = wide ? factorP : factorQ;
  ComplexColumns<T> projected = before.transpose().template cast<Complex<T>>() * c.topRows(columns);
  projected = inverted.template cast<Complex<T>>().asDiagonal() * projected;
  x = ComplexColumns<T>::Zero(wide ? rows : columns, nrhs);
  x.topRows(columns) = after.template cast<Complex<T>>() * projected;
  if (wide) {
    applyReflectors(reduction.left, x, 0);
  } else {
    applyReflectors(reduction.right, x, 1);
  }
  return Status::ok;
}

/// The least-squares solution of A x ≈ b with the smallest norm, x = A⁺ b
/// for the complex m×n `a` and m×nrhs `b` into the n×nrhs `x` (row-major,
/// interleaved), as LAPACK's zgelsd forms it: no singular vectors of A, and
/// a W (A, or Aᴴ when wide) with at least 1.6 times as many rows as columns
/// factored W = Q₀ R first, so that only the square R is bidiagonalized
/// ((Q₀ R)⁺ = R⁺ Q₀ᴴ: x = R⁺ (Q₀ᴴ b) when tall, x = Q₀ (Rᴴ)⁺ b when wide),
/// or at full rank only its singular values computed and R solved.
/// Singular values at most max(m, n)·eps·σ₀ count as zero (numpy's `lstsq`
/// cut-off). Non-finite input gives NaN.
template <class T>
Status leastSquaresImpl(const T* a, Index m, Index n, const T* b, Index nrhs, T* x) {
  if (m < 0 || n < 0 || nrhs < 0) return Status::invalidArgument;
  auto solution = detail::complexView(x, n, nrhs);
  if (n == 0 || nrhs == 0) return Status::ok;
  if (m == 0) {
    solution.setZero();  // every x fits; the minimum-norm one is zero
    return Status::ok;
  }
  if (!detail::allFinite(a, 2 * m * n) || !detail::allFinite(b, 2 * m * nrhs)) {
    detail::fillNaN(x, 2 * n * nrhs);
    return Status::ok;
  }
  const bool wide = m < n;
  const Index rows = std::max(m, n), columns = std::min(m, n);
  const T threshold = T(rows) * std::numeric_limits<T>::epsilon();
  int e = 0;
  ComplexColumns<T> w = scaledWorkingMatrix(a, m, n, e);
  ComplexColumns<T> c = detail::complexView(b, m, nrhs);
  ComplexColumns<T> result;
  if (5 * rows >= 8 * columns) {
    detail::Vector<Complex<T>> coefficients;
    factorComplexQRInPlace(w, coefficients);
    ComplexColumns<T> r = w.topRows(columns).template triangularView<Eigen::Upper>();
    if (!wide) {
      applyComplexQAdjoint(w, coefficients, c);
      c.conservativeResize(columns, nrhs);
    }
    // R's singular values (Â's) decide the rank. At full rank R is
    // invertible and the solution is unique: y = R⁻¹ c (tall) or R⁻ᴴ c
    // (wide), by a triangular solve instead of R's singular vectors. Below
    // full rank, the same reduction of R serves the bidiagonal route.
    ComplexColumns<T> y;
    ComplexColumns<T> reduced = r;
    BidiagonalReduction<T> reduction;
    reduceToBidiagonal(reduced, reduction);
    std::vector<T> sigma(static_cast<std::size_t>(columns));
    const Status valuesStatus = bidiagonalSVD(reduction.diagonal.data(), reduction.superdiagonal.data(), columns,
                                              nullptr, sigma.data(), nullptr);
    if (valuesStatus != Status::ok) return valuesStatus;
    if (sigma.back() > threshold * sigma.front()) {
      y = c.topRows(columns);
      if (wide) {
        r.adjoint().template triangularView<Eigen::Lower>().solveInPlace(y);
      } else {
        r.template triangularView<Eigen::Upper>().solveInPlace(y);
      }
    } else {
      const Status status = solveThroughBidiagonal(reduction, wide, c, threshold, y);
      if (status != Status::ok) return status;
    }
    if (wide) {
      result = ComplexColumns<T>::Zero(rows, nrhs);
      result.topRows(columns) = y;
      applyComplexQ(w, coefficients, result);
    } else {
      result = std::move(y);
    }
  } else {
    BidiagonalReduction<T> reduction;
    reduceToBidiagonal(w, reduction);
    const Status status = solveThroughBidiagonal(reduction, wide, c, threshold, result);
    if (status != Status::ok) return status;
  }
  solution = result * std::ldexp(T(1), -e);
  return Status::ok;
}

}  // namespace

Status complexSVD(const float* a, Index m, Index n, bool full, float* u, float* singularValues,
                  float* v) noexcept {
  return guarded([&] { return svdImpl(a, m, n, full, u, singularValues, v); });
}
Status complexSVD(const double* a, Index m, Index n, bool full, double* u, double* singularValues,
                  double* v) noexcept {
  return guarded([&] { return svdImpl(a, m, n, full, u, singularValues, v); });
}

Status complexLeastSquares(const float* a, Index m, Index n, const float* b, Index nrhs, float* x) noexcept {
  return guarded([&] { return leastSquaresImpl(a, m, n, b, nrhs, x); });
}
Status complexLeastSquares(const double* a, Index m, Index n, const double* b, Index nrhs, double* x) noexcept {
  return guarded([&] { return leastSquaresImpl(a, m, n, b, nrhs, x); });
}

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
