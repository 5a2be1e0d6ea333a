// The exported prime functions: counting (multi-threaded), generation into
// caller storage, the n-th prime, next/previous prime, factorization, the
// lazy cursor and the classic baseline sieve.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <thread>
#include <vector>

#include <unistd.h>

#include "Guarded.hpp"
#include "Factorization.hpp"
#include "KernelVariants.hpp"
#include "PrimeCore.h"
#include "PrimeCountingDR.hpp"
#include "PrimeJob.hpp"
#include "PrimeWindow.hpp"

namespace core {
namespace {

using std::uint64_t;
using namespace sieve;

std::atomic<int> configuredThreads{0};

int defaultThreadCount() {
  static const unsigned hardware = std::thread::hardware_concurrency();  // glibc reads /sys
  return hardware == 0 ? 1 : static_cast<int>(hardware);
}

// MARK: Bit counting with runtime dispatch

/// The one counting loop; inlined into each variant below, where
/// __builtin_popcountll becomes POPCNT or a bit-twiddling sequence.
__attribute__((always_inline)) inline uint64_t countBitsLoop(const std::uint8_t* data, std::size_t bytes) {
  uint64_t count = 0;
  for (std::size_t i = 0; i < bytes; i += 8) {
    uint64_t word;
    std::memcpy(&word, data + i, 8);
    count += static_cast<uint64_t>(__builtin_popcountll(word));
  }
  return count;
}

uint64_t countBitsPortable(const std::uint8_t* data, std::size_t bytes) { return countBitsLoop(data, bytes); }

#if defined(__x86_64__)
__attribute__((target("popcnt"))) uint64_t countBitsPopcnt(const std::uint8_t* data, std::size_t bytes) {
  return countBitsLoop(data, bytes);
}
#endif

/// Counts the set bits of `bytes` bytes (a multiple of 8, zero-padded),
/// with the POPCNT instruction where popcntIsUsable().
uint64_t countBits(const std::uint8_t* data, std::size_t bytes) {
#if defined(__x86_64__)
  if (popcntIsUsable()) return countBitsPopcnt(data, bytes);
#endif
  return countBitsPortable(data, bytes);
}

// MARK: Counting

/// The primes in [low, high] on this thread; with `done`, adds the numbers
/// sieved to it and reports done / `total` as the job's progress.
uint64_t countOnThisThread(uint64_t low, uint64_t high, std::atomic<uint64_t>* done = nullptr,
                           uint64_t total = 1) {
  if (low > high) return 0;
  uint64_t count = 0;
  if (prefersPrimalityTests(low, high)) {
    forEachPrimeByTests(low, high, [&](uint64_t) { ++count; });
    return count;
  }
  for (uint64_t p : {2, 3, 5}) count += (low <= p && p <= high) ? 1 : 0;
  forEachSieveSegment(low, high, [&](const std::uint8_t* data, std::size_t bytes, uint64_t) {
    if (detail::jobCancelled()) return false;
    count += countBits(data, (bytes + 7) / 8 * 8);
    if (done != nullptr) {
      const uint64_t sieved = done->fetch_add(30 * static_cast<uint64_t>(bytes)) + 30 * static_cast<uint64_t>(bytes);
      detail::reportProgress(static_cast<double>(sieved) / static_cast<double>(total));
    }
    return true;
  });
  detail::checkpoint();
  return count;
}

/// Splits [low, high] into chunks that `threads` workers take in turn.
uint64_t countOnThreads(uint64_t low, uint64_t high, int threads) {
  const uint64_t span = high - low;  // width − 1: no overflow for [0, 2^64 − 1]
  const uint64_t root = integerSquareRoot(high);
  // Each chunk sets up its own sieving primes (O(√high / ln) work), so chunks
  // stay well above √high; more chunks than threads balance the load.
  const uint64_t minimumChunk = std::max<uint64_t>(uint64_t{1} << 24, 64 * root);
  if (threads <= 1 || span / 2 < minimumChunk || prefersPrimalityTests(low, high)) {
    return countOnThisThread(low, high);
  }
  uint64_t chunks = std::min<uint64_t>(static_cast<uint64_t>(threads) * 8, span / minimumChunk);
  chunks = std::max<uint64_t>(chunks, 2);
  const uint64_t chunkSpan = span / chunks;  // the last chunk takes the rest
  std::atomic<uint64_t> nextChunk{0};
  std::atomic<uint64_t> sieved{0};
  std::atomic<uint64_t> total{0};
  std::atomic<bool> failed{false};
  std::atomic<bool> cancelled{false};
  auto worker = detail::inheritJob([&] {
    try {
      for (uint64_t c = nextChunk++; c < chunks; c = nextChunk++) {
        const uint64_t chunkLow = low + c * chunkSpan + (c == 0 ? 0 : 1);
        const uint64_t chunkHigh = c + 1 == chunks ? high : low + (c + 1) * chunkSpan;
        total += countOnThisThread(chunkLow, chunkHigh, &sieved, span);
      }
    } catch (const detail::JobCancelled&) {
      cancelled = true;
    } catch (...) {
      failed = true;
    }
  });
  const int workers = static_cast<int>(std::min<uint64_t>(static_cast<uint64_t>(threads), chunks));
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(workers - 1));
  for (int t = 1; t < workers; ++t) pool.emplace_back(worker);
  worker();
  for (auto& thread : pool) thread.join();
  if (cancelled) throw detail::JobCancelled{};
  if (failed) throw std::bad_alloc();
  return total;
}

// MARK: n-th prime

/// Whether π(high) − π(low − 1) by combinatorial counting beats sieving
/// [low, high]: the sieve costs about the width, the combinatorial count
/// about high^(2/3) (measured crossover in Benchmarks/RESULTS.md).
bool prefersCombinatorialCount(uint64_t low, uint64_t high) {
  if (high < combinatorialCrossover) return false;
  const double h = static_cast<double>(high);
  const double cost = 4 * std::cbrt(h) * std::cbrt(h);
  return static_cast<double>(high - low) > cost;
}

/// π(high) − π(low − 1), by whichever method is faster for the range.
uint64_t countRange(uint64_t low, uint64_t high, int threads) {
  if (low > high) return 0;
  if (!prefersCombinatorialCount(low, high)) return countOnThreads(low, high, threads);
  uint64_t below = 0;
  if (low > 2) {
    detail::JobScope scope(detail::JobScope::part(0, 0.4));
    below = low - 1 < combinatorialCrossover ? countOnThreads(0, low - 1, threads)
                                             : countPrimesCombinatorial(low - 1, threads);
  }
  detail::JobScope scope(detail::JobScope::part(low > 2 ? 0.4 : 0, 1));
  return countPrimesCombinatorial(high, threads) - below;
}

Status nthPrimeImpl(uint64_t n, uint64_t* prime) {
  // π(2^64 − 1) = 425656284035217743 (Oliveira e Silva's tables).
  constexpr uint64_t primesBelow2To64 = 425656284035217743ull;
  if (n == 0 || n > primesBelow2To64) return Status::invalidArgument;
  if (n < 10000) {
    uint64_t seen = 0;
    bool found = false;
    forEachPrime(0, 200000, [&](uint64_t p) {
      if (!found && ++seen == n) {
        *prime = p;
        found = true;
      }
    });
    return found ? Status::ok : Status::internalError;
  }
  // Count up to a point just below the estimate (the inverse of Riemann's
  // R, within about √p), then walk forward one segment at a time with
  // popcounts, and finally bit by bit.
  const double estimate = inverseRiemannR(static_cast<double>(n));
  double margin = std::sqrt(estimate) + 1000;
  int threads = primeThreadCount();
  uint64_t start = 0;
  uint64_t below = 0;
  for (;;) {
    const double lowDouble = estimate - margin;
    start = lowDouble >= 1.8e19 ? UINT64_MAX - (uint64_t{1} << 40) : lowDouble < 0 ? 0 : static_cast<uint64_t>(lowDouble);
    {
      detail::JobScope scope(detail::JobScope::part(0, 0.9));
      below = countRange(0, start, threads);
    }
    if (below < n || start == 0) break;
    margin *= 4;  // the estimate overshot: start lower
  }
  uint64_t remaining = n - below;
  bool found = false;
  uint64_t from = start + 1;
  while (!found) {
    const uint64_t to = UINT64_MAX - from < (uint64_t{1} << 32) ? UINT64_MAX : from + (uint64_t{1} << 32) - 1;
    forEachSieveSegment(from, to, [&](const std::uint8_t* data, std::size_t bytes, uint64_t first) {
      if (detail::jobCancelled()) return false;
      const std::size_t padded = (bytes + 7) / 8 * 8;
      const uint64_t inSegment = countBits(data, padded);
      if (inSegment < remaining) {
        remaining -= inSegment;
        return true;
      }
      for (std::size_t w = 0; w < padded / 8 && !found; ++w) {
        uint64_t word;
        std::memcpy(&word, data + 8 * w, 8);
        const uint64_t inWord = static_cast<uint64_t>(__builtin_popcountll(word));
        if (inWord < remaining) {
          remaining -= inWord;
          continue;
        }
        for (uint64_t k = 1; k < remaining; ++k) word &= word - 1;
        *prime = first + 240 * static_cast<uint64_t>(w) + bitValue[__builtin_ctzll(word)];
        found = true;
      }
      return false;  // found: stop sieving
    });
    detail::checkpoint();
    if (found || to == UINT64_MAX) break;
    from = to + 1;
  }
  return found ? Status::ok : Status::invalidArgument;
}

}  // namespace

}  // namespace core

