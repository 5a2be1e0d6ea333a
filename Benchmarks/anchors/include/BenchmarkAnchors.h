/// Reference points for the benchmark executable, compiled as plain C++
/// outside the library: what a C++ programmer would write with Eigen.
#pragma once

namespace anchors {

/// Computes `repetitions` products `c = a * b` of n×n Eigen::MatrixXd, each
/// into a freshly allocated dynamic-size result, as `MatrixXd c = a * b;`
/// would. Returns the sum of the last product's entries (so the work cannot
/// be optimized away).
double eigenDynamicProducts(const double* a, const double* b, long n, long repetitions) noexcept;

/// Computes `repetitions` matrix-vector products `y = a * x` of an n×n
/// Eigen::MatrixXd and an Eigen::VectorXd, each into a freshly allocated
/// result, as `VectorXd y = a * x;` would. `a` is read column-major (the
/// transpose of a row-major matrix). Returns the sum of the last result's
/// entries.
double eigenDynamicMatrixVectorProducts(const double* a, const double* x, long n, long repetitions) noexcept;

/// `count` products c[i] = a[i] * b[i] of n×n (n = 3 or 4) fixed-size
/// row-major Eigen matrices (Matrix3d/Matrix4d and their float forms),
/// stored one after another.
void eigenFixedProducts(const double* a, const double* b, double* c, long n, long count) noexcept;
void eigenFixedProducts(const float* a, const float* b, float* c, long n, long count) noexcept;

/// `count` inverses c[i] = a[i].inverse() of n×n fixed-size Eigen matrices.
void eigenFixedInverses(const double* a, double* c, long n, long count) noexcept;
void eigenFixedInverses(const float* a, float* c, long n, long count) noexcept;

/// `count` solves x[i] = a[i].partialPivLu().solve(b[i]) with n×n
/// fixed-size Eigen matrices and n-vectors.
void eigenFixedSolves(const double* a, const double* b, double* x, long n, long count) noexcept;
void eigenFixedSolves(const float* a, const float* b, float* x, long n, long count) noexcept;

}  // namespace anchors
