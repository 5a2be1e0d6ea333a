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
//              a Fenwick tree over its words for the counts.
// P2: Σ (π(x/p) − π(p) + 1) over primes y < p <= √x, with π(x/p) counted
//   by the wheel sieve in ascending intervals of x/p.
//
// The hard leaves' sieve is split into chunks that run on separate threads;
// each chunk counts from its own start and records per b how many leaves it
// met and how many numbers it left, and the chunks are then joined in order
// (φ(n, b−1) = what the chunks before left + the count inside this chunk).
#include "PrimeCountingDR.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <exception>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

#include "PrimeJob.hpp"
#include "PrimeWindow.hpp"

namespace core::sieve {
namespace {

using u64 = std::uint64_t;
using i64 = std::int64_t;
using i128 = __int128;

/// Runs `body()` on `threads` threads (the caller's among them, each with
/// the caller's prime job) and rethrows the first exception any of them
/// threw (a cancellation stops the others at their next checkpoint).
template <class Body>
void runOnThreads(int threads, Body&& body) {
  std::mutex lock;
  std::exception_ptr failure;
  auto guardedBody = detail::inheritJob([&] {
    try {
      body();
    } catch (...) {
      std::lock_guard<std::mutex> guard(lock);
      if (!failure) failure = std::current_exception();
    }
  });
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(guardedBody);
  guardedBody();
  for (auto& thread : pool) thread.join();
  if (failure) std::rethrow_exception(failure);
}

u64 integerCubeRoot(u64 n) {
  u64 r = static_cast<u64>(std::cbrt(static_cast<double>(n)));
  while (r > 0 && (r > 2642245 || r * r * r > n)) --r;
  while (r < 2642245 && (r + 1) * (r + 1) * (r + 1) <= n) ++r;
  return r;
}

// MARK: Tables up to y

/// The primes up to y, π(n) for n <= y, and μ(m)·lpf(m) for m <= y.
struct SmallTables {
  u64 limit = 0;
  std::vector<std::uint32_t> primes;  ///< primes[1] = 2, primes[2] = 3, …; primes[0] = 0
  std::vector<std::int32_t> lpfMu;    ///< 0 if m is not squarefree, else μ(m)·lpf(m); m = 1: INT32_MAX
  std::vector<u64> piBits;            ///< bit n % 64 of word n / 64: n is prime
  std::vector<std::uint32_t> piCounts;  ///< primes below 64·w

  explicit SmallTables(u64 y) : limit(y) {
    lpfMu.assign(y + 1, 0);
    primes.push_back(0);
    for (u64 i = 2; i <= y; ++i) {
      if ((i & 0xFFFF) == 0) detail::checkpoint();
      if (lpfMu[i] != 0) continue;
      primes.push_back(static_cast<std::uint32_t>(i));
      for (u64 j = i; j <= y; j += i) {
        if (lpfMu[j] == 0) lpfMu[j] = static_cast<std::int32_t>(i);
      }
    }
    // μ from lpf, ascending: m = p·r with p = lpf(m).
    if (y >= 1) lpfMu[1] = INT32_MAX;
    for (u64 m = 2; m <= y; ++m) {
      if ((m & 0xFFFFF) == 0) detail::checkpoint();
      const std::int32_t p = lpfMu[m];
      const u64 r = m / static_cast<u64>(p);
      if (r % static_cast<u64>(p) == 0 || lpfMu[r] == 0) {
        lpfMu[m] = 0;
      } else {
        lpfMu[m] = lpfMu[r] > 0 ? -p : p;
      }
    }
    const u64 words = y / 64 + 1;
    piBits.assign(words, 0);
    piCounts.assign(words, 0);
    for (std::size_t k = 1; k < primes.size(); ++k) piBits[primes[k] / 64] |= u64{1} << (primes[k] % 64);
    std::uint32_t running = 0;
    for (u64 w = 0; w < words; ++w) {
      piCounts[w] = running;
      running += static_cast<std::uint32_t>(__builtin_popcountll(piBits[w]));
    }
  }

