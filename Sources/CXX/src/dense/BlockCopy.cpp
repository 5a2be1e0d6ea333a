// Copies of a block of rows and columns into fresh contiguous storage (the
// Matrix subscript a[rows, columns]). Large blocks are copied with
// streaming (non-temporal) stores, as glibc's memcpy does for large sizes:
// the destination's lines are written without being read first, and the
// copy does not evict the caches' contents. The rows are split across the
// pool. No Eigen here: this translation unit compiles in a second.
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include <cstdint>
#include <cstring>

#include "Guarded.hpp"
#include "LargePages.hpp"
#include "MatrixCore.h"
#include "ThreadPool.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace core {
namespace {

/// Blocks of at least this many bytes take the streaming, threaded path.
constexpr std::size_t streamingBytes = std::size_t(1) << 22;

/// Copies `count` elements to `destination` with streaming stores of 16
/// bytes, the few elements before the first 16-byte boundary and after the
/// last one with ordinary stores.
template <class T>
void streamRow(const T* source, T* destination, Index count) {
#if defined(__SSE2__)
  Index i = 0;
  while (i < count && (reinterpret_cast<std::uintptr_t>(destination + i) & 15) != 0) {
    destination[i] = source[i];
    ++i;
  }
  constexpr Index perVector = 16 / sizeof(T);
  for (; i + 4 * perVector <= count; i += 4 * perVector) {
    const auto* from = reinterpret_cast<const __m128i*>(source + i);
    auto* to = reinterpret_cast<__m128i*>(destination + i);
    const __m128i v0 = _mm_loadu_si128(from), v1 = _mm_loadu_si128(from + 1);
    const __m128i v2 = _mm_loadu_si128(from + 2), v3 = _mm_loadu_si128(from + 3);
    _mm_stream_si128(to, v0);
    _mm_stream_si128(to + 1, v1);
    _mm_stream_si128(to + 2, v2);
    _mm_stream_si128(to + 3, v3);
  }
  for (; i < count; ++i) destination[i] = source[i];
#else
  std::memcpy(destination, source, std::size_t(count) * sizeof(T));
#endif
}

template <class T>
Status copyBlockImpl(const T* source, Index sourceStride, Index rows, Index columns, T* destination,
                     Index destinationStride) {
  if (rows < 0 || columns < 0 || sourceStride < columns || destinationStride < columns) {
    return Status::invalidArgument;
  }
  if (rows == 0 || columns == 0) return Status::ok;
  const std::size_t bytes = std::size_t(rows) * std::size_t(columns) * sizeof(T);
  if (bytes < streamingBytes) {
    for (Index row = 0; row < rows; ++row) {
      std::memcpy(destination + row * destinationStride, source + row * sourceStride,
                  std::size_t(columns) * sizeof(T));
    }
    return Status::ok;
  }
  if (destinationStride == columns) memory::adviseLargePagesFor(destination, rows * columns);
  parallel::forRange(rows, parallel::partsFor(rows, 16), 1, [&](Index begin, Index end) {
    for (Index row = begin; row < end; ++row) {
      streamRow(source + row * sourceStride, destination + row * destinationStride, columns);
    }
#if defined(__SSE2__)
    _mm_sfence();  // the streamed lines are visible before the part ends
#endif
  });
  return Status::ok;
}

}  // namespace

Status copyBlock(const float* source, Index sourceStride, Index rows, Index columns, float* destination) noexcept {
  return detail::guarded([&] { return copyBlockImpl(source, sourceStride, rows, columns, destination, columns); });
}
Status copyBlock(const double* source, Index sourceStride, Index rows, Index columns, double* destination) noexcept {
  return detail::guarded([&] { return copyBlockImpl(source, sourceStride, rows, columns, destination, columns); });
}

Status copyBlockInto(const float* source, Index sourceStride, Index rows, Index columns, float* destination,
                     Index destinationStride) noexcept {
  return detail::guarded(
      [&] { return copyBlockImpl(source, sourceStride, rows, columns, destination, destinationStride); });
}
Status copyBlockInto(const double* source, Index sourceStride, Index rows, Index columns, double* destination,
                     Index destinationStride) noexcept {
  return detail::guarded(
      [&] { return copyBlockImpl(source, sourceStride, rows, columns, destination, destinationStride); });
}

}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
