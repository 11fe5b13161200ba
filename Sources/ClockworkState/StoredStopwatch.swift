import ClockworkCore
import FoundationEssentials

/// A stopwatch as saved between runs. Within a run, time comes from `ContinuousClock`; across
/// runs, from a wall-clock anchor: at `anchor` the stopwatch read `elapsed`.
///
/// ```swift
/// let stored = StoredStopwatch(watch, at: clock.now, wallNow: Date())
/// let (watch, note) = stored.restored(at: clock.now, wallNow: Date())
/// ```
///
/// If the wall clock moved backwards while no window was open, the elapsed time never shrinks:
/// the last known value is kept and a note says so.
public struct StoredStopwatch: StoredState, Hashable {
  /// Idle, running or paused.
  public var phase: StopwatchPhase
  /// Elapsed seconds at `anchor`.
  public var elapsed: Double
  /// Wall time (seconds since 1970) when it read `elapsed`.
  public var anchor: Double
  /// The laps, oldest first.
  public var laps: [StoredLap]
  /// When this session began (wall time), for the history.
  public var started: Double?
  /// When it was archived (wall time); `nil` while it is the current stopwatch.
  public var ended: Double?
  /// Its name (`stopwatch --name`); `nil`: the stopwatch with no name.
  public var name: String?

  /// A lap as stored: its number, split and total in seconds.
  public struct StoredLap: Codable, Hashable, Sendable {
    /// Counted from 1.
    public var number: Int
    /// Seconds since the lap before.
    public var split: Double
    /// Seconds since the start.
    public var total: Double
  }

  /// A stored stopwatch.
  /// - Parameters:
  ///   - watch: the stopwatch.
  ///   - now: the instant it is read at.
  ///   - wallNow: the wall time at `now`.
  ///   - started: when its session began.
  ///   - name: its name; `nil`: the stopwatch with no name.
  public init(
    _ watch: Stopwatch<ContinuousClock.Instant>, at now: ContinuousClock.Instant, wallNow: Date,
    started: Date?, name: String? = nil
  ) {
    self.name = name
    phase = watch.phase
    elapsed = StoredNumbers.seconds(watch.elapsed(at: now))
    anchor = wallNow.timeIntervalSince1970
    laps = watch.laps.map {
      StoredLap(
        number: $0.number, split: StoredNumbers.seconds($0.split),
        total: StoredNumbers.seconds($0.total))
    }
    self.started = started?.timeIntervalSince1970
  }

  /// The elapsed time at `wallNow`, and a note if the wall clock went backwards.
  public func elapsed(atWall wallNow: Date) -> (seconds: Double, note: String?) {
    guard phase == .running else { return (elapsed, nil) }
    let delta = wallNow.timeIntervalSince1970 - anchor
    guard delta >= 0 else {
      return (
        elapsed,
        "the system clock moved back \(Self.describe(-delta)) while Clockwork was closed; keeping the last known time"
      )
    }
    return (elapsed + delta, nil)
  }

  /// This session stopped at `wallNow`, as the history keeps it: a running stopwatch ends there.
  public func ending(atWall wallNow: Date) -> StoredStopwatch {
    var ended = self
    ended.elapsed = elapsed(atWall: wallNow).seconds
    if phase == .running { ended.phase = .paused }
    ended.anchor = wallNow.timeIntervalSince1970
    ended.ended = wallNow.timeIntervalSince1970
    return ended
  }

  /// A stopwatch on `clock` that continues from here.
  public func restored(at now: ContinuousClock.Instant, wallNow: Date) -> (
    watch: Stopwatch<ContinuousClock.Instant>, note: String?
  ) {
    let (seconds, note) = elapsed(atWall: wallNow)
    let elapsedDuration = StoredNumbers.milliseconds(seconds)
    let state: Stopwatch<ContinuousClock.Instant>.State
    switch phase {
    case .idle: state = .idle
    case .paused: state = .paused(elapsed: elapsedDuration)
    case .running: state = .running(since: now, banked: elapsedDuration)
    }
    let restoredLaps = laps.map {
      Lap(
        number: $0.number, split: StoredNumbers.milliseconds($0.split),
        total: StoredNumbers.milliseconds($0.total))
    }
    return (Stopwatch(state: state, laps: restoredLaps), note)
  }

  /// What makes no sense in the stored values, or nil.
  public func problem() -> String? {
    if let problem = StoredNumbers.spanProblem(elapsed, "elapsed")
      ?? StoredNumbers.wallTimeProblem(anchor, "anchor")
    {
      return problem
    }
    if let started, let problem = StoredNumbers.wallTimeProblem(started, "started") {
      return problem
    }
    if let ended, let problem = StoredNumbers.wallTimeProblem(ended, "ended") { return problem }
    var previous = 0.0
    for (index, lap) in laps.enumerated() {
      guard lap.number == index + 1 else { return "lap \(index + 1) is numbered \(lap.number)" }
      if let problem = StoredNumbers.spanProblem(lap.split, "lap \(lap.number)'s split")
        ?? StoredNumbers.spanProblem(lap.total, "lap \(lap.number)'s total")
      {
        return problem
      }
      guard lap.total >= previous else {
        return "lap \(lap.number)'s total is less than the lap before's"
      }
      previous = lap.total
    }
    return nil
  }

  /// "45 s", "3 min", "2 h": a span of seconds, rounded, as a person says it.
  public static func describe(_ seconds: Double) -> String {
    seconds < 120
      ? translate("{count} s", filling: ["count": "\(Int(seconds.rounded()))"])
      : seconds < 7200
        ? translate("{count} min", filling: ["count": "\(Int((seconds / 60).rounded()))"])
        : translate("{count} h", filling: ["count": "\(Int((seconds / 3600).rounded()))"])
  }
}
