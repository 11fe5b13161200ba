import ClockworkCore
import ClockworkLive
import ClockworkScene
import ClockworkWidgets
import ClockworkWindow
import FoundationEssentials

/// `clockwork stopwatch --window`: the ``StopwatchDisplay`` widget (the elapsed time large, the
/// laps newest first with the best and worst marked) filling the window; the title says the
/// elapsed time.
public final class StopwatchWindow: LiveMode {
  /// The runner's clock's instants.
  public typealias Instant = ContinuousClock.Instant
  /// The stopwatch's state and keys.
  public let control: StopwatchControl
  let fps: Double
  let display = StopwatchDisplay(size: Size(width: 480, height: 640))
  let buttons = StopwatchButtons(size: Size(width: 480, height: 110))
  let root = Layer()

  /// A window of `control`'s stopwatch, drawn at up to `fps` frames a second while it runs.
  public init(control: StopwatchControl, fps: Double) {
    self.control = control
    self.fps = fps
  }

  /// A click on a button is its key: Start/Stop is Space, Lap is l and Reset r.
  public func handle(_ key: Key, at moment: Moment<Instant>) -> LiveAction {
    guard case .clickAt(let x, let y) = key else { return control.handle(key, at: moment) }
    let origin = buttons.layer.frame.origin
    switch buttons.button(at: Point(x: x - origin.x, y: y - origin.y)) {
    case .startStop: return control.handle(.space, at: moment)
    case .lapReset:
      return control.handle(.character(control.watch.phase == .running ? "l" : "r"), at: moment)
    case nil: return .keepGoing
    }
  }
  /// Follows the stopwatch's owner when this view is read-only.
  public func tick(at moment: Moment<Instant>) -> LiveAction { control.tick(at: moment) }

  /// The readout, laps and buttons at `moment` on the window's `canvas`, and the next frame's time.
  public func frame(at moment: Moment<Instant>, on canvas: Window.Canvas) -> Planned<
    WindowFrame, Instant
  > {
    let (width, height) = WindowText.clear(root, for: canvas)
    let textSize = max(11, min(width, height) * 0.035)
    let buttonsHeight = min(width / 4, height * 0.16)
    let size = Size(width: width, height: max(1, height - textSize * 5 - buttonsHeight))
    if display.size != size { display.resize(to: size) }
    let elapsed = control.watch.elapsed(at: moment.instant)
    display.show(elapsed: elapsed, laps: control.watch.laps)
    root.addSublayer(display.layer)
    // The design's buttons under the laps, as on the phone: Lap/Reset left, Start/Stop right.
    let buttonsSize = Size(width: width, height: buttonsHeight)
    if buttons.size != buttonsSize { buttons.resize(to: buttonsSize) }
    buttons.show(running: control.watch.phase == .running)
    buttons.layer.position = Point(x: width / 2, y: size.height + buttonsHeight / 2)
    root.addSublayer(buttons.layer)
    let status = control.message ?? control.state
    root.addSublayer(
      WindowText.line(
        status,
        in: Rect(x: 0, y: size.height + buttonsHeight, width: width, height: textSize * 1.4),
        size: textSize, color: WindowText.dim))
    if let warning = control.warning {
      root.addSublayer(
        WindowText.line(
          warning,
          in: Rect(
            x: 0, y: size.height + buttonsHeight + textSize * 1.5, width: width,
            height: textSize * 1.4),
          size: textSize, color: WindowText.warning))
    }
    root.addSublayer(
      WindowText.hints(
        control.keyHints == nil ? StopwatchControl.readOnlyHelp : StopwatchControl.help,
        in: Rect(x: 0, y: height - textSize * 1.8, width: width, height: textSize * 1.4),
        size: textSize * 0.8, color: WindowText.dim))
    let whole = Duration.seconds((elapsed / .seconds(1)).rounded(.down))
    return Planned(
      WindowFrame(
        root, background: WindowText.background,
        title: "\(StopwatchFormat.string(whole).dropLast(3)) - clockwork"),
      next: control.nextChange(after: moment.instant, fps: fps))
  }
}
