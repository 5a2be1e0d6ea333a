/// Prime sieving, counting, primality and factorization over the whole
/// unsigned 64-bit range, computed by the core's segmented sieve.
#pragma once

#include <cstdint>

#include "CoreStatus.h"

namespace core {

/// An upper bound on the number of primes in [low, high], cheap to compute;
/// callers size their output storage with it.
std::uint64_t primeCountUpperBound(std::uint64_t low, std::uint64_t high) noexcept;

/// Physical memory of this machine in bytes (UINT64_MAX when unknown); callers refuse
/// requests whose results could not fit.
std::uint64_t physicalMemoryBytes() noexcept;

/// Writes the primes in [low, high] in ascending order into `out`, which has
/// room for `capacity` values, and stores how many it wrote in `*written`.
/// `Status::invalidArgument` when they would not fit.
Status generatePrimes(std::uint64_t low, std::uint64_t high, std::uint64_t* out,
                      std::uint64_t capacity, std::uint64_t* written) noexcept;

}  // namespace core
