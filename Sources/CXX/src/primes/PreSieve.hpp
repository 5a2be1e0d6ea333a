// Pre-sieving: the multiples of the primes 7 to 101 form a pattern that
// repeats, so instead of crossing them off in every segment, the sieve
// writes the AND of precomputed pattern buffers into it, in one pass.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace core::sieve {

class PreSieve {
 public:
  /// The largest prime whose multiples the patterns remove.
  static constexpr std::uint64_t largestPrime = 101;

  /// The process-wide instance (built on first use, thread-safe).
  static const PreSieve& shared();

  /// Initializes `segment[0..<bytes]`, whose first byte is byte number
  /// `firstByte` of the whole number line, to "coprime to 2·3·5·…·101".
  /// The primes 7 to 101 themselves come out cleared.
  void apply(std::uint8_t* segment, std::size_t bytes, std::uint64_t firstByte) const;

 private:
  PreSieve();

  /// The groups: 7·11·13·17·19, then three primes each up to 89·97·101.
  static constexpr std::size_t groupCount = 7;

  /// One pattern per group of primes; its period in bytes is the product of
  /// the group's primes (30·period is a multiple of each).
  std::array<std::vector<std::uint8_t>, groupCount> patterns_;
};

}  // namespace core::sieve
