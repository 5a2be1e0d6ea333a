// The modulo-30 wheel: each byte of a sieve array stands for 30 consecutive
// integers, and its 8 bits for the residues coprime to 30. Multiples of 2, 3
// and 5 are never stored.
#pragma once

#include <array>
#include <cstdint>

namespace core::sieve {

/// The residues modulo 30 that are coprime to 30; bit k of a byte is the
/// number 30·byte + residues[k].
inline constexpr std::array<std::uint8_t, 8> residues = {1, 7, 11, 13, 17, 19, 23, 29};

/// Distance from residues[k] to the next residue coprime to 30.
inline constexpr std::array<std::uint8_t, 8> residueGaps = {6, 4, 2, 4, 2, 4, 6, 2};

/// For r in [0, 30): the bit index of r, or 8 when r shares a factor with 30.
inline constexpr std::array<std::uint8_t, 30> bitOfResidue = [] {
  std::array<std::uint8_t, 30> table{};
  for (auto& entry : table) entry = 8;
  for (std::uint8_t k = 0; k < 8; ++k) table[residues[k]] = k;
  return table;
}();

/// For r in [0, 30): how far r is from the next residue coprime to 30
/// (0 when r itself is coprime).
inline constexpr std::array<std::uint8_t, 30> distanceToCoprime = [] {
  std::array<std::uint8_t, 30> table{};
  for (int r = 0; r < 30; ++r) {
    int next = r;
    while (bitOfResidue[next % 30] == 8) ++next;
    table[r] = static_cast<std::uint8_t>(next - r);
  }
  return table;
}();

/// One step of crossing off the multiples of a prime p = 30a + residues[pi]:
/// from the multiple p·q with q ≡ residues[j] (mod 30), at wheel index
/// w = 8·pi + j, clear bit `mask` of the current byte, then move
/// `a·gap + correction` bytes on to p·q' (q' the next q coprime to 30).
struct WheelStep {
  std::uint8_t keepMask;    ///< AND mask that clears the multiple's bit
  std::uint8_t gap;         ///< q' − q
  std::uint8_t correction;  ///< carry from the residue part of p·gap
  std::uint8_t next;        ///< wheel index of the following step
};

inline constexpr std::array<WheelStep, 64> wheel = [] {
  std::array<WheelStep, 64> table{};
  for (int pi = 0; pi < 8; ++pi) {
    for (int j = 0; j < 8; ++j) {
      const int rp = residues[pi];
      const int product = (rp * residues[j]) % 30;
      WheelStep& step = table[8 * pi + j];
      step.keepMask = static_cast<std::uint8_t>(~(1u << bitOfResidue[product]));
      step.gap = residueGaps[j];
      step.correction = static_cast<std::uint8_t>((product + rp * residueGaps[j]) / 30);
      step.next = static_cast<std::uint8_t>(8 * pi + (j + 1) % 8);
    }
  }
  return table;
}();

/// Offsets of the 8 crossings of one full wheel turn of p = 30a + r (r =
/// residues[pi]), starting at q ≡ 1 (mod 30): crossing k is
/// a·turnGapSums[k] + turnCorrectionSums[pi][k] bytes after the first, and
/// the whole turn is 30a + r bytes.
inline constexpr std::array<std::uint8_t, 8> turnGapSums = {0, 6, 10, 12, 16, 18, 22, 28};

inline constexpr std::array<std::array<std::uint8_t, 8>, 8> turnCorrectionSums = [] {
  std::array<std::array<std::uint8_t, 8>, 8> table{};
  for (int pi = 0; pi < 8; ++pi) {
    int sum = 0;
    for (int j = 0; j < 8; ++j) {
      table[pi][j] = static_cast<std::uint8_t>(sum);
      sum += wheel[8 * pi + j].correction;
    }
  }
  return table;
}();

/// For each bit b of a 64-bit word of sieve bytes: the offset from the
/// word's first number, 30·(b / 8) + residues[b % 8].
inline constexpr std::array<std::uint8_t, 64> bitValue = [] {
  std::array<std::uint8_t, 64> table{};
  for (int b = 0; b < 64; ++b) table[b] = static_cast<std::uint8_t>(30 * (b / 8) + residues[b % 8]);
  return table;
}();

}  // namespace core::sieve
