// Visiting the primes of a range [low, high] segment by segment, choosing
// between two strategies:
//
//  - the segmented wheel sieve, when the range is wide compared with √high
//    (setting up the sieving primes up to √high then pays for itself);
//  - a narrow window near a large number (say 10^18 + [0, 10^4]): sieve by
//    the primes below 2^16 only, then decide each survivor with
//    Miller-Rabin, so that no sieving primes up to √high are ever made.
#pragma once

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <vector>

#include "Primality.hpp"
#include "SegmentedSieve.hpp"

namespace core::sieve {

/// Whether [low, high] is narrow enough for the Miller-Rabin window.
inline bool prefersPrimalityTests(std::uint64_t low, std::uint64_t high) {
  const std::uint64_t root = integerSquareRoot(high);
  return root > (1u << 20) && high - low < root / 512;
}

/// Calls `visitSegment(data, byteCount, firstNumber)` for each sieved
/// segment covering the primes >= 7 in [low, high], ascending, until it
/// returns false: bit k of byte i set means firstNumber + 30·i + residues[k]
/// is prime; the bytes are zero-padded to a multiple of 8.
template <class VisitSegment>
void forEachSieveSegment(std::uint64_t low, std::uint64_t high, VisitSegment&& visitSegment) {
  if (high < 7) return;
  if (low < 7) low = 7;
  if (low > high) return;
  auto drain = [&](auto& sieve) {
    while (sieve.nextSegment()) {
      if (!visitSegment(sieve.data(), sieve.byteCount(), sieve.firstNumber())) return;
    }
  };
  const std::uint64_t root = integerSquareRoot(high);
  if (root <= (1u << 17)) {
    SmallPrimeSource source(root);
    SegmentedSieve<SmallPrimeSource> sieve(low, high, source);
    drain(sieve);
  } else {
    StreamedPrimeSource source(root);
    SegmentedSieve<StreamedPrimeSource> sieve(low, high, source);
    drain(sieve);
  }
}

/// Calls `visit(p)` for every prime p in [low, high], ascending, choosing
/// the strategy by the range's shape; 2, 3 and 5 included.
template <class Visit>
void forEachPrime(std::uint64_t low, std::uint64_t high, Visit&& visit);

/// Calls `visit(p)` for every prime p in [low, high], ascending, by the
/// Miller-Rabin window strategy (for narrow ranges of large numbers).
template <class Visit>
void forEachPrimeByTests(std::uint64_t low, std::uint64_t high, Visit&& visit) {
  static const std::vector<std::uint32_t> filterPrimes = [] {
    std::vector<std::uint32_t> primes;
    std::vector<bool> composite(1 << 16, false);
    for (std::uint32_t n = 2; n < (1u << 16); ++n) {
      if (composite[n]) continue;
      primes.push_back(n);
      for (std::uint32_t m = n * n; m < (1u << 16); m += n) composite[m] = true;
    }
    return primes;
  }();
  // Only called with low > 2^40, so every filter prime is below low.
  constexpr std::uint64_t chunk = 1 << 16;
  std::vector<std::uint8_t> candidate(chunk);
  for (std::uint64_t start = low;;) {
    const std::uint64_t span = high - start < chunk - 1 ? high - start + 1 : chunk;
    std::fill(candidate.begin(), candidate.begin() + span, 1);
    for (std::uint32_t p : filterPrimes) {
      std::uint64_t offset = (p - start % p) % p;
      for (; offset < span; offset += p) candidate[offset] = 0;
    }
    for (std::uint64_t i = 0; i < span; ++i) {
      if (candidate[i] && isPrime64(start + i)) visit(start + i);
    }
    if (high - start < chunk) return;
    start += chunk;
  }
}

template <class Visit>
void forEachPrime(std::uint64_t low, std::uint64_t high, Visit&& visit) {
  if (low > high) return;
  if (prefersPrimalityTests(low, high)) {
    forEachPrimeByTests(low, high, visit);
    return;
  }
  for (std::uint64_t p : {2, 3, 5}) {
    if (low <= p && p <= high) visit(p);
  }
  forEachSieveSegment(low, high, [&](const std::uint8_t* data, std::size_t bytes, std::uint64_t first) {
    const std::size_t words = (bytes + 7) / 8;
    for (std::size_t w = 0; w < words; ++w) {
      std::uint64_t word;
      std::memcpy(&word, data + 8 * w, 8);  // little-endian: bit b is in byte b / 8
      const std::uint64_t wordFirst = first + 240 * static_cast<std::uint64_t>(w);
      while (word != 0) {
        visit(wordFirst + bitValue[__builtin_ctzll(word)]);
        word &= word - 1;
      }
    }
    return true;
  });
}

}  // namespace core::sieve
