// The complex block reflector applied as products on the core's dispatched
// complex product (the 4M method on the packed kernel), for the complex
// units compiled for baseline instructions: forming Q of the Hessenberg
// reduction (ComplexGeneralEigen.cpp) and U and V of the SVD
// (ComplexSVD.cpp), the trailing updates and Q of the QR
// (ComplexQR.cpp). Internal linkage.
#pragma once

#include "HessenbergReduction.hpp"

#include <Eigen/Householder>

#include <type_traits>

namespace core {
namespace {

/// Applies the block reflector I − V T Vᴴ of `vectors` (unit lower, as
/// applyBlockReflector reads them) and `coefficients` to `target` from the
/// left as three products on the core's dispatched complex product (the 4M
/// method on the packed kernel): W = Vᴴ Q, W = T W, Q −= V W.
/// applyBlockReflector's Eigen level-3 code runs on the including unit's
/// baseline instructions: 6.5% of complex `eig` 512 went there.
/// `adjoint` applies I − V Tᴴ Vᴴ instead, the inverse of the block
/// reflector of the conjugate coefficients: the reflectors of Eigen's
/// Householder QR in the order its factorization applies them (Eigen's
/// `apply_block_householder_on_the_left` backward).
struct ApplyComplexBlockReflector {
  bool adjoint = false;

  template <class Target, class Vectors, class Coefficients>
  void operator()(Target&& target, const Vectors& vectors, const Coefficients& coefficients) const {
    using Matrix = Eigen::Matrix<typename std::decay_t<Target>::Scalar, Eigen::Dynamic, Eigen::Dynamic>;
    const Index width = vectors.cols(), height = target.rows(), breadth = target.cols();
    Matrix factor(width, width);
    Eigen::internal::make_block_householder_triangular_factor(factor, vectors, coefficients);
    factor.template triangularView<Eigen::StrictlyLower>().setZero();
    if (adjoint) factor = Matrix(factor.adjoint());
    // V with its unit diagonal and zeros above, and Vᴴ, as plain matrices.
    const Matrix full = vectors.template triangularView<Eigen::UnitLower>();
    const Matrix fullAdjoint = full.adjoint();
    Matrix w(width, breadth), scaled(width, breadth);
    detail::multiplyColumnMajor(fullAdjoint.data(), width, target.data(), target.outerStride(), w.data(), width, width,
                                height, breadth, false);
    detail::multiplyColumnMajor(factor.data(), width, w.data(), width, scaled.data(), width, width, width, breadth,
                                false);
    detail::multiplyColumnMajor(full.data(), height, scaled.data(), width, target.data(), target.outerStride(),
                                height, width, breadth, true);
  }
};

}  // namespace
}  // namespace core
