import ClockworkCore
import ClockworkLive
import ClockworkTerminal
import ClockworkWidgets
import FoundationEssentials

/// `clockwork timer` in a terminal: the ring filling with its gradient, the pulse, the cycling
/// backdrop, and the time left in the middle as terminal text.
public final class TimerScreen: LiveMode {
  public typealias Instant = ContinuousClock.Instant
  public let control: TimerControl
  let presenter: BlockPresenter

  /// - Parameter control: made with a ring style that hides the label (it is terminal text).
  public init(control: TimerControl, graphics: Graphics) {
    self.control = control
    presenter = BlockPresenter(graphics: graphics)
  }

  /// A ring style for the terminal: the label is written as text instead. In `monochrome`
  /// the track is lit and the elapsed arc dark, so the ring empties as time passes.
  public static func ringStyle(monochrome: Bool) -> CountdownRing.Style {
    var style = CountdownRing.Style()
    style.showsLabel = false
    if monochrome {
      style.track = .white
      style.stroke = [.black, .black]
    }
    return style
  }

  public func handle(_ key: Key, at moment: Moment<Instant>) -> LiveAction { control.handle(key, at: moment) }
  public func tick(at moment: Moment<Instant>) -> LiveAction { control.tick(at: moment) }

  public func frame(at moment: Moment<Instant>, on size: TerminalSize) throws -> Planned<CellGrid, Instant> {
    let now = moment.instant
    let left = control.countdown.remaining(at: now)
    var grid = CellGrid(columns: size.columns, rows: size.rows)
    grid.title = control.title(at: now)
    let graphicsRows = max(0, size.rows - 2)
    control.show(at: now, shape: Double(size.columns) * size.cellAspect / Double(max(graphicsRows, 1)))
    let scene = control.scene
    let cells = try presenter.cells(for: scene, at: control.sceneTime(at: now), columns: size.columns, rows: graphicsRows, cell: size.cell)
    grid.place(cells, column: 0, row: 0)
    let label = CountdownFormat.string(left, tenths: left < .seconds(60))
    grid.writeCentered(" \(label) ", row: graphicsRows / 2, foreground: RGB(255, 255, 255), bold: true)
    if let problem = control.saveError {
      grid.writeCentered(String(problem.prefix(size.columns)), row: graphicsRows / 2 + 2, foreground: Palette.warning)
    }
    let status = control.status
    if !status.isEmpty { grid.writeCentered(" \(status) ", row: graphicsRows / 2 + 1, foreground: RGB(230, 230, 230)) }
    let help = TimerControl.help
    if size.rows > 2 { grid.writeCentered(String(help.prefix(size.columns)), row: size.rows - 1, foreground: Palette.help) }
    let pixelScale = presenter.scale(for: scene.bounds.size, columns: size.columns, rows: graphicsRows, cell: size.cell)
    return Planned(grid, next: control.nextChange(after: now, pixelScale: pixelScale, fps: control.fps))
  }
}
