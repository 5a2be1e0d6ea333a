// The Deléglise–Rivat algorithm itself (the method is described in
// PrimeCountingDR.cpp). No include guard: PrimeCountingDR.cpp includes it
// twice, inside `namespace core::sieve::popcnt` under a POPCNT target
// attribute (x86-64 with clang only) and inside `core::sieve::portable`
// (where on x86-64 __builtin_popcountll is a bit-twiddling sequence); the
// counts are popcounts of sieve words almost everywhere.

namespace {

using u64 = std::uint64_t;
using i64 = std::int64_t;
using i128 = __int128;

/// Runs `body()` on `threads` threads (the caller's among them, each with
/// the caller's prime job) and rethrows the first exception any of them
/// threw (a cancellation stops the others at their next checkpoint). The
/// threads are the core's pool when it has that many (its workers are
/// already running, and spin a moment between jobs, so the four phases of
/// one count do not start threads four times); otherwise new threads.
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
  if (threads > 1 && threads <= parallel::threadCount()) {
    // Each piece is a whole worker loop; a busy pool runs them one after
    // the other on this thread, where the first does all the work.
    parallel::forRange(Index(threads), Index(threads), Index(1), [&](Index, Index) { guardedBody(); });
  } else {
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(guardedBody);
    guardedBody();
    for (auto& thread : pool) thread.join();
  }
  if (failure) std::rethrow_exception(failure);
}

u64 integerCubeRoot(u64 n) {
  u64 r = static_cast<u64>(std::cbrt(static_cast<double>(n)));
  while (r > 0 && (r > 2642245 || r * r * r > n)) --r;
  while (r < 2642245 && (r + 1) * (r + 1) * (r + 1) <= n) ++r;
  return r;
}

// MARK: Division by invariant divisors

/// ⌊n / d⌋ for every 64-bit n and 2 <= d < 2^63 by one multiply-high, as
/// Granlund and Montgomery ("Division by invariant integers using
/// multiplication", 1994, Figure 4.1) round the reciprocal up: with
/// 2^(l−1) < d <= 2^l and m = ⌊2^64·(2^l − d)/d⌋ + 1, t = ⌊m·n / 2^64⌋ and
/// ⌊n/d⌋ = (t + ((n − t) >> 1)) >> (l − 1). The leaves divide x/p_b by many
/// primes q, each divisor many times. Packed to 9 bytes: a table of them
/// is the largest one next to the composites.
class __attribute__((packed)) InvariantDivisor {
 public:
  InvariantDivisor() = default;
  explicit InvariantDivisor(u64 d) {
    unsigned l = 1;
    while (l < 64 && (u64{1} << l) < d) ++l;
    const unsigned __int128 twoToL = static_cast<unsigned __int128>(1) << l;
    multiplier_ = static_cast<u64>(((twoToL - d) << 64) / d + 1);
    shift_ = static_cast<std::uint8_t>(l - 1);
  }

  u64 divide(u64 n) const {
    const u64 t = static_cast<u64>((static_cast<unsigned __int128>(multiplier_) * n) >> 64);
    return (t + ((n - t) >> 1)) >> shift_;
  }

 private:
  u64 multiplier_ = 0;
  std::uint8_t shift_ = 0;
};

// MARK: Tables up to y

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


/// The primes up to y, π(n) for n <= y, and a divisor by each prime.
struct SmallTables {
  u64 limit = 0;
  std::vector<std::uint32_t> primes;  ///< primes[1] = 2, primes[2] = 3, …; primes[0] = 0
  /// Bit k of `bits` in entry w: 240·w + bitValue[k] (the wheel sieve's
  /// word layout) is prime; `below`: the primes below 240·w. One entry is
  /// one 16-byte load for π(n), and the table is y/15 bytes.
  struct PiEntry {
    u64 bits;
    u64 below;
  };
  std::vector<PiEntry> piTable;
  const std::vector<u64>* upToOffset = &bitsUpToOffset();
  std::vector<InvariantDivisor> primeDivisors;  ///< primeDivisors[k] divides by primes[k] (k >= 1)

