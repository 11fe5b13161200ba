import FoundationEssentials

/// A plain-text table of laps, newest first, with the best and worst marked once there are three.
///
/// ```swift
/// let clock = ContinuousClock()
/// var watch = Stopwatch<ContinuousClock.Instant>()
/// try watch.start(at: clock.now)
/// print(LapTable.render(watch.laps, total: watch.elapsed(at: clock.now)))
/// // lap  split     total
/// //   3  00:01.20  00:05.40  best
/// //   …
/// ```
public enum LapTable {
  /// Laps needed before best and worst are marked (with two, one is always "worst").
  public static let lapsBeforeMarking = 3

  /// The laps as a table, newest first, best and worst marked once there are three, and the total under it.
  public static func render(_ laps: [Lap], total: Duration) -> String {
    var lines: [String] = []
    if laps.isEmpty {
      lines.append("no laps")
    } else {
      let marks = self.marks(for: laps)
      let width = max(3, String(laps.count).count)
      let splitWidth = laps.map { StopwatchFormat.string($0.split).count }.max() ?? 8
      let totalWidth = laps.map { StopwatchFormat.string($0.total).count }.max() ?? 8
      lines.append(
        "lap".leftPadded(to: width) + "  " + "split".padded(to: splitWidth) + "  "
          + "total")
      for lap in laps.reversed() {
        var row =
          String(lap.number).leftPadded(to: width) + "  "
          + StopwatchFormat.string(lap.split).leftPadded(to: splitWidth) + "  "
          + StopwatchFormat.string(lap.total).leftPadded(to: totalWidth)
        if let mark = marks[lap.number] { row += "  " + mark }
        lines.append(row)
      }
    }
    lines.append("total \(StopwatchFormat.string(total))")
    return lines.joined(separator: "\n")
  }

  /// A mark of ``marks(for:)`` ("best" or "worst", as exports write it) in the reader's
  /// language, for a screen.
  public static func markName(_ mark: String) -> String {
    mark == "best" ? tr("best") : tr("worst")
  }

  /// "best" and "worst" by lap number, once there are enough laps; ties go to the earliest.
  public static func marks(for laps: [Lap]) -> [Int: String] {
    guard laps.count >= lapsBeforeMarking,
      let best = laps.min(by: { $0.split < $1.split }),
      let worst = laps.max(by: { $0.split < $1.split }),
      best.split != worst.split
    else { return [:] }
    return [best.number: "best", worst.number: "worst"]
  }
}

extension String {
  /// The string with spaces after it to `width` characters.
  public func padded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  /// The string with spaces before it to `width` characters.
  public func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
