import ClockworkCore
import ClockworkLive
import ClockworkScene
import ClockworkState
import ClockworkTerminal
import ClockworkWidgets
import FoundationEssentials

/// `clockwork stopwatch` in a terminal: the elapsed time large, laps newest first with best and
/// worst marked. Space starts and stops, l or Enter takes a lap, r resets when stopped.
///
/// What is shown (the reading, the lap rows, their marks and colours) comes from the
/// ``StopwatchDisplay`` widget; the large digits are drawn a character at a time by ``BigText``,
/// which keeps each character's cells.
public final class StopwatchScreen: LiveMode {
  public typealias Instant = ContinuousClock.Instant
  public private(set) var watch: Stopwatch<Instant>
  let store: StopwatchStore?
  /// Notes from resuming (a moved-aside file, a clock that went back, a read-only view).
  var notes: [String]
  let fps: Double
  let display = StopwatchDisplay(size: Size(width: 480, height: 640))
  let digits: BigText
  var message: String?

  public init(watch: Stopwatch<Instant>, store: StopwatchStore?, notes: [String], fps: Double, graphics: Graphics) {
    self.watch = watch
    self.store = store
    self.notes = notes
    self.fps = fps
    digits = BigText(graphics: graphics, color: display.style.text)
  }

  public func handle(_ key: Key, at moment: Moment<Instant>) -> LiveAction {
    let now = moment.instant
    message = nil
    if case .character(let c) = key, "qQ".contains(c) { return .quit(ExitStatus.success) }
    if key == .escape || key == .controlC { return .quit(ExitStatus.success) }
    if store?.readOnly == true {
      message = "read-only: another clockwork owns this stopwatch (--take)"
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
      if (try? watch.lap(at: now)) == nil { message = "laps are taken while running (Space starts)" }
    case .character("r"), .character("R"):
      if (try? watch.reset()) == nil { message = watch.phase == .running ? "stop first (Space), then r resets" : nil }
    default: return .keepGoing
    }
    store?.save(watch, at: now, wallNow: moment.wall)
    return .redraw
  }

  /// A read-only view follows the owner's file.
  public func tick(at moment: Moment<Instant>) -> LiveAction {
    guard let store, store.readOnly else { return .keepGoing }
    let (watch, _) = store.resume(at: moment.instant, wallNow: moment.wall)
    guard watch != self.watch else { return .keepGoing }
    self.watch = watch
    return .redraw
  }

  public func frame(at moment: Moment<Instant>, on size: TerminalSize) throws -> Planned<CellGrid, Instant> {
    let elapsed = watch.elapsed(at: moment.instant)
    var grid = CellGrid(columns: size.columns, rows: size.rows)
    let bigRows = max(3, min(size.rows / 3, 12))
    let cells = try digits.cells(StopwatchFormat.string(elapsed), columns: size.columns, rows: bigRows, cell: size.cell)
    grid.place(cells, column: 0, row: 1)
    var row = bigRows + 2
    let state = watch.phase == .running ? "running" : watch.phase == .paused ? "stopped" : "ready"
    let warning = store?.saveError ?? notes.last
    grid.writeCentered(message ?? state, row: row, foreground: Palette.status)
    if let warning { grid.writeCentered(String(warning.prefix(size.columns)), row: row + 1, foreground: Palette.warning) }
    row += 2
    if !watch.laps.isEmpty {
      grid.writeCentered(Self.row("lap", "split", "total", ""), row: row, bold: true)
      row += 1
      for lap in StopwatchDisplay.rows(for: watch.laps) where row < size.rows - 1 {
        let color = lap.mark == nil ? nil : RGB(display.color(of: lap))
        grid.writeCentered(Self.row(lap.number, lap.split, lap.total, lap.mark ?? ""), row: row, foreground: color)
        row += 1
      }
    }
    let help = "Space start/stop  l/Enter lap  r reset (stopped)  q quit"
    if size.rows > 2 { grid.writeCentered(String(help.prefix(size.columns)), row: size.rows - 1, foreground: Palette.help) }
    return Planned(grid, next: nextChange(after: moment.instant))
  }

  static func row(_ lap: String, _ split: String, _ total: String, _ mark: String) -> String {
    lap.leftPadded(to: 4) + "  " + split.leftPadded(to: 11) + "  " + total.leftPadded(to: 11) + "  " + mark.padded(to: 5)
  }

  /// Running: the next frame on the 1/fps grid of the stopwatch's own elapsed time (frames
  /// align with its readings, not the wall clock). Stopped: nothing changes, but a read-only
  /// view looks at the owner's file once a second.
  func nextChange(after now: Instant) -> Instant? {
    if store?.readOnly == true, watch.phase != .running { return now.advanced(by: .seconds(1)) }
    guard case .running(let since, let banked) = watch.state else { return nil }
    let period = Duration.seconds(1 / fps)
    let elapsed = banked + since.duration(to: now)
    return since.advanced(by: WallSeconds.nextMultiple(of: period, after: elapsed) - banked)
  }
}
