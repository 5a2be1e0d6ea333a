#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "Primality.hpp"

#include <initializer_list>

#include "Montgomery.hpp"

namespace core::sieve {
namespace {

constexpr std::uint32_t smallPrimes[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61};

/// Whether odd n > 61 is a strong probable prime to `base`.
bool isStrongProbablePrime(const Montgomery& m, std::uint64_t base) {
  const std::uint64_t n = m.modulus();
  base %= n;
  if (base == 0) return true;
  std::uint64_t d = n - 1;
  int s = 0;
  while ((d & 1) == 0) {
    d >>= 1;
    ++s;
  }
  const std::uint64_t minusOne = m.subtract(0, m.one());
  std::uint64_t x = m.power(m.toMontgomery(base), d);
  if (x == m.one() || x == minusOne) return true;
  for (int i = 1; i < s; ++i) {
    x = m.multiply(x, x);
    if (x == minusOne) return true;
    if (x == m.one()) return false;
  }
  return false;
}

}  // namespace

bool isPrime64(std::uint64_t n) {
  if (n < 2) return false;
  for (std::uint32_t p : smallPrimes) {
    if (n == p) return true;
    if (n % p == 0) return false;
  }
  if (n < 61 * 61) return true;
  const Montgomery m(n);
  for (std::uint64_t base : {2ull, 325ull, 9375ull, 28178ull, 450775ull, 9780504ull, 1795265022ull}) {
    if (!isStrongProbablePrime(m, base)) return false;
  }
  return true;
}

}  // namespace core::sieve

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
