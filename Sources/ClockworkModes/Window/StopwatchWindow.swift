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
  public typealias Instant = ContinuousClock.Instant
  public let control: StopwatchControl
  let fps: Double
  let display = StopwatchDisplay(size: Size(width: 480, height: 640))
  let root = Layer()

  public init(control: StopwatchControl, fps: Double) {
    self.control = control
    self.fps = fps
  }

  public func handle(_ key: Key, at moment: Moment<Instant>) -> LiveAction {
    control.handle(key, at: moment)
  }
  public func tick(at moment: Moment<Instant>) -> LiveAction { control.tick(at: moment) }

  public func frame(at moment: Moment<Instant>, on canvas: Window.Canvas) -> Planned<
    WindowFrame, Instant
  > {
    let (width, height) = WindowText.clear(root, for: canvas)
    let textSize = max(11, min(width, height) * 0.035)
    let size = Size(width: width, height: max(1, height - textSize * 5))
    if display.size != size { display.resize(to: size) }
    let elapsed = control.watch.elapsed(at: moment.instant)
    display.show(elapsed: elapsed, laps: control.watch.laps)
    root.addSublayer(display.layer)
    let status = control.message ?? control.state
    root.addSublayer(
      WindowText.line(
        status, in: Rect(x: 0, y: size.height, width: width, height: textSize * 1.4),
        size: textSize, color: WindowText.dim))
    if let warning = control.warning {
      root.addSublayer(
        WindowText.line(
          warning,
          in: Rect(x: 0, y: size.height + textSize * 1.5, width: width, height: textSize * 1.4),
          size: textSize, color: WindowText.warning))
    }
    root.addSublayer(
      WindowText.line(
        StopwatchControl.help,
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
