/// Prime sieving, counting, primality and factorization over the whole
/// unsigned 64-bit range, computed by the core's segmented sieve
/// (see src/primes/README.md for the algorithm).
#pragma once

#include <cstdint>

#include "CoreStatus.h"

namespace core {

// MARK: Configuration

/// Number of threads the counting functions use (default: the machine's
/// hardware threads).
int primeThreadCount() noexcept;

/// Sets the thread count for counting; values below 1 restore the default.
void setPrimeThreadCount(int count) noexcept;

/// Physical memory of this machine in bytes (UINT64_MAX when unknown);
/// callers refuse requests whose results could not fit.
std::uint64_t physicalMemoryBytes() noexcept;

// MARK: Counting and generation (src/primes/PrimeRanges.cpp)

/// An upper bound on the number of primes in [low, high], cheap to compute
/// and within about 0.1% of the truth for large ranges that start at 0;
/// callers size their output storage with it.
std::uint64_t primeCountUpperBound(std::uint64_t low, std::uint64_t high) noexcept;

/// The number of primes in [low, high] (0 when low > high), counted on
/// `primeThreadCount()` threads.
Status countPrimes(std::uint64_t low, std::uint64_t high, std::uint64_t* count) noexcept;

/// The same count on the calling thread only.
/// π(high) − π(low − 1) by the segmented sieve alone, on the prime threads
/// (countPrimes picks combinatorial counting when that is faster; this one
/// is the sieve, for the benchmark's sieve rows).
Status countPrimesBySieve(std::uint64_t low, std::uint64_t high, std::uint64_t* count) noexcept;

/// π(x) by Deléglise–Rivat combinatorial counting (src/primes/PrimeCountingDR.cpp),
/// on the prime threads, with y = alpha·x^(1/3) (alpha <= 0: the tuned
/// default). For tests at small x and for tuning; countPrimes uses it
/// where it is faster.
Status countPrimesCombinatorially(std::uint64_t x, double alpha, std::uint64_t* count) noexcept;

Status countPrimesSingleThreaded(std::uint64_t low, std::uint64_t high,
                                 std::uint64_t* count) noexcept;

/// Writes the primes in [low, high] in ascending order into `out`, which has
/// room for `capacity` values, and stores how many it wrote in `*written`.
/// `Status::invalidArgument` when they would not fit.
/// The number of prime k-tuplets (k = 2…6: twins … sextuplets) with every
/// member in [low, high], counted as primesieve counts them
/// (src/primes/PrimeTuplets.cpp), on the prime threads.
Status countPrimeTuplets(int k, std::uint64_t low, std::uint64_t high, std::uint64_t* count) noexcept;

Status generatePrimes(std::uint64_t low, std::uint64_t high, std::uint64_t* out,
                      std::uint64_t capacity, std::uint64_t* written) noexcept;

/// The n-th prime (n >= 1; the first is 2). `Status::invalidArgument` for
/// n = 0 or n > π(2^64 − 1).
Status nthPrime(std::uint64_t n, std::uint64_t* prime) noexcept;

// MARK: Single numbers (src/primes/Primality.cpp, Factorization.cpp)

/// Whether n is prime (deterministic for all 64-bit n).
bool isPrime(std::uint64_t n) noexcept;

/// The smallest prime > n in `*prime`; false when there is none below 2^64.
bool nextPrime(std::uint64_t n, std::uint64_t* prime) noexcept;

/// The largest prime < n in `*prime`; false when n <= 2.
bool previousPrime(std::uint64_t n, std::uint64_t* prime) noexcept;

/// The prime factors of n >= 1, ascending with multiplicity, into `out`
/// (room for 64 values: no 64-bit number has more), their number in
/// `*count`. `Status::invalidArgument` for n = 0.
Status primeFactors(std::uint64_t n, std::uint64_t* out, int* count) noexcept;

// MARK: Long jobs: progress and cancellation (src/platform/PrimeJob.hpp)

/// A long prime job that another thread can watch and cancel.
struct PrimeJob;

/// A new job (nullptr when out of memory).
PrimeJob* primeJobCreate() noexcept;

/// Asks the job's work to stop at its next segment boundary; the work then
/// returns Status::cancelled.
void primeJobCancel(PrimeJob* job) noexcept;

/// The job's progress in [0, 1]; it only ever rises.
double primeJobProgress(const PrimeJob* job) noexcept;

void primeJobDestroy(PrimeJob* job) noexcept;

/// countPrimes as a job: checks for cancellation at every segment and
/// raises the job's progress.
Status countPrimesInJob(PrimeJob* job, std::uint64_t low, std::uint64_t high, std::uint64_t* count) noexcept;

/// nthPrime as a job.
Status nthPrimeInJob(PrimeJob* job, std::uint64_t n, std::uint64_t* prime) noexcept;

// MARK: Lazy iteration

/// The state of a lazy walk over the primes of a range.
struct PrimeCursor;

/// A cursor over the primes in [low, high]; nullptr when out of memory.
/// Costs nothing until the first `primeCursorNext`.
PrimeCursor* primeCursorCreate(std::uint64_t low, std::uint64_t high) noexcept;

/// Writes up to `capacity` next primes into `out` and their number into
/// `*written` (0 once the range is exhausted). Sieves a window at a time,
/// growing the window as the walk goes on.
Status primeCursorNext(PrimeCursor* cursor, std::uint64_t* out, std::uint64_t capacity,
                       std::uint64_t* written) noexcept;

/// Frees a cursor (nullptr is ignored).
void primeCursorDestroy(PrimeCursor* cursor) noexcept;

// MARK: Baseline (for the benchmark)

/// The classic sieve of Eratosthenes with one `char` per number
/// (`std::vector<char>`): the number of primes <= limit.
Status classicSieveCount(std::uint64_t limit, std::uint64_t* count) noexcept;

}  // namespace core
