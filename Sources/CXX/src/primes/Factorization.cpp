#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "Factorization.hpp"

#include <algorithm>
#include <numeric>

#include "Montgomery.hpp"
#include "Primality.hpp"

namespace core::sieve {
namespace {

constexpr std::uint64_t trialDivisionLimit = 1 << 10;

/// A non-trivial factor of the odd composite n (Pollard-Brent); tries new
/// polynomial constants until one splits n.
std::uint64_t findFactor(std::uint64_t n) {
  const Montgomery m(n);
  constexpr int batch = 128;
  for (std::uint64_t c = 1;; ++c) {
    const std::uint64_t cm = m.toMontgomery(c);
    auto step = [&](std::uint64_t x) { return m.add(m.multiply(x, x), cm); };
    std::uint64_t y = m.toMontgomery(2), x = y, saved = y;
    std::uint64_t product = m.one();
    std::uint64_t divisor = 1;
    for (std::uint64_t length = 1; divisor == 1; length <<= 1) {
      x = y;
      for (std::uint64_t i = 0; i < length; ++i) y = step(y);
      for (std::uint64_t k = 0; k < length && divisor == 1; k += batch) {
        saved = y;
        const std::uint64_t count = std::min<std::uint64_t>(batch, length - k);
        for (std::uint64_t i = 0; i < count; ++i) {
          y = step(y);
          product = m.multiply(product, m.subtract(x, y));
        }
        divisor = std::gcd(product, n);
      }
      if (length > (1ull << 40)) break;  // never reached for 64-bit n
    }
    if (divisor == n) {
      // The batch overshot: replay it one step at a time.
      divisor = 1;
      y = saved;
      while (divisor == 1) {
        y = step(y);
        divisor = std::gcd(m.subtract(x, y), n);
      }
    }
    if (divisor != n && divisor != 1) return divisor;
  }
}

void factorInto(std::uint64_t n, std::vector<std::uint64_t>& factors) {
  if (n == 1) return;
  if (isPrime64(n)) {
    factors.push_back(n);
    return;
  }
  const std::uint64_t d = findFactor(n);
  factorInto(d, factors);
  factorInto(n / d, factors);
}

}  // namespace

std::vector<std::uint64_t> primeFactors64(std::uint64_t n) {
  std::vector<std::uint64_t> factors;
  while (n > 1 && (n & 1) == 0) {
    factors.push_back(2);
    n >>= 1;
  }
  for (std::uint64_t p = 3; p < trialDivisionLimit && p * p <= n; p += 2) {
    while (n % p == 0) {
      factors.push_back(p);
      n /= p;
    }
  }
  if (n > 1) {
    if (n < trialDivisionLimit * trialDivisionLimit) {
      factors.push_back(n);  // no factor below its square root: prime
    } else {
      factorInto(n, factors);
    }
  }
  std::sort(factors.begin(), factors.end());
  return factors;
}

}  // namespace core::sieve

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
