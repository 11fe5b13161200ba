import ClockworkCore
import ClockworkLive
import ClockworkState
import FoundationEssentials

/// The stopwatch's state and keys, whatever it is drawn on.
public final class StopwatchControl {
  /// The runner's clock's instants.
  public typealias Instant = ContinuousClock.Instant
  /// The stopwatch: whether it runs, its time and its laps.
  public private(set) var watch: Stopwatch<Instant>
  let store: StopwatchStore?
  /// Notes from resuming (a moved-aside file, a clock that went back, a read-only view).
  let notes: [String]
  /// What the last key did not do, and why.
  public private(set) var message: String?

  /// How to take a read-only stopwatch over, in the caller's words.
  let readOnlyHint: String?

  /// The state for `watch`, saved to `store` when there is one; `notes` from resuming are shown
  /// first.
  public init(
    watch: Stopwatch<Instant>, store: StopwatchStore?, notes: [String], readOnlyHint: String? = nil
  ) {
    self.watch = watch
    self.store = store
    self.notes = notes
    self.readOnlyHint = readOnlyHint
  }

  /// Space starts and stops, l or Enter takes a lap, r resets when stopped, q quits.
  public func handle(_ key: Key, at moment: Moment<Instant>) -> LiveAction {
    let now = moment.instant
    let before = message
    message = nil
    if case .character(let c) = key, "qQ".contains(c) { return .quit(ExitStatus.success) }
    if key == .escape { return .quit(ExitStatus.success) }
    if key == .controlC { return .quit(ExitStatus.interrupted) }
    guard store?.readOnly != true else {
      guard Self.commands.contains(key) else { return before == nil ? .keepGoing : .redraw }
      message =
        tr("read-only: another clockwork owns this stopwatch")
        + (readOnlyHint.map { " (\($0))" } ?? "")
      return .redraw
    }
    switch key {
    case .space:
      switch watch.phase {
      case .idle: try? watch.start(at: now)
      case .running: try? watch.pause(at: now)
      case .paused: try? watch.resume(at: now)
      }
    case .character("l"), .character("L"), .enter:
      if (try? watch.lap(at: now)) == nil {
        message = tr("laps are taken while running (Space starts)")
      }
    case .character("r"), .character("R"):
      if (try? watch.reset()) == nil {
        message = watch.phase == .running ? tr("stop first (Space), then r resets") : nil
      }
    default: return before == nil ? .keepGoing : .redraw
    }
    store?.save(watch, at: now, wallNow: moment.wall)
    return .redraw
  }

  static let commands: Set<Key> = [
    .space, .enter, .character("l"), .character("L"), .character("r"), .character("R"),
  ]

  /// A read-only view follows the owner's file.
  public func tick(at moment: Moment<Instant>) -> LiveAction {
    guard let store, store.readOnly else { return .keepGoing }
    let (watch, _) = store.resume(at: moment.instant, wallNow: moment.wall)
    guard watch != self.watch else { return .keepGoing }
    self.watch = watch
    return .redraw
  }

  /// The keys, for the bottom line of a screen or window.
  public static let help = tr("Space start/stop") + otherKeys

  /// The keys of a read-only view: it follows the owner's.
  public static let readOnlyHelp = tr(
    "q quit (the stopwatch is another clockwork's; --take takes it)")

  /// The keys after Space's.
  static let otherKeys =
    "  " + tr("l/Enter lap") + "  " + tr("r reset (stopped)") + "  " + tr("q quit")

  /// The keys as they are now: "Space start" (green) while stopped, "Space stop" (red) while
  /// running, first, as the design's two buttons; then the others. None in a read-only view,
  /// where only q does anything (its line says so).
  public var keyHints: (startStop: String, running: Bool, rest: String)? {
    guard store?.readOnly != true else { return nil }
    let running = watch.phase == .running
    return (running ? tr("Space stop") : tr("Space start"), running, Self.otherKeys)
  }

  /// "running", "stopped" or "ready".
  public var state: String {
    watch.phase == .running ? tr("running") : watch.phase == .paused ? tr("stopped") : tr("ready")
  }

  /// A save that failed, or the last note from resuming.
  public var warning: String? { store?.saveError ?? notes.last }

  /// Running: the next frame on the 1/fps grid of the stopwatch's own elapsed time (frames
  /// align with its readings, not the wall clock). Stopped: nothing changes, but a read-only
  /// view looks at the owner's file once a second.
  public func nextChange(after now: Instant, fps: Double) -> Instant? {
    if store?.readOnly == true, watch.phase != .running { return now.advanced(by: .seconds(1)) }
    guard case .running(let since, let banked) = watch.state else { return nil }
    let elapsed = banked + since.duration(to: now)
    return since.advanced(
      by: WallSeconds.nextMultiple(of: .seconds(1 / fps), after: elapsed) - banked)
  }
}
