// The thread pool behind core::parallel (see ThreadPool.hpp).
#include "ReleaseDebugInfo.hpp"
CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN

#include "ThreadPool.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif
#if defined(__linux__)
#include <pthread.h>
#endif

#include "MatrixCore.h"

namespace core::parallel {
namespace {

/// The machine's hardware threads, asked once: glibc answers
/// hardware_concurrency() by reading /sys, which costs more than a 16×16
/// product.
int hardwareThreads() {
  static const int threads = [] {
    const unsigned hardware = std::thread::hardware_concurrency();
    return hardware == 0 ? 1 : static_cast<int>(std::min(hardware, 256u));
  }();
  return threads;
}

/// Tells the core it is in a spin-wait loop (x86 `pause`, arm64 `yield`).
inline void relax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

/// Polls of an atomic flag before a thread goes to sleep on a condition
/// variable: ~20–60 µs, about what waking a sleeping thread costs on a
/// virtual machine (a hand-off measured ~18 µs without the polling). Steps
/// of a factorization hand jobs to the pool at about that rate.
constexpr int spinsBeforeSleeping = 2000;

/// Workers that wait for a job, take its pieces one by one, and report back.
/// Created on first use; never destroyed (workers blocked at exit are fine,
/// and no static destructor can then race with them).
class Pool {
 public:
  static Pool& shared() {
    static Pool* const pool = new Pool;
    return *pool;
  }

  int threadCount() const {
    const int configured = configured_.load(std::memory_order_relaxed);
    return configured > 0 ? configured : hardwareThreads();
  }

  void setThreadCount(int count) {
    std::lock_guard<std::mutex> job(busy_);
    configured_.store(count > 0 ? std::min(count, 256) : 0, std::memory_order_relaxed);
    stopWorkers();
  }

  void run(Index count, Index parts, Index alignment, RangeBody body, void* context) {
    std::unique_lock<std::mutex> job(busy_, std::try_to_lock);
    if (parts <= 1 || !job.owns_lock()) {
      body(context, 0, count);
      return;
    }
    startWorkers(static_cast<int>(std::min<Index>(parts, threadCount())) - 1);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      body_ = body;
      context_ = context;
      count_ = count;
      parts_ = parts;
      alignment_ = alignment;
      nextPart_.store(1, std::memory_order_relaxed);  // part 0 is the caller's
      unfinished_ = parts;
      waitingWorkers_ = workers_.size();
      error_ = nullptr;
      finished_.store(false, std::memory_order_relaxed);
      ++generation_;
      published_.store(generation_, std::memory_order_release);
    }
    wake_.notify_all();
    runPart(0);
    takeParts();
    for (int spin = 0; spin < spinsBeforeSleeping && !finished_.load(std::memory_order_acquire); ++spin) relax();
    std::unique_lock<std::mutex> lock(mutex_);
    // Every worker checks in, even one that found no piece left: none may
    // still be looking at this job when the next one is set up.
    done_.wait(lock, [&] { return unfinished_ == 0 && waitingWorkers_ == 0; });
    if (error_) std::rethrow_exception(error_);
  }

 private:
  Pool() = default;

  /// Makes sure `wanted` workers exist (the caller holds `busy_`).
  void startWorkers(int wanted) {
    while (static_cast<int>(workers_.size()) < wanted) {
      const std::uint64_t seen = generation_;
      try {
        workers_.emplace_back([this, seen] { work(seen); });
      } catch (const std::system_error&) {
        return;  // no more threads to be had: the workers there are will do
      }
    }
  }

  /// Stops and joins every worker (the caller holds `busy_`).
  void stopWorkers() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (auto& worker : workers_) worker.join();
    workers_.clear();
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = false;
  }

  void work(std::uint64_t seen) {
#if defined(__linux__)
    // A new thread inherits its creator's name: without this, workers first
    // started inside a prime job would carry "primes-job" for the life of
    // the process.
    pthread_setname_np(pthread_self(), "core-pool");
#endif
    for (;;) {
      for (int spin = 0; spin < spinsBeforeSleeping && published_.load(std::memory_order_acquire) == seen; ++spin) {
        relax();
      }
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
        if (stopping_) return;
        seen = generation_;
      }
      takeParts();
      std::lock_guard<std::mutex> lock(mutex_);
      if (--waitingWorkers_ == 0 && unfinished_ == 0) finish();
    }
  }

  void takeParts() {
    for (;;) {
      const Index part = nextPart_.fetch_add(1, std::memory_order_relaxed);
      if (part >= parts_) return;
      runPart(part);
    }
  }

  Index boundary(Index part) const {
    if (part >= parts_) return count_;
    const double even = static_cast<double>(count_) * static_cast<double>(part) / static_cast<double>(parts_);
    const Index aligned = static_cast<Index>(even / static_cast<double>(alignment_) + 0.5) * alignment_;
    return std::min(count_, aligned);
  }

  void runPart(Index part) {
    std::exception_ptr error;
    try {
      const Index begin = boundary(part), end = boundary(part + 1);
      if (begin < end) body_(context_, begin, end);
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mutex_);
    if (error && !error_) error_ = error;
    if (--unfinished_ == 0 && waitingWorkers_ == 0) finish();
  }

  /// Marks the job finished and wakes its caller (with `mutex_` held).
  void finish() {
    finished_.store(true, std::memory_order_release);
    done_.notify_one();
  }

  std::atomic<int> configured_{0};
  std::mutex busy_;  // held by the thread whose job the pool runs
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::vector<std::thread> workers_;
  std::uint64_t generation_ = 0;
  // Copies for polling without the mutex: the latest generation_, and
  // whether the current job is finished.
  std::atomic<std::uint64_t> published_{0};
  std::atomic<bool> finished_{false};
  bool stopping_ = false;
  // The current job; written under mutex_ before workers are woken.
  RangeBody body_ = nullptr;
  void* context_ = nullptr;
  Index count_ = 0, parts_ = 0, alignment_ = 1;
  std::atomic<Index> nextPart_{0};
  Index unfinished_ = 0;
  std::size_t waitingWorkers_ = 0;
  std::exception_ptr error_;
};

}  // namespace

int threadCount() noexcept { return Pool::shared().threadCount(); }

void setThreadCount(int count) noexcept {
  try {
    Pool::shared().setThreadCount(count);
  } catch (...) {
    // std::thread::join can only fail on a broken thread library; the
    // workers are then abandoned and recreated on the next job.
  }
}

Index partsFor(Index count, Index minimumPerPart) noexcept {
  const Index most = std::max<Index>(1, count / std::max<Index>(1, minimumPerPart));
  return std::max<Index>(1, std::min<Index>(most, threadCount()));
}

void forRange(Index count, Index parts, Index alignment, RangeBody body, void* context) {
  if (count <= 0) return;
  if (parts <= 1) return body(context, 0, count);
  Pool::shared().run(count, std::min(parts, count), std::max<Index>(1, alignment), body, context);
}

}  // namespace core::parallel

namespace core {
int matrixThreadCount() noexcept { return parallel::threadCount(); }
void setMatrixThreadCount(int count) noexcept { parallel::setThreadCount(count); }
}  // namespace core

CORE_RELEASE_WITHOUT_DEBUG_INFO_END
