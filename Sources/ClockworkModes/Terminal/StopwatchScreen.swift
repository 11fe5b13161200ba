import ClockworkCore
import ClockworkLive
import ClockworkScene
import ClockworkTerminal
import ClockworkWidgets
import FoundationEssentials

/// `clockwork stopwatch` in a terminal: the elapsed time large, laps newest first with best and
/// worst marked.
///
/// What is shown (the reading, the lap rows, their marks and colours) comes from the
/// ``StopwatchDisplay`` widget; the large digits are drawn a character at a time by ``BigText``,
/// which keeps each character's cells.
public final class StopwatchScreen: LiveMode {
  /// The runner's clock's instants.
  public typealias Instant = ContinuousClock.Instant
  /// The stopwatch's state and keys.
  public let control: StopwatchControl
  let fps: Double
  let display = StopwatchDisplay(size: Size(width: 480, height: 640))
  let digits: BigText
  let palette: Palette

  /// - Parameter background: the terminal's, if it said: on a light one the digits are dark.
  public init(control: StopwatchControl, fps: Double, graphics: Graphics, background: RGB? = nil) {
    self.control = control
    self.fps = fps
    palette = Palette(background: background)
    if background?.isLight == true { display.style.text = .black }
    digits = BigText(graphics: graphics, color: display.style.text, background: background)
  }

  /// Space starts and stops, l or Enter takes a lap, r resets when stopped, q quits.
  public func handle(_ key: Key, at moment: Moment<Instant>) -> LiveAction {
    control.handle(key, at: moment)
  }
  /// Follows the stopwatch's owner when this view is read-only.
  public func tick(at moment: Moment<Instant>) -> LiveAction { control.tick(at: moment) }

  /// The readout and laps at `moment` on a terminal of `size`, and when the readout next changes.
  public func frame(at moment: Moment<Instant>, on size: TerminalSize) throws -> Planned<
    CellGrid, Instant
  > {
    let watch = control.watch
    let elapsed = watch.elapsed(at: moment.instant)
    var grid = CellGrid(columns: size.columns, rows: size.rows)
    // whole seconds: one title a second
    grid.title = "\(StopwatchFormat.string(elapsed).dropLast(3)) \(tr("stopwatch"))"
    let bigRows = max(3, min(size.rows / 3, 12))
    let cells = try digits.cells(
      StopwatchFormat.string(elapsed), columns: size.columns, rows: bigRows, cell: size.cell)
    grid.place(cells, column: 0, row: 1)
    // The design's second readout: the lap running now, live.
    grid.writeCentered(
      StopwatchDisplay.currentLapText(elapsed: elapsed, laps: watch.laps), row: bigRows + 1,
      foreground: palette.text, bold: true)
    var row = bigRows + 2
    grid.writeCentered(control.message ?? control.state, row: row, foreground: palette.status)
    if let warning = control.warning {
      grid.writeCentered(
        String(warning.prefix(size.columns)), row: row + 1, foreground: palette.warning)
    }
    row += 2
    if !watch.laps.isEmpty {
      grid.writeCentered(
        Self.row(Self.headings.lap, Self.headings.split, Self.headings.total, ""), row: row,
        bold: true)
      row += 1
      for lap in StopwatchDisplay.rows(for: watch.laps) where row < size.rows - 1 {
        let color = lap.mark == "best" ? palette.go : lap.mark == "worst" ? palette.halt : nil
        grid.writeCentered(
          Self.row(lap.number, lap.split, lap.total, lap.mark.map(LapTable.markName) ?? ""),
          row: row,
          foreground: color)
        row += 1
      }
    }
    if size.rows > 2, control.keyHints == nil {
      grid.writeCentered(
        HintLine.fit(StopwatchControl.readOnlyHelp, columns: size.columns), row: size.rows - 1,
        foreground: palette.help)
    } else if size.rows > 2, let hints = control.keyHints {
      // The start/stop hint in the design's colours: green to start, red to stop. Each part is
      // written on blank cells, so each is on the terminal's own background.
      let help = HintLine.fit(hints.startStop + hints.rest, columns: size.columns)
      let left = (size.columns - TextWidth.columns(help)) / 2
      let lead = help.hasPrefix(hints.startStop) ? hints.startStop.count : 0
      let used = grid.write(
        String(help.prefix(lead)), column: left, row: size.rows - 1,
        foreground: hints.running ? palette.halt : palette.go, bold: true)
      grid.write(
        String(help.dropFirst(lead)), column: left + used, row: size.rows - 1,
        foreground: palette.help)
    }
    return Planned(grid, next: control.nextChange(after: moment.instant, fps: fps))
  }

  /// The laps' column headings, in the reader's language.
  static let headings = (lap: tr("lap"), split: tr("split"), total: tr("total"))

  /// A row of the laps' table, each column as wide in cells as the longest of its kind (a
  /// heading in Japanese takes two cells a character).
  static func row(_ lap: String, _ split: String, _ total: String, _ mark: String) -> String {
    func pad(_ text: String, to width: Int, left: Bool) -> String {
      let fill = String(repeating: " ", count: max(0, width - TextWidth.columns(text)))
      return left ? fill + text : text + fill
    }
    let widths = columnWidths
    return pad(lap, to: widths.lap, left: true) + "  " + pad(split, to: widths.time, left: true)
      + "  " + pad(total, to: widths.time, left: true) + "  "
      + pad(mark, to: widths.mark, left: false)
  }

  /// The columns' widths: the numbers' and times' own, or the headings' and marks' where wider.
  static let columnWidths = (
    lap: max(4, TextWidth.columns(headings.lap)),
    time: max(11, TextWidth.columns(headings.split), TextWidth.columns(headings.total)),
    mark: max(
      TextWidth.columns(LapTable.markName("best")), TextWidth.columns(LapTable.markName("worst")))
  )
}
