// Complex singular value decomposition (Eigen's BDCSVD: bidiagonalization,
// then divide and conquer on the real bidiagonal). Non-finite input gives
// NaN outputs without running the iteration.
#include "ComplexCore.h"

#include "ComplexSetup.hpp"

#include <Eigen/SVD>

namespace core {
namespace {

using detail::guarded;

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
  const unsigned options = full ? (Eigen::ComputeFullU | Eigen::ComputeFullV)
                                : (Eigen::ComputeThinU | Eigen::ComputeThinV);
  Eigen::BDCSVD<detail::ComplexMatrix<T>> svd(detail::ComplexMatrix<T>(detail::complexView(a, m, n)), options);
  if (svd.info() != Eigen::Success) return Status::noConvergence;
  detail::complexView(u, m, uColumns) = svd.matrixU();
  detail::complexView(v, n, vColumns) = svd.matrixV();
  Eigen::Map<detail::Vector<T>>(values, k) = svd.singularValues();
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

}  // namespace core
