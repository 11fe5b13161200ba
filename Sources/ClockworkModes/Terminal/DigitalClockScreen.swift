import ClockworkCore
import ClockworkLive
import ClockworkScene
import ClockworkTerminal
import ClockworkWidgets
import FoundationEssentials

/// `clockwork clock --face digital` in a terminal: the time in large digits (tty-clock's look),
/// the date under it, one panel a zone side by side, each drawn just after its second turns.
public final class DigitalClockScreen: LiveMode {
  /// The runner's clock's instants.
  public typealias Instant = ContinuousClock.Instant
  let zones: [Zone]
  /// Said after the key hint (``ClockControl/remarks``).
  let remarks: [String]
  let look: DigitalClock.Look
  let digits: BigText
  let palette: Palette

  /// - Parameter color: the digits' colour (the theme's hands').
  public init(
    zones: [Zone], look: DigitalClock.Look, graphics: Graphics, color: Color,
    background: RGB? = nil,
    remarks: [String] = []
  ) {
    self.remarks = remarks
    self.zones = zones.isEmpty ? [.local] : zones
    self.look = look
    palette = Palette(background: background)
    // The theme's ink where it shows on the terminal, else white or black.
    let darkTerminal = background?.isLight != true
    let ink = color.isDark != darkTerminal ? color : (darkTerminal ? Color.white : Color.black)
    digits = BigText(graphics: graphics, color: ink, background: background)
  }

  /// Quits on q, Escape or Ctrl-C.
  public func handle(_ key: Key, at moment: Moment<Instant>) -> LiveAction {
    ClockControl.ending(key) ?? .keepGoing
  }

  /// A clock's frames depend on the time alone.
  public var framesAhead: Int { 8 }

  /// The digits at `moment` on a terminal of `size`, and the next turn of the second or minute.
  public func frame(at moment: Moment<Instant>, on size: TerminalSize) throws -> Planned<
    CellGrid, Instant
  > {
    var grid = CellGrid(columns: size.columns, rows: size.rows)
    let textRows = (look.date ? 1 : 0) + (zones.count > 1 ? 1 : 0)
    let texts = zones.map { DigitalClock.timeText($0.civilTime(at: moment.wall), look: look) }
    let count = max(texts.map(\.count).max() ?? 1, 1)
    // Side by side or one above the other, whichever draws the digits larger.
    let usable = max(0, size.rows - 1)
    func characters(across: Int, down: Int) -> (columns: Int, rows: Int) {
      digits.characterSize(
        count: count, columns: max(0, size.columns / across - 2),
        rows: max(0, usable / down - textRows - 1), cell: size.cell)
    }
    let sideBySide = characters(across: zones.count, down: 1)
    let stacked = characters(across: 1, down: zones.count)
    let inRow = sideBySide.columns >= stacked.columns
    let character = inRow ? sideBySide : stacked
    let (panelWidth, panelHeight) =
      inRow ? (size.columns / zones.count, usable) : (size.columns, usable / zones.count)
    for (index, (zone, text)) in zip(zones, texts).enumerated() {
      let wall = zone.civilTime(at: moment.wall)
      let (left, top) = inRow ? (index * panelWidth, 0) : (0, index * panelHeight)
      // The digits and their lines as one block, in the middle of the panel.
      let block = character.rows + (textRows > 0 ? textRows + 1 : 0)
      let first = top + max(0, (panelHeight - block) / 2)
      let cells = try digits.cells(text, columns: panelWidth, rows: character.rows, cell: size.cell)
      grid.place(cells, column: left, row: first)
      var panel = CellGrid(columns: panelWidth, rows: textRows)
      var row = 0
      if look.date {
        panel.writeCentered(
          LocalDates.dayAndDate(wall, calendar: look.calendar), row: row,
          foreground: palette.status)
        row += 1
      }
      if zones.count > 1 {
        panel.writeCentered(
          ClockControl.label(for: zone, relativeTo: zones.first, at: moment.wall), row: row,
          bold: true)
      }
      grid.place(panel, column: left, row: first + character.rows + 1)
    }
    if size.rows > 2 {
      grid.writeCentered(
        HintLine.fit(([tr("q quit")] + remarks).joined(separator: "  "), columns: size.columns),
        row: size.rows - 1, foreground: palette.help)
    }
    grid.title = ClockText.time(zones[0].civilTime(at: moment.wall), hours: look.hours)
    let delay =
      zones.map { DigitalClock.delayToNextChange(after: moment.wall, zone: $0, look: look) }.min()
      ?? 1
    return Planned(grid, next: moment.instant.advanced(by: .seconds(delay)))
  }
}
