// The complex block reflector applied as products on the core's dispatched
// complex product (the 4M method on the packed kernel), for the complex
// units compiled for baseline instructions: forming Q of the Hessenberg
// reduction (ComplexGeneralEigen.cpp) and U and V of the SVD
// (ComplexSVD.cpp). Internal linkage.
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
struct ApplyComplexBlockReflector {
  template <class Target, class Vectors, class Coefficients>
  void operator()(Target&& target, const Vectors& vectors, const Coefficients& coefficients) const {
    using Matrix = Eigen::Matrix<typename std::decay_t<Target>::Scalar, Eigen::Dynamic, Eigen::Dynamic>;
    const Index width = vectors.cols(), height = target.rows(), breadth = target.cols();
    Matrix factor(width, width);
    Eigen::internal::make_block_householder_triangular_factor(factor, vectors, coefficients);
    factor.template triangularView<Eigen::StrictlyLower>().setZero();
    // V with its unit diagonal and zeros above, and Vᴴ, as plain matrices.
    const Matrix full = vectors.template triangularView<Eigen::UnitLower>();
    const Matrix adjoint = full.adjoint();
    Matrix w(width, breadth), scaled(width, breadth);
    detail::multiplyColumnMajor(adjoint.data(), width, target.data(), target.outerStride(), w.data(), width, width,
                                height, breadth, false);
    detail::multiplyColumnMajor(factor.data(), width, w.data(), width, scaled.data(), width, width, width, breadth,
                                false);
    detail::multiplyColumnMajor(full.data(), height, scaled.data(), width, target.data(), target.outerStride(),
                                height, width, breadth, true);
  }
};

}  // namespace
}  // namespace core
