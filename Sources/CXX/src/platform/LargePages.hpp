// Large-page advice for big buffers: first touching memory costs a page
// fault per 4 KiB page, which on virtual machines like ours is ~3 µs (7 ms
// for an 8 MiB matrix, a quarter of a 1024×1024 LU). Marking a fresh range
// for transparent huge pages turns that into one fault per 2 MiB and also
// spares the TLB misses of the kernels' strided walks. numpy does the same
// for its arrays.
#pragma once

#include <cstddef>

namespace core::memory {

/// Asks the kernel to back the 2 MiB-aligned pages inside
/// [start, start + bytes) with transparent huge pages, when the range holds
/// one or more of them. A hint with no effect on contents:
/// pages already touched stay as they are, and on systems without
/// transparent huge pages (or not Linux) it does nothing.
void adviseLargePages(void* start, std::size_t bytes) noexcept;

/// `adviseLargePages` for `count` elements of `T` (nothing for count ≤ 0).
template <class T>
void adviseLargePagesFor(T* start, std::ptrdiff_t count) noexcept {
  if (count > 0) adviseLargePages(static_cast<void*>(start), static_cast<std::size_t>(count) * sizeof(T));
}

}  // namespace core::memory
