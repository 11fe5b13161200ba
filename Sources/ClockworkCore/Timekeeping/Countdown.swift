import FoundationEssentials

/// A countdown whose remaining time is always computed from clock instants.
///
/// ```swift
/// let clock = ContinuousClock()
/// var timer = try Countdown<ContinuousClock.Instant>(duration: .seconds(300))
/// timer.start(at: clock.now)
/// print(CountdownFormat.string(timer.remaining(at: clock.now)))
/// ```
///
/// Restarting replaces the deadline and bumps ``run``, so a completion scheduled for an earlier
/// run can tell it is stale (the design we build on let an old run's finish kill the new one).
public struct Countdown<Instant: InstantProtocol>: Sendable
where Instant.Duration == Duration, Instant: Sendable {
  /// Where a countdown is.
  public enum State: Sendable {
    case idle
    case running(deadline: Instant)
    case paused(remaining: Duration)
  }

  /// The longest countdown accepted.
  public static var maximumDuration: Duration { .seconds(100 * 86_400) }

  /// The length of the current run (grows or shrinks with ``add(_:at:)``).
  public private(set) var duration: Duration
  /// The length it was made with: what a restart counts down again, whatever was added or
  /// removed since (as GNOME Clocks and KClock restart).
  public private(set) var length: Duration
  /// Where it is now.
  public private(set) var state: State = .idle
  /// Counts starts and restarts; a finish belongs to the run it was computed for.
  public private(set) var run: Int = 0

  /// - Throws: ``CountdownError`` unless 0 < duration ≤ 100 days.
  public init(duration: Duration) throws(CountdownError) {
    try Self.check(duration)
    self.duration = duration
    length = duration
  }

  /// A countdown of `duration` with `remaining` left at `now`, running or paused — e.g. one
  /// restored from disk; `length` is what it was made with (by default `duration`).
  public init(
    duration: Duration, remaining: Duration, running: Bool, at now: Instant,
    length: Duration? = nil
  ) throws(CountdownError) {
    try Self.check(duration)
    self.duration = duration
    self.length = min(max(length ?? duration, .milliseconds(1)), Self.maximumDuration)
    let left = min(max(remaining, .zero), duration)
    state = running ? .running(deadline: now.advanced(by: left)) : .paused(remaining: left)
    run = 1
  }

  static func check(_ duration: Duration) throws(CountdownError) {
    guard duration > .zero else { throw .notPositive }
    guard duration <= maximumDuration else { throw .tooLong }
  }

  /// Starts it at `now`.
  public mutating func start(at now: Instant) {
    state = .running(deadline: now.advanced(by: duration))
    run += 1
  }

  /// Starts again from the length it was made with; any earlier run's finish is void.
  public mutating func restart(at now: Instant) {
    duration = length
    start(at: now)
  }

  /// Pauses it at `now`, keeping the time left.
  public mutating func pause(at now: Instant) {
    guard case .running = state else { return }
    state = .paused(remaining: remaining(at: now))
  }

  /// Resumes it at `now`.
  public mutating func resume(at now: Instant) {
    guard case .paused(let remaining) = state, remaining > .zero else { return }
    state = .running(deadline: now.advanced(by: remaining))
  }

  /// Adds (or, negative, removes) time. Remaining time never drops below zero and the total
  /// never exceeds ``maximumDuration``.
  public mutating func add(_ delta: Duration, at now: Instant) {
    let left = remaining(at: now)
    let newLeft = min(max(.zero, left + delta), Self.maximumDuration)
    let applied = newLeft - left
    duration = min(max(duration + applied, newLeft), Self.maximumDuration)
    switch state {
    case .idle: duration = max(duration, .milliseconds(1))
    case .running(let deadline): state = .running(deadline: deadline.advanced(by: applied))
    case .paused: state = .paused(remaining: newLeft)
    }
  }

  /// Time left at `now`, from `duration` down to exactly zero.
  public func remaining(at now: Instant) -> Duration {
    switch state {
    case .idle: return duration
    case .paused(let remaining): return remaining
    case .running(let deadline):
      return min(duration, max(.zero, now.duration(to: deadline)))
    }
  }

  /// 0 at the start, 1 at the end.
  public func progress(at now: Instant) -> Double {
    let total = duration / .seconds(1)
    guard total > 0 else { return 1 }
    let left = remaining(at: now) / .seconds(1)
    return min(1, max(0, 1 - left / total))
  }

  /// Whether no time is left at `now`.
  public func isFinished(at now: Instant) -> Bool { remaining(at: now) == .zero }

  /// The instant this run ends, while running.
  public var finishInstant: Instant? {
    if case .running(let deadline) = state { return deadline }
    return nil
  }

  /// Whether it is counting down.
  public var isRunning: Bool {
    if case .running = state { return true }
    return false
  }
}

extension Countdown.State: Equatable where Instant: Equatable {}
extension Countdown: Equatable {}
extension Countdown.State: Codable where Instant: Codable {}
extension Countdown: Codable where Instant: Codable {}

/// A countdown that cannot be made.
public enum CountdownError: Error, Hashable, Sendable, CustomStringConvertible {
  case notPositive
  case tooLong

  /// What is wrong, in words.
  public var description: String {
    switch self {
    case .notPositive: "a countdown must last longer than zero"
    case .tooLong: "a countdown may last at most 100 days"
    }
  }
}
