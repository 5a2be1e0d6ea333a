// The ceiling on the runtime dispatch: the LINEAR_ALGEBRA_SIMD environment
// variable, read once, lets tests and benchmarks run the lower kernel
// variants on a CPU that has the higher ones.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include <cstdlib>
#include <cstring>

#include "KernelVariants.hpp"

namespace core {

InstructionSetLevel instructionSetCeiling() noexcept {
  static const InstructionSetLevel ceiling = [] {
    const char* value = std::getenv("LINEAR_ALGEBRA_SIMD");
    if (value == nullptr) return InstructionSetLevel::avx512;
    if (std::strcmp(value, "baseline") == 0) return InstructionSetLevel::baseline;
    if (std::strcmp(value, "avx2") == 0) return InstructionSetLevel::avx2;
    return InstructionSetLevel::avx512;
  }();
  return ceiling;
}

bool popcntIsUsable() noexcept {
#if defined(__x86_64__)
  static const bool usable =
      __builtin_cpu_supports("popcnt") && instructionSetCeiling() != InstructionSetLevel::baseline;
  return usable;
#else
  return false;
#endif
}

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
