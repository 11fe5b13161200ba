import ClockworkAlerts
import ClockworkCore
import ClockworkLive
import ClockworkScene
import ClockworkState
import ClockworkWidgets
import FoundationEssentials

/// The timer's state and keys, whatever it is drawn on: the countdown, its saving, its end,
/// and the scene of the ring, the pulse and the backdrop.
public final class TimerControl {
  /// The runner's clock's instants.
  public typealias Instant = ContinuousClock.Instant
  /// The countdown: how long, and when it started or was paused.
  public private(set) var countdown: Countdown<Instant>
  /// Scene time 0: the animations' clock.
  let origin: Instant
  let pulse: Bool
  /// Frames a second while the pulse or the backdrop moves.
  public let fps: Double
  let wait: Bool
  /// Flash at the end until a key (`--blink`; it implies waiting).
  let blink: Bool
  let alert: TimerAlert
  let persistence: TimerPersistence?
  /// The ring, its arc and label and pulse.
  public let ring: CountdownRing
  /// The gradient behind the ring; `nil` with `--no-backdrop`.
  public let backdrop: GradientBackdrop?
  /// The backdrop and the ring in its middle, the size of the surface's shape.
  public let scene = Layer()
  /// When the countdown reached zero, on the wall clock; `nil` before.
  public private(set) var finishedAt: Date?
  /// A sequence's next phase that waits for n (`--manual`).
  public private(set) var waiting: PhaseSequence.Phase?
  /// What went wrong ringing the end (no notification service), for the status line.
  public private(set) var alertProblem: String?
  /// Says the time left at its moments, each phase's name, the end, and on `?` all that is
  /// left (`--speak`).
  public var speech: TimerSpeech?
  /// Why the last key did nothing, until the next key.
  public private(set) var refusal: String?
  /// Whether the alert goes to a terminal on standard output (OSC notifications) or, from a
  /// window or plain lines, as the bell where a person will hear it.
  let alertsTerminal: Bool
  /// After the last end, count on past zero (`+0:42`) until q (`--overtime`).
  let overtime: Bool
  /// The end counted on from, when it came before this run (a timer returned to, `--since`).
  var overtimeEnd: Instant?

  /// The timer's state for `countdown` from `start`: saved by `persistence`, rung by `alert`.
  public init(
    countdown: Countdown<Instant>, at start: Moment<Instant>, persistence: TimerPersistence?,
    pulse: Bool, backdrop: Bool,
    fps: Double, wait: Bool, blink: Bool = false, alert: TimerAlert,
    ringStyle: CountdownRing.Style = .init(), alertsTerminal: Bool
  ) {
    self.countdown = countdown
    self.persistence = persistence
    origin = start.instant
    self.pulse = pulse
    self.fps = fps
    overtime = persistence?.overtime ?? false
    self.wait = wait || blink || overtime
    self.blink = blink
    self.alert = alert
    self.alertsTerminal = alertsTerminal
    ring = CountdownRing(size: 200, style: ringStyle)
    // Over the backdrop, or a window's or terminal's dark background (a light terminal says so).
    ring.labelBackground = backdrop ? GradientBackdrop.defaultColors[1] : .black
    scene.frame = Rect(x: 0, y: 0, width: 200, height: 200)
    self.backdrop = backdrop ? GradientBackdrop(size: Size(width: 200, height: 200)) : nil
    if let layer = self.backdrop?.layer { scene.addSublayer(layer) }
    scene.addSublayer(ring.layer)
    self.backdrop?.start(at: 0)
    updatePulse(at: start.instant)
  }

  /// The timer's state for a timer launched (``Timers/launch(_:_:choices:now:)``): counting
  /// on from its end where it does so.
  public convenience init(
    _ launched: Timers.Launched, pulse: Bool, backdrop: Bool, fps: Double, wait: Bool,
    blink: Bool = false, ringStyle: CountdownRing.Style = .init(), alertsTerminal: Bool
  ) {
    let start = Moment(instant: launched.at.instant, wall: launched.at.wall)
    self.init(
      countdown: launched.countdown, at: start, persistence: launched.persistence, pulse: pulse,
      backdrop: backdrop, fps: fps, wait: wait, blink: blink, alert: launched.alert,
      ringStyle: ringStyle, alertsTerminal: alertsTerminal)
    if let end = launched.countingOn { countOn(since: end, at: start) }
  }

