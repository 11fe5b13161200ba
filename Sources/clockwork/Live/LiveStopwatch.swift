import ClockworkCore
import ClockworkState
import ClockworkTerminal
import FoundationEssentials

/// `clockwork stopwatch`: the elapsed time large, laps newest first with best and worst marked.
/// Space starts and stops, l or Enter takes a lap, r resets when stopped, q quits.
final class LiveStopwatch: LiveMode {
  var watch: Stopwatch<ContinuousClock.Instant>
  let clock = ContinuousClock()
  let store: StopwatchStore?
  /// Notes from resuming (a moved-aside file, a clock that went back, a read-only view).
  var notes: [String]
  let fps: Double
  let digits: BigText
  var message: String?

  init(watch: Stopwatch<ContinuousClock.Instant>, store: StopwatchStore?, notes: [String], fps: Double, graphics: Graphics) {
    self.watch = watch
    self.store = store
    self.notes = notes
    self.fps = fps
    digits = BigText(graphics: graphics)
  }

  func handle(_ key: Key) -> LiveAction {
    let now = clock.now
    message = nil
    if case .character(let c) = key, "qQ".contains(c) { return .quit(0) }
    if key == .escape || key == .controlC { return .quit(0) }
    if store?.readOnly == true {
      message = "read-only: another clockwork owns this stopwatch (--take)"
      return .keepGoing
    }
    defer { store?.save(watch, at: now) }
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
    default: break
    }
    return .keepGoing
  }

  /// A read-only view follows the owner's file.
  func tick() -> LiveAction {
    guard let store, store.readOnly else { return .keepGoing }
    let (watch, _) = store.resume(at: clock.now)
    self.watch = watch
    return .keepGoing
  }

  func frame(size: TerminalSize, at instant: ContinuousClock.Instant) throws -> CellGrid {
    let elapsed = watch.elapsed(at: instant)
    var grid = CellGrid(columns: size.columns, rows: size.rows)
    let bigRows = max(3, min(size.rows / 3, 12))
    let cells = try digits.cells(StopwatchFormat.string(elapsed), columns: size.columns, rows: bigRows, cell: size.cell)
    grid.place(cells, column: 0, row: 1)
    var row = bigRows + 2
    let state = watch.phase == .running ? "running" : watch.phase == .paused ? "stopped" : "ready"
    let warning = store?.saveError ?? notes.last
    grid.writeCentered(message ?? state, row: row, foreground: RGB(160, 160, 160))
    if let warning { grid.writeCentered(String(warning.prefix(size.columns)), row: row + 1, foreground: RGB(230, 180, 80)) }
    row += 2
    let marks = LapTable.marks(for: watch.laps)
    if !watch.laps.isEmpty {
      grid.writeCentered(Self.row("lap", "split", "total", ""), row: row, bold: true)
      row += 1
      for lap in watch.laps.reversed() where row < size.rows - 1 {
        let mark = marks[lap.number] ?? ""
        let color = mark == "best" ? RGB(76, 217, 100) : mark == "worst" ? RGB(255, 59, 48) : nil
        grid.writeCentered(
          Self.row(String(lap.number), StopwatchFormat.string(lap.split), StopwatchFormat.string(lap.total), mark),
          row: row, foreground: color)
        row += 1
      }
    }
    let help = "Space start/stop  l/Enter lap  r reset (stopped)  q quit"
    if size.rows > 2 { grid.writeCentered(String(help.prefix(size.columns)), row: size.rows - 1, foreground: RGB(128, 128, 128)) }
    return grid
  }

  static func row(_ lap: String, _ split: String, _ total: String, _ mark: String) -> String {
    lap.leftPadded(to: 4) + "  " + split.leftPadded(to: 11) + "  " + total.leftPadded(to: 11) + "  " + mark.padded(to: 5)
  }

  /// Running: the next frame on the 1/fps grid of the stopwatch's own elapsed time (frames
  /// align with its readings, not the wall clock). Stopped: nothing changes.
  func nextDeadline(after now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
    if store?.readOnly == true, watch.phase != .running { return now.advanced(by: .seconds(1)) }
    guard case .running(let since, let banked) = watch.state else { return nil }
    let period = Duration.seconds(1 / fps)
    let elapsed = banked + since.duration(to: now)
    return since.advanced(by: WallSeconds.nextMultiple(of: period, after: elapsed) - banked)
  }
}
