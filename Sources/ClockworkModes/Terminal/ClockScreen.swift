import ClockworkCairo
import ClockworkCore
import ClockworkLive
import ClockworkTerminal
import ClockworkWidgets
import FoundationEssentials

/// `clockwork clock` in a terminal: analog faces as large as fit, side by side for several
/// zones, each with its city and offset, and the date and digital time under it.
public final class ClockScreen: LiveMode {
  /// The runner's clock's instants.
  public typealias Instant = ContinuousClock.Instant
  let control: ClockControl
  /// One a face: each keeps its last frame, so unchanged cells are copied, not fitted again.
  let presenters: [BlockPresenter]
  let palette: Palette

  /// - Parameter background: the terminal's, if it said (``TerminalSession/background(environment:)``).
  /// - Parameter colorMode: the terminal's colours (with 16 or none, hard edges).
  public init(
    control: ClockControl, graphics: Graphics, rasterStore: RasterStore?, background: RGB? = nil,
    colorMode: ColorMode = .truecolor
  ) {
    self.control = control
    presenters = control.faces.map { _ in
      BlockPresenter(
        graphics: graphics, rasterStore: rasterStore, background: background, colorMode: colorMode)
    }
    palette = Palette(background: background)
    if !colorMode.blendsEdges { control.faces.forEach { $0.boldNumerals = true } }
  }

  /// o changes the oscillator, t the theme, d shows digits, q quits.
  public func handle(_ key: Key, at moment: Moment<Instant>) -> LiveAction { control.handle(key) }

  /// A clock's frames depend on the time alone: sixteen seconds of them are drawn in one go, as
  /// a frame drawn with the caches still warm from the last costs less than one drawn cold.
  public var framesAhead: Int { 16 }

  /// Panels for `faces` faces on `size` (its last row is the keys'): the rows and columns of
  /// panels that draw the faces largest, as the window lays them out; each panel's size, and
  /// the rows its face takes (with `textRows` under it): for several faces a square, so each
  /// label is right under its face; one face has the whole screen above its text.
  static func layout(faces: Int, on size: TerminalSize, textRows: Int) -> (
    columns: Int, width: Int, height: Int, faceRows: Int
  ) {
    let count = max(faces, 1)
    let usable = max(0, size.rows - 1)
    func fit(rows: Int) -> (columns: Int, width: Int, height: Int, faceRows: Int) {
      let columns = (count + rows - 1) / rows
      let (width, height) = (size.columns / columns, usable / rows)
      let square = count == 1 ? height : Int((Double(width) * size.cellAspect).rounded(.down))
      return (columns, width, height, max(0, min(height - textRows, square)))
    }
    let rows = (1...count).max { fit(rows: $0).faceRows < fit(rows: $1).faceRows } ?? 1
    return fit(rows: rows)
  }

  /// Rows under each face: the city and offset when there are several zones, then date and
  /// time when the readout is on.
  var textRows: Int { (control.zones.count > 1 ? 1 : 0) + (control.digital ? 2 : 0) }

  /// The faces at `moment` on a terminal of `size`, and when a hand next moves a cell.
  public func frame(at moment: Moment<Instant>, on size: TerminalSize) throws -> Planned<
    CellGrid, Instant
  > {
    let zones = control.zones
    var grid = CellGrid(columns: size.columns, rows: size.rows)
    let layout = Self.layout(faces: zones.count, on: size, textRows: textRows)
    // Samples per scene unit on this canvas, for "when does a hand move a pixel".
    let scales = zip(presenters, control.faces).map { presenter, face in
      presenter.scale(
        for: face.layer.bounds.size, columns: layout.width, rows: layout.faceRows, cell: size.cell)
    }
    let delay = control.show(moment.wall, pixelScales: scales)
    for (index, (zone, face)) in zip(zones, control.faces).enumerated() {
      let cells = try presenters[index].cells(
        for: face.layer, columns: layout.width, rows: layout.faceRows, cell: size.cell)
      // Each face with its text under it, in the middle of its panel.
      let left = index % layout.columns * layout.width
      let top =
        index / layout.columns * layout.height
        + max(0, layout.height - layout.faceRows - textRows) / 2
      grid.place(cells, column: left, row: top)
      var panel = CellGrid(columns: layout.width, rows: textRows)
      var row = 0
      let wall = zone.civilTime(at: moment.wall)  // one reading for the date and time
      if zones.count > 1 {
        panel.writeCentered(
          ClockControl.label(for: zone, relativeTo: control.zones.first, at: moment.wall), row: row,
          bold: true)
        row += 1
      }
      if control.digital {
        panel.writeCentered(LocalDates.date(wall, calendar: control.calendar), row: row)
        panel.writeCentered(ClockText.time(wall, hours: control.hours), row: row + 1, bold: true)
      }
      grid.place(panel, column: left, row: top + layout.faceRows)
    }
    if size.rows > 2 {
      grid.writeCentered(
        HintLine.fit(control.help, columns: size.columns), row: size.rows - 1,
        foreground: palette.help)
    }
    grid.title = zones.first.map {
      ClockText.time($0.civilTime(at: moment.wall), hours: control.hours)
    }
    return Planned(grid, next: moment.instant.advanced(by: .seconds(delay)))
  }
}
