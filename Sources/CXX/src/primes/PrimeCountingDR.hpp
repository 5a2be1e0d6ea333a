// Combinatorial prime counting: π(x) by the Deléglise–Rivat method, without
// visiting the primes up to x.
//
//   π(x) = φ(x, a) + a − 1 − P2(x, a),   a = π(y),  y = α·x^(1/3)
//   φ(x, a) = S1 + S2  (ordinary and special leaves of Legendre's recursion)
//
// See README.md in this folder for the terms and the references. Everything
// here is internal to the core; the exported functions are in
// PrimeRanges.cpp.
#pragma once

#include <cstdint>

namespace core::sieve {

/// π(x) by Deléglise–Rivat on `threads` threads. For x below a few
/// thousand it falls back to a plain count.
///
/// - Complexity: O(x^(2/3) / log² x) time and O(x^(1/3) log³ x) memory
///   (the tables up to y).
/// - Throws: std::bad_alloc when the tables cannot be allocated.
std::uint64_t countPrimesCombinatorial(std::uint64_t x, int threads);

/// The same with y = alpha·x^(1/3) chosen by the caller (alpha <= 0: the
/// tuned default), for tests that exercise the method at small x and for
/// tuning.
std::uint64_t countPrimesCombinatorial(std::uint64_t x, int threads, double alpha);

/// The x above which countPrimesCombinatorial beats sieving [0, x]
/// (measured, see Benchmarks/RESULTS.md).
inline constexpr std::uint64_t combinatorialCrossover = std::uint64_t{1} << 24;

/// An approximation of the n-th prime by the inverse of Riemann's R
/// function; within about √p of the true value for the n reachable here.
double inverseRiemannR(double n);

}  // namespace core::sieve