  /// π(n) for n <= limit.
  u64 pi(u64 n) const {
    const u64 w = n / 64;
    return piCounts[w] + static_cast<u64>(__builtin_popcountll(piBits[w] & (~u64{0} >> (63 - n % 64))));
  }
};

// MARK: φ(n, 6) by its period 30030 = 2·3·5·7·11·13

constexpr u64 primorial6 = 30030;
constexpr u64 totient6 = 5760;
constexpr int c = 6;

const std::vector<std::uint16_t>& phi6Table() {
  static const std::vector<std::uint16_t> table = [] {
    std::vector<std::uint16_t> t(primorial6);
    std::uint16_t count = 0;
    for (u64 r = 0; r < primorial6; ++r) {
      if (r % 2 && r % 3 && r % 5 && r % 7 && r % 11 && r % 13) ++count;
      t[r] = count;
    }
    return t;
  }();
  return table;
}

inline u64 phi6(u64 n, const std::vector<std::uint16_t>& table) {
  return (n / primorial6) * totient6 + table[n % primorial6];
}

// MARK: S1

i128 ordinaryLeaves(u64 x, u64 y, const SmallTables& t) {
  const auto& table = phi6Table();
  i128 sum = 0;
  // Depth-first over squarefree n <= y with primes p_7, p_8, …; an explicit
  // stack keeps the recursion flat.
  struct Frame {
    u64 n;
    std::size_t next;
    int mu;
  };
  std::vector<Frame> stack;
  stack.push_back({1, c + 1, 1});
  sum += static_cast<i128>(phi6(x, table));
  u64 steps = 0;
  while (!stack.empty()) {
    if ((++steps & 0xFFFFF) == 0) detail::checkpoint();
    Frame& top = stack.back();
    if (top.next >= t.primes.size() || top.n * t.primes[top.next] > y) {
      stack.pop_back();
      continue;
    }
    const u64 n = top.n * t.primes[top.next];
    const int mu = -top.mu;
    const std::size_t next = top.next + 1;
    ++top.next;
    sum += mu > 0 ? static_cast<i128>(phi6(x / n, table)) : -static_cast<i128>(phi6(x / n, table));
    stack.push_back({n, next, mu});
  }
  return sum;
}

// MARK: S2, trivial and easy leaves

/// The trivial and easy leaves of every b, on `threads` threads; records in
/// `hardPrimeTop[b]` the largest index j whose leaf (p_b, p_j) is hard (0
/// when there is none).
///
/// Easy leaves with x/(p_b·q) >= q are sparse (consecutive q rarely share
/// π(x/(p_b·q))): one π lookup each. Below that they cluster: each run of q
/// with the same π(x/(p_b·q)) is summed at once.
i128 trivialAndEasyLeaves(u64 x, u64 y, const SmallTables& t, std::vector<u64>& hardPrimeTop, int threads) {
  const u64 a = t.primes.size() - 1;
  hardPrimeTop.assign(a + 1, 0);
  std::atomic<u64> nextB{c + 1};
  std::vector<i128> sums(static_cast<std::size_t>(threads), 0);
  std::atomic<int> nextThread{0};
  runOnThreads(threads, [&] {
    i128 sum = 0;
    constexpr u64 batch = 16;
    for (u64 first = nextB.fetch_add(batch); first < a; first = nextB.fetch_add(batch)) {
      detail::checkpoint();
      detail::reportProgress(static_cast<double>(first) / static_cast<double>(a));
      for (u64 b = first; b < std::min(a, first + batch); ++b) {
        const u64 pb = t.primes[b];
        const u64 jLow = std::max<u64>(b + 1, t.pi(y / pb) + 1);
        if (jLow > a) continue;
        const u64 trivialBound = x / pb / pb;  // q > this: x/(p_b q) < p_b
        const u64 jTrivial = trivialBound >= y ? a + 1 : std::max(jLow, t.pi(trivialBound) + 1);
        sum += static_cast<i128>(a + 1 - jTrivial);
        const u64 easyBound = std::max(x / pb / pb / pb, x / pb / (y + 1));  // q > this: n < p_b², n <= y
        const u64 jEasy = easyBound >= y ? a + 1 : std::max(jLow, t.pi(easyBound) + 1);
        // Sparse: q <= √(x/p_b), where n = x/(p_b q) >= q.
        const u64 sparseTop = integerSquareRoot(x / pb);
        const u64 jSparseEnd = std::min(jTrivial, sparseTop >= y ? a + 1 : t.pi(sparseTop) + 1);
        u64 j = jEasy;
        i128 sparse = 0;
        for (; j < jSparseEnd; ++j) {
          if ((j & 0xFFF) == 0) detail::checkpoint();
          sparse += static_cast<i128>(t.pi(x / (pb * t.primes[j])));
        }
        sum += sparse - static_cast<i128>(jSparseEnd > jEasy ? jSparseEnd - jEasy : 0) * static_cast<i128>(b - 2);
        for (j = std::max(j, jEasy); j < jTrivial;) {
          if ((j & 0xFFF) == 0) detail::checkpoint();
          const u64 n = x / (pb * t.primes[j]);
          const u64 k = t.pi(n);
          const u64 qLast = std::min(y, x / pb / t.primes[k]);
          const u64 jLast = std::min(jTrivial - 1, t.pi(qLast));
          sum += static_cast<i128>(jLast - j + 1) * static_cast<i128>(k - b + 2);
          j = jLast + 1;
        }
        if (jEasy > jLow) hardPrimeTop[b] = std::min(a, jEasy - 1);
      }
    }
    sums[static_cast<std::size_t>(nextThread++)] = sum;
  });
  i128 total = 0;
  for (const i128 part : sums) total += part;
  return total;
}

// MARK: S2, hard leaves

/// Odd numbers [low, low + 2·bits) as bits, with a Fenwick tree over the
/// words for prefix counts.
class CountingSegment {
 public:
  static constexpr u64 bits = u64{1} << 18;
  static constexpr u64 words = bits / 64;
  static constexpr u64 span = 2 * bits;

