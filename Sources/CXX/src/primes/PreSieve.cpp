#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "PreSieve.hpp"

#include <algorithm>
#include <array>
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

/// `target[i] = AND of sources[g][i]` over the pattern groups, for `count`
/// bytes: one pass that writes the segment once (a copy and then an AND
/// pass per group read and wrote it seven times). A plain loop the compiler
/// vectorizes.
void andPatterns(std::uint8_t* __restrict target, const std::array<const std::uint8_t*, 7>& sources, std::size_t count) {
  const std::uint8_t* __restrict s0 = sources[0];
  const std::uint8_t* __restrict s1 = sources[1];
  const std::uint8_t* __restrict s2 = sources[2];
  const std::uint8_t* __restrict s3 = sources[3];
  const std::uint8_t* __restrict s4 = sources[4];
  const std::uint8_t* __restrict s5 = sources[5];
  const std::uint8_t* __restrict s6 = sources[6];
  for (std::size_t i = 0; i < count; ++i) target[i] = s0[i] & s1[i] & s2[i] & s3[i] & s4[i] & s5[i] & s6[i];
}

}  // namespace

PreSieve::PreSieve()
    : patterns_{makePattern({7, 11, 13, 17, 19}), makePattern({23, 29, 31}), makePattern({37, 41, 43}),
                makePattern({47, 53, 59}),        makePattern({61, 67, 71}), makePattern({73, 79, 83}),
                makePattern({89, 97, 101})} {}

const PreSieve& PreSieve::shared() {
  static const PreSieve instance;
  return instance;
}

void PreSieve::apply(std::uint8_t* segment, std::size_t bytes, std::uint64_t firstByte) const {
  std::array<std::size_t, groupCount> offsets;
  std::array<const std::uint8_t*, groupCount> sources;
  for (std::size_t g = 0; g < groupCount; ++g) offsets[g] = static_cast<std::size_t>(firstByte % patterns_[g].size());
  // Runs up to the nearest end of a pattern, where that one starts over.
  for (std::size_t done = 0; done < bytes;) {
    std::size_t chunk = bytes - done;
    for (std::size_t g = 0; g < groupCount; ++g) {
      chunk = std::min(chunk, patterns_[g].size() - offsets[g]);
      sources[g] = patterns_[g].data() + offsets[g];
    }
    andPatterns(segment + done, sources, chunk);
    for (std::size_t g = 0; g < groupCount; ++g) {
      offsets[g] += chunk;
      if (offsets[g] == patterns_[g].size()) offsets[g] = 0;
    }
    done += chunk;
  }
}

}  // namespace core::sieve

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
