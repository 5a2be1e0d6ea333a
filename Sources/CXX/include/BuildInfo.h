/// What the C++ core was built with, for the benchmark's header.
#pragma once

namespace core {

/// The SIMD instruction sets the matrix kernels run with on this CPU, after
/// runtime dispatch (for example "products: AVX SSE ... FMA (runtime
/// dispatch); other kernels: SSE, SSE2").
const char* matrixInstructionSets() noexcept;

/// Whether the prime sieve and prime counting use the POPCNT instruction on
/// this CPU (not under LINEAR_ALGEBRA_SIMD=baseline).
bool primeSieveUsesPopcnt() noexcept;

/// The C++ compiler that built the core.
const char* compilerVersion() noexcept;

/// Whether the core was built with assertions off (NDEBUG).
bool isOptimizedBuild() noexcept;

}  // namespace core
