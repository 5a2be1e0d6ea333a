// The singular value decomposition of an upper bidiagonal matrix,
// B = P Σ Qᵀ, the middle step of the core's SVD (see SVDKernels.hpp).
//
// Eigen 3.4's divide and conquer (BidiagonalDivideAndConquer.hpp) goes wrong
// when B has zero entries: at n = 200, a zero on every fifth superdiagonal
// position, or on every fourth diagonal one, gives singular values off in
// the second digit, and both together give NaN (Eigen's BDCSVD alone does
// the same). So B is first brought to a form without them, the way LAPACK's
// bidiagonal solvers do:
//
// - entries no larger than eps·max|B| are set to zero (a perturbation of
//   the size that the reduction to B has already made);
// - a zero diagonal entry d_i is chased out by plane rotations: from the
//   left along row i (zeroing e_i), and from the right up column i (zeroing
//   e_{i−1}), which leaves σ = 0 alone in row and column i;
// - B then falls apart at its zero superdiagonal entries into blocks with
//   no zero entries, each decomposed by the divide and conquer (a block of
//   one entry directly), and the blocks' singular values are merged in
//   descending order;
// - P and Q take the rotations back.
//
// A B without zero entries (the usual case) is one block and costs one scan.
// Internal linkage; compiled once per instruction-set variant.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "BidiagonalDivideAndConquer.hpp"
#include "EigenSetup.hpp"

namespace core {
namespace {

/// B = P Σ Qᵀ for an n×n upper bidiagonal B: zero entries chased out and
/// split off (see the top of this file), each block by divide and conquer.
template <class T>
class BidiagonalSVD {
  using RealMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;

  /// A plane rotation of rows (or columns) `first` and `second`: it maps
  /// (x_first, x_second) to (c x_first + s x_second, −s x_first + c x_second).
  struct Rotation {
    Index first, second;
    T c, s;
  };

 public:
  /// Decomposes B (diagonal `diagonal[0..<n]`, superdiagonal
  /// `superdiagonal[0..<n-1]`, n ≥ 1), with the singular vectors when
  /// `vectors`. Returns Eigen's outcome (Success, or NoConvergence).
  Eigen::ComputationInfo compute(const T* diagonal, const T* superdiagonal, Index n, bool vectors) {
    Vector<T> d = Eigen::Map<const Vector<T>>(diagonal, n);
    Vector<T> e = Vector<T>::Zero(n);  // e(n − 1) = 0 ends the last block
    if (n > 1) e.head(n - 1) = Eigen::Map<const Vector<T>>(superdiagonal, n - 1);
    // A non-finite B gives NaN: the blocks' solvers and the merge below
    // assume ordered values (a sort with NaN in its comparisons wrote out
    // of bounds, reached from a matrix of subnormals whose scaling
    // overflowed).
    if (!d.allFinite() || !e.allFinite()) {
      values_.setConstant(n, std::numeric_limits<T>::quiet_NaN());
      if (vectors) {
        left_.setConstant(n, n, std::numeric_limits<T>::quiet_NaN());
        right_.setConstant(n, n, std::numeric_limits<T>::quiet_NaN());
      }
      return Eigen::Success;
    }
    const T largest = std::max(d.cwiseAbs().maxCoeff(), e.cwiseAbs().maxCoeff());
    const T negligible = largest * std::numeric_limits<T>::epsilon();
    d = (d.array().abs() <= negligible).select(T(0), d);
    e = (e.array().abs() <= negligible).select(T(0), e);
    std::vector<Rotation> leftRotations, rightRotations;
    for (Index i = 0; i < n; ++i) {
      if (d(i) != T(0)) continue;
      chaseAlongRow(d, e, i, vectors ? &leftRotations : nullptr);
      if (i > 0) chaseUpColumn(d, e, i, vectors ? &rightRotations : nullptr);
    }
    values_.resize(n);
    // The vectors of every block, side by side; a B that is one block (the
    // usual case) takes its vectors as they are, without the zero fill.
    const bool oneBlock = n == 1 || (e.head(n - 1).array() != T(0)).all();
    RealMatrix blockLeft, blockRight;
    if (vectors && !oneBlock) {
      blockLeft = RealMatrix::Zero(n, n);
      blockRight = RealMatrix::Zero(n, n);
    }
    Vector<T> unsorted(n);
    for (Index start = 0; start < n;) {
      Index end = start;
      while (e(end) != T(0)) ++end;
      const Index size = end - start + 1;
      if (size == 1) {
        unsorted(start) = std::abs(d(start));
        if (vectors) {
          if (oneBlock) {  // n = 1
            blockLeft.resize(1, 1);
            blockRight.resize(1, 1);
          }
          blockLeft(start, start) = d(start) < 0 ? T(-1) : T(1);
          blockRight(start, start) = T(1);
        }
      } else {
        BidiagonalDivideAndConquer<T> block;
        const Eigen::ComputationInfo info = block.compute(d.data() + start, e.data() + start, size, vectors);
        if (info != Eigen::Success) return info;
        block.rawSingularValues(unsorted.data() + start, size);
        if (vectors && oneBlock) {
          blockLeft = block.leftVectors(size);
          blockRight = block.rightVectors(size);
        } else if (vectors) {
          blockLeft.block(start, start, size, size) = block.leftVectors(size);
          blockRight.block(start, start, size, size) = block.rightVectors(size);
        }
      }
      start = end + 1;
    }
    // Merge the blocks: descending singular values, their vectors along.
    std::vector<Index> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), Index(0));
    // Descending, ties by index, NaN (should a block produce one) last: a
    // strict weak order whatever the values, as std::sort requires.
    const auto key = [&](Index k) {
      const T x = unsorted(k);
      return x == x ? x : -std::numeric_limits<T>::infinity();
    };
    std::sort(order.begin(), order.end(), [&](Index a, Index b) {
      return key(a) > key(b) || (key(a) == key(b) && a < b);
    });
    bool zero = false;
    for (Index r = 0; r < n; ++r) {
      const Index k = order[static_cast<std::size_t>(r)];
      zero = zero || !(unsorted(k) >= std::numeric_limits<T>::min());
      values_(r) = unsorted(k) != unsorted(k) ? unsorted(k) : zero ? T(0) : unsorted(k);
    }
    if (vectors) {
      if (std::is_sorted(order.begin(), order.end())) {
        // Already in order (one block, the usual case): no copy.
        left_.swap(blockLeft);
        right_.swap(blockRight);
      } else {
        left_.resize(n, n);
        right_.resize(n, n);
        for (Index r = 0; r < n; ++r) {
          left_.col(r) = blockLeft.col(order[static_cast<std::size_t>(r)]);
          right_.col(r) = blockRight.col(order[static_cast<std::size_t>(r)]);
        }
      }
      takeBack(leftRotations, left_);
      takeBack(rightRotations, right_);
    }
    return Eigen::Success;
  }

