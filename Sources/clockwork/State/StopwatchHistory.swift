import ClockworkCore
import ClockworkState
import FoundationEssentials

/// `clockwork stopwatch --history`: past sessions, oldest first, each with its lap table.
enum StopwatchHistory {
  static func render(_ sessions: [(url: URL, stored: StoredStopwatch)], zone: Zone) -> String {
    guard !sessions.isEmpty else { return "no past stopwatches (clockwork stopwatch --new archives the current one)" }
    return sessions.enumerated().map { index, session in
      let started = session.stored.started.map { ClockText.line(Date(timeIntervalSince1970: $0), in: zone) } ?? "unknown start"
      let (watch, _) = session.stored.restored(at: ContinuousClock().now, wallNow: Date(timeIntervalSince1970: session.stored.anchor))
      let total = watch.elapsed(at: ContinuousClock().now)
      return "#\(index + 1)  started \(started)  (\(session.url.lastPathComponent))\n" + LapTable.render(watch.laps, total: total)
    }.joined(separator: "\n\n")
  }
}