/// The state behind the opaque `core::PrimeCursor`.
struct core::PrimeCursor {
  std::uint64_t next;  ///< first number not yet sieved
  std::uint64_t end;
  bool exhausted;
  std::uint64_t window = 1 << 12;
  std::vector<std::uint64_t> buffer;
  std::size_t position = 0;
};

namespace core {

int primeThreadCount() noexcept {
  const int configured = configuredThreads.load();
  return configured > 0 ? configured : defaultThreadCount();
}

void setPrimeThreadCount(int count) noexcept { configuredThreads.store(count > 0 ? count : 0); }

uint64_t physicalMemoryBytes() noexcept {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long pageSize = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0) return UINT64_MAX;
  return static_cast<uint64_t>(pages) * static_cast<uint64_t>(pageSize);
}

uint64_t primeCountUpperBound(uint64_t low, uint64_t high) noexcept {
  if (high < 2 || low > high) return 0;
  if (high < 17) return high;  // small cases: trivially enough room
  const double x = static_cast<double>(high);
  const double logX = std::log(x);
  // Dusart (2010): π(x) <= x/ln x (1 + 1/ln x + 2.51/ln² x) for x >= 355991;
  // Rosser and Schoenfeld (1962): π(x) < 1.25506 x / ln x for x > 1.
  double bound = x >= 355991 ? x / logX * (1 + 1 / logX + 2.51 / (logX * logX)) : 1.25506 * x / logX;
  const double width = static_cast<double>(high - low) + 1;
  if (width >= 17) {
    // Montgomery and Vaughan (1973): π(x + y) − π(x) < 2y / ln y.
    const double interval = 2 * width / std::log(width);
    if (interval < bound) bound = interval;
  }
  if (width / 2 + 2 < bound) bound = width / 2 + 2;  // at most the odd numbers, plus 2
  return static_cast<uint64_t>(bound) + 2;
}

