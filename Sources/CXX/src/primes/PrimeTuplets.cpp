// Counting prime k-tuplets on the sieve's bit arrays, as primesieve counts
// them: a tuplet counts when all its members lie in [low, high].
//
// The patterns (offsets from the first member):
//   twins        0 2
//   triplets     0 2 6        0 4 6
//   quadruplets  0 2 6 8
//   quintuplets  0 2 6 8 12   0 4 6 10 12
//   sextuplets   0 4 6 10 12 16
//
// Above 7 every member is coprime to 30, so a tuplet starting at p ≡ r
// (mod 30) has each member p + d in byte ⌊(r + d)/30⌋ after p's byte, at
// the bit of residue (r + d) mod 30. With a sieve word W (64 bits, 8 bytes
// of 30 numbers) followed by the next word, the tuplets starting in W at
// residue r are popcount(bitᵣ-of-every-byte & AND over members of
// (W >> shift)), each shift = 8·byteOffset + bit(member) − bit(r). Tuplets
// with a member below 7 are listed and checked one by one. The range is
// split into chunks on the prime threads; tuplets that straddle a chunk
// boundary are checked with Miller–Rabin.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <thread>
#include <vector>

#include "Guarded.hpp"
#include "PrimeCore.h"
#include "PrimeWindow.hpp"

