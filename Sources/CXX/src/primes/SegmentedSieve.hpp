// A segmented sieve of Eratosthenes on the modulo-30 wheel.
//
// The range [low, high] is split into segments of `segmentBytes` bytes
// (30 numbers a byte). Each segment starts from the pre-sieve patterns
// (primes 7..101), then has the multiples of the larger sieving primes
// crossed off by one of three strategies, chosen by the prime's size
// relative to the segment:
//
//   small  (p <  segmentBytes): many hits a segment; the 8 crossings of one
//          wheel turn are unrolled with precomputed offsets.
//   medium (p < 15·segmentBytes): a few hits a segment; one wheel step at a
//          time.
//   large  (the rest): at most one hit a segment; each prime waits in the
//          bucket of the segment of its next multiple, so a segment touches
//          only the primes that hit it (Oliveira e Silva's bucket sieve).
//
// Sieving primes are pulled from a `Source` lazily, when p² enters the
// current segment, so memory stays O(π(√high)) and no prime is set up
// before it is needed.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "L1Blocking.hpp"
#include "PreSieve.hpp"
#include "Wheel.hpp"

namespace core::sieve {

/// ⌊√n⌋ for any 64-bit n.
inline std::uint64_t integerSquareRoot(std::uint64_t n) {
  std::uint64_t r = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(n)));
  while (r > 0 && (r > UINT32_MAX || r * r > n)) --r;
  while (r < UINT32_MAX && (r + 1) * (r + 1) <= n) ++r;
  return r;
}

/// Default segment size: fits the per-core L2 cache of current x86-64 and
/// arm64 processors with room for the prime lists.
inline constexpr std::size_t defaultSegmentBytes = 1 << 18;

/// Primes in (101, limit] by a plain sieve, for limits up to about 2^17:
/// the sieving primes of sieves whose own limit is at most 2^34.
class SmallPrimeSource {
 public:
  explicit SmallPrimeSource(std::uint64_t limit) {
    std::vector<bool> composite(limit + 1, false);
    for (std::uint64_t n = 2; n <= limit; ++n) {
      if (composite[n]) continue;
      if (n > PreSieve::largestPrime) primes_.push_back(n);
      for (std::uint64_t m = n * n; m <= limit; m += n) composite[m] = true;
    }
  }

  /// The next prime, or 0 when there are no more.
  std::uint64_t next() { return position_ < primes_.size() ? primes_[position_++] : 0; }

 private:
  std::vector<std::uint64_t> primes_;
  std::size_t position_ = 0;
};

template <class Source>
class SegmentedSieve {
 public:
  /// Prepares to sieve [low, high] (`low <= high`), pulling sieving primes
  /// (> 101, ascending, 0 at the end) from `source` as needed.
  SegmentedSieve(std::uint64_t low, std::uint64_t high, Source& source,
                 std::size_t segmentBytes = defaultSegmentBytes)
      : low_(low),
        high_(high),
        base_(low - low % 30),
        totalBytes_((high - (low - low % 30)) / 30 + 1),
        segmentBytes_(segmentBytes),
        source_(source),
        blocking_(l1Blocking()),
        buffer_(segmentBytes + 16, 0) {
    const std::uint64_t maxPrime = integerSquareRoot(high);
    const std::uint64_t maxStep = (maxPrime / 30) * 6 + 6;
    bucketCount_ = static_cast<std::size_t>(maxStep / segmentBytes_) + 2;
    pending_ = source_.next();
  }

  /// Sieves the next segment; false once the range is done.
  ///
  /// Afterwards `data()` holds `byteCount()` bytes for the numbers from
  /// `firstNumber()` (a multiple of 30) on, a set bit meaning prime. Bits
  /// of numbers outside [low, high] are clear, the bytes are zero-padded to
  /// a multiple of 8, and the primes 2, 3 and 5 are never included.
  bool nextSegment() {
    if (doneBytes_ >= totalBytes_) return false;
    const std::size_t bytes = static_cast<std::size_t>(std::min<std::uint64_t>(segmentBytes_, totalBytes_ - doneBytes_));
    const std::uint64_t first = base_ + 30 * doneBytes_;
    const std::uint64_t remaining = high_ - first;
    const std::uint64_t last = 30 * static_cast<std::uint64_t>(bytes) - 1 <= remaining
                                   ? first + 30 * static_cast<std::uint64_t>(bytes) - 1
                                   : high_;
    addSievingPrimes(first, last);
    std::uint8_t* segment = buffer_.data();
    PreSieve::shared().apply(segment, bytes, first / 30);
    std::memset(segment + bytes, 0, buffer_.size() - bytes);
    crossOffSmall(segment, bytes);
    crossOffMedium(segment, bytes);
    crossOffLarge(segment);
    if (first < 128) restoreSmallPrimes(segment, first);
    clearOutsideRange(segment, bytes, first);
    currentBytes_ = bytes;
    currentFirst_ = first;
    doneBytes_ += bytes;
    ++segmentNumber_;
    return true;
  }

