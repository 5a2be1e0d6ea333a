// π(x) by the Deléglise–Rivat method (see README.md in this folder):
//
//   π(x) = S1 + S2 + a − 1 − P2,   a = π(y),  x^(1/3) <= y <= x^(1/2)
//
// S1, the ordinary leaves: Σ μ(n)·φ(x/n, c) over squarefree n <= y whose
//   primes all exceed p_c (c = 6, φ(·, 6) from a table of period 30030).
// S2, the special leaves: −Σ μ(m)·φ(x/(p_b·m), b−1) over c < b, squarefree
//   m <= y < p_b·m whose primes all exceed p_b. A leaf is
//     trivial  when x/(p_b·m) < p_b (φ = 1; counted in bulk),
//     easy     when m is prime and x/(p_b·m) <= y, < p_b² (φ = π(n) − b + 2,
//              from a π table up to y; runs of equal π(n) are summed at once),
//     hard     otherwise: φ is read off a segmented sieve of [1, x/(y+1)]
//              from which the first b−1 primes have been crossed off, with
//              a counter per block of its words for the counts.
// P2: Σ (π(x/p) − π(p) + 1) over primes y < p <= √x, with π(x/p) counted
//   by the wheel sieve in ascending intervals of x/p.
//
// The hard leaves' sieve is split into chunks that run on separate threads;
// each chunk counts from its own start and records per b how many leaves it
// met and how many numbers it left, and the chunks are then joined in order
// (φ(n, b−1) = what the chunks before left + the count inside this chunk).
//
// The algorithm is in PrimeCountingDRKernels.hpp, compiled here twice: with
// POPCNT (x86-64 CPUs since about 2008) and without, chosen at run time.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "PrimeCountingDR.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstring>
#include <exception>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

#include "KernelVariants.hpp"
#include "PrimeJob.hpp"
#include "PrimeWindow.hpp"
#include "ThreadPool.hpp"

#if defined(__x86_64__) && defined(__clang__)
#define PRIME_COUNTING_HAS_POPCNT_VARIANT 1
#pragma clang attribute push(__attribute__((target("popcnt"))), apply_to = function)
namespace core::sieve::popcnt {
#include "PrimeCountingDRKernels.hpp"
}  // namespace core::sieve::popcnt
#pragma clang attribute pop
#endif

namespace core::sieve::portable {
#include "PrimeCountingDRKernels.hpp"
}  // namespace core::sieve::portable

namespace core::sieve {

std::uint64_t countPrimesCombinatorial(std::uint64_t x, int threads, double alpha) {
#if defined(PRIME_COUNTING_HAS_POPCNT_VARIANT)
  // LINEAR_ALGEBRA_SIMD=baseline runs the portable variant (as it does the
  // dense kernels), so tests cover both on one machine.
  if (popcntIsUsable()) return popcnt::countPrimes(x, threads, alpha);
#endif
  return portable::countPrimes(x, threads, alpha);
}

std::uint64_t countPrimesCombinatorial(std::uint64_t x, int threads) {
  return countPrimesCombinatorial(x, threads, 0);
}

double inverseRiemannR(double n) {
  if (n < 3) return n < 1.5 ? 2 : 3;
  // R(x) = Σ μ(k)/k · li(x^(1/k)), with li by Ramanujan's series.
  auto li = [](double v) {
    const double gamma = 0.57721566490153286061;
    const double lnV = std::log(v);
    double sum = 0, term = 1, inner = 0;
    for (int k = 1; k < 200; ++k) {
      term *= lnV / k;
      if ((k - 1) % 2 == 0) inner += 1.0 / (2 * ((k - 1) / 2) + 1);
      const double add = (k % 2 ? 1 : -1) * term / std::exp2(k - 1) * inner;
      sum += add;
      if (std::fabs(add) < 1e-17 * std::fabs(sum)) break;
    }
    return gamma + std::log(lnV) + std::sqrt(v) * sum;
  };
  static const int mu[] = {0, 1, -1, -1, 0, -1, 1, -1, 0, 0, 1, -1, 0, -1, 1, 1, 0, -1, 0, -1, 0};
  auto riemannR = [&](double v) {
    double sum = 0;
    for (int k = 1; k <= 20; ++k) {
      if (mu[k] == 0) continue;
      const double root = std::pow(v, 1.0 / k);
      if (root < 2) break;
      sum += mu[k] * li(root) / k;
    }
    return sum;
  };
  double v = n * std::log(n);
  for (int i = 0; i < 40; ++i) {
    const double step = (riemannR(v) - n) * std::log(v);
    v -= step;
    if (std::fabs(step) < 0.5) break;
  }
  return v;
}

}  // namespace core::sieve

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
