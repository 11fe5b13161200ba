import Synchronization

/// A ``DeadlineScheduler`` that sleeps on any `Clock` in a task: swift-clocks' `TestClock` in
/// tests, or a real clock where no deadline thread is at hand.
///
/// ```swift
/// let clock = ContinuousClock()   // or swift-clocks' TestClock in tests
/// let scheduler = ClockScheduler(clock: clock)
/// scheduler.start { deadline in print("due", deadline) }
/// scheduler.schedule(clock.now.advanced(by: .seconds(1)))
/// ```
public final class ClockScheduler<C: Clock>: DeadlineScheduler, Sendable
where C.Duration == Duration {
  /// The clock the deadlines are read on.
  public let clock: C
  private struct State {
    var fire: (@Sendable (C.Instant) -> Void)?
    var sleeper: Task<Void, Never>?
    var stopped = false
  }
  private let state = Mutex(State())

  /// A scheduler on `clock`.
  public init(clock: C) { self.clock = clock }

  /// Sets what runs at each deadline; call once, before scheduling.
  public func start(fire: @escaping @Sendable (C.Instant) -> Void) {
    state.withLock { $0.fire = fire }
  }

  /// Replaces the pending deadline (`nil`: none).
  public func schedule(_ deadline: C.Instant?) {
    state.withLock { state in
      state.sleeper?.cancel()
      state.sleeper = nil
      guard let deadline, let fire = state.fire, !state.stopped else { return }
      state.sleeper = Task { [clock] in
        do { try await clock.sleep(until: deadline, tolerance: .zero) } catch { return }
        fire(deadline)
      }
    }
  }

  /// Cancels the pending deadline; nothing fires after this.
  public func stop() {
    state.withLock { state in
      state.stopped = true
      state.sleeper?.cancel()
      state.sleeper = nil
    }
  }
}
