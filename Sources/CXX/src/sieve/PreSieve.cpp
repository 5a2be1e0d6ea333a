#include "PreSieve.hpp"

#include <algorithm>
#include <cstring>
#include <initializer_list>

#include "Wheel.hpp"

namespace core::sieve {
namespace {

/// The pattern of one group of primes: byte b keeps bit k unless some prime
/// of the group divides 30·b + residues[k].
std::vector<std::uint8_t> makePattern(std::initializer_list<std::uint32_t> primes) {
  std::size_t period = 1;
  for (std::uint32_t p : primes) period *= p;
  std::vector<std::uint8_t> pattern(period, 0xFF);
  for (std::uint32_t p : primes) {
    // Walk the multiples p·q, q coprime to 30, from q = 1.
    std::size_t index = p / 30;
    std::uint32_t w = 8 * bitOfResidue[p % 30];
    const std::size_t a = p / 30;
    while (index < period) {
      const WheelStep& step = wheel[w];
      pattern[index] &= step.keepMask;
      index += a * step.gap + step.correction;
      w = step.next;
    }
  }
  return pattern;
}

/// `target[i] &= source[i]` for `count` bytes; a plain loop the compiler
/// vectorizes.
void andBytes(std::uint8_t* __restrict target, const std::uint8_t* __restrict source, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) target[i] &= source[i];
}

}  // namespace

PreSieve::PreSieve() {
  patterns_.push_back(makePattern({7, 11, 13, 17, 19}));
  patterns_.push_back(makePattern({23, 29, 31}));
  patterns_.push_back(makePattern({37, 41, 43}));
  patterns_.push_back(makePattern({47, 53, 59}));
  patterns_.push_back(makePattern({61, 67, 71}));
  patterns_.push_back(makePattern({73, 79, 83}));
  patterns_.push_back(makePattern({89, 97, 101}));
}

const PreSieve& PreSieve::shared() {
  static const PreSieve instance;
  return instance;
}

void PreSieve::apply(std::uint8_t* segment, std::size_t bytes, std::uint64_t firstByte) const {
  bool first = true;
  for (const auto& pattern : patterns_) {
    const std::size_t period = pattern.size();
    std::size_t offset = static_cast<std::size_t>(firstByte % period);
    std::size_t done = 0;
    while (done < bytes) {
      const std::size_t chunk = std::min(bytes - done, period - offset);
      if (first) {
        std::memcpy(segment + done, pattern.data() + offset, chunk);
      } else {
        andBytes(segment + done, pattern.data() + offset, chunk);
      }
      done += chunk;
      offset = 0;
    }
    first = false;
  }
}

}  // namespace core::sieve