  explicit SmallTables(u64 y) : limit(y) {
    const double logY = std::log(static_cast<double>(std::max<u64>(y, 3)));
    primes.reserve(static_cast<std::size_t>(1.26 * static_cast<double>(y) / logY) + 8);  // π(y) < 1.26 y/ln y
    primes.push_back(0);
    // The core's segmented wheel sieve (y <= 1.5·10^7).
    forEachPrime(2, y, [&](u64 p) { primes.push_back(static_cast<std::uint32_t>(p)); });
    detail::checkpoint();
    const u64 words = y / 240 + 1;
    piTable.assign(words, PiEntry{0, 0});
    for (std::size_t k = 4; k < primes.size(); ++k) {  // 7, 11, …
      piTable[primes[k] / 240].bits |= u64{1} << (8 * (primes[k] % 240 / 30) + bitOfResidue[primes[k] % 30]);
    }
    u64 running = 3;  // 2, 3, 5
    for (u64 w = 0; w < words; ++w) {
      piTable[w].below = running;
      running += static_cast<u64>(__builtin_popcountll(piTable[w].bits));
    }
    primeDivisors.resize(primes.size());
    for (std::size_t k = 1; k < primes.size(); ++k) primeDivisors[k] = InvariantDivisor(primes[k]);
  }

  /// π(n) for n <= limit.
  u64 pi(u64 n) const {
    if (n < 6) return n < 2 ? 0 : n < 3 ? 1 : n < 5 ? 2 : 3;
    const PiEntry& entry = piTable[n / 240];
    return entry.below + static_cast<u64>(__builtin_popcountll(entry.bits & (*upToOffset)[n % 240]));
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

/// Σ π(⌊m / q_j⌋) over j in [jFirst, jEnd), m = ⌊x/p_b⌋, where every
/// quotient is at most y. Whichever is shorter: one π look-up per j, or one
/// per prime p_k between the smallest and the largest quotient, by
///   Σ_j π(n_j) = count·π(n_min) + Σ_(π(n_min) < k <= π(n_max)) #{j : n_j >= p_k},
///   #{j : n_j >= p_k} = #{j : q_j <= ⌊m/p_k⌋}.
/// Either way the look-ups do not depend on each other (a walk over the runs
/// of equal π(n_j) would chain two divisions and two look-ups per run).
i128 sumOfPiOfQuotients(const SmallTables& t, u64 m, u64 y, u64 jFirst, u64 jEnd) {
  if (jFirst >= jEnd) return 0;
  const u64 count = jEnd - jFirst;
  const u64 kHigh = t.pi(t.primeDivisors[jFirst].divide(m));
  const u64 kLow = t.pi(t.primeDivisors[jEnd - 1].divide(m));
  i128 sum = 0;
  if (count <= kHigh - kLow) {
    for (u64 j = jFirst; j < jEnd; ++j) {
      if ((j & 0xFFF) == 0) detail::checkpoint();
      sum += static_cast<i128>(t.pi(t.primeDivisors[j].divide(m)));
    }
    return sum;
  }
  sum = static_cast<i128>(count) * static_cast<i128>(kLow);
  for (u64 k = kLow + 1; k <= kHigh; ++k) {
    if ((k & 0xFFF) == 0) detail::checkpoint();
    const u64 qTop = std::min(y, t.primeDivisors[k].divide(m));
    const u64 jTop = std::min(jEnd - 1, t.pi(qTop));  // >= jFirst, since n_jFirst >= p_k
    sum += static_cast<i128>(jTop - jFirst + 1);
  }
  return sum;
}

/// The trivial and easy leaves of every b, on `threads` threads; records in
/// `hardPrimeTop[b]` the largest index j whose leaf (p_b, p_j) is hard (0
/// when there is none).
///
/// Easy leaves with x/(p_b·q) >= q are sparse (consecutive q rarely share
/// π(x/(p_b·q))): one π lookup each. Below that they cluster: each run of q
/// with the same π(x/(p_b·q)) is summed at once.
i128 trivialAndEasyLeaves(u64 x, u64 y, const SmallTables& t, std::vector<std::uint32_t>& hardPrimeTop, int threads) {
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
        const u64 xOverPb = x / pb;
        const u64 jLow = std::max<u64>(b + 1, t.pi(y / pb) + 1);
        if (jLow > a) continue;
        const u64 trivialBound = x / pb / pb;  // q > this: x/(p_b q) < p_b
        const u64 jTrivial = trivialBound >= y ? a + 1 : std::max(jLow, t.pi(trivialBound) + 1);
        sum += static_cast<i128>(a + 1 - jTrivial);
        const u64 easyBound = std::max(x / pb / pb / pb, x / pb / (y + 1));  // q > this: n < p_b², n <= y
        const u64 jEasy = easyBound >= y ? a + 1 : std::max(jLow, t.pi(easyBound) + 1);
        // Σ π(n_j) over the easy j, n_j = ⌊x/(p_b·q_j)⌋, split where n_j
        // falls below q_j: above, consecutive n_j are far apart; below,
        // they crowd, and runs of j share π(n_j).
        const u64 sparseTop = integerSquareRoot(x / pb);
        const u64 jSparseEnd = std::min(jTrivial, sparseTop >= y ? a + 1 : t.pi(sparseTop) + 1);
        const u64 jSplit = std::max(jEasy, jSparseEnd);
        const i128 easyCount = static_cast<i128>(jTrivial > jEasy ? jTrivial - jEasy : 0);
        sum += sumOfPiOfQuotients(t, xOverPb, y, jEasy, jSplit) + sumOfPiOfQuotients(t, xOverPb, y, jSplit, jTrivial) -
               easyCount * static_cast<i128>(b - 2);
        if (jEasy > jLow) hardPrimeTop[b] = static_cast<std::uint32_t>(std::min(a, jEasy - 1));
      }
    }
    sums[static_cast<std::size_t>(nextThread++)] = sum;
  });
  i128 total = 0;
  for (const i128 part : sums) total += part;
  return total;
}

