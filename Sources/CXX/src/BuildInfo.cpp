#include "BuildInfo.h"

#include "EigenSetup.hpp"

namespace core {

const char* matrixInstructionSets() noexcept {
  // Eigen::SimdInstructionSetsInUse returns a pointer to a string literal.
  return Eigen::SimdInstructionSetsInUse();
}

bool primeSieveUsesPopcnt() noexcept {
#if defined(__x86_64__)
  return __builtin_cpu_supports("popcnt");
#else
  return false;
#endif
}

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
