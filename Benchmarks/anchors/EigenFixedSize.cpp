#include <Eigen/Core>
#include <Eigen/LU>

#include "BenchmarkAnchors.h"

namespace anchors {
namespace {

template <class Scalar, int N>
using Fixed = Eigen::Matrix<Scalar, N, N, Eigen::RowMajor>;

template <class Scalar, int N>
void products(const Scalar* a, const Scalar* b, Scalar* c, long count) {
  for (long i = 0; i < count; ++i) {
    Eigen::Map<Fixed<Scalar, N>>(c + i * N * N) =
        Eigen::Map<const Fixed<Scalar, N>>(a + i * N * N) * Eigen::Map<const Fixed<Scalar, N>>(b + i * N * N);
  }
}

template <class Scalar, int N>
void inverses(const Scalar* a, Scalar* c, long count) {
  for (long i = 0; i < count; ++i) {
    Eigen::Map<Fixed<Scalar, N>>(c + i * N * N) = Eigen::Map<const Fixed<Scalar, N>>(a + i * N * N).inverse();
  }
}

template <class Scalar, int N>
void solves(const Scalar* a, const Scalar* b, Scalar* x, long count) {
  using Vector = Eigen::Matrix<Scalar, N, 1>;
  for (long i = 0; i < count; ++i) {
    Eigen::Map<Vector>(x + i * N) =
        Eigen::Map<const Fixed<Scalar, N>>(a + i * N * N).partialPivLu().solve(Eigen::Map<const Vector>(b + i * N));
  }
}

}  // namespace

void eigenFixedProducts(const double* a, const double* b, double* c, long n, long count) noexcept {
  n == 3 ? products<double, 3>(a, b, c, count) : products<double, 4>(a, b, c, count);
}
void eigenFixedProducts(const float* a, const float* b, float* c, long n, long count) noexcept {
  n == 3 ? products<float, 3>(a, b, c, count) : products<float, 4>(a, b, c, count);
}
void eigenFixedInverses(const double* a, double* c, long n, long count) noexcept {
  n == 3 ? inverses<double, 3>(a, c, count) : inverses<double, 4>(a, c, count);
}
void eigenFixedInverses(const float* a, float* c, long n, long count) noexcept {
  n == 3 ? inverses<float, 3>(a, c, count) : inverses<float, 4>(a, c, count);
}
void eigenFixedSolves(const double* a, const double* b, double* x, long n, long count) noexcept {
  n == 3 ? solves<double, 3>(a, b, x, count) : solves<double, 4>(a, b, x, count);
}
void eigenFixedSolves(const float* a, const float* b, float* x, long n, long count) noexcept {
  n == 3 ? solves<float, 3>(a, b, x, count) : solves<float, 4>(a, b, x, count);
}

}  // namespace anchors