  /// σ_i, largest first; values below the smallest normal number are zero.
  /// Valid after a successful `compute`.
  void singularValues(T* values, Index n) const { Eigen::Map<Vector<T>>(values, n) = values_; }

  /// P, the left singular vectors of B (after `compute` with vectors).
  const RealMatrix& leftVectors() const { return left_; }

  /// Q, the right singular vectors of B (after `compute` with vectors).
  const RealMatrix& rightVectors() const { return right_; }

 private:
  /// d_i = 0: zeroes e_i by rotating row i against rows i + 1, i + 2, … (the
  /// entry moves right along row i until it meets a zero superdiagonal).
  static void chaseAlongRow(Vector<T>& d, Vector<T>& e, Index i, std::vector<Rotation>* rotations) {
    T bulge = e(i);  // B(i, j) for j = i + 1, then further right
    e(i) = T(0);
    for (Index j = i + 1; bulge != T(0); ++j) {
      // Rows (j, i): (d_j, bulge) in column j becomes (r, 0).
      const T r = std::hypot(d(j), bulge);
      const T c = d(j) / r, s = bulge / r;
      d(j) = r;
      bulge = -s * e(j);  // row i's entry in column j + 1
      e(j) = c * e(j);
      if (rotations) rotations->push_back({j, i, c, s});
    }
  }

  /// d_i = 0, e_i = 0: zeroes e_{i−1} by rotating column i against columns
  /// i − 1, i − 2, … (the entry moves up column i until it meets a zero
  /// superdiagonal).
  static void chaseUpColumn(Vector<T>& d, Vector<T>& e, Index i, std::vector<Rotation>* rotations) {
    T bulge = e(i - 1);  // B(j, i) for j = i − 1, then further up
    e(i - 1) = T(0);
    for (Index j = i - 1; bulge != T(0); --j) {
      // Columns (j, i): (d_j, bulge) in row j becomes (r, 0).
      const T r = std::hypot(d(j), bulge);
      const T c = d(j) / r, s = bulge / r;
      d(j) = r;
      if (j == 0) {
        if (rotations) rotations->push_back({j, i, c, s});
        break;
      }
      bulge = -s * e(j - 1);  // row j − 1's entry in column i
      e(j - 1) = c * e(j - 1);
      if (rotations) rotations->push_back({j, i, c, s});
    }
  }

  /// vectors = G₁ᵀ ⋯ G_kᵀ vectors for the rotations G₁, …, G_k applied to B
  /// (from the left: P; from the right: Q), the last one first.
  static void takeBack(const std::vector<Rotation>& rotations, RealMatrix& vectors) {
    for (auto rotation = rotations.rbegin(); rotation != rotations.rend(); ++rotation) {
      for (Index column = 0; column < vectors.cols(); ++column) {
        const T first = vectors(rotation->first, column), second = vectors(rotation->second, column);
        vectors(rotation->first, column) = rotation->c * first - rotation->s * second;
        vectors(rotation->second, column) = rotation->s * first + rotation->c * second;
      }
    }
  }

  Vector<T> values_;
  RealMatrix left_, right_;
};

}  // namespace
}  // namespace core
