#pragma once

#include <cstdint>
#include <vector>

namespace core::sieve {

/// The prime factors of n >= 1 in ascending order, with multiplicity:
/// trial division by the primes below 2^10, then Pollard-Brent (Pollard's
/// rho with Brent's cycle detection and batched gcds) in Montgomery form on
/// what is left, with Miller-Rabin deciding when a factor is prime.
std::vector<std::uint64_t> primeFactors64(std::uint64_t n);

}  // namespace core::sieve
