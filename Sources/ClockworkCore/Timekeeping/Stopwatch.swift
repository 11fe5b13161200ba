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
  public enum State: Sendable {
    case idle
    /// Running since `since`, with `banked` elapsed before that.
    case running(since: Instant, banked: Duration)
    case paused(elapsed: Duration)
  }

  public private(set) var state: State = .idle
  /// Laps in the order they were taken (oldest first).
  public private(set) var laps: [Lap] = []

  public init() {}

  /// A stopwatch in a given state, e.g. restored from disk.
  public init(state: State, laps: [Lap]) {
    self.state = state
    self.laps = laps
  }

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

  public mutating func start(at now: Instant) throws(StopwatchError) {
    guard case .idle = state else { throw .illegal(.start, in: phase) }
    state = .running(since: now, banked: .zero)
  }

  public mutating func pause(at now: Instant) throws(StopwatchError) {
    guard case .running = state else { throw .illegal(.pause, in: phase) }
    state = .paused(elapsed: elapsed(at: now))
  }

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
  public var number: Int
  public var split: Duration
  public var total: Duration

  public init(number: Int, split: Duration, total: Duration) {
    self.number = number
    self.split = split
    self.total = total
  }
}

public enum StopwatchPhase: String, Hashable, Sendable, Codable {
  case idle, running, paused
}

public enum StopwatchAction: String, Hashable, Sendable {
  case start, pause, resume, lap, reset
}

/// An action the stopwatch cannot take in its current phase.
public struct StopwatchError: Error, Hashable, Sendable, CustomStringConvertible {
  public var action: StopwatchAction
  public var phase: StopwatchPhase

  public init(action: StopwatchAction, phase: StopwatchPhase) {
    self.action = action
    self.phase = phase
  }

  static func illegal(_ action: StopwatchAction, in phase: StopwatchPhase) -> Self {
    Self(action: action, phase: phase)
  }

  public var description: String {
    "cannot \(action.rawValue) a stopwatch that is \(phase.rawValue)"
  }
}