  const std::uint8_t* data() const { return buffer_.data(); }
  std::size_t byteCount() const { return currentBytes_; }
  std::uint64_t firstNumber() const { return currentFirst_; }

 private:
  struct SievingPrime {
    std::uint32_t quotient;  ///< p / 30
    std::uint32_t index;     ///< byte of the next multiple, from the segment start
    std::uint32_t prime;
    std::uint32_t wheelIndex;
  };

  struct BucketEntry {
    std::uint32_t quotient;     ///< p / 30
    std::uint32_t indexAndWheel;  ///< byte in its segment << 6 | wheel index
  };

  void addSievingPrimes(std::uint64_t first, std::uint64_t last) {
    while (pending_ != 0 && pending_ * pending_ <= last) {
      add(pending_, first);
      pending_ = source_.next();
    }
  }

  /// Sets up prime p's first multiple p·q >= max(p², first), q coprime to 30.
  void add(std::uint64_t p, std::uint64_t first) {
    std::uint64_t q = first / p + (first % p != 0 ? 1 : 0);
    if (q < p) q = p;
    q += distanceToCoprime[q % 30];
    const unsigned __int128 multiple = static_cast<unsigned __int128>(p) * q;
    if (multiple > high_) return;  // no multiple left in range
    const std::uint64_t offset = (static_cast<std::uint64_t>(multiple) - first) / 30;
    const std::uint32_t wheelIndex = 8u * bitOfResidue[p % 30] + bitOfResidue[q % 30];
    const auto quotient = static_cast<std::uint32_t>(p / 30);
    if (p < blocking_.tinyPrimeLimit) {
      tiny_.push_back({quotient, static_cast<std::uint32_t>(offset), static_cast<std::uint32_t>(p), wheelIndex});
    } else if (p < segmentBytes_) {
      small_.push_back({quotient, static_cast<std::uint32_t>(offset), static_cast<std::uint32_t>(p), wheelIndex});
    } else if (p < 15 * static_cast<std::uint64_t>(segmentBytes_)) {
      medium_.push_back({quotient, static_cast<std::uint32_t>(offset), static_cast<std::uint32_t>(p), wheelIndex});
    } else {
      if (buckets_.empty()) buckets_.resize(bucketCount_);
      const std::uint64_t ahead = offset / segmentBytes_;
      const auto index = static_cast<std::uint32_t>(offset % segmentBytes_);
      buckets_[(segmentNumber_ + ahead) % bucketCount_].push_back({quotient, index << 6 | wheelIndex});
    }
  }

  /// Crosses off whole wheel turns of a prime of residue class `pi` from
  /// byte i (at the turn's start) while the turn fits before `end`. The
  /// offsets are a·constant + constant, so no table is read in the loop.
  template <int pi>
  static std::size_t crossFullTurns(std::uint8_t* segment, std::size_t i, std::size_t a, std::size_t end) {
    constexpr auto& c = turnCorrectionSums[pi];
    const std::size_t o1 = a * turnGapSums[1] + c[1];
    const std::size_t o2 = a * turnGapSums[2] + c[2];
    const std::size_t o3 = a * turnGapSums[3] + c[3];
    const std::size_t o4 = a * turnGapSums[4] + c[4];
    const std::size_t o5 = a * turnGapSums[5] + c[5];
    const std::size_t o6 = a * turnGapSums[6] + c[6];
    const std::size_t o7 = a * turnGapSums[7] + c[7];
    const std::size_t turn = 30 * a + residues[pi];
    for (; i + o7 < end; i += turn) {
      std::uint8_t* s = segment + i;
      s[0] &= wheel[8 * pi + 0].keepMask;
      s[o1] &= wheel[8 * pi + 1].keepMask;
      s[o2] &= wheel[8 * pi + 2].keepMask;
      s[o3] &= wheel[8 * pi + 3].keepMask;
      s[o4] &= wheel[8 * pi + 4].keepMask;
      s[o5] &= wheel[8 * pi + 5].keepMask;
      s[o6] &= wheel[8 * pi + 6].keepMask;
      s[o7] &= wheel[8 * pi + 7].keepMask;
    }
    return i;
  }

