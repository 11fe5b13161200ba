import CGlibcExtras
import ClockworkLive
import Glibc

/// A ``DeadlineScheduler`` on a thread of its own that sleeps on `CLOCK_MONOTONIC` until the
/// next deadline and fires there, on itself. A Dispatch timer wakes two threads a tick (the
/// event loop's, then a worker's); this wakes one.
///
/// ```swift
/// let runner = FrameRunner(mode: mode, sink: sink, clock: ContinuousClock(), wallNow: Date.init, scheduler: DeadlineThread())
/// ```
///
/// `@unchecked Sendable`: its state is guarded by `mutex`.
public final class DeadlineThread: DeadlineScheduler, @unchecked Sendable {
  /// The monotonic clock's instants the deadlines are given in.
  public typealias Instant = ContinuousClock.Instant
  private let clock = ContinuousClock()
  // Allocated, not stored: pthread objects must not move.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var fire: (@Sendable (Instant) -> Void)?
  /// The next deadline, and the same as CLOCK_MONOTONIC time.
  private var deadline: (instant: Instant, wake: timespec)?
  private var stopped = false
  private var threadStarted = false

  /// A scheduler whose thread starts with ``start(fire:)``.
  public init() {
    pthread_mutex_init(mutex, nil)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(changed, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  /// Starts the thread; `fire` is called on it at each deadline, with the deadline.
  public func start(fire: @escaping @Sendable (Instant) -> Void) {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    self.fire = fire
    guard !threadStarted else { return }
    threadStarted = true
    var thread = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()  // released when the thread ends
    pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<DeadlineThread>.fromOpaque(context).takeRetainedValue().run()
        return nil
      }, context)
    pthread_detach(thread)
  }

  /// Sets the next deadline, replacing the last; `nil` for none.
  public func schedule(_ instant: Instant?) {
    let wake = instant.map { ($0, monotonic(after: max(.zero, clock.now.duration(to: $0)))) }
    pthread_mutex_lock(mutex)
    deadline = wake
    pthread_cond_signal(changed)
    pthread_mutex_unlock(mutex)
  }

  /// Ends the thread: no deadline fires after this.
  public func stop() {
    pthread_mutex_lock(mutex)
    stopped = true
    pthread_cond_signal(changed)
    pthread_mutex_unlock(mutex)
  }

  private func run() {
    set_timer_slack(1)  // wake within a microsecond, not the default 50
    pthread_mutex_lock(mutex)
    while !stopped {
      guard let due = deadline else {
        pthread_cond_wait(changed, mutex)
        continue
      }
      var wake = due.wake
      if pthread_cond_timedwait(changed, mutex, &wake) == ETIMEDOUT, let current = deadline,
        current.instant == due.instant,
        !stopped, let fire
      {
        deadline = nil
        pthread_mutex_unlock(mutex)
        fire(due.instant)
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
