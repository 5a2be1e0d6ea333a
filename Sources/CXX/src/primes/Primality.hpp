#pragma once

#include <cstdint>

namespace core::sieve {

/// Deterministic primality for every 64-bit n: trial division by the primes
/// below 64, then strong-probable-prime (Miller-Rabin) tests to the seven
/// bases of Jim Sinclair, which no composite below 2^64 passes.
bool isPrime64(std::uint64_t n);

}  // namespace core::sieve
