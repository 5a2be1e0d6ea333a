#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "LargePages.hpp"

#include "MatrixCore.h"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace core::memory {

void adviseLargePages(void* start, std::size_t bytes) noexcept {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr std::uintptr_t largePage = std::uintptr_t(1) << 21;
  if (start == nullptr || bytes < largePage) return;
  const auto begin = reinterpret_cast<std::uintptr_t>(start);
  const std::uintptr_t first = (begin + largePage - 1) & ~(largePage - 1);
  const std::uintptr_t last = (begin + bytes) & ~(largePage - 1);
  if (last <= first) return;
  // Failure (no THP support, or a range madvise refuses) only loses speed.
  (void)madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#else
  (void)start;
  (void)bytes;
#endif
}

}  // namespace core::memory

namespace core {

void adviseLargePages(void* start, Index bytes) noexcept {
  if (bytes > 0) memory::adviseLargePages(start, static_cast<std::size_t>(bytes));
}

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
