// A long prime job that Swift can watch and stop: a cancellation flag the
// work checks at segment boundaries, and a progress fraction it raises.
//
// The job travels as a thread-local pointer: an exported function sets it
// for its own thread (JobScope), and the core's worker threads copy it from
// the thread that starts them (see inheritJob), so the algorithms need no
// extra parameter. Without a job every check is a load and a branch.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "Guarded.hpp"

namespace core {

/// The state behind the opaque `core::PrimeJob` of PrimeCore.h.
struct PrimeJob {
  std::atomic<bool> cancelled{false};
  /// Progress in [0, 1] as a fraction of 2^32; only ever raised.
  std::atomic<std::uint64_t> progress{0};
};

namespace detail {

/// The job of the work on this thread, and the part [offset, offset + scale]
/// of its progress that this work covers.
struct JobContext {
  PrimeJob* job = nullptr;
  double offset = 0;
  double scale = 1;
};

inline thread_local JobContext currentJob;

/// Sets the current job (or a sub-span of its progress) for a scope.
class JobScope {
 public:
  explicit JobScope(JobContext context) : saved_(currentJob) { currentJob = context; }
  JobScope(const JobScope&) = delete;
  JobScope& operator=(const JobScope&) = delete;
  ~JobScope() { currentJob = saved_; }

  /// The part [from, to] of the current work's progress span.
  static JobContext part(double from, double to) {
    JobContext context = currentJob;
    context.offset = currentJob.offset + from * currentJob.scale;
    context.scale = (to - from) * currentJob.scale;
    return context;
  }

 private:
  JobContext saved_;
};

/// Whether the current job was cancelled.
inline bool jobCancelled() {
  return currentJob.job != nullptr && currentJob.job->cancelled.load(std::memory_order_relaxed);
}

/// Throws JobCancelled when the current job was cancelled.
inline void checkpoint() {
  if (jobCancelled()) throw JobCancelled{};
}

/// Raises the job's progress to `fraction` of the current span.
inline void reportProgress(double fraction) {
  PrimeJob* job = currentJob.job;
  if (job == nullptr) return;
  const double value = std::clamp(currentJob.offset + std::clamp(fraction, 0.0, 1.0) * currentJob.scale, 0.0, 1.0);
  const auto bits = static_cast<std::uint64_t>(value * 4294967296.0);
  std::uint64_t seen = job->progress.load(std::memory_order_relaxed);
  while (seen < bits && !job->progress.compare_exchange_weak(seen, bits, std::memory_order_relaxed)) {
  }
}

/// A worker thread's body with the starting thread's job.
template <class Body>
auto inheritJob(Body body) {
  return [context = currentJob, body]() mutable {
    JobScope scope(context);
    body();
  };
}

}  // namespace detail
}  // namespace core
