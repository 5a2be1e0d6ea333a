// Prime generation into caller-owned storage.
#include <cmath>
#include <cstdint>
#include <vector>

#include <unistd.h>

#include "Guarded.hpp"
#include "PrimeCore.h"

namespace core {
namespace {

using std::uint64_t;

/// Primes up to `limit` (at most 2^32) by the classic sieve over odd numbers.
std::vector<uint64_t> smallPrimes(uint64_t limit) {
  std::vector<uint64_t> primes;
  if (limit < 2) return primes;
  primes.push_back(2);
  std::vector<char> composite(limit / 2 + 1, 0);  // index i stands for 2i+1
  for (uint64_t i = 1; 2 * i + 1 <= limit; ++i) {
    if (composite[i]) continue;
    const uint64_t p = 2 * i + 1;
    primes.push_back(p);
    for (uint64_t j = p * p / 2; 2 * j + 1 <= limit; j += p) composite[j] = 1;
  }
  return primes;
}

uint64_t integerSquareRoot(uint64_t n) {
  uint64_t r = static_cast<uint64_t>(std::sqrt(static_cast<double>(n)));
  while (r > 0 && r * r > n) --r;
  while ((r + 1) <= UINT32_MAX && (r + 1) * (r + 1) <= n) ++r;
  return r;
}

Status generate(uint64_t low, uint64_t high, uint64_t* out, uint64_t capacity,
                uint64_t* written) {
  *written = 0;
  if (high < 2 || low > high) return Status::ok;
  if (low < 2) low = 2;
  uint64_t count = 0;
  auto emit = [&](uint64_t p) {
    if (count == capacity) return false;
    out[count++] = p;
    return true;
  };
  if (low == 2 && !emit(2)) return Status::invalidArgument;
  const std::vector<uint64_t> sieving = smallPrimes(integerSquareRoot(high));
  // Segments over odd numbers: flag i of a segment stands for start + 2i.
  constexpr uint64_t segmentFlags = 1 << 15;
  std::vector<char> composite(segmentFlags);
  uint64_t start = low | 1;  // first odd number >= low (low >= 2)
  if (start < 3) start = 3;
  while (start <= high && start >= 3) {
    const uint64_t span = (high - start) / 2 + 1;
    const uint64_t flags = span < segmentFlags ? span : segmentFlags;
    std::fill(composite.begin(), composite.begin() + flags, 0);
    const uint64_t last = start + 2 * (flags - 1);
    for (std::size_t k = 1; k < sieving.size(); ++k) {
      const uint64_t p = sieving[k];
      if (p * p > last) break;
      uint64_t first = p * p;
      if (first < start) {
        first = start + (p - start % p) % p;
        if ((first & 1) == 0) first += p;
      }
      for (uint64_t j = (first - start) / 2; j < flags; j += p) composite[j] = 1;
    }
    for (uint64_t j = 0; j < flags; ++j) {
      if (!composite[j] && !emit(start + 2 * j)) return Status::invalidArgument;
    }
    if (last >= high - 1) break;  // next odd would pass high (or wrap)
    start = last + 2;
  }
  *written = count;
  return Status::ok;
}

}  // namespace

uint64_t primeCountUpperBound(uint64_t low, uint64_t high) noexcept {
  if (high < 2 || low > high) return 0;
  if (high < 17) return high;  // small cases: trivially enough room
  const double x = static_cast<double>(high);
  const double logX = std::log(x);
  // Dusart (2010): pi(x) <= x/ln x (1 + 1/ln x + 2.51/ln^2 x) for x >= 355991;
  // Rosser-Schoenfeld (1962): pi(x) < 1.25506 x / ln x for x > 1.
  double bound = x >= 355991 ? x / logX * (1 + 1 / logX + 2.51 / (logX * logX))
                             : 1.25506 * x / logX;
  const double width = static_cast<double>(high - low) + 1;
  if (width >= 17) {
    // Montgomery-Vaughan (1973): pi(x + y) - pi(x) < 2y / ln y.
    const double interval = 2 * width / std::log(width);
    if (interval < bound) bound = interval;
  }
  if (width / 2 + 2 < bound) bound = width / 2 + 2;  // at most every odd number, plus 2
  return static_cast<uint64_t>(bound) + 2;
}

uint64_t physicalMemoryBytes() noexcept {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long pageSize = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0) return UINT64_MAX;
  return static_cast<uint64_t>(pages) * static_cast<uint64_t>(pageSize);
}

Status generatePrimes(uint64_t low, uint64_t high, uint64_t* out, uint64_t capacity,
                      uint64_t* written) noexcept {
  return detail::guarded([&] { return generate(low, high, out, capacity, written); });
}

}  // namespace core
