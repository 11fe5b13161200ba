import ClockworkCore
import FoundationEssentials

/// A countdown as saved between runs: its length and, while running, the wall time it ends;
/// while paused, the time it had left.
///
/// ```swift
/// let stored = StoredTimer(countdown, name: "tea", at: clock.now, wallNow: Date())
/// stored.remaining(atWall: Date())
/// ```
public struct StoredTimer: Codable, Hashable, Sendable {
  public var name: String
  /// Seconds.
  public var duration: Double
  /// Wall time (seconds since 1970) it ends, while running.
  public var endsAt: Double?
  /// Seconds left, while paused.
  public var remainingWhenPaused: Double?

  public init(_ countdown: Countdown<ContinuousClock.Instant>, name: String, at now: ContinuousClock.Instant, wallNow: Date) {
    self.name = name
    duration = countdown.duration / .seconds(1)
    let left = countdown.remaining(at: now) / .seconds(1)
    if countdown.isRunning {
      endsAt = wallNow.timeIntervalSince1970 + left
      remainingWhenPaused = nil
    } else {
      endsAt = nil
      remainingWhenPaused = left
    }
  }

  public func remaining(atWall wallNow: Date) -> Double {
    if let endsAt { return max(0, endsAt - wallNow.timeIntervalSince1970) }
    return remainingWhenPaused ?? duration
  }

  public func isFinished(atWall wallNow: Date) -> Bool { remaining(atWall: wallNow) <= 0 }

  /// A countdown on `clock` that continues from here.
  public func restored(at now: ContinuousClock.Instant, wallNow: Date) throws -> Countdown<ContinuousClock.Instant> {
    try Countdown(
      duration: .milliseconds(Int64((duration * 1000).rounded())),
      remaining: .milliseconds(Int64((remaining(atWall: wallNow) * 1000).rounded())), running: endsAt != nil, at: now)
  }

  /// "finished at 14:32:05, 3 min ago".
  public func finishedDescription(wallNow: Date, zone: Zone) -> String {
    let end = Date(timeIntervalSince1970: endsAt ?? wallNow.timeIntervalSince1970)
    let ago = max(0, wallNow.timeIntervalSince(end))
    return "finished at \(ClockText.time(end, in: zone)), \(StoredStopwatch.describe(ago)) ago"
  }
}