  CountingSegment() : words_(words), tree_(words + 1) { buildPattern(); }

  /// Fills the segment at `low` (a multiple of `span`) with the odd numbers
  /// that have no prime factor <= 13.
  void reset(u64 low) {
    low_ = low;
    const u64 offset = (low / 2) % patternPeriod;
    for (u64 w = 0; w < words; ++w) words_[w] = patternWord(offset + 64 * w);
    for (u64 i = 1; i <= words; ++i) tree_[i] = __builtin_popcountll(words_[i - 1]);
    for (u64 i = 1; i <= words; ++i) {
      const u64 parent = i + (i & (~i + 1));
      if (parent <= words) tree_[parent] += tree_[i];
    }
  }

  /// How many numbers in [low, n] are still set; n < low + span.
  u64 count(u64 n) const {
    if (n <= low_) return 0;
    const u64 bit = (n - low_ - 1) / 2;
    const u64 w = bit / 64;
    u64 sum = static_cast<u64>(__builtin_popcountll(words_[w] & (~u64{0} >> (63 - bit % 64))));
    for (u64 i = w; i > 0; i &= i - 1) sum += static_cast<u64>(tree_[i]);
    return sum;
  }

  /// How many numbers of the whole segment are still set.
  u64 total() const { return count(low_ + span - 1); }

  /// Crosses off the odd multiples of p from `next` on; returns the first
  /// one past the segment.
  u64 crossOff(u64 p, u64 next) {
    const u64 high = low_ + span;
    for (; next < high; next += 2 * p) {
      const u64 bit = (next - low_ - 1) / 2;
      const u64 mask = u64{1} << (bit % 64);
      u64& word = words_[bit / 64];
      if (word & mask) {
        word ^= mask;
        for (u64 i = bit / 64 + 1; i <= words; i += i & (~i + 1)) --tree_[i];
      }
    }
    return next;
  }

 private:
  static constexpr u64 patternPeriod = 3 * 5 * 7 * 11 * 13;  // in odd numbers

  void buildPattern() {
    static const std::vector<u64> shared = [] {
      const u64 length = patternPeriod + bits + 128;
      std::vector<u64> p(length / 64 + 2, 0);
      for (u64 i = 0; i < length; ++i) {
        const u64 v = 2 * i + 1;
        if (v % 3 && v % 5 && v % 7 && v % 11 && v % 13) p[i / 64] |= u64{1} << (i % 64);
      }
      return p;
    }();
    pattern_ = &shared;
  }

  u64 patternWord(u64 bit) const {
    const u64 w = bit / 64;
    const u64 shift = bit % 64;
    const u64 lowPart = (*pattern_)[w] >> shift;
    return shift == 0 ? lowPart : lowPart | ((*pattern_)[w + 1] << (64 - shift));
  }