// MARK: S2, hard leaves

/// Odd numbers [low, low + 2·bits) as bits, with a counter of the set bits
/// of every block of `blockWords` words. Crossing a number off decrements
/// its block's counter; counts are read with a `Cursor` that moves forward
/// only, as a run of leaves of one b reads them (ascending n): it adds whole
/// blocks' counters while it is behind and popcounts words inside a block.
class CountingSegment {
 public:
  static constexpr u64 bits = u64{1} << 18;
  static constexpr u64 words = bits / 64;
  static constexpr u64 span = 2 * bits;
  static constexpr u64 blockShift = 6;  ///< 64 words (4096 numbers' bits) per counter
  static constexpr u64 blocks = words >> blockShift;

  CountingSegment() : words_(words), counters_(blocks) { buildPattern(); }

  /// Fills the segment at `low` (a multiple of `span`) with the odd numbers
  /// that have no prime factor <= 13.
  void reset(u64 low) {
    low_ = low;
    const u64 offset = (low / 2) % patternPeriod;
    total_ = 0;
    for (u64 k = 0; k < blocks; ++k) {
      u64 sum = 0;
      for (u64 w = k << blockShift; w < (k + 1) << blockShift; ++w) {
        words_[w] = patternWord(offset + 64 * w);
        sum += static_cast<u64>(__builtin_popcountll(words_[w]));
      }
      counters_[k] = static_cast<std::uint32_t>(sum);
      total_ += sum;
    }
  }

  /// A forward-only reader of counts from the segment's start.
  struct Cursor {
    u64 block = 0;      ///< counts of blocks before this one are in blockSum
    u64 blockSum = 0;
    u64 word = 0;       ///< counts of words [block start, word) are in wordSum
    u64 wordSum = 0;
  };

