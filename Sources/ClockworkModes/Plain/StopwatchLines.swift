import ClockworkCore
import ClockworkLive
import ClockworkState
import ClockworkSystem

/// `clockwork stopwatch --plain`: the elapsed time on each of the stopwatch's own whole
/// seconds, a lap for each line of input; the end of input (or a signal) stops it.
public final class StopwatchLines: PlainLines {
  /// The runner's clock's instants.
  public typealias Instant = ContinuousClock.Instant
  /// The stopwatch: whether it runs, its time and its laps.
  public private(set) var watch: Stopwatch<Instant>
  let store: StopwatchStore?
  let write: (String) -> Void
  /// Warnings, on standard error: laps a read-only stopwatch cannot take, saves that failed.
  let warn: (String) -> Void
  /// How to take a read-only stopwatch over, in the caller's words.
  let readOnlyHint: String?
  private var saveErrorSaid: String?
  private var startLine: Instant?

  /// Starts (or resumes) `watch` at `start` and saves it; a stopwatch another process owns
  /// (read-only) is shown as it runs there.
  public init(
    watch: Stopwatch<Instant>, store: StopwatchStore?, at start: Moment<Instant>,
    readOnlyHint: String? = nil,
    write: @escaping (String) -> Void = StandardOutput.line,
    warn: @escaping (String) -> Void = StandardOutput.error
  ) {
    self.readOnlyHint = readOnlyHint
    var watch = watch
    if store?.readOnly != true {
      switch watch.phase {
      case .idle: try? watch.start(at: start.instant)
      case .paused: try? watch.resume(at: start.instant)
      case .running: break
      }
    }
    self.watch = watch
    self.store = store
    self.write = write
    self.warn = warn
    startLine = start.instant
    save(at: start)
  }

  /// At the start, the reading then; after that, whole seconds.
  public func frame(at moment: Moment<Instant>, on canvas: Void) -> Planned<String?, Instant> {
    // The first line is the reading at the start, however late the first frame is drawn.
    let at = startLine ?? moment.instant
    startLine = nil
    let reading = StopwatchFormat.string(watch.elapsed(at: at))
    guard case .running(let since, let banked) = watch.state else {
      return Planned(reading, next: nil)
    }
    let elapsed = banked + since.duration(to: moment.instant)
    return Planned(
      reading,
      next: since.advanced(by: WallSeconds.nextMultiple(of: .seconds(1), after: elapsed) - banked))
  }

  /// A line on standard input takes a lap; the end of input stops the watch and ends the run.
  public func handle(_ input: LineReader.Event, at moment: Moment<Instant>) -> LiveAction {
    switch input {
    case .line:
      guard store?.readOnly != true else {
        warn(
          "lap not taken: another clockwork owns this stopwatch"
            + (readOnlyHint.map { " (\($0))" } ?? ""))
        return .keepGoing
      }
      guard let lap = try? watch.lap(at: moment.instant) else { return .keepGoing }
      save(at: moment)
      write(
        "lap \(lap.number)  \(StopwatchFormat.string(lap.split))  total \(StopwatchFormat.string(lap.total))"
      )
      return .keepGoing
    case .endOfInput:
      stop(at: moment)
      return .quit(ExitStatus.success)
    }
  }

  /// The end of a plain session (its input or a signal): the stopwatch stops and is saved so,
  /// rather than counting on with nobody to see it.
  public func stop(at moment: Moment<Instant>) {
    guard watch.phase == .running, store?.readOnly != true else { return }
    try? watch.pause(at: moment.instant)
    save(at: moment)
  }

  /// Saves, and says on standard error when saving starts failing (once per reason).
  func save(at moment: Moment<Instant>) {
    guard let store else { return }
    store.save(watch, at: moment.instant, wallNow: moment.wall)
    if let problem = store.saveError, problem != saveErrorSaid {
      warn("warning: the stopwatch \(problem)")
    }
    saveErrorSaid = store.saveError
  }
}
