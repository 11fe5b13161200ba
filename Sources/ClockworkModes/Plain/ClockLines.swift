import ClockworkCore
import ClockworkLive

/// `clockwork clock --plain`: one line per second, written just after the wall-clock boundary.
public final class ClockLines: PlainLines {
  /// The runner's clock's instants.
  public typealias Instant = ContinuousClock.Instant
  let zones: [Zone]
  let count: Int?
  var written = 1

  /// - Parameter count: stop after this many lines (`nil`: until interrupted).
  public init(zones: [Zone], count: Int?) {
    self.zones = zones
    self.count = count
  }

  /// The zones' times as one line, and the next second's turn.
  public func frame(at moment: Moment<Instant>, on canvas: Void) -> Planned<String?, Instant> {
    let line = zones.map { ClockText.line(moment.wall, in: $0) }.joined(separator: "  ")
    return Planned(
      line, next: moment.instant.advanced(by: WallSeconds.delayToNextSecond(after: moment.wall)))
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