  /// Scene time: seconds since the mode started.
  public func sceneTime(at instant: Instant) -> Double {
    origin.duration(to: instant) / .seconds(1)
  }

  func updatePulse(at now: Instant) {
    ring.setPulsing(
      pulse && countdown.isRunning && !countdown.isFinished(at: now), at: sceneTime(at: now))
  }

  /// Space pauses and resumes, r (or a click, the design's tap) restarts, + and - add or remove a minute, q quits. Removing
  /// time never ends a timer: with a minute or less left, - does nothing and says so.
  public func handle(_ key: Key, at moment: Moment<Instant>) -> LiveAction {
    let now = moment.instant
    let refused = refusal
    refusal = nil
    switch key {
    case .character("q"), .character("Q"), .escape, .controlC:
      return .quit(finishedAt == nil ? ExitStatus.interrupted : ExitStatus.success)
    case .space where waiting != nil:
      return nextPhase(at: moment)
    case .space:
      if countdown.isRunning { countdown.pause(at: now) } else { countdown.resume(at: now) }
    case .character("r"), .character("R"), .click, .clickAt:
      restart(at: moment)
      return .redraw
    case .character("n"), .character("N"):
      return nextPhase(at: moment)
    case .character("?"):
      guard let speech else {
        refusal = tr("? says the time left aloud, with --speak")
        return .redraw
      }
      speech.whatIsLeft(countdown.remaining(at: now))
      return .keepGoing
    case .character("+"), .character("="):
      countdown.add(.seconds(60), at: now)
      if !countdown.isFinished(at: now) { finishedAt = nil }
    case .character("-"), .character("_"):
      guard countdown.remaining(at: now) > .seconds(60) else {
        refusal = tr("a minute or less left: - never ends a timer (q stops it)")
        return .redraw
      }
      countdown.add(.seconds(-60), at: now)
    default: return refused == nil ? .keepGoing : .redraw
    }
    persistence?.save(countdown, at: now, wallNow: moment.wall)
    updatePulse(at: now)
    let finished = checkFinished(at: moment)
    return finished == .keepGoing ? .redraw : finished
  }

  /// Shows the timer as another command left it (`timer --pause`, `--add`, `--next` from a
  /// panel or a script): changed within a frame, rung at its new end; cancelled, the run ends
  /// as q before the end does (130) and says why.
  public func followOutsideChange(at moment: Moment<Instant>) -> LiveAction {
    switch persistence?.outsideChange(wallNow: moment.wall) {
    case nil: return .keepGoing
    case .removed:
      refusal = tr("cancelled by another clockwork")
      cancelledElsewhere = true
      return .quit(finishedAt == nil ? ExitStatus.interrupted : ExitStatus.success)
    case .changed(let timer):
      guard let restored = try? timer.restored(at: moment.instant, wallNow: moment.wall) else {
        return .keepGoing
      }
      countdown = restored
      waiting = timer.waitsToStart ? persistence?.sequence?.step(timer.step ?? 0)?.phase : nil
      if !timer.isFinished(atWall: moment.wall) { (finishedAt, overtimeEnd) = (nil, nil) }
      updatePulse(at: moment.instant)
      let finished = checkFinished(at: moment)
      return finished == .keepGoing ? .redraw : finished
    }
  }

  /// The timer was cancelled by another command while shown.
  public private(set) var cancelledElsewhere = false

  /// Starts the countdown again from its full length.
  public func restart(at moment: Moment<Instant>) {
    countdown.restart(at: moment.instant)
    (finishedAt, overtimeEnd) = (nil, nil)
    persistence?.save(countdown, at: moment.instant, wallNow: moment.wall)
    updatePulse(at: moment.instant)
  }

  /// Moves the pulse on to `moment`, and at zero rings, starts the next phase or ends the run.
  public func tick(at moment: Moment<Instant>) -> LiveAction {
    updatePulse(at: moment.instant)
    if countdown.isRunning, !countdown.isFinished(at: moment.instant) {
      speech?.timeLeft(countdown.remaining(at: moment.instant))
    }
    return checkFinished(at: moment)
  }

