/// Reference points for the benchmark executable, compiled as plain C++
/// outside the library: what a C++ programmer would write with Eigen.
#pragma once

namespace anchors {

/// Computes `repetitions` products `c = a * b` of n×n Eigen::MatrixXd, each
/// into a freshly allocated dynamic-size result, as `MatrixXd c = a * b;`
/// would. Returns the sum of the last product's entries (so the work cannot
/// be optimized away).
double eigenDynamicProducts(const double* a, const double* b, long n, long repetitions) noexcept;

}  // namespace anchors