  /// How many numbers in [low, n] are still set; n < low + span, and n at
  /// least the n of the cursor's previous read.
  u64 count(u64 n, Cursor& cursor) const {
    if (n <= low_) return 0;
    const u64 bit = (n - low_ - 1) / 2;
    const u64 w = bit / 64;
    const u64 block = w >> blockShift;
    if (block != cursor.block) {
      for (u64 k = cursor.block; k < block; ++k) cursor.blockSum += counters_[k];
      cursor.block = block;
      cursor.word = block << blockShift;
      cursor.wordSum = 0;
    }
    for (; cursor.word < w; ++cursor.word) cursor.wordSum += static_cast<u64>(__builtin_popcountll(words_[cursor.word]));
    return cursor.blockSum + cursor.wordSum +
           static_cast<u64>(__builtin_popcountll(words_[w] & (~u64{0} >> (63 - bit % 64))));
  }

  /// How many numbers of the whole segment are still set.
  u64 total() const { return total_; }

  /// Crosses off the odd multiples of p from `next` on; returns the first
  /// one past the segment.
  u64 crossOff(u64 p, u64 next) {
    const u64 high = low_ + span;
    u64 removed = 0;
    for (; next < high; next += 2 * p) {
      const u64 bit = (next - low_ - 1) / 2;
      u64& word = words_[bit / 64];
      const u64 isSet = (word >> (bit % 64)) & 1;
      word &= ~(u64{1} << (bit % 64));
      counters_[bit >> (6 + blockShift)] -= static_cast<std::uint32_t>(isSet);
      removed += isSet;
    }
    total_ -= removed;
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
  u64 total_ = 0;
  std::vector<u64> words_;
  std::vector<std::uint32_t> counters_;
  const std::vector<u64>* pattern_ = nullptr;
};

/// The squarefree composite m <= y with lpf(m) > p_c, the second factors of
/// the hard leaves p_b·m. They are grouped by lpf(m): a group is a run of
/// consecutive primes that starts anew at each power of two and holds at
/// most 128 of them; each group is sorted by m descending, an entry being
/// m·2^8 + (π(lpf) − the group's first prime index)·2 + (μ(m) = +1), 32
/// bits since y < 2^24. A b reads the group of p_b, skipping lpf <= p_b,
/// and every group above whole: it visits its own m and few others
/// (walking every m <= y and testing lpf(m) did 7 to 100 times more reads
/// than leaves).
struct CompositeMultipliers {
  std::vector<std::vector<std::uint32_t>> groups;
  std::vector<u64> groupFirstIndex;          ///< prime index of each group's first prime
  std::vector<std::uint16_t> groupOfIndex;   ///< group of the prime of each index (c < index, p <= √y)

  /// Factors [1, y] in blocks by the primes up to √y (a composite m <= y
  /// has lpf(m) <= √y; what is left after dividing those out is 1 or one
  /// prime), twice: once to size the groups exactly, once to fill them.
  explicit CompositeMultipliers(const SmallTables& t) {
    const u64 y = t.limit;
    const u64 root = integerSquareRoot(y);
    u64 lastIndex = c;  // the primes of index c+1 … lastIndex are <= √y
    while (lastIndex + 1 < t.primes.size() && t.primes[lastIndex + 1] <= root) ++lastIndex;
    groupOfIndex.assign(lastIndex + 1, 0);
    for (u64 k = c + 1; k <= lastIndex; ++k) {
      const bool newGroup = groupFirstIndex.empty() || k - groupFirstIndex.back() == 128 ||
                            __builtin_clzll(t.primes[k]) != __builtin_clzll(t.primes[k - 1]);
      if (newGroup) groupFirstIndex.push_back(k);
      groupOfIndex[k] = static_cast<std::uint16_t>(groupFirstIndex.size() - 1);
    }
    groups.resize(groupFirstIndex.size());
    std::vector<std::size_t> sizes(groups.size(), 0);
    forEachComposite(t, lastIndex, [&](u64, u64 lpfIndex, bool) { ++sizes[groupOfIndex[lpfIndex]]; });
    for (std::size_t g = 0; g < groups.size(); ++g) groups[g].reserve(sizes[g]);
    forEachComposite(t, lastIndex, [&](u64 m, u64 lpfIndex, bool muIsPlusOne) {
      const std::uint16_t g = groupOfIndex[lpfIndex];
      groups[g].push_back(static_cast<std::uint32_t>((m << 8) | ((lpfIndex - groupFirstIndex[g]) << 1) |
                                                     (muIsPlusOne ? 1 : 0)));
    });
    for (auto& group : groups) std::reverse(group.begin(), group.end());
  }

