// Montgomery arithmetic modulo an odd 64-bit n: multiplication without
// division, for Miller-Rabin and Pollard-Brent.
#pragma once

#include <cstdint>

namespace core::sieve {

class Montgomery {
 public:
  /// Requires n odd and n > 1.
  explicit Montgomery(std::uint64_t n) : n_(n) {
    // Newton's iteration for n⁻¹ mod 2^64 (each step doubles correct bits).
    std::uint64_t inverse = n;
    for (int i = 0; i < 5; ++i) inverse *= 2 - n * inverse;
    negativeInverse_ = ~inverse + 1;
    const unsigned __int128 r = (static_cast<unsigned __int128>(1) << 64) % n;
    one_ = static_cast<std::uint64_t>(r);
    rSquared_ = static_cast<std::uint64_t>((static_cast<unsigned __int128>(one_) * one_) % n);
  }

  std::uint64_t modulus() const { return n_; }
  /// 1 in Montgomery form.
  std::uint64_t one() const { return one_; }

  /// x·R mod n.
  std::uint64_t toMontgomery(std::uint64_t x) const { return multiply(x % n_, rSquared_); }
  /// x·R⁻¹ mod n.
  std::uint64_t fromMontgomery(std::uint64_t x) const { return reduce(x); }

  /// a·b·R⁻¹ mod n for a, b < n.
  std::uint64_t multiply(std::uint64_t a, std::uint64_t b) const {
    return reduce(static_cast<unsigned __int128>(a) * b);
  }

  std::uint64_t add(std::uint64_t a, std::uint64_t b) const {
    const std::uint64_t sum = a + b;
    return (sum < a || sum >= n_) ? sum - n_ : sum;
  }

  std::uint64_t subtract(std::uint64_t a, std::uint64_t b) const { return a >= b ? a - b : a + (n_ - b); }

  /// base^exponent in Montgomery form (base in Montgomery form).
  std::uint64_t power(std::uint64_t base, std::uint64_t exponent) const {
    std::uint64_t result = one_;
    while (exponent != 0) {
      if (exponent & 1) result = multiply(result, base);
      base = multiply(base, base);
      exponent >>= 1;
    }
    return result;
  }

 private:
  /// REDC: t·R⁻¹ mod n for t < n·2^64.
  std::uint64_t reduce(unsigned __int128 t) const {
    const std::uint64_t m = static_cast<std::uint64_t>(t) * negativeInverse_;
    const unsigned __int128 mn = static_cast<unsigned __int128>(m) * n_;
    // The low halves of t and m·n add up to 0 mod 2^64: a carry unless both are 0.
    const std::uint64_t carry = static_cast<std::uint64_t>(t) != 0 ? 1 : 0;
    const unsigned __int128 sum = (t >> 64) + (mn >> 64) + carry;
    return static_cast<std::uint64_t>(sum >= n_ ? sum - n_ : sum);
  }

  std::uint64_t n_;
  std::uint64_t negativeInverse_;
  std::uint64_t one_;
  std::uint64_t rSquared_;
};

}  // namespace core::sieve
