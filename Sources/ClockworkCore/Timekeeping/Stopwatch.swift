import FoundationEssentials

/// A stopwatch with laps whose elapsed time is always computed from clock instants.
///
/// ```swift
/// let clock = ContinuousClock()
/// var watch = Stopwatch<ContinuousClock.Instant>()
/// try watch.start(at: clock.now)
/// let lap = try watch.lap(at: clock.now)
/// print(StopwatchFormat.string(watch.elapsed(at: clock.now)))
/// ```
///
/// States: idle → running ⇄ paused; `reset` (paused only) returns to idle. An illegal transition
/// throws ``StopwatchError`` and leaves the stopwatch as it was.
public struct Stopwatch<Instant: InstantProtocol>: Sendable
where Instant.Duration == Duration, Instant: Sendable {
  /// Where a stopwatch is.
  public enum State: Sendable {
    case idle
    /// Running since `since`, with `banked` elapsed before that.
    case running(since: Instant, banked: Duration)
    case paused(elapsed: Duration)
  }

  /// Where it is now.
  public private(set) var state: State = .idle
  /// Laps in the order they were taken (oldest first).
  public private(set) var laps: [Lap] = []

  /// A stopwatch not yet started.
  public init() {}

  /// A stopwatch in a given state, e.g. restored from disk.
  public init(state: State, laps: [Lap]) {
    self.state = state
    self.laps = laps
  }

  /// Idle, running or paused, without the times.
  public var phase: StopwatchPhase {
    switch state {
    case .idle: .idle
    case .running: .running
    case .paused: .paused
    }
  }

  /// Elapsed time at `now`; never negative, even if `now` precedes the start.
  public func elapsed(at now: Instant) -> Duration {
    switch state {
    case .idle: return .zero
    case .paused(let elapsed): return elapsed
    case .running(let since, let banked): return banked + max(.zero, since.duration(to: now))
    }
  }

  /// Starts it at `now`.
  public mutating func start(at now: Instant) throws(StopwatchError) {
    guard case .idle = state else { throw .illegal(.start, in: phase) }
    state = .running(since: now, banked: .zero)
  }

  /// Pauses it at `now`.
  public mutating func pause(at now: Instant) throws(StopwatchError) {
    guard case .running = state else { throw .illegal(.pause, in: phase) }
    state = .paused(elapsed: elapsed(at: now))
  }

  /// Resumes it at `now`.
  public mutating func resume(at now: Instant) throws(StopwatchError) {
    guard case .paused(let elapsed) = state else { throw .illegal(.resume, in: phase) }
    state = .running(since: now, banked: elapsed)
  }

  /// Records a lap: its split is the time since the previous lap (or the start).
  @discardableResult
  public mutating func lap(at now: Instant) throws(StopwatchError) -> Lap {
    guard case .running = state else { throw .illegal(.lap, in: phase) }
    let total = elapsed(at: now)
    let previous = laps.last?.total ?? .zero
    let lap = Lap(number: laps.count + 1, split: total - previous, total: total)
    laps.append(lap)
    return lap
  }

  /// Back to idle, its laps forgotten; only when not running.
  public mutating func reset() throws(StopwatchError) {
    guard case .paused = state else { throw .illegal(.reset, in: phase) }
    state = .idle
    laps = []
  }

  /// The shortest lap, once there are at least two laps to compare.
  public var bestLap: Lap? { laps.count >= 2 ? laps.min { $0.split < $1.split } : nil }
  /// The longest lap, once there are at least two laps to compare.
  public var worstLap: Lap? { laps.count >= 2 ? laps.max { $0.split < $1.split } : nil }
}

extension Stopwatch.State: Equatable where Instant: Equatable {}
extension Stopwatch: Equatable {}
extension Stopwatch.State: Codable where Instant: Codable {}
extension Stopwatch: Codable where Instant: Codable {}

/// One lap: its number (from 1), its own duration and the running total when it was taken.
public struct Lap: Hashable, Sendable, Codable {
  /// Counted from 1.
  public var number: Int
  /// The time since the lap before.
  public var split: Duration
  /// The time since the start.
  public var total: Duration

  /// A lap as given.
  public init(number: Int, split: Duration, total: Duration) {
    self.number = number
    self.split = split
    self.total = total
  }
}

/// Idle, running or paused.
public enum StopwatchPhase: String, Hashable, Sendable, Codable {
  case idle, running, paused
}

/// What was asked of a stopwatch.
public enum StopwatchAction: String, Hashable, Sendable {
  case start, pause, resume, lap, reset
}

/// An action the stopwatch cannot take in its current phase.
public struct StopwatchError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was asked.
  public var action: StopwatchAction
  /// Where the stopwatch was.
  public var phase: StopwatchPhase

  /// An error for `action` in `phase`.
  public init(action: StopwatchAction, phase: StopwatchPhase) {
    self.action = action
    self.phase = phase
  }

  static func illegal(_ action: StopwatchAction, in phase: StopwatchPhase) -> Self {
    Self(action: action, phase: phase)
  }

  /// The message: what cannot be done in which phase.
  public var description: String {
    "cannot \(action.rawValue) a stopwatch that is \(phase.rawValue)"
  }
}