  /// Calls visit(m, π(lpf(m)), μ(m) = +1) for the squarefree composite
  /// m <= y with p_c < lpf(m), in ascending order.
  template <class Visit>
  static void forEachComposite(const SmallTables& t, u64 lastIndex, Visit&& visit) {
    const u64 y = t.limit;
    constexpr u64 blockSize = u64{1} << 16;
    std::vector<std::uint32_t> lpfIndex(blockSize), product(blockSize);
    std::vector<std::uint8_t> factorCount(blockSize);  // distinct primes <= √y; 0xFF: not squarefree
    for (u64 low = 2; low <= y; low += blockSize) {
      detail::checkpoint();
      const u64 high = std::min(y + 1, low + blockSize);  // exclusive
      const u64 size = high - low;
      for (u64 i = 0; i < size; ++i) {
        lpfIndex[i] = 0;
        product[i] = 1;
        factorCount[i] = 0;
      }
      for (u64 k = 1; k <= lastIndex; ++k) {
        const u64 p = t.primes[k];
        for (u64 m = (low + p - 1) / p * p; m < high; m += p) {
          const u64 i = m - low;
          if (lpfIndex[i] == 0) lpfIndex[i] = static_cast<std::uint32_t>(k);
          product[i] *= static_cast<std::uint32_t>(p);  // exact while squarefree (m < 2^32)
          ++factorCount[i];
        }
      }
      for (u64 k = 1; k <= lastIndex; ++k) {  // after the counting, which would wrap 0xFF
        const u64 square = u64{t.primes[k]} * t.primes[k];
        for (u64 m = (low + square - 1) / square * square; m < high; m += square) factorCount[m - low] = 0xFF;
      }
      for (u64 i = 0; i < size; ++i) {
        if (factorCount[i] == 0xFF || lpfIndex[i] <= c) continue;  // not squarefree, prime, or lpf <= p_c
        // What the primes up to √y leave is 1 or one larger prime.
        const u64 factors = factorCount[i] + (product[i] != low + i ? 1 : 0);
        if (factors >= 2) visit(low + i, u64{lpfIndex[i]}, factors % 2 == 0);
      }
    }
  }

