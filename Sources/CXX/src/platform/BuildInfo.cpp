#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "BuildInfo.h"

#include <string>

#include "EigenSetup.hpp"
#include "KernelVariants.hpp"

namespace core {

const char* matrixInstructionSets() noexcept {
  // Both Eigen::SimdInstructionSetsInUse() variants return string literals.
  static const std::string description = [] {
    const bool capped = instructionSetCeiling() != InstructionSetLevel::avx512;
    if (avx2::isUsable()) {
      const char* packedKernel = avx512::isUsable() ? "AVX-512"
                                 : capped            ? "AVX2+FMA, capped by LINEAR_ALGEBRA_SIMD"
                                                     : "AVX2+FMA";
      return std::string("AVX2+FMA by runtime dispatch (Eigen: ") + avx2::instructionSets() +
             "; packed product kernel: " + packedKernel + "); baseline build: " + Eigen::SimdInstructionSetsInUse();
    }
    return std::string(Eigen::SimdInstructionSetsInUse()) +
           (capped ? " (capped by LINEAR_ALGEBRA_SIMD)" : " (this CPU has no AVX2+FMA)");
  }();
  return description.c_str();
}

bool primeSieveUsesPopcnt() noexcept { return popcntIsUsable(); }

const char* compilerVersion() noexcept {
#if defined(__clang__)
  return "clang " __clang_version__;
#else
  return __VERSION__;
#endif
}

bool isOptimizedBuild() noexcept {
#if defined(NDEBUG)
  return true;
#else
  return false;
#endif
}

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