namespace core {
namespace {

using std::uint64_t;
using namespace sieve;

struct Pattern {
  int size;
  std::array<int, 6> offsets;
};

/// The patterns of a k-tuplet (one or two).
struct Patterns {
  int count;
  std::array<Pattern, 2> list;
};

constexpr Patterns patterns(int k) {
  switch (k) {
    case 2: return {1, {Pattern{2, {0, 2, 0, 0, 0, 0}}, Pattern{}}};
    case 3: return {2, {Pattern{3, {0, 2, 6, 0, 0, 0}}, Pattern{3, {0, 4, 6, 0, 0, 0}}}};
    case 4: return {1, {Pattern{4, {0, 2, 6, 8, 0, 0}}, Pattern{}}};
    case 5: return {2, {Pattern{5, {0, 2, 6, 8, 12, 0}}, Pattern{5, {0, 4, 6, 10, 12, 0}}}};
    case 6: return {1, {Pattern{6, {0, 4, 6, 10, 12, 16}}, Pattern{}}};
    default: return {0, {Pattern{}, Pattern{}}};
  }
}

/// The word-level tests of a k-tuplet, one per pattern and start residue
/// whose members are all coprime to 30: tuplets starting at residue bit b
/// are the set bits of (bit b of every byte) & current word & the windows
/// of the other members, each window the two-word window shifted right by
/// 8·byteOffset + bit(member) − b. The distinct shifts are listed once, so
/// that each shifted window is formed once per word. Built at compile time,
/// so that the word loop has constant shifts and trip counts (with the
/// tests in run-time vectors, the counting pass took 19% of a triplet
/// count's samples against 8.5% for primesieve's).
struct WordTests {
  int testCount = 0;
  int shiftCount = 0;
  std::array<int, 16> shifts{};
  std::array<uint64_t, 16> startMasks{};
  std::array<int, 16> memberCounts{};
  std::array<std::array<int, 5>, 16> shiftIndices{};
};

constexpr WordTests wordTests(int k) {
  WordTests result;
  const Patterns shapes = patterns(k);
  for (int p = 0; p < shapes.count; ++p) {
    const Pattern& pattern = shapes.list[static_cast<std::size_t>(p)];
    for (int startBit = 0; startBit < 8; ++startBit) {
      const int r = residues[static_cast<std::size_t>(startBit)];
      std::array<int, 5> indices{};
      bool possible = true;
      for (int m = 1; m < pattern.size; ++m) {
        const int value = r + pattern.offsets[static_cast<std::size_t>(m)];
        const int bit = bitOfResidue[static_cast<std::size_t>(value % 30)];
        if (bit == 8) {
          possible = false;
          break;
        }
        const int shift = 8 * (value / 30) + bit - startBit;
        int found = 0;
        while (found < result.shiftCount && result.shifts[static_cast<std::size_t>(found)] != shift) ++found;
        if (found == result.shiftCount) result.shifts[static_cast<std::size_t>(result.shiftCount++)] = shift;
        indices[static_cast<std::size_t>(m - 1)] = found;
      }
      if (!possible) continue;
      const auto t = static_cast<std::size_t>(result.testCount++);
      result.startMasks[t] = 0x0101010101010101ull << startBit;
      result.memberCounts[t] = pattern.size - 1;
      result.shiftIndices[t] = indices;
    }
  }
  return result;
}

/// The tests of each k, as constants.
template <int K>
struct TupletWordTests {
  static constexpr WordTests value = wordTests(K);
};

/// Bits [shift, shift + 64) of the 128-bit window (current, next).
inline uint64_t window(uint64_t current, uint64_t next, int shift) {
  return shift == 0 ? current : (current >> shift) | (next << (64 - shift));
}

template <int K>
inline uint64_t countInWord(uint64_t current, uint64_t next) {
  constexpr const WordTests& tests = TupletWordTests<K>::value;
  static_assert(tests.testCount > 0 && tests.shiftCount <= 16);
  if (current == 0) return 0;
  std::array<uint64_t, static_cast<std::size_t>(tests.shiftCount)> windows;
  for (std::size_t s = 0; s < windows.size(); ++s) windows[s] = window(current, next, tests.shifts[s]);
  uint64_t count = 0;
  for (int t = 0; t < tests.testCount; ++t) {
    const auto i = static_cast<std::size_t>(t);
    uint64_t hits = current & tests.startMasks[i];
    for (int m = 0; m < tests.memberCounts[i]; ++m) {
      hits &= windows[static_cast<std::size_t>(tests.shiftIndices[i][static_cast<std::size_t>(m)])];
    }
    count += static_cast<uint64_t>(__builtin_popcountll(hits));
  }
  return count;
}

/// Tuplets with every member in [low, high], all members >= 7, on one thread.
template <int K>
uint64_t countBySieve(uint64_t low, uint64_t high) {
  uint64_t count = 0;
  bool havePrevious = false;
  uint64_t previous = 0;
  uint64_t expectedFirst = 0;
  forEachSieveSegment(low, high, [&](const std::uint8_t* data, std::size_t bytes, uint64_t first) {
    if (havePrevious && first != expectedFirst) {  // not contiguous: flush
      count += countInWord<K>(previous, 0);
      havePrevious = false;
    }
    const std::size_t words = (bytes + 7) / 8;
    for (std::size_t w = 0; w < words; ++w) {
      uint64_t word;
      std::memcpy(&word, data + 8 * w, 8);
      if (havePrevious) count += countInWord<K>(previous, word);
      previous = word;
      havePrevious = true;
    }
    // A padded last word breaks contiguity; the segments in the middle are
    // whole words.
    expectedFirst = bytes % 8 == 0 ? first + 30 * static_cast<uint64_t>(bytes) : ~uint64_t{0};
    return true;
  });
  if (havePrevious) count += countInWord<K>(previous, 0);
  return count;
}

/// Whether the tuplet of `pattern` starting at p has every member prime and
/// in [low, high] (no overflow: p <= high <= 2^64 − 1 − 16 is checked).
bool isTupletAt(const Pattern& pattern, uint64_t p, uint64_t low, uint64_t high) {
  if (p < low) return false;
  const uint64_t last = static_cast<uint64_t>(pattern.offsets[pattern.size - 1]);
  if (p > high || high - p < last) return false;
  for (int m = 0; m < pattern.size; ++m) {
    if (!isPrime(p + static_cast<uint64_t>(pattern.offsets[m]))) return false;
  }
  return true;
}

/// Tuplets with every member in [low, high], all members >= 7, on one
/// thread, for k in 2…6.
uint64_t countBySieve(int k, uint64_t low, uint64_t high) {
  switch (k) {
    case 2: return countBySieve<2>(low, high);
    case 3: return countBySieve<3>(low, high);
    case 4: return countBySieve<4>(low, high);
    case 5: return countBySieve<5>(low, high);
    default: return countBySieve<6>(low, high);
  }
}

uint64_t countTuplets(int k, uint64_t low, uint64_t high, int threads) {
  if (low > high) return 0;
  const Patterns shapes = patterns(k);
  uint64_t count = 0;
  // Tuplets with a member below 7, checked one by one.
  for (int s = 0; s < shapes.count; ++s) {
    for (uint64_t p : {2, 3, 5}) count += isTupletAt(shapes.list[static_cast<std::size_t>(s)], p, low, high) ? 1 : 0;
  }
  const uint64_t sieveLow = std::max<uint64_t>(low, 7);
  if (sieveLow > high) return count;
  // Chunks on threads; each counts the tuplets wholly inside it, and the
  // ones across each inner boundary are checked directly.
  const uint64_t span = high - sieveLow;
  const uint64_t minimumChunk = std::max<uint64_t>(uint64_t{1} << 26, 64 * integerSquareRoot(high));
  uint64_t chunks = threads <= 1 || span / 2 < minimumChunk ? 1 : std::min<uint64_t>(threads * 8, span / minimumChunk);
  chunks = std::max<uint64_t>(chunks, 1);
  const uint64_t chunkSpan = span / chunks;
  std::vector<uint64_t> bounds(chunks + 1);
  for (uint64_t c = 0; c < chunks; ++c) bounds[c] = sieveLow + c * chunkSpan;
  bounds[chunks] = high;
  std::atomic<uint64_t> next{0};
  std::atomic<uint64_t> total{0};
  std::atomic<bool> failed{false};
  auto worker = [&] {
    try {
      for (uint64_t c = next++; c < chunks; c = next++) {
        const uint64_t chunkLow = c == 0 ? bounds[0] : bounds[c] + 1;
        total += countBySieve(k, chunkLow, bounds[c + 1]);
      }
    } catch (...) {
      failed = true;
    }
  };
  const int workers = static_cast<int>(std::min<uint64_t>(static_cast<uint64_t>(std::max(threads, 1)), chunks));
  std::vector<std::thread> pool;
  for (int t = 1; t < workers; ++t) pool.emplace_back(worker);
  worker();
  for (auto& thread : pool) thread.join();
  if (failed) throw std::bad_alloc();
  count += total;
  // Across the boundary after bounds[c] (c < chunks): a start in
  // (bounds[c] − 16, bounds[c]] whose last member is past bounds[c].
  for (uint64_t c = 1; c < chunks; ++c) {
    const uint64_t boundary = bounds[c];
    for (int s = 0; s < shapes.count; ++s) {
      const Pattern& pattern = shapes.list[static_cast<std::size_t>(s)];
      const uint64_t last = static_cast<uint64_t>(pattern.offsets[pattern.size - 1]);
      for (uint64_t p = boundary >= last ? boundary - last + 1 : 0; p <= boundary; ++p) {
        if (p >= 7 && isTupletAt(pattern, p, low, high)) ++count;
      }
    }
  }
  return count;
}

}  // namespace

Status countPrimeTuplets(int k, uint64_t low, uint64_t high, uint64_t* count) noexcept {
  if (k < 2 || k > 6) return Status::invalidArgument;
  return detail::guarded([&] {
    *count = countTuplets(k, low, high, primeThreadCount());
    return Status::ok;
  });
}

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