  /// Crosses off the multiples at wheel positions k, k + 1, …, 7 of a prime
  /// of residue class `pi`, one at a time, stopping at byte `end`. Returns
  /// true when the turn was finished (i is then at the next turn's start),
  /// false with `position` set to the first position not crossed. The gaps
  /// and masks are constants here, so a step waits only for the previous
  /// addition; stepping through the wheel table made every step wait for a
  /// table load that depended on the one before.
  template <int pi, int k>
  [[gnu::always_inline]] static bool crossSingleSteps(std::uint8_t* segment, std::size_t& i, std::size_t a,
                                                      std::size_t end, std::uint32_t& position) {
    if constexpr (k == 8) {
      return true;
    } else {
      if (i >= end) {
        position = k;
        return false;
      }
      constexpr WheelStep step = wheel[8 * pi + k];
      segment[i] &= step.keepMask;
      i += a * step.gap + step.correction;
      return crossSingleSteps<pi, k + 1>(segment, i, a, end, position);
    }
  }

  /// Crosses off, from the start of a wheel turn at byte i, whole turns and
  /// then single steps, up to byte `end`; returns the byte of the first
  /// multiple at or after `end` and sets `position` to its wheel position.
  template <int pi>
  [[gnu::noinline]] static std::size_t crossFromTurnStart(std::uint8_t* segment, std::size_t i, std::size_t a,
                                                          std::size_t end, std::uint32_t& position) {
    for (;;) {
      i = crossFullTurns<pi>(segment, i, a, end);
      if (!crossSingleSteps<pi, 0>(segment, i, a, end, position)) return i;
    }
  }

  /// Crosses off the multiples of a prime at wheel index 8·pi + k from byte
  /// i up to byte `end`: single steps to the end of the current turn, then
  /// `crossFromTurnStart`. Returns the new byte and sets the new wheel index.
  template <int pi, int k>
  static std::size_t crossFrom(std::uint8_t* segment, std::size_t i, std::size_t a, std::size_t end,
                               std::uint32_t& wheelIndex) {
    std::uint32_t position = 0;
    if (crossSingleSteps<pi, k>(segment, i, a, end, position)) {
      i = crossFromTurnStart<pi>(segment, i, a, end, position);
    }
    wheelIndex = 8u * pi + position;
    return i;
  }

  using Crosser = std::size_t (*)(std::uint8_t*, std::size_t, std::size_t, std::size_t, std::uint32_t&);

  template <std::size_t... w>
  static constexpr std::array<Crosser, 64> makeCrossers(std::index_sequence<w...>) {
    return {&crossFrom<static_cast<int>(w / 8), static_cast<int>(w % 8)>...};
  }

  /// `crossFrom` for each of the 64 wheel indices, so that resuming a prime
  /// is one indirect call.
  static constexpr std::array<Crosser, 64> crossers = makeCrossers(std::make_index_sequence<64>());

  /// Crosses off the multiples of `prime` below byte `end` and leaves the
  /// prime at its first multiple at or after `end`.
  static void crossOff(SievingPrime& prime, std::uint8_t* segment, std::size_t end) {
    if (prime.index >= end) return;
    prime.index = static_cast<std::uint32_t>(
        crossers[prime.wheelIndex](segment, prime.index, prime.quotient, end, prime.wheelIndex));
  }

  /// Small primes hit a segment many times. The tiny ones sieve the segment
  /// one L1-sized block at a time, so their many crossings stay in the L1
  /// cache; the rest sieve the whole segment, which stays in L2.
  void crossOffSmall(std::uint8_t* segment, std::size_t bytes) {
    std::size_t blockEnd = 0;
    do {
      blockEnd = std::min(blockEnd + blocking_.blockBytes, bytes);
      for (SievingPrime& prime : tiny_) crossOff(prime, segment, blockEnd);
    } while (blockEnd < bytes);
    for (SievingPrime& prime : small_) crossOff(prime, segment, bytes);
    for (SievingPrime& prime : tiny_) prime.index -= static_cast<std::uint32_t>(bytes);
    for (SievingPrime& prime : small_) prime.index -= static_cast<std::uint32_t>(bytes);
  }

  void crossOffMedium(std::uint8_t* segment, std::size_t bytes) {
    for (SievingPrime& prime : medium_) {
      std::size_t i = prime.index;
      std::uint32_t w = prime.wheelIndex;
      const std::size_t a = prime.quotient;
      while (i < bytes) {
        const WheelStep& step = wheel[w];
        segment[i] &= step.keepMask;
        i += a * step.gap + step.correction;
        w = step.next;
      }
      prime.index = static_cast<std::uint32_t>(i - bytes);
      prime.wheelIndex = w;
    }
  }