  /// The first position of `group` whose m is at most `mTop`.
  std::size_t firstAtMost(std::size_t group, u64 mTop) const {
    const auto& list = groups[group];
    const u64 key = (std::min<u64>(mTop, u64{1} << 24) << 8) | 0xFF;
    return static_cast<std::size_t>(
        std::lower_bound(list.begin(), list.end(), key, [](std::uint32_t entry, u64 k) { return entry > k; }) -
        list.begin());
  }
};

/// What one chunk of the sieve found: its leaves counted from the chunk's
/// start, and per b the leaves' signs and the numbers it left.
struct ChunkResult {
  i128 localSum = 0;
  std::vector<i64> signSum;  ///< Σ −μ(m) over the chunk's leaves of b
  std::vector<i64> left;     ///< numbers of the chunk left after crossing off p_1 … p_(b−1)
};

void hardLeavesOfChunk(u64 x, u64 y, const SmallTables& t, const CompositeMultipliers& composites,
                       const std::vector<std::uint32_t>& hardPrimeTop, u64 bMax, u64 chunkLow, u64 chunkHigh, u64 sieveLimit, ChunkResult& out,
                       std::atomic<u64>& segmentsDone, u64 segmentCount) {
  const u64 a = t.primes.size() - 1;
  out.signSum.assign(bMax + 1, 0);
  out.left.assign(bMax + 1, 0);
  std::vector<u64> next(bMax + 1), jNext(bMax + 1);
  // mNext[b·groupCount + g]: the position in group g of the next composite m of b.
  const std::size_t groupCount = composites.groups.size();
  std::vector<std::size_t> mNext((bMax + 1) * groupCount, 0);
  std::vector<i64> phi(bMax + 1, 0);
  for (u64 b = c + 1; b <= bMax; ++b) {
    const u64 pb = t.primes[b];
    u64 first = chunkLow == 0 ? pb : (chunkLow + pb - 1) / pb * pb;
    if (first % 2 == 0) first += pb;
    next[b] = first;
    const u64 qTop = chunkLow == 0 ? y : std::min(y, x / pb / chunkLow);
    jNext[b] = std::min<u64>(hardPrimeTop[b], t.pi(qTop));
    if (pb * pb < y) {
      for (std::size_t g = composites.groupOfIndex[b]; g < groupCount; ++g) {
        mNext[b * groupCount + g] = composites.firstAtMost(g, qTop);
      }
    }
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
      const u64 xOverPb = x / pb;
      CountingSegment::Cursor cursor;
      u64 j = jNext[b];
      for (; j > jStop; --j) {
        const u64 n = t.primeDivisors[j].divide(xOverPb);
        local += static_cast<i128>(before + static_cast<i64>(segment.count(n, cursor)));
        ++out.signSum[b];
      }
      jNext[b] = j;
      // Composite squarefree m with lpf(m) > p_b, group by group
      // (descending m: ascending n).
      if (pb * pb < y) {
        const std::size_t ownGroup = composites.groupOfIndex[b];
        for (std::size_t g = ownGroup; g < groupCount; ++g) {
          const auto& list = composites.groups[g];
          // In p_b's own group only lpf(m) > p_b, that is a larger index.
          const u64 skipBelow = g == ownGroup ? b - composites.groupFirstIndex[g] : 0;
          std::size_t& position = mNext[b * groupCount + g];
          cursor = CountingSegment::Cursor{};
          for (; position < list.size(); ++position) {
            const std::uint32_t entry = list[position];
            const u64 m = entry >> 8;
            if (m <= mStop) break;
            if (g == ownGroup && ((entry & 0xFF) >> 1) <= skipBelow) continue;
            const u64 n = xOverPb / m;
            const i64 phiValue = before + static_cast<i64>(segment.count(n, cursor));
            if (entry & 1) {  // μ(m) = +1: the leaf counts −φ
              local -= phiValue;
              --out.signSum[b];
            } else {
              local += phiValue;
              ++out.signSum[b];
            }
          }
        }
      }
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

i128 hardLeaves(u64 x, u64 y, const SmallTables& t, const std::vector<std::uint32_t>& hardPrimeTop, int threads) {
  const u64 a = t.primes.size() - 1;
  u64 bMax = 0;
  for (u64 b = c + 1; b < a; ++b) {
    const u64 pb = t.primes[b];
    if (hardPrimeTop[b] != 0 || pb * pb < y) bMax = b;
  }
  if (bMax == 0) return 0;
  const CompositeMultipliers composites(t);
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
      hardLeavesOfChunk(x, y, t, composites, hardPrimeTop, bMax, chunks[k].first, chunks[k].second, sieveLimit, results[k],
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
  // Fitted to the fastest α measured at 10^12, 10^14 and 10^16 (about 18,
  // 24 and 32 with the block counters and grouped composites; see
  // Benchmarks/RESULTS.md).
  return std::max(1.0, 0.00055 * logX * logX * logX + 6.5);
}

}  // namespace

/// π(x) with y = alpha·x^(1/3) (alpha <= 0: the tuned default).
std::uint64_t countPrimes(std::uint64_t x, int threads, double alpha) {
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
  // The cap keeps the tables near 30 MB and m < 2^24 in the composites'
  // 32-bit entries (it binds from about 10^17 on, where α would grow on).
  constexpr u64 yCap = 15'000'000;
  static_assert(yCap < (u64{1} << 24), "CompositeMultipliers packs m into 24 bits");
  y = std::min<u64>(y, yCap);
  const SmallTables tables(y);
  const u64 a = tables.primes.size() - 1;
  std::vector<std::uint32_t> hardPrimeTop;
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

