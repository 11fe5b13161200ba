import ClockworkAlerts
import ClockworkCore
import ClockworkState
import ClockworkSystem
import FoundationEssentials

/// `clockwork timer --list`: each saved timer and what it has left.
public enum TimerList {
  /// The timers `found` as a table at `wallNow`, then the warnings about files that could not be
  /// read.
  public static func render(_ found: (timers: [StoredTimer], warnings: [String]), wallNow: Date)
    -> String
  {
    for warning in found.warnings { StandardOutput.error(warning) }
    guard !found.timers.isEmpty else { return "no timers" }
    let width = max(5, found.timers.map(\.name.count).max() ?? 5)
    return found.timers.map { timer in
      let left = timer.remaining(atWall: wallNow)
      let state: String
      if let over = timer.overtime(atWall: wallNow) {
        let end = Date(timeIntervalSince1970: timer.endsAt ?? 0)
        state =
          "\(CountdownFormat.over(.seconds(over))) since \(ClockText.line(end, in: .local))"
      } else if left <= 0 {
        state = timer.finishedDescription(wallNow: wallNow, zone: .local)
      } else {
        let text = CountdownFormat.string(.milliseconds(Int64(left * 1000)))
        state = timer.endsAt == nil ? "\(text) left, paused" : "\(text) left"
      }
      let phase = timer.phaseLabel.map { ", \($0)" } ?? ""
      // A count-up (`--since`) has no length to speak of.
      let length =
        timer.duration < 1
        ? "" : CountdownFormat.string(.milliseconds(Int64(timer.duration * 1000)))
      return timer.name.padded(to: width) + "  " + state
        + (length.isEmpty ? "" : "  (of \(length)\(phase))")
    }.joined(separator: "\n")
  }
}
