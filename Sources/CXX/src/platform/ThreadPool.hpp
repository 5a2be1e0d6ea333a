// The core's own thread pool for the matrix kernels (no OpenMP): a fixed set
// of workers that sleep between jobs, and `forRange`, which splits an index
// range into contiguous parts that run at the same time.
//
// The pool serves one job at a time. A caller that finds it busy (another
// thread's product, or a kernel that is itself running inside a job) runs
// its whole range on its own thread, so jobs never wait for each other and
// never deadlock. The split depends only on the thread count and the range,
// and every part writes disjoint output, so results are the same as on one
// thread up to the rounding of the parts' separate blocking.
#pragma once

#include <type_traits>

#include "CoreStatus.h"

namespace core::parallel {

/// Number of threads the matrix kernels may use, the calling one included.
int threadCount() noexcept;

/// Sets the thread count; values below 1 restore the default (the machine's
/// hardware threads). Waits for a running job to finish.
void setThreadCount(int count) noexcept;

/// The signature of a part: processes indices [begin, end).
using RangeBody = void (*)(void* context, Index begin, Index end);

/// Runs `body` over [0, count) in at most `parts` contiguous pieces whose
/// boundaries are the multiples of `alignment` nearest to an even split (the
/// last one ends at `count`; a piece may be empty when count is small).
/// The calling thread takes the first piece. Returns when every piece is
/// done; an exception thrown by a piece is rethrown here, after the others
/// finished.
void forRange(Index count, Index parts, Index alignment, RangeBody body, void* context);

/// How many pieces a range of `count` indices should be cut into when each
/// piece should hold at least `minimumPerPart` of them: between 1 and
/// threadCount().
Index partsFor(Index count, Index minimumPerPart) noexcept;

/// `forRange` with any callable `body(begin, end)`. One part runs inline,
/// without a call into the pool (whose job lock costs two atomic
/// operations).
template <class Body>
void forRange(Index count, Index parts, Index alignment, Body&& body) {
  if (parts <= 1) {
    if (count > 0) body(Index(0), count);
    return;
  }
  using Callable = typename std::remove_reference<Body>::type;
  forRange(
      count, parts, alignment,
      [](void* context, Index begin, Index end) { (*static_cast<Callable*>(context))(begin, end); },
      const_cast<void*>(static_cast<const void*>(&body)));
}

}  // namespace core::parallel
