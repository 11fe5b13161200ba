import ClockworkLive
import ClockworkState
import ClockworkSystem
import ClockworkTerminal
import ClockworkWindow
import Dispatch
import FoundationEssentials
import Synchronization

/// Runs a mode on the real clocks, with the deadline thread: in a terminal, in a window, or as
/// lines of text.
///
/// ```swift
/// let status = await LiveRun.terminal(ClockScreen(…), session: try TerminalSession(), colorMode: .truecolor)
/// ```
public enum LiveRun {
  /// A terminal mode in raw mode on the alternate screen; the terminal is restored on every
  /// way out. Runs on the calling thread alone (``PollLoop``). Returns the exit status.
  /// - Parameters:
  ///   - mode: what is shown.
  ///   - session: the terminal.
  ///   - colorMode: the colours it takes.
  ///   - following: a folder whose changes the mode is told of (its `outsideChange(at:)`).
  public static func terminal<Mode: LiveMode>(
    _ mode: Mode, session: TerminalSession, colorMode: ColorMode, following: String? = nil
  ) -> Int32
  where
    Mode.Input == Key, Mode.Canvas == TerminalSize, Mode.Frame == CellGrid,
    Mode.Instant == ContinuousClock.Instant
  {
    ProcessTuning.keepFreedMemory()
    let loop = PollLoop()
    let runner = FrameRunner(
      mode: mode, sink: TerminalSink(session: session, colorMode: colorMode),
      clock: ContinuousClock(), wallNow: { Date() }, scheduler: loop)
    let watch = following.map { FolderWatch($0, on: loop) { runner.sendNow(.outsideChange) } }
    defer { withExtendedLifetime(watch) {} }
    let status = runner.run(on: loop) {
      session.start(on: loop, grace: signalGrace) { event in
        switch event {
        case .key(let key, let arrived): runner.sendNow(key, arrivedAt: arrived)
        case .resized, .resumed: runner.sendNow(.repaint)
        case .signal(let number): runner.sendNow(.signal(number))
        }
      }
    }
    return reported(status, runner.failure)
  }

  /// A window mode: opens the window (`size` in points), runs `mode(window)` in it, closes it
  /// on every way out. Without a display: a line that says so (and `hint`, what to do instead),
  /// and 1. Changes in the folder `following` are told to the mode.
  public static func window<Mode: LiveMode>(
    title: String, size: (width: Int, height: Int), placement: Window.Placement = .init(),
    hint: String? = nil, following: String? = nil,
    _ mode: (Window) -> Mode
  ) async -> Int32
  where
    Mode.Input == Key, Mode.Canvas == Window.Canvas, Mode.Frame == WindowFrame,
    Mode.Instant == ContinuousClock.Instant
  {
    let signals = EventRelay<Int32>()
    // before the window shows
    let watcher = SignalWatcher(SignalWatcher.ending) { signals.send($0) }
    let events = EventRelay<Window.Event>()
    let window: Window
    // A compact window comes back where it was last put.
    let place =
      placement.compact
      ? CompactWindowPlace(state: StateDirectory(environment: ProcessEnvironment.current))
      : nil
    var placement = placement
    if placement.position == nil { placement.position = place?.load() }
    let moved = Mutex<(x: Int, y: Int)?>(nil)
    do {
      window = try Window(
        title: title, width: size.width, height: size.height, placement: placement
      ) { events.send($0) }
    } catch {
      StandardOutput.error("clockwork: \(error)" + (hint.map { "; \($0)" } ?? ""))
      return ExitStatus.failure
    }
    ProcessTuning.keepFreedMemory()
    let runner = runner(mode(window), sink: WindowSink(window: window))
    let watch = following.map { FolderWatch($0) { runner.send(.outsideChange) } }
    defer { withExtendedLifetime(watch) {} }
    let status = await runner.run {
      signals.forward { endPromptly(runner, by: $0) }
      events.forward {
        switch $0 {
        case .key(let key): runner.send(.input(key))
        case .repaint: runner.send(.repaint)
        // as q: the mode says how it ends
        case .closeRequested: runner.send(.input(.character("q")))
        case .moved(let x, let y): moved.withLock { $0 = (x, y) }
        }
      }
    }
    withExtendedLifetime(watcher) {}
    if let place, let last = moved.withLock({ $0 }) { place.save(last) }
    return reported(status, runner.failure)
  }

  /// A plain mode that reads nothing: lines until it ends or a signal ends it; changes in the
  /// folder `following` are told to the mode.
  public static func lines<Mode: LiveMode>(_ mode: Mode, following: String? = nil) async -> Int32
  where
    Mode.Input == Never, Mode.Canvas == Void, Mode.Frame == String?,
    Mode.Instant == ContinuousClock.Instant
  {
    let runner = runner(mode, sink: LineSink())
    let watch = following.map { FolderWatch($0) { runner.send(.outsideChange) } }
    defer { withExtendedLifetime(watch) {} }
    return await endedBySignals(runner)
  }

  /// A plain mode that reads standard input a line at a time.
  public static func lines<Mode: LiveMode>(_ mode: Mode) async -> Int32
  where
    Mode.Input == LineReader.Event, Mode.Canvas == Void, Mode.Frame == String?,
    Mode.Instant == ContinuousClock.Instant
  {
    let runner = runner(mode, sink: LineSink())
    return await endedBySignals(runner) { LineReader.start { runner.send(.input($0)) } }
  }

  /// Runs with SIGINT, SIGTERM and SIGHUP ending the run (128 + the signal).
  static func endedBySignals<Mode: LiveMode, Sink: FrameSink>(
    _ runner: FrameRunner<Mode, Sink, ContinuousClock>, begin: @escaping @Sendable () -> Void = {}
  ) async -> Int32 {
    let signals = SignalWatcher(SignalWatcher.ending) { endPromptly(runner, by: $0) }
    let status = await runner.run(begin: begin)
    withExtendedLifetime(signals) {}
    return reported(status, runner.failure)
  }

  static func runner<Mode: LiveMode, Sink: FrameSink>(_ mode: Mode, sink: Sink) -> FrameRunner<
    Mode, Sink, ContinuousClock
  >
  where Mode.Instant == ContinuousClock.Instant {
    FrameRunner(
      mode: mode, sink: sink, clock: ContinuousClock(), wallNow: { Date() },
      scheduler: DeadlineThread())
  }

  /// How long a signal waits for the runner to begin its end.
  static let signalGrace = Duration.milliseconds(60)

  /// Tells `runner` of a signal that ends the run. A runner that has not begun to end within
  /// ``signalGrace`` is held up in a frame (a huge terminal or window): the process ends here
  /// with the same status, the terminal put back as on a crash.
  static func endPromptly<Mode: LiveMode, Sink: FrameSink>(
    _ runner: FrameRunner<Mode, Sink, ContinuousClock>, by number: Int32
  ) {
    runner.send(.signal(number))
    let grace = DispatchTimeInterval.milliseconds(Int(signalGrace / .milliseconds(1)))
    DispatchQueue.global().asyncAfter(deadline: .now() + grace) {
      if runner.claimEnd() { FatalSignals.endNow(ExitStatus.signal(number)) }
    }
  }

  /// Says why a run failed, once the surface is restored.
  static func reported(_ status: Int32, _ failure: (any Error)?) -> Int32 {
    if let failure { StandardOutput.error("clockwork: \(failure)") }
    return status
  }
}
