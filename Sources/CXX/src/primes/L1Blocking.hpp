// How the primes with the most crossings sieve a segment in blocks that fit
// the L1 data cache, chosen once from this machine's L1 size.
#pragma once

#include <cstddef>
#include <cstdint>

namespace core::sieve {

/// The block size for the primes with the most hits, and which primes
/// ("tiny") sieve that way.
struct L1Blocking {
  /// Bytes of a segment crossed at a time by the tiny primes.
  std::size_t blockBytes;
  /// Primes below this are tiny; their states stream through L1 beside the
  /// block, so the two together must fit it.
  std::uint64_t tinyPrimeLimit;
};

/// The blocking for this machine's L1 data cache, measured once (thread-safe).
///
/// With 48 KiB or more (current Intel cores, Apple's cores) blocks are
/// 32 KiB and primes below 8192 are tiny (about 1,000 states of 16 bytes);
/// otherwise (32 KiB, e.g. AMD's Zen cores) 16 KiB and 2048, which is also
/// the choice when the size cannot be read.
const L1Blocking& l1Blocking();

}  // namespace core::sieve