Status countPrimes(uint64_t low, uint64_t high, uint64_t* count) noexcept {
  return detail::guarded([&] {
    *count = countRange(low, high, primeThreadCount());
    return Status::ok;
  });
}

PrimeJob* primeJobCreate() noexcept { return new (std::nothrow) PrimeJob(); }

void primeJobCancel(PrimeJob* job) noexcept { job->cancelled.store(true); }

double primeJobProgress(const PrimeJob* job) noexcept {
  return static_cast<double>(job->progress.load(std::memory_order_relaxed)) / 4294967296.0;
}

void primeJobDestroy(PrimeJob* job) noexcept { delete job; }

Status countPrimesInJob(PrimeJob* job, uint64_t low, uint64_t high, uint64_t* count) noexcept {
  detail::JobScope scope({job, 0, 1});
  return detail::guarded([&] {
    *count = countRange(low, high, primeThreadCount());
    detail::reportProgress(1);
    return Status::ok;
  });
}

Status nthPrimeInJob(PrimeJob* job, uint64_t n, uint64_t* prime) noexcept {
  detail::JobScope scope({job, 0, 1});
  return detail::guarded([&] {
    const Status status = nthPrimeImpl(n, prime);
    if (status == Status::ok) detail::reportProgress(1);
    return status;
  });
}

Status countPrimesBySieve(uint64_t low, uint64_t high, uint64_t* count) noexcept {
  return detail::guarded([&] {
    *count = low > high ? 0 : countOnThreads(low, high, primeThreadCount());
    return Status::ok;
  });
}

