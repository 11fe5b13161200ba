import ClockworkCore
import ClockworkState
import FoundationEssentials

/// `clockwork stopwatch --history`: past sessions, oldest first, each with its lap table.
public enum StopwatchHistory {
  /// One past stopwatch session.
  public struct Session {
    /// 1 for the oldest, as listed.
    public var number: Int
    /// The archived file it was read from.
    public var file: String
    /// The stopwatch's name; `nil`: the one with no name.
    public var name: String?
    /// When it first started, on the wall clock; `nil` when unknown.
    public var started: Date?
    /// When it was last stopped, on the wall clock; `nil` when unknown.
    public var ended: Date?
    /// Its laps, oldest first.
    public var laps: [Lap]
    /// Its time in all.
    public var total: Duration
  }

  /// The sessions in `archived`, oldest first, numbered from 1.
  public static func sessions(_ archived: [(url: URL, stored: StoredStopwatch)]) -> [Session] {
    let now = ContinuousClock().now
    return archived.enumerated().map { index, session in
      let stored = session.stored
      // Sessions archived before `ended` was kept stopped at their last save.
      let end = Date(timeIntervalSince1970: stored.ended ?? stored.anchor)
      let (watch, _) = stored.restored(at: now, wallNow: end)
      return Session(
        number: index + 1, file: session.url.lastPathComponent, name: stored.name,
        started: stored.started.map { Date(timeIntervalSince1970: $0) },
        ended: stored.ended.map { Date(timeIntervalSince1970: $0) },
        laps: watch.laps, total: watch.elapsed(at: now))
    }
  }

  /// The sessions as text, their times in `zone`: a heading and a lap table each.
  public static func render(_ sessions: [Session], zone: Zone) -> String {
    guard !sessions.isEmpty else {
      return "no past stopwatches (clockwork stopwatch --new archives the current one)"
    }
    return sessions.map { session in
      let started = session.started.map { ClockText.line($0, in: zone) } ?? "unknown start"
      let ended = session.ended.map { "  ended \(ClockText.line($0, in: zone))" } ?? ""
      let name = session.name.map { "  '\($0)'" } ?? ""
      return "#\(session.number)\(name)  started \(started)\(ended)  (\(session.file))\n"
        + LapTable.render(session.laps, total: session.total)
    }.joined(separator: "\n\n")
  }
}
