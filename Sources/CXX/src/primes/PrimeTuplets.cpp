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
std::vector<Pattern> patterns(int k) {
  switch (k) {
    case 2: return {{2, {0, 2}}};
    case 3: return {{3, {0, 2, 6}}, {3, {0, 4, 6}}};
    case 4: return {{4, {0, 2, 6, 8}}};
    case 5: return {{5, {0, 2, 6, 8, 12}}, {5, {0, 4, 6, 10, 12}}};
    case 6: return {{6, {0, 4, 6, 10, 12, 16}}};
    default: return {};
  }
}

/// One word-level test: tuplets starting at residue bit `startBit`, with
/// the right shift of the two-word window for every other member.
struct WordTest {
  uint64_t startMask;  ///< bit `startBit` of every byte
  int memberCount;
  std::array<int, 5> shifts;  ///< indices into WordTests::shifts
};

/// The tests of a k-tuplet and the distinct window shifts they use, so that
/// each shifted window is computed once per word.
struct WordTests {
  std::vector<WordTest> tests;
  std::vector<int> shifts;
};

WordTests wordTests(int k) {
  WordTests result;
  auto& tests = result.tests;
  for (const Pattern& pattern : patterns(k)) {
    for (int startBit = 0; startBit < 8; ++startBit) {
      const int r = residues[startBit];
      WordTest test{0x0101010101010101ull << startBit, pattern.size - 1, {}};
      bool possible = true;
      for (int m = 1; m < pattern.size; ++m) {
        const int value = r + pattern.offsets[m];
        const int residue = value % 30;
        if (std::find(residues.begin(), residues.end(), residue) == residues.end()) {
          possible = false;
          break;
        }
        const int shift = 8 * (value / 30) + bitOfResidue[residue] - startBit;
        auto found = std::find(result.shifts.begin(), result.shifts.end(), shift);
        if (found == result.shifts.end()) {
          result.shifts.push_back(shift);
          found = result.shifts.end() - 1;
        }
        test.shifts[m - 1] = static_cast<int>(found - result.shifts.begin());
      }
      if (possible) tests.push_back(test);
    }
  }
  return result;
}

/// Bits [shift, shift + 64) of the 128-bit window (current, next).
inline uint64_t window(uint64_t current, uint64_t next, int shift) {
  return shift == 0 ? current : (current >> shift) | (next << (64 - shift));
}

inline uint64_t countInWord(const WordTests& tests, uint64_t current, uint64_t next) {
  if (current == 0) return 0;
  std::array<uint64_t, 32> windows;
  const std::size_t shiftCount = tests.shifts.size();
  for (std::size_t s = 0; s < shiftCount; ++s) windows[s] = window(current, next, tests.shifts[s]);
  uint64_t count = 0;
  for (const WordTest& test : tests.tests) {
    uint64_t hits = current & test.startMask;
    for (int m = 0; m < test.memberCount; ++m) hits &= windows[static_cast<std::size_t>(test.shifts[m])];
    count += static_cast<uint64_t>(__builtin_popcountll(hits));
  }
  return count;
}

/// Tuplets with every member in [low, high], all members >= 7, on one thread.
uint64_t countBySieve(int k, uint64_t low, uint64_t high, const WordTests& tests) {
  uint64_t count = 0;
  bool havePrevious = false;
  uint64_t previous = 0;
  uint64_t expectedFirst = 0;
  forEachSieveSegment(low, high, [&](const std::uint8_t* data, std::size_t bytes, uint64_t first) {
    if (havePrevious && first != expectedFirst) {  // not contiguous: flush
      count += countInWord(tests, previous, 0);
      havePrevious = false;
    }
    const std::size_t words = (bytes + 7) / 8;
    for (std::size_t w = 0; w < words; ++w) {
      uint64_t word;
      std::memcpy(&word, data + 8 * w, 8);
      if (havePrevious) count += countInWord(tests, previous, word);
      previous = word;
      havePrevious = true;
    }
    // A padded last word breaks contiguity; the segments in the middle are
    // whole words.
    expectedFirst = bytes % 8 == 0 ? first + 30 * static_cast<uint64_t>(bytes) : ~uint64_t{0};
    return true;
  });
  if (havePrevious) count += countInWord(tests, previous, 0);
  (void)k;
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

uint64_t countTuplets(int k, uint64_t low, uint64_t high, int threads) {
  if (low > high) return 0;
  const auto tests = wordTests(k);
  const auto shapes = patterns(k);
  uint64_t count = 0;
  // Tuplets with a member below 7, checked one by one.
  for (const Pattern& pattern : shapes) {
    for (uint64_t p : {2, 3, 5}) count += isTupletAt(pattern, p, low, high) ? 1 : 0;
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
        total += countBySieve(k, chunkLow, bounds[c + 1], tests);
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
    for (const Pattern& pattern : shapes) {
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
