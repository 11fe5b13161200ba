import Dispatch
import CGlibcExtras
import Glibc

/// A thread of its own that sleeps until the next deadline and runs `fire` there, on itself,
/// inside `queue.sync` (a serial queue runs a synchronous block on the caller's thread, in turn
/// with everything else on the queue). A Dispatch timer wakes two threads a tick — the event
/// loop's, then a worker's — and this one: a clock's second costs one wake-up.
///
/// ```swift
/// let ticks = DeadlineThread(queue: session.queue) { loop.handle(.tick) }
/// ticks.schedule(clock.now.advanced(by: .seconds(1)))
/// ```
final class DeadlineThread: @unchecked Sendable {  // state guarded by `mutex`
  private let queue: DispatchQueue
  private let fire: () -> Void
  private let clock = ContinuousClock()
  // Allocated, not stored: pthread objects must not move.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// The next deadline as CLOCK_MONOTONIC time, or nil.
  private var deadline: timespec?
  private var stopped = false

  init(queue: DispatchQueue, fire: @escaping () -> Void) {
    self.queue = queue
    self.fire = fire
    pthread_mutex_init(mutex, nil)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(changed, &attributes)
    pthread_condattr_destroy(&attributes)
    var thread = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()  // released when the thread ends
    pthread_create(&thread, nil, { context in
      let owner = Unmanaged<DeadlineThread>.fromOpaque(context!).takeRetainedValue()
      owner.run()
      return nil
    }, context)
    pthread_detach(thread)
  }

  /// The next deadline (replacing any other), or none.
  func schedule(_ instant: ContinuousClock.Instant?) {
    let wake = instant.map { monotonic(after: max(.zero, clock.now.duration(to: $0))) }
    pthread_mutex_lock(mutex)
    deadline = wake
    pthread_cond_signal(changed)
    pthread_mutex_unlock(mutex)
  }

  /// Ends the thread; no deadline fires after this returns, unless one is firing now.
  func stop() {
    pthread_mutex_lock(mutex)
    stopped = true
    pthread_cond_signal(changed)
    pthread_mutex_unlock(mutex)
  }

  private func run() {
    set_timer_slack(1)  // wake within a microsecond, not the default 50
    pthread_mutex_lock(mutex)
    while !stopped {
      guard var due = deadline else {
        pthread_cond_wait(changed, mutex)
        continue
      }
      if pthread_cond_timedwait(changed, mutex, &due) == ETIMEDOUT, let current = deadline, current.tv_sec == due.tv_sec,
        current.tv_nsec == due.tv_nsec, !stopped
      {
        deadline = nil
        pthread_mutex_unlock(mutex)
        queue.sync { fire() }
        pthread_mutex_lock(mutex)
      }
    }
    pthread_mutex_unlock(mutex)
  }

  private func monotonic(after wait: Duration) -> timespec {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let (seconds, attoseconds) = wait.components
    var nanoseconds = Int(now.tv_nsec) + Int(attoseconds / 1_000_000_000)
    var wholeSeconds = Int(now.tv_sec) + Int(seconds)
    wholeSeconds += nanoseconds / 1_000_000_000
    nanoseconds %= 1_000_000_000
    return timespec(tv_sec: wholeSeconds, tv_nsec: nanoseconds)
  }

  deinit {
    pthread_cond_destroy(changed)
    pthread_mutex_destroy(mutex)
    changed.deallocate()
    mutex.deallocate()
  }
}
