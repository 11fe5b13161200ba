import ClockworkCore
import ClockworkLive
import ClockworkScene
import ClockworkState
import ClockworkSystem
import ClockworkTerminal
import ClockworkWidgets
import FoundationEssentials

/// `clockwork timer` in a terminal: the ring filling with its gradient, the pulse, the cycling
/// backdrop and the time left in the middle. Space pauses, r restarts, + and - add or remove a
/// minute.
public final class TimerScreen: LiveMode {
  public typealias Instant = ContinuousClock.Instant
  public private(set) var countdown: Countdown<Instant>
  /// Scene time 0: the animations' clock.
  let origin: Instant
  let pulse: Bool
  let fps: Double
  let wait: Bool
  let alert: TimerAlert
  let presenter: BlockPresenter
  let ring: CountdownRing
  let backdrop: GradientBackdrop?
  let scene = Layer()
  var finishedAt: Date?
  let persistence: TimerPersistence?

  public init(
    countdown: Countdown<Instant>, at start: Moment<Instant>, persistence: TimerPersistence?, pulse: Bool, backdrop: Bool,
    fps: Double, wait: Bool, alert: TimerAlert, graphics: Graphics
  ) {
    self.countdown = countdown
    self.persistence = persistence
    origin = start.instant
    self.pulse = pulse
    self.fps = fps
    self.wait = wait
    self.alert = alert
    presenter = BlockPresenter(graphics: graphics)
    var style = CountdownRing.Style()
    style.showsLabel = false  // the label is real terminal text instead
    ring = CountdownRing(size: 200, style: style)
    scene.frame = Rect(x: 0, y: 0, width: 200, height: 200)
    self.backdrop = backdrop ? GradientBackdrop(size: Size(width: 200, height: 200)) : nil
    if let layer = self.backdrop?.layer { scene.addSublayer(layer) }
    scene.addSublayer(ring.layer)
    self.backdrop?.start(at: 0)
    updatePulse(at: start.instant)
  }

  /// Whether the timer has ended and rung.
  public var hasFinished: Bool { finishedAt != nil }

  /// Scene time: seconds since the mode started.
  func sceneTime(at instant: Instant) -> Double { origin.duration(to: instant) / .seconds(1) }

  func updatePulse(at now: Instant) {
    ring.setPulsing(pulse && countdown.isRunning && !countdown.isFinished(at: now), at: sceneTime(at: now))
  }

  public func handle(_ key: Key, at moment: Moment<Instant>) -> LiveAction {
    let now = moment.instant
    switch key {
    case .character("q"), .character("Q"), .escape, .controlC:
      return .quit(finishedAt == nil ? ExitStatus.interrupted : ExitStatus.success)
    case .space:
      if countdown.isRunning { countdown.pause(at: now) } else { countdown.resume(at: now) }
    case .character("r"), .character("R"):
      countdown.restart(at: now)
      finishedAt = nil
    case .character("+"), .character("="):
      countdown.add(.seconds(60), at: now)
      if !countdown.isFinished(at: now) { finishedAt = nil }
    case .character("-"), .character("_"):
      countdown.add(.seconds(-60), at: now)
    default: return .keepGoing
    }
    persistence?.save(countdown, at: now, wallNow: moment.wall)
    updatePulse(at: now)
    let finished = checkFinished(at: moment)
    return finished == .keepGoing ? .redraw : finished
  }

  public func tick(at moment: Moment<Instant>) -> LiveAction {
    updatePulse(at: moment.instant)
    return checkFinished(at: moment)
  }

  /// At zero: the alert, once per run; then quit with 0 unless told to wait.
  func checkFinished(at moment: Moment<Instant>) -> LiveAction {
    guard countdown.isFinished(at: moment.instant), finishedAt == nil else { return .keepGoing }
    finishedAt = moment.wall
    persistence?.finished()
    updatePulse(at: moment.instant)
    alert.ring(duration: countdown.duration, toTerminal: true)
    return wait ? .redraw : .quit(ExitStatus.success)
  }

  public func frame(at moment: Moment<Instant>, on size: TerminalSize) throws -> Planned<CellGrid, Instant> {
    let now = moment.instant
    let left = countdown.remaining(at: now)
    ring.show(remaining: left, progress: countdown.progress(at: now))
    var grid = CellGrid(columns: size.columns, rows: size.rows)
    let graphicsRows = max(0, size.rows - 2)
    layout(columns: size.columns, rows: graphicsRows, cellAspect: size.cellAspect)
    let cells = try presenter.cells(for: scene, at: sceneTime(at: now), columns: size.columns, rows: graphicsRows, cell: size.cell)
    grid.place(cells, column: 0, row: 0)
    let label = CountdownFormat.string(left, tenths: left < .seconds(60))
    grid.writeCentered(" \(label) ", row: graphicsRows / 2, foreground: RGB(255, 255, 255), bold: true)
    let status = finishedAt.map { "finished at \(ClockText.time($0, in: .local))" } ?? (countdown.isRunning ? "" : "paused")
    if let problem = persistence?.saveError {
      grid.writeCentered(String(problem.prefix(size.columns)), row: graphicsRows / 2 + 2, foreground: Palette.warning)
    }
    if !status.isEmpty { grid.writeCentered(" \(status) ", row: graphicsRows / 2 + 1, foreground: RGB(230, 230, 230)) }
    let help = "Space pause/resume  r restart  +/- a minute  q quit"
    if size.rows > 2 { grid.writeCentered(String(help.prefix(size.columns)), row: size.rows - 1, foreground: Palette.help) }
    let pixelScale = presenter.scale(for: scene.bounds.size, columns: size.columns, rows: graphicsRows, cell: size.cell)
    return Planned(grid, next: nextChange(after: now, pixelScale: pixelScale))
  }

  /// The scene takes the screen's shape, so the backdrop fills it; the ring stays a 200-unit
  /// square in the middle.
  func layout(columns: Int, rows: Int, cellAspect: Double) {
    let shape = Double(columns) * cellAspect / Double(max(rows, 1))
    let size = Size(width: max(200, 200 * shape), height: max(200, 200 / shape))
    guard size != scene.bounds.size else { return }
    scene.frame = Rect(origin: .zero, size: size)
    backdrop?.resize(to: size)
    ring.layer.position = Point(x: size.width / 2, y: size.height / 2)
  }

  /// While the pulse or backdrop moves: the next frame at the frame rate. Otherwise: the
  /// label's next change or the arc's next pixel, and the finish itself.
  func nextChange(after now: Instant, pixelScale: Double) -> Instant? {
    let animating = (ring.isPulsing || backdrop != nil) && (countdown.isRunning || finishedAt != nil)
    if animating && (finishedAt == nil || wait) { return now.advanced(by: .seconds(1 / fps)) }
    guard countdown.isRunning, let finish = countdown.finishInstant, finish > now else { return nil }
    let delay = ring.delayToNextChange(remaining: countdown.remaining(at: now), total: countdown.duration, pixelScale: pixelScale)
    return min(finish, now.advanced(by: .seconds(max(0.001, min(delay, 1)))))
  }
}
