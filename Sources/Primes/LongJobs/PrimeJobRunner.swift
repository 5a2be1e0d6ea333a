internal import CXX
internal import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Names the calling thread (Linux). Threads the core starts for the job
/// inherit the name, so tests can see that a job left none behind; the
/// core's pool workers, which outlive every job, name themselves
/// "core-pool".
func nameCurrentThread(_ name: String) {
  #if canImport(Glibc)
    _ = pthread_setname_np(pthread_self(), name)
  #endif
}

/// A long prime job: the C++ core's cancellation flag and progress, plus a
/// Swift-side progress for work that Swift drives block by block.
final class PrimeJobHandle: @unchecked Sendable {
  let pointer: OpaquePointer
  private let lock = NSLock()
  private var cancelled = false
  private var swiftProgress = 0.0
  private var finished = false

  init() {
    guard let pointer = core.primeJobCreate() else { preconditionFailure("Prime job: out of memory") }
    self.pointer = pointer
  }

  deinit { core.primeJobDestroy(pointer) }

  func cancel() {
    lock.withLock { cancelled = true }
    core.primeJobCancel(pointer)
  }

  var isCancelled: Bool { lock.withLock { cancelled } }

  var isFinished: Bool {
    get { lock.withLock { finished } }
    set { lock.withLock { finished = newValue } }
  }

  /// Progress in [0, 1], from the core or from Swift, whichever is further.
  var progress: Double { Swift.max(core.primeJobProgress(pointer), lock.withLock { swiftProgress }) }

  /// A one-shot flag a thread can wait for.
  final class Flag: @unchecked Sendable {
    private let condition = NSCondition()
    private var isSet = false

    func set() {
      condition.lock()
      isSet = true
      condition.broadcast()
      condition.unlock()
    }

    func wait() {
      condition.lock()
      while !isSet { condition.wait() }
      condition.unlock()
    }
  }

  func reportProgress(_ fraction: Double) {
    lock.withLock { swiftProgress = Swift.max(swiftProgress, Swift.min(fraction, 1)) }
  }
}

/// Runs `work` on a thread of its own (never on Swift's cooperative pool,
/// which the work would block), cancels it when the calling task is
/// cancelled, and reports its progress about every 100 ms: rising from 0,
/// ending at 1 when the work finished.
///
/// `work` returns nil when it stopped because the job was cancelled.
func runPrimeJob<Value: Sendable>(
  reportingProgress report: @escaping @Sendable (Double) -> Void,
  _ work: @escaping @Sendable (PrimeJobHandle) -> Value?
) async throws(CancellationError) -> Value {
  let job = PrimeJobHandle()
  report(0)
  // The poller has a thread of its own too, so that a busy cooperative pool
  // cannot delay the reports.
  let pollerDone = PrimeJobHandle.Flag()
  let poller = Thread {
    nameCurrentThread("primes-progress")
    var last = 0.0
    while !job.isFinished {
      let progress = job.progress
      if progress > last && progress < 1 {
        last = progress
        report(progress)
      }
      Thread.sleep(forTimeInterval: 0.1)
    }
    pollerDone.set()
  }
  poller.start()
  let result: Value? = await withTaskCancellationHandler {
    await withCheckedContinuation { continuation in
      let thread = Thread {
        nameCurrentThread("primes-job")
        let value = job.isCancelled ? nil : work(job)
        job.isFinished = true
        continuation.resume(returning: value)
      }
      thread.stackSize = 1 << 22
      thread.start()
    }
  } onCancel: {
    job.cancel()
  }
  pollerDone.wait()
  guard let result else { throw CancellationError() }
  report(1)
  return result
}