  /// At zero: the alert, once per run; then quit with 0 unless told to wait. In a sequence, the
  /// next phase starts from the end itself (or waits for n), until the last.
  func checkFinished(at moment: Moment<Instant>) -> LiveAction {
    guard countdown.isFinished(at: moment.instant), finishedAt == nil, waiting == nil else {
      return .keepGoing
    }
    let claim = persistence?.claimEnd(wallNow: moment.wall) ?? .init(ours: true)
    if claim.ours {
      var alert = alert
      alert.phase = claim.phaseEnd
      alertProblem =
        alert.ring(
          duration: countdown.duration, endedAt: moment.wall, on: alertsTerminal ? .screen : .lines,
          now: moment.wall
        ).problems.first
    }
    speech?.ended(claim.phaseEnd, name: alert.name)
    if let following = claim.following(countdown) {
      if claim.nextWaits { waiting = claim.next }
      countdown = following
      updatePulse(at: moment.instant)
      return .redraw
    }
    finishedAt = moment.wall
    updatePulse(at: moment.instant)
    return wait ? .redraw : .quit(ExitStatus.success)
  }

  /// n: the next phase of a sequence, now (a phase that waits starts; a running one is cut
  /// short, unrung). The last phase has none.
  func nextPhase(at moment: Moment<Instant>) -> LiveAction {
    guard let persistence, persistence.sequence != nil else {
      refusal = tr("n goes to a sequence's next phase; this timer has one phase")
      return .redraw
    }
    if waiting != nil {
      waiting = nil
      countdown.start(at: moment.instant)
    } else {
      guard let next = persistence.advance(wallNow: moment.wall),
        var following = try? Countdown<Instant>(duration: next.duration)
      else {
        refusal = tr("this is the last phase")
        return .redraw
      }
      following.start(at: moment.instant)
      countdown = following
    }
    persistence.save(countdown, at: moment.instant, wallNow: moment.wall)
    updatePulse(at: moment.instant)
    return .redraw
  }

  /// Past the last end, counting on (`--overtime`): the time since the end; else `nil`.
  public func overtime(at now: Instant) -> Duration? {
    guard overtime, finishedAt != nil, let end = overtimeEnd ?? countdown.finishInstant else {
      return nil
    }
    return max(.zero, end.duration(to: now))
  }

  /// Counts on from `end`, an end that came before this run (rung already: not rung again):
  /// a timer in overtime returned to, or `timer --since`.
  public func countOn(since end: Date, at moment: Moment<Instant>) {
    guard overtime else { return }
    finishedAt = end
    overtimeEnd = moment.instant.advanced(by: .seconds(end.timeIntervalSince(moment.wall)))
    updatePulse(at: moment.instant)
  }

  /// Ends a count past the end as its screen closes (q): the timer is forgotten, done.
  public func endOvertime() {
    guard overtime, finishedAt != nil else { return }
    persistence?.finished()
  }

  /// The timer's name (`timer` unless named).
  public var name: String { alert.name }

  /// How times of day are written.
  public var hours: HourCycle { alert.hours }

  /// After the end, where the ring flashes (a window; a terminal with `--blink`): whether it
  /// is dimmed this moment (off every other quarter second).
  public func isDimmedByFlash(at wall: Date) -> Bool {
    guard let finishedAt else { return false }
    return Int(wall.timeIntervalSince(finishedAt) * 4) % 2 == 1
  }

  /// Why the timer could not be saved; `nil` when it was.
  public var saveError: String? { persistence?.saveError }

  /// Shows the ring at `now` and lays the scene out for a surface of `shape` (width over
  /// height): the backdrop fills it, the ring stays a 200-unit square in the middle.
  public func show(at now: Instant, shape: Double) {
    if let over = overtime(at: now) {
      ring.show(overtime: over)
    } else {
      ring.show(remaining: countdown.remaining(at: now), progress: countdown.progress(at: now))
    }
    let size = Size(width: max(200, 200 * shape), height: max(200, 200 / shape))
    guard size != scene.bounds.size else { return }
    scene.frame = Rect(origin: .zero, size: size)
    backdrop?.resize(to: size)
    ring.layer.position = Point(x: size.width / 2, y: size.height / 2)
  }
}
