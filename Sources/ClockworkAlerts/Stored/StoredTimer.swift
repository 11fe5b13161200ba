import ClockworkCore
import ClockworkState
import ClockworkSystem
import FoundationEssentials

/// A countdown as saved between runs: its length and, while running, the wall time it ends;
/// while paused, the time it had left.
///
/// ```swift
/// let stored = StoredTimer(countdown, name: "tea", at: clock.now, wallNow: Date())
/// stored.remaining(atWall: Date())
/// ```
public struct StoredTimer: StoredState, Hashable {
  /// The timer's name.
  public var name: String
  /// Seconds.
  public var duration: Double
  /// Seconds it was started with, where + and − changed ``duration`` since: what a restart
  /// counts down again.
  public var length: Double?
  /// Wall time (seconds since 1970) it ends, while running.
  public var endsAt: Double?
  /// Seconds left, while paused.
  public var remainingWhenPaused: Double?
  /// `--exec`: the shell command run at the end, by whoever rings it.
  public var exec: String?
  /// The terminal it was started from and its session: where the bell goes when no
  /// notification can be shown, while that session lasts.
  public var tty: TerminalIdentity?
  /// Wall time it was rung at its end: it is finished, and kept to be listed as such until it
  /// is started again or removed.
  public var rungAt: Double?
  /// `--sound FILE` (a path) or `--no-sound` (""); `nil`: the sound theme's.
  public var sound: String?
  /// Phases one after another: this timer is the phase at ``step``.
  public var sequence: PhaseSequence?
  /// The phase of ``sequence`` this timer is, from 0.
  public var step: Int?
  /// A sequence's next phase waits to be started (`timer --next`) instead of starting by itself.
  public var manual: Bool?
  /// Wall time (seconds since 1970) it, or its sequence's phase, started: for the history.
  public var started: Double?
  /// `--overtime`: once rung, it counts on past zero (`+0:42`) until cancelled.
  public var overtime: Bool?
  /// `--notify-running`: a notification shows it while it runs, with Pause and +1 min.
  public var notifiesRunning: Bool?

  /// A stored timer as given.
  public init(
    _ countdown: Countdown<ContinuousClock.Instant>, name: String, at now: ContinuousClock.Instant,
    wallNow: Date,
    exec: String? = nil, tty: TerminalIdentity? = nil, sound: String? = nil
  ) {
    self.name = name
    self.exec = exec
    self.tty = tty
    self.sound = sound
    duration = countdown.duration / .seconds(1)
    length = countdown.length == countdown.duration ? nil : countdown.length / .seconds(1)
    let left = countdown.remaining(at: now) / .seconds(1)
    if countdown.isRunning {
      endsAt = wallNow.timeIntervalSince1970 + left
      remainingWhenPaused = nil
    } else {
      endsAt = nil
      remainingWhenPaused = left
    }
  }

  /// Seconds left at the wall time `wallNow`.
  public func remaining(atWall wallNow: Date) -> Double {
    if rungAt != nil { return 0 }
    if let endsAt { return max(0, endsAt - wallNow.timeIntervalSince1970) }
    return remainingWhenPaused ?? duration
  }

  /// Whether it has ended by the wall time `wallNow`.
  public func isFinished(atWall wallNow: Date) -> Bool {
    rungAt != nil || remaining(atWall: wallNow) <= 0
  }

  /// Seconds past its end at `wallNow`, counting on (`--overtime`); `nil` before its end or
  /// when it does not count on.
  public func overtime(atWall wallNow: Date) -> Double? {
    guard overtime == true, let endsAt, isFinished(atWall: wallNow),
      nextPhase(
        startingAt: wallNow, waits: true) == nil
    else { return nil }
    return max(0, wallNow.timeIntervalSince1970 - endsAt)
  }

  /// Running, with an end still to ring (at `endsAt`).
  public var isPending: Bool { endsAt != nil && rungAt == nil }

  /// A countdown on `clock` that continues from here.
  public func restored(at now: ContinuousClock.Instant, wallNow: Date) throws -> Countdown<
    ContinuousClock.Instant
  > {
    try Countdown(
      duration: StoredNumbers.milliseconds(duration),
      remaining: StoredNumbers.milliseconds(remaining(atWall: wallNow)),
      running: endsAt != nil, at: now, length: length.map(StoredNumbers.milliseconds))
  }

  /// What makes no sense in it, or nil.
  public func problem() -> String? {
    guard TimerStore.validName(name) else { return "the name is not a timer name" }
    if let problem = StoredNumbers.spanProblem(duration, "duration") { return problem }
    if let length, let problem = StoredNumbers.spanProblem(length, "length") { return problem }
    guard duration > 0 else { return "duration is 0" }
    if let endsAt, let problem = StoredNumbers.wallTimeProblem(endsAt, "endsAt") { return problem }
    if let rungAt, let problem = StoredNumbers.wallTimeProblem(rungAt, "rungAt") { return problem }
    if let sequence {
      if let problem = sequence.problem() { return "sequence: \(problem)" }
      guard let step, sequence.step(step) != nil else {
        return "step is not a step of its sequence"
      }
    }
    if let left = remainingWhenPaused {
      if let problem = StoredNumbers.spanProblem(left, "remainingWhenPaused") { return problem }
      guard left <= duration else { return "remainingWhenPaused is more than the duration" }
    }
    return nil
  }

  /// "finished at 14:32:05, 3 min ago".
  public func finishedDescription(wallNow: Date, zone: Zone) -> String {
    let end = Date(timeIntervalSince1970: endsAt ?? wallNow.timeIntervalSince1970)
    let ago = max(0, wallNow.timeIntervalSince(end))
    return "finished at \(ClockText.time(end, in: zone)), \(StoredStopwatch.describe(ago)) ago"
  }
}

extension StoredTimer {
  /// The next phase of its sequence, as it starts at `start` (right at this one's end, or when
  /// `timer --next` starts it): running, or waiting when the sequence is manual and not told.
  /// `nil` after the last phase.
  public func nextPhase(startingAt start: Date, waits: Bool) -> StoredTimer? {
    guard let sequence, let step, let next = sequence.step(step + 1) else { return nil }
    var timer = self
    timer.step = step + 1
    timer.duration = next.phase.seconds
    timer.length = nil
    timer.rungAt = nil
    timer.started = waits ? nil : start.timeIntervalSince1970
    if waits {
      timer.endsAt = nil
      timer.remainingWhenPaused = next.phase.seconds
    } else {
      timer.endsAt = start.timeIntervalSince1970 + next.phase.seconds
      timer.remainingWhenPaused = nil
    }
    return timer
  }

  /// This timer as rung at `now`, its end passed, and the phase of its sequence that follows:
  /// started from the end itself (exact, however late the ring), or waiting in a manual
  /// sequence; `nil` after the last.
  public func rung(at now: Date) -> (timer: StoredTimer, next: StoredTimer?) {
    var rung = self
    rung.rungAt = now.timeIntervalSince1970
    let end = Date(timeIntervalSince1970: endsAt ?? now.timeIntervalSince1970)
    return (rung, nextPhase(startingAt: end, waits: manual == true))
  }

  /// A manual sequence's next phase, waiting to be started (`timer --next`, or n in its window).
  public var waitsToStart: Bool {
    manual == true && (step ?? 0) > 0 && endsAt == nil && rungAt == nil
      && remainingWhenPaused == duration
  }

  /// "work 2/4" for a list or a status line.
  public var phaseLabel: String? { step.flatMap { sequence?.label(step: $0) } }
}
