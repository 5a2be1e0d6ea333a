/// What the C++ core was built with, for the benchmark's header.
#pragma once

namespace core {

/// The SIMD instruction sets Eigen's matrix kernels use in this build
/// (for example "SSE, SSE2" or "AVX, SSE, SSE2, SSE3, SSSE3, SSE4.1, SSE4.2, FMA").
const char* matrixInstructionSets() noexcept;

/// Whether the prime sieve counts with the POPCNT instruction on this CPU.
bool primeSieveUsesPopcnt() noexcept;

/// The C++ compiler that built the core.
const char* compilerVersion() noexcept;

/// Whether the core was built with assertions off (NDEBUG).
bool isOptimizedBuild() noexcept;

}  // namespace core
