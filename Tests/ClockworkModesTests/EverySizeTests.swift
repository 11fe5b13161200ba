import ClockworkAlerts
import ClockworkCore
import ClockworkLive
import ClockworkTerminal
import Foundation
import Testing

@testable import ClockworkModes

/// Every mode draws at every terminal size from 0×0 up (a window dragged to one column, a
/// tmux pane squeezed): what fits, never a crash. All sizes to 12×12, then thin and wide ones.
@Suite struct EverySizeTests {
  static let sizes: [TerminalSize] =
    (0...12).flatMap { columns in (0...12).map { TerminalSize(columns: columns, rows: $0) } }
    + [(1, 40), (2, 40), (1, 100), (100, 1), (100, 2), (200, 3), (3, 200), (300, 100)].map {
      TerminalSize(columns: $0.0, rows: $0.1)
    }

  let start = ContinuousClock.now
  var moment: Moment<ContinuousClock.Instant> {
    Moment(
      instant: start.advanced(by: .seconds(3.5)), wall: Date(timeIntervalSince1970: 1_800_000_003.5)
    )
  }

  func sizedFrames<Mode: LiveMode>(_ mode: Mode) throws -> Int
  where Mode.Canvas == TerminalSize, Mode.Frame == CellGrid, Mode.Instant == ContinuousClock.Instant
  {
    var drawn = 0
    for size in Self.sizes {
      let grid = try mode.frame(at: moment, on: size).frame
      #expect(grid.columns == size.columns && grid.rows == size.rows, "\(size)")
      drawn += 1
    }
    return drawn
  }

  @Test(arguments: [false, true])
  func theTimer(named: Bool) throws {
    var countdown = try Countdown<ContinuousClock.Instant>(duration: .seconds(600))
    countdown.start(at: start)
    let control = TimerControl(
      countdown: countdown,
      at: Moment(instant: start, wall: Date(timeIntervalSince1970: 1_800_000_000)),
      persistence: nil, pulse: true,
      backdrop: true, fps: 15, wait: false,
      alert: TimerAlert(name: named ? "a-long-timer-name" : "timer", exec: nil),
      ringStyle: TimerScreen.ringStyle(monochrome: false), alertsTerminal: false)
    #expect(try sizedFrames(TimerScreen(control: control, graphics: .sextant)) == Self.sizes.count)
  }

  @Test func theClock() throws {
    let control = ClockControl(
      zones: [.utc, Zone(identifier: "Asia/Kathmandu")!], theme: .classic, oscillator: .quartz,
      digital: true)
    #expect(
      try sizedFrames(ClockScreen(control: control, graphics: .sextant, rasterStore: nil))
        == Self.sizes.count)
  }

  @Test func theStopwatch() throws {
    var watch = Stopwatch<ContinuousClock.Instant>()
    try watch.start(at: start)
    try watch.lap(at: start.advanced(by: .seconds(1)))
    let control = StopwatchControl(
      watch: watch, store: nil, notes: ["a note that is longer than a narrow terminal"])
    #expect(
      try sizedFrames(StopwatchScreen(control: control, fps: 30, graphics: .sextant))
        == Self.sizes.count)
  }
}
