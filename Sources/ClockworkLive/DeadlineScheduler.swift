/// Wakes a runner at its next deadline.
///
/// The app uses a thread that sleeps on the monotonic clock; tests use ``ClockScheduler`` on a
/// test clock.
public protocol DeadlineScheduler<Instant>: AnyObject, Sendable {
  associatedtype Instant

  /// From now on, calls `fire` with each deadline once it has come. `fire` may block until the
  /// runner has handled it.
  func start(fire: @escaping @Sendable (Instant) -> Void)

  /// The next deadline, replacing any other; `nil` for none.
  func schedule(_ deadline: Instant?)

  /// No deadline fires after this returns, unless one is firing now.
  func stop()
}