Status countPrimesCombinatorially(uint64_t x, double alpha, uint64_t* count) noexcept {
  return detail::guarded([&] {
    *count = countPrimesCombinatorial(x, primeThreadCount(), alpha);
    return Status::ok;
  });
}

Status countPrimesSingleThreaded(uint64_t low, uint64_t high, uint64_t* count) noexcept {
  return detail::guarded([&] {
    *count = countOnThisThread(low, high);
    return Status::ok;
  });
}

Status generatePrimes(uint64_t low, uint64_t high, uint64_t* out, uint64_t capacity,
                      uint64_t* written) noexcept {
  *written = 0;
  return detail::guarded([&] {
    uint64_t count = 0;
    bool overflow = false;
    forEachPrime(low, high, [&](uint64_t p) {
      if (count < capacity) {
        out[count++] = p;
      } else {
        overflow = true;
      }
    });
    *written = count;
    return overflow ? Status::invalidArgument : Status::ok;
  });
}

Status nthPrime(uint64_t n, uint64_t* prime) noexcept {
  return detail::guarded([&] { return nthPrimeImpl(n, prime); });
}

bool isPrime(uint64_t n) noexcept { return isPrime64(n); }

bool nextPrime(uint64_t n, uint64_t* prime) noexcept {
  for (uint64_t candidate = n; candidate < UINT64_MAX;) {
    ++candidate;
    if (isPrime64(candidate)) {
      *prime = candidate;
      return true;
    }
  }
  return false;
}

bool previousPrime(uint64_t n, uint64_t* prime) noexcept {
  for (uint64_t candidate = n; candidate > 2;) {
    --candidate;
    if (isPrime64(candidate)) {
      *prime = candidate;
      return true;
    }
  }
  return false;
}

Status primeFactors(uint64_t n, uint64_t* out, int* count) noexcept {
  *count = 0;
  if (n == 0) return Status::invalidArgument;
  return detail::guarded([&] {
    const std::vector<uint64_t> factors = primeFactors64(n);
    if (factors.size() > 64) return Status::internalError;
    std::copy(factors.begin(), factors.end(), out);
    *count = static_cast<int>(factors.size());
    return Status::ok;
  });
}

PrimeCursor* primeCursorCreate(uint64_t low, uint64_t high) noexcept {
  try {
    return new PrimeCursor{low, high, low > high};
  } catch (...) {
    return nullptr;
  }
}

Status primeCursorNext(PrimeCursor* cursor, uint64_t* out, uint64_t capacity, uint64_t* written) noexcept {
  *written = 0;
  return detail::guarded([&] {
    uint64_t count = 0;
    while (count < capacity) {
      if (cursor->position == cursor->buffer.size()) {
        if (cursor->exhausted) break;
        // Sieve the next window; it doubles each time up to 2^24 numbers.
        cursor->buffer.clear();
        cursor->position = 0;
        const uint64_t from = cursor->next;
        const uint64_t to = cursor->end - from < cursor->window - 1 ? cursor->end : from + cursor->window - 1;
        forEachPrime(from, to, [&](uint64_t p) { cursor->buffer.push_back(p); });
        if (to == cursor->end) {
          cursor->exhausted = true;
        } else {
          cursor->next = to + 1;
        }
        cursor->window = std::min<uint64_t>(cursor->window * 2, uint64_t{1} << 24);
        continue;
      }
      const std::size_t available = cursor->buffer.size() - cursor->position;
      const std::size_t take = static_cast<std::size_t>(std::min<uint64_t>(available, capacity - count));
      std::copy_n(cursor->buffer.begin() + static_cast<std::ptrdiff_t>(cursor->position), take, out + count);
      cursor->position += take;
      count += take;
    }
    *written = count;
    return Status::ok;
  });
}

void primeCursorDestroy(PrimeCursor* cursor) noexcept { delete cursor; }

Status classicSieveCount(uint64_t limit, uint64_t* count) noexcept {
  return detail::guarded([&] {
    *count = 0;
    if (limit < 2) return Status::ok;
    std::vector<char> composite(static_cast<std::size_t>(limit) + 1, 0);
    uint64_t primes = 0;
    for (uint64_t n = 2; n <= limit; ++n) {
      if (composite[n]) continue;
      ++primes;
      if (n > limit / n) continue;  // n² is past the limit (and might overflow)
      for (uint64_t m = n * n; m <= limit; m += n) composite[m] = 1;
    }
    *count = primes;
    return Status::ok;
  });
}

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
