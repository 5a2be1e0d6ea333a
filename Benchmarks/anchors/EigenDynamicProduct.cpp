#include "BenchmarkAnchors.h"

#include <Eigen/Core>

namespace anchors {

double eigenDynamicProducts(const double* a, const double* b, long n, long repetitions) noexcept {
  const Eigen::MatrixXd left = Eigen::Map<const Eigen::MatrixXd>(a, n, n);
  const Eigen::MatrixXd right = Eigen::Map<const Eigen::MatrixXd>(b, n, n);
  double sum = 0;
  for (long r = 0; r < repetitions; ++r) {
    const Eigen::MatrixXd product = left * right;
    sum = product.sum();
  }
  return sum;
}

double eigenDynamicMatrixVectorProducts(const double* a, const double* x, long n, long repetitions) noexcept {
  const Eigen::MatrixXd matrix = Eigen::Map<const Eigen::MatrixXd>(a, n, n);
  const Eigen::VectorXd vector = Eigen::Map<const Eigen::VectorXd>(x, n);
  double sum = 0;
  for (long r = 0; r < repetitions; ++r) {
    const Eigen::VectorXd product = matrix * vector;
    sum = product.sum();
  }
  return sum;
}

}  // namespace anchors