  void crossOffLarge(std::uint8_t* segment) {
    if (buckets_.empty()) return;
    std::vector<BucketEntry>& bucket = buckets_[segmentNumber_ % bucketCount_];
    const std::size_t size = segmentBytes_;
    for (const BucketEntry& entry : bucket) {
      const std::uint32_t w = entry.indexAndWheel & 63;
      const std::size_t i = entry.indexAndWheel >> 6;
      const WheelStep& step = wheel[w];
      segment[i] &= step.keepMask;
      const std::size_t next = i + static_cast<std::size_t>(entry.quotient) * step.gap + step.correction;
      const std::size_t ahead = next / size;
      buckets_[(segmentNumber_ + ahead) % bucketCount_].push_back(
          {entry.quotient, static_cast<std::uint32_t>(next % size) << 6 | step.next});
    }
    bucket.clear();
  }

  /// The pre-sieve clears 7..101 themselves and keeps 1; fix both (only
  /// inside [low, high]).
  void restoreSmallPrimes(std::uint8_t* segment, std::uint64_t first) {
    static constexpr std::uint8_t smallPrimes[] = {7,  11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53,
                                                   59, 61, 67, 71, 73, 79, 83, 89, 97, 101};
    for (std::uint8_t p : smallPrimes) {
      if (p < first || p < low_ || p > high_) continue;
      const std::uint64_t offset = p - first;
      segment[offset / 30] |= static_cast<std::uint8_t>(1u << bitOfResidue[offset % 30]);
    }
    if (first == 0) segment[0] &= static_cast<std::uint8_t>(~1u);  // 1 is not prime
  }

  void clearOutsideRange(std::uint8_t* segment, std::size_t bytes, std::uint64_t first) {
    if (first <= low_ && low_ - first < 30) {
      for (int k = 0; k < 8; ++k) {
        if (first + residues[k] < low_) segment[0] &= static_cast<std::uint8_t>(~(1u << k));
      }
    }
    if (doneBytes_ + bytes == totalBytes_) {
      const std::uint64_t lastByteFirst = first + 30 * static_cast<std::uint64_t>(bytes - 1);
      const std::uint64_t room = high_ - lastByteFirst;  // numbers past high are cleared
      for (int k = 0; k < 8; ++k) {
        if (residues[k] > room) segment[bytes - 1] &= static_cast<std::uint8_t>(~(1u << k));
      }
    }
  }

  std::uint64_t low_;
  std::uint64_t high_;
  std::uint64_t base_;
  std::uint64_t totalBytes_;
  std::size_t segmentBytes_;
  Source& source_;
  L1Blocking blocking_;
  std::vector<std::uint8_t> buffer_;
  std::uint64_t pending_ = 0;
  std::uint64_t doneBytes_ = 0;
  std::uint64_t segmentNumber_ = 0;
  std::size_t bucketCount_ = 0;
  std::size_t currentBytes_ = 0;
  std::uint64_t currentFirst_ = 0;
  std::vector<SievingPrime> tiny_;
  std::vector<SievingPrime> small_;
  std::vector<SievingPrime> medium_;
  std::vector<std::vector<BucketEntry>> buckets_;
};

/// Sieving primes up to 2^32 streamed from an inner segmented sieve whose
/// own sieving primes come from a `SmallPrimeSource`.
class StreamedPrimeSource {
 public:
  explicit StreamedPrimeSource(std::uint64_t limit)
      : small_(integerSquareRoot(limit)), sieve_(PreSieve::largestPrime + 1, limit < 102 ? 102 : limit, small_, 1 << 15) {}

  std::uint64_t next() {
    while (word_ == 0) {
      if (!advance()) return 0;
    }
    const int bit = __builtin_ctzll(word_);
    word_ &= word_ - 1;
    return wordFirst_ + bitValue[bit];
  }

 private:
  bool advance() {
    if (wordIndex_ < wordCount_) {
      std::memcpy(&word_, sieve_.data() + 8 * wordIndex_, 8);
      wordFirst_ = sieve_.firstNumber() + 240 * wordIndex_;
      ++wordIndex_;
      return true;
    }
    if (!sieve_.nextSegment()) return false;
    wordIndex_ = 0;
    wordCount_ = (sieve_.byteCount() + 7) / 8;
    return true;
  }

  SmallPrimeSource small_;
  SegmentedSieve<SmallPrimeSource> sieve_;
  std::uint64_t word_ = 0;
  std::uint64_t wordFirst_ = 0;
  std::size_t wordIndex_ = 0;
  std::size_t wordCount_ = 0;
};

}  // namespace core::sieve
