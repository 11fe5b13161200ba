import ClockworkAlerts
import ClockworkCore
import ClockworkLive
import ClockworkState
import ClockworkSystem
import FoundationEssentials

/// `clockwork timer --plain`: the remaining time each time it drops a second, the alert at zero;
/// in a sequence, a line at each phase's end and the next phase's time; with `--overtime`, the
/// time past the end (`+0:01`) each second until stopped.
public final class TimerLines: PlainLines {
  /// The runner's clock's instants.
  public typealias Instant = ContinuousClock.Instant
  var countdown: Countdown<Instant>
  let persistence: TimerPersistence?
  let alert: TimerAlert
  /// The end, once rung, when it counts on past it.
  var overtimeSince: Instant?
  /// Says the time left at its moments, each phase's name and the end (`--speak`).
  public var speech: TimerSpeech?

  /// Lines for `countdown`, saved by `persistence` and rung by `alert` at zero.
  /// - Parameters:
  ///   - countdown: the countdown.
  ///   - persistence: what saves it.
  ///   - alert: what rings its end.
  public init(countdown: Countdown<Instant>, persistence: TimerPersistence?, alert: TimerAlert) {
    self.countdown = countdown
    self.persistence = persistence
    var alert = alert
    alert.waitsForExec = true
    self.alert = alert
  }

  /// The time left as a line, and when it next changes.
  public func frame(at moment: Moment<Instant>, on canvas: Void) -> Planned<String?, Instant> {
    let now = moment.instant
    if let since = overtimeSince {
      let whole = max(.zero, since.duration(to: now)).components.seconds
      let line = whole < 1 ? nil : CountdownFormat.over(.seconds(whole))
      return Planned(line, next: since.advanced(by: .seconds(whole + 1)))
    }
    let next = countdown.isFinished(at: now) ? nil : Self.nextWholeSecond(of: countdown, after: now)
    return Planned(CountdownFormat.string(countdown.remaining(at: now)), next: next)
  }

  /// Rings at zero and ends the run (or counts on past the end, until stopped).
  public func tick(at moment: Moment<Instant>) -> LiveAction {
    guard overtimeSince == nil else { return .keepGoing }
    guard countdown.isFinished(at: moment.instant) else {
      speech?.timeLeft(countdown.remaining(at: moment.instant))
      return .keepGoing
    }
    let unsaved = persistence?.saveError
    let claim = persistence?.claimEnd(wallNow: moment.wall) ?? .init(ours: true)
    if unsaved == nil, let problem = persistence?.saveError {
      StandardOutput.error("warning: timer '\(alert.name)': \(problem); it goes on with this run")
    }
    var alert = alert
    alert.phase = claim.phaseEnd
    if claim.ours {
      for problem in alert.ring(
        duration: countdown.duration, endedAt: moment.wall, on: .lines, now: moment.wall
      ).problems {
        StandardOutput.error("clockwork: \(problem)")
      }
    }
    speech?.ended(claim.phaseEnd, name: alert.name)
    if let phaseEnd = claim.phaseEnd {
      StandardOutput.line(
        alert.texts(duration: countdown.duration, endedAt: moment.wall, now: moment.wall).summary
          + " (round \(phaseEnd.round)/\(phaseEnd.rounds))")
    }
    // A next phase that waits is started by `timer --next`, with no window.
    guard !claim.nextWaits, let following = claim.following(countdown) else {
      if !claim.nextWaits, persistence?.overtime == true, let end = countdown.finishInstant {
        overtimeSince = end
        return .redraw
      }
      return .quit(ExitStatus.success)
    }
    countdown = following
    return .redraw
  }

  /// Lines for a timer launched (``Timers/launch(_:_:choices:now:)``): counting on from its end
  /// where it does so.
  public convenience init(_ launched: Timers.Launched) {
    self.init(
      countdown: launched.countdown, persistence: launched.persistence, alert: launched.alert)
    if let end = launched.countingOn {
      countOn(since: end, at: Moment(instant: launched.at.instant, wall: launched.at.wall))
    }
  }

  /// Counts on from `end`, an end that came before this run (rung already: not rung again):
  /// a timer in overtime returned to, or `timer --since`.
  public func countOn(since end: Date, at moment: Moment<Instant>) {
    overtimeSince = moment.instant.advanced(by: .seconds(end.timeIntervalSince(moment.wall)))
  }

  /// Follows the timer as another command left it: the next line is its time left now; a
  /// paused one prints nothing until resumed; cancelled, the run ends (130) and says so.
  public func outsideChange(at moment: Moment<Instant>) -> LiveAction {
    switch persistence?.outsideChange(wallNow: moment.wall) {
    case nil: return .keepGoing
    case .removed:
      StandardOutput.error("clockwork: timer '\(alert.name)' was cancelled by another clockwork")
      return .quit(ExitStatus.interrupted)
    case .changed(let timer):
      guard overtimeSince == nil,
        let restored = try? timer.restored(at: moment.instant, wallNow: moment.wall)
      else { return .keepGoing }
      countdown = restored
      return .redraw
    }
  }

  /// The instant the reading next drops to a whole second (the finish, at the last).
  static func nextWholeSecond(of countdown: Countdown<Instant>, after now: Instant) -> Instant? {
    guard let finish = countdown.finishInstant else { return nil }
    let left = countdown.remaining(at: now) / .seconds(1)
    let nextReading = max(0, left.rounded(.up) - 1)
    return finish.advanced(by: .seconds(-nextReading))
  }
}
