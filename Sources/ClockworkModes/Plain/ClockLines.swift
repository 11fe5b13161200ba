import ClockworkCore
import ClockworkLive
import ClockworkSystem
import FoundationEssentials

/// `clockwork clock --plain`: one line per second, written just after the wall-clock boundary.
public final class ClockLines: PlainLines {
  /// The runner's clock's instants.
  public typealias Instant = ContinuousClock.Instant
  let zones: [Zone]
  let count: Int?
  /// Each line says whether the system clock is synchronised (`--sync`).
  let sync: Bool
  var written = 1

  /// - Parameters:
  ///   - zones: the zones, a time each on every line.
  ///   - count: stop after this many lines (`nil`: until interrupted).
  ///   - sync: end each line with whether the system clock is synchronised.
  public init(zones: [Zone], count: Int?, sync: Bool = false) {
    self.zones = zones
    self.count = count
    self.sync = sync
  }

  /// The zones' times at `wall` as one line, and with `sync` whether the clock is right.
  public static func line(_ wall: Date, zones: [Zone], sync: Bool) -> String {
    let times = zones.map { ClockText.line(wall, in: $0) }.joined(separator: "  ")
    guard sync else { return times }
    return times + "  (" + (ClockSync.read()?.summary ?? "synchronisation unknown") + ")"
  }

  /// The zones' times as one line, and the next second's turn.
  public func frame(at moment: Moment<Instant>, on canvas: Void) -> Planned<String?, Instant> {
    Planned(
      Self.line(moment.wall, zones: zones, sync: sync),
      next: moment.instant.advanced(by: WallSeconds.delayToNextSecond(after: moment.wall)))
  }

  /// Ends the run when `count` lines are written.
  public func started(at moment: Moment<Instant>) -> LiveAction { enough }

  /// Counts the line written; ends the run at `count`.
  public func tick(at moment: Moment<Instant>) -> LiveAction {
    written += 1
    return enough
  }

  var enough: LiveAction {
    guard let count, written >= count else { return .keepGoing }
    return .quit(ExitStatus.success)
  }
}