  u64 low_ = 0;
  std::vector<u64> words_;
  std::vector<std::int32_t> tree_;
  const std::vector<u64>* pattern_ = nullptr;
};

/// What one chunk of the sieve found: its leaves counted from the chunk's
/// start, and per b the leaves' signs and the numbers it left.
struct ChunkResult {
  i128 localSum = 0;
  std::vector<i64> signSum;  ///< Σ −μ(m) over the chunk's leaves of b
  std::vector<i64> left;     ///< numbers of the chunk left after crossing off p_1 … p_(b−1)
};

void hardLeavesOfChunk(u64 x, u64 y, const SmallTables& t, const std::vector<u64>& hardPrimeTop, u64 bMax,
                       u64 chunkLow, u64 chunkHigh, u64 sieveLimit, ChunkResult& out,
                       std::atomic<u64>& segmentsDone, u64 segmentCount) {
  const u64 a = t.primes.size() - 1;
  out.signSum.assign(bMax + 1, 0);
  out.left.assign(bMax + 1, 0);
  std::vector<u64> next(bMax + 1), jNext(bMax + 1), mNext(bMax + 1);
  std::vector<i64> phi(bMax + 1, 0);
  for (u64 b = c + 1; b <= bMax; ++b) {
    const u64 pb = t.primes[b];
    u64 first = chunkLow == 0 ? pb : (chunkLow + pb - 1) / pb * pb;
    if (first % 2 == 0) first += pb;
    next[b] = first;
    const u64 qTop = chunkLow == 0 ? y : std::min(y, x / pb / chunkLow);
    jNext[b] = std::min(hardPrimeTop[b], t.pi(qTop));
    mNext[b] = pb * pb < y ? qTop : 0;
  }
  CountingSegment segment;
  i128 local = 0;
  for (u64 low = chunkLow; low < chunkHigh && low <= sieveLimit; low += CountingSegment::span) {
    detail::checkpoint();
    segment.reset(low);
    const u64 high = low + CountingSegment::span;  // exclusive
    for (u64 b = c + 1; b <= bMax; ++b) {
      if ((b & 0x3F) == 0) {  // the first segments hold many leaves: a share of one per 64 b
        detail::checkpoint();
        detail::reportProgress((static_cast<double>(segmentsDone.load(std::memory_order_relaxed)) +
                                static_cast<double>(b) / static_cast<double>(bMax + 1)) /
                               static_cast<double>(segmentCount));
      }
      const u64 pb = t.primes[b];
      const i64 before = phi[b];
      // Prime m = q (a descending index: ascending n).
      // The leaves of this segment: x/(p_b·m) < high, that is m > mStop.
      const u64 mStop = std::max(y / pb, x / pb / high);
      const u64 jStop = std::max<u64>(std::max<u64>(b, t.pi(y / pb)), mStop >= y ? a : t.pi(mStop));
      u64 j = jNext[b];
      for (; j > jStop; --j) {
        const u64 n = x / (pb * t.primes[j]);
        local += static_cast<i128>(before + static_cast<i64>(segment.count(n)));
        ++out.signSum[b];
      }
      jNext[b] = j;
      // Composite squarefree m with lpf(m) > p_b (descending: ascending n).
      u64 m = mNext[b];
      for (; m > mStop; --m) {
        const std::int32_t v = t.lpfMu[m];
        const u64 lpf = static_cast<u64>(v < 0 ? -static_cast<i64>(v) : v);
        if (v == 0 || lpf <= pb || lpf == m) continue;
        const u64 n = x / (pb * m);
        const i64 phiValue = before + static_cast<i64>(segment.count(n));
        if (v > 0) {  // μ(m) = +1: the leaf counts −φ
          local -= phiValue;
          --out.signSum[b];
        } else {
          local += phiValue;
          ++out.signSum[b];
        }
      }
      mNext[b] = m;
      phi[b] += static_cast<i64>(segment.total());
      next[b] = segment.crossOff(pb, next[b]);
    }
    // Progress by segments (the first ones hold the most leaves, so this
    // runs ahead of the time; it is reported after every segment, a few
    // milliseconds apart, rather than after every chunk).
    detail::reportProgress(static_cast<double>(++segmentsDone) / static_cast<double>(segmentCount));
  }
  out.localSum = local;
  for (u64 b = c + 1; b <= bMax; ++b) out.left[b] = phi[b];
}

i128 hardLeaves(u64 x, u64 y, const SmallTables& t, const std::vector<u64>& hardPrimeTop, int threads) {
  const u64 a = t.primes.size() - 1;
  u64 bMax = 0;
  for (u64 b = c + 1; b < a; ++b) {
    const u64 pb = t.primes[b];
    if (hardPrimeTop[b] != 0 || pb * pb < y) bMax = b;
  }
  if (bMax == 0) return 0;
  const u64 sieveLimit = x / (y + 1);
  // Chunks: small first (the leaves crowd at small n), then equal ones.
  const u64 span = CountingSegment::span;
  const u64 segments = sieveLimit / span + 1;
  const u64 largest = std::max<u64>(1, segments / (static_cast<u64>(threads) * 6));
  std::vector<std::pair<u64, u64>> chunks;
  for (u64 s = 0, size = 1; s < segments; s += size, size = std::min(largest, size * 2)) {
    chunks.push_back({s * span, std::min(segments, s + size) * span});
  }
  std::vector<ChunkResult> results(chunks.size());
  std::atomic<std::size_t> nextChunk{0};
  std::atomic<u64> segmentsDone{0};
  runOnThreads(threads, [&] {
    for (std::size_t k = nextChunk++; k < chunks.size(); k = nextChunk++) {
      hardLeavesOfChunk(x, y, t, hardPrimeTop, bMax, chunks[k].first, chunks[k].second, sieveLimit, results[k],
                        segmentsDone, segments);
    }
  });
  i128 sum = 0;
  std::vector<i64> phi(bMax + 1, 0);
  for (const auto& r : results) {
    sum += r.localSum;
    for (u64 b = c + 1; b <= bMax; ++b) {
      sum += static_cast<i128>(r.signSum[b]) * phi[b];
      phi[b] += r.left[b];
    }
  }
  return sum;
}

// MARK: P2

/// For each bit b of a sieve word: the mask of bits whose numbers are at
/// most `offset` from the word's first number.
const std::vector<u64>& bitsUpToOffset() {
  static const std::vector<u64> masks = [] {
    std::vector<u64> m(240, 0);
    for (u64 offset = 0; offset < 240; ++offset) {
      for (int b = 0; b < 64; ++b) {
        if (bitValue[b] <= offset) m[offset] |= u64{1} << b;
      }
    }
    return m;
  }();
  return masks;
}

/// π(high) − π(low − 1) for 7 <= low, by the wheel sieve on one thread.
u64 sieveCount(u64 low, u64 high) {
  u64 count = 0;
  forEachSieveSegment(low, high, [&](const std::uint8_t* data, std::size_t bytes, u64) {
    if (detail::jobCancelled()) return false;
    for (std::size_t i = 0; i < bytes; i += 8) {
      u64 word;
      std::memcpy(&word, data + i, 8);
      count += static_cast<u64>(__builtin_popcountll(word));
    }
    return true;
  });
  detail::checkpoint();
  return count;
}

/// π(n) by the wheel sieve on `threads` threads.
u64 sieveCountUpTo(u64 n, int threads) {
  if (n < 7) return n < 2 ? 0 : n < 3 ? 1 : n < 5 ? 2 : 3;
  const u64 parts = static_cast<u64>(threads) * 4;
  const u64 width = (n - 7) / parts + 1;
  std::atomic<u64> total{3};
  std::atomic<u64> nextPart{0};
  runOnThreads(threads, [&] {
    for (u64 k = nextPart++; k < parts; k = nextPart++) {
      const u64 lo = 7 + k * width;
      if (lo > n) continue;
      const u64 hi = std::min(n, lo + width - 1);
      detail::checkpoint();
      total += sieveCount(lo, hi);
    }
  });
  return total;
}

i128 secondPartialSum(u64 x, u64 y, u64 a, int threads) {
  const u64 root = integerSquareRoot(x);
  if (root <= y) return 0;
  struct Task {
    u64 pLowExclusive, pHigh;  // the primes of (pLowExclusive, pHigh]
    u64 primeCount = 0;
    i128 relativeSum = 0;  // Σ over its primes of the primes in (x/(pHigh+1), x/p]
    u64 intervalCount = 0;  // primes in (x/(pHigh+1), x/(pLowExclusive+1)]
  };
  std::vector<Task> tasks;
  const u64 sFirst = x / (root + 1);
  const u64 sLast = x / (y + 1);
  const u64 sStep = std::max<u64>(u64{1} << 23, (sLast - sFirst) / (static_cast<u64>(threads) * 24));
  const u64 pStep = u64{1} << 22;
  for (u64 p = root; p > y;) {
    const u64 s = x / (p + 1);
    u64 lower = std::max<u64>(y, x / (s + sStep + 1));
    lower = std::max(lower, p > pStep ? p - pStep : 0);
    if (lower >= p) lower = p - 1;
    tasks.push_back({lower, p});
    p = lower;
  }
  const auto& masks = bitsUpToOffset();
  std::atomic<std::size_t> nextTask{0};
  std::atomic<std::size_t> finishedTasks{0};
  runOnThreads(threads, [&] {
    std::vector<u64> ps;
    for (std::size_t k = nextTask++; k < tasks.size(); k = nextTask++) {
      Task& task = tasks[k];
      ps.clear();
      forEachPrime(task.pLowExclusive + 1, task.pHigh, [&](u64 p) { ps.push_back(p); });
      task.primeCount = ps.size();
      const u64 sLow = x / (task.pHigh + 1);  // exclusive
      const u64 sHigh = x / (task.pLowExclusive + 1);
      std::size_t pending = ps.size();  // primes not yet answered: ps[pending − 1] has the smallest x/p
      u64 running = 0;
      i128 relative = 0;
      forEachSieveSegment(sLow + 1, sHigh, [&](const std::uint8_t* data, std::size_t bytes, u64 first) {
        if (detail::jobCancelled()) return false;
        const std::size_t wordCount = (bytes + 7) / 8;
        for (std::size_t w = 0; w < wordCount; ++w) {
          u64 word;
          std::memcpy(&word, data + 8 * w, 8);
          const u64 wordFirst = first + 240 * w;
          while (pending > 0) {
            const u64 target = x / ps[pending - 1];
            if (target >= wordFirst + 240) break;
            const u64 partial =
                target < wordFirst ? 0 : static_cast<u64>(__builtin_popcountll(word & masks[target - wordFirst]));
            relative += static_cast<i128>(running + partial);
            --pending;
          }
          running += static_cast<u64>(__builtin_popcountll(word));
        }
        return true;
      });
      // Targets past the last sieved word (or an empty interval).
      for (; pending > 0; --pending) relative += static_cast<i128>(running);
      detail::checkpoint();
      task.relativeSum = relative;
      task.intervalCount = running;
      detail::reportProgress(static_cast<double>(++finishedTasks) / static_cast<double>(tasks.size()));
    }
  });
  i128 sum = 0;
  u64 base = sieveCountUpTo(sFirst, threads);
  u64 b = a;
  for (const Task& task : tasks) {
    sum += static_cast<i128>(task.primeCount) * base + task.relativeSum;
    base += task.intervalCount;
    b += task.primeCount;
  }
  // Σ_{a < k <= b} (k − 1)
  const i128 indexSum = (static_cast<i128>(b) * (b - 1) - static_cast<i128>(a) * (a - 1)) / 2;
  return sum - indexSum;
}

double chooseAlpha(u64 x) {
  const double logX = std::log(static_cast<double>(x));
  // Fitted to the fastest α measured at 10^12, 10^14 and 10^16 on this
  // project's machines (about 8, 12–16 and 32; Benchmarks/RESULTS.md).
  return std::max(1.0, 0.00077 * logX * logX * logX - 6);
}

}  // namespace

std::uint64_t countPrimesCombinatorial(std::uint64_t x, int threads, double alpha) {
  if (x < 64) {
    u64 count = 0;
    for (u64 n = 2; n <= x; ++n) {
      bool prime = true;
      for (u64 d = 2; d * d <= n; ++d) prime = prime && n % d != 0;
      count += prime ? 1 : 0;
    }
    return count;
  }
  if (threads < 1) threads = 1;
  if (x < 10000) return sieveCountUpTo(x, 1);
  const u64 root3 = integerCubeRoot(x);
  const u64 root2 = integerSquareRoot(x);
  if (alpha <= 0) alpha = chooseAlpha(x);
  u64 y = static_cast<u64>(alpha * static_cast<double>(root3));
  y = std::max<u64>(y, std::max<u64>(root3, 20));
  y = std::min<u64>(y, std::max<u64>(root2, 20));
  y = std::min<u64>(y, 15'000'000);  // the tables stay under ~70 MB
  const SmallTables tables(y);
  const u64 a = tables.primes.size() - 1;
  std::vector<u64> hardPrimeTop;
  detail::checkpoint();
  const i128 s1 = ordinaryLeaves(x, y, tables);
  i128 easy, hard, p2;
  {
    detail::JobScope scope(detail::JobScope::part(0.02, 0.25));
    easy = trivialAndEasyLeaves(x, y, tables, hardPrimeTop, threads);
  }
  {
    detail::JobScope scope(detail::JobScope::part(0.25, 0.85));
    hard = hardLeaves(x, y, tables, hardPrimeTop, threads);
  }
  {
    detail::JobScope scope(detail::JobScope::part(0.85, 1));
    p2 = secondPartialSum(x, y, a, threads);
  }
  detail::reportProgress(1);
  const i128 pi = s1 + easy + hard + static_cast<i128>(a) - 1 - p2;
  return static_cast<u64>(pi);
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
