import ClockworkAlerts
import ClockworkCore
import ClockworkLive
import ClockworkModes
import ClockworkScene
import ClockworkTerminal
import ClockworkWidgets
import ClockworkWindow
import Foundation
import Testing

/// A sweeping second hand in a window is drawn when its tip has moved a pixel, not at every
/// refresh of the display: at 480×480 that is some 20 frames a second, not 60.
@Suite struct ClockWindowPaceTests {
  @Test func aSweepingHandIsDrawnAPixelAtATime() {
    let control = ClockControl(zones: [.utc], theme: .classic, oscillator: .sweep, digital: true)
    let window = ClockWindow(control: control)
    let start = ContinuousClock.now
    let canvas = Window.Canvas(width: 480, height: 480, scale: 1, refreshRate: 60)
    var instant = start
    var frames = 0
    while start.duration(to: instant) < .seconds(3) {
      let moment = Moment(
        instant: instant,
        wall: Date(
          timeIntervalSince1970: 1_800_000_000.2 + start.duration(to: instant) / .seconds(1)))
      guard let next = window.frame(at: moment, on: canvas).next else { break }
      instant = next
      frames += 1
    }
    #expect((45...75).contains(frames), "\(frames) frames in 3 s")
  }
}

/// The window's timer says what the terminal's does: its name above the time left, and when
/// it ends below.
@Suite struct TimerWindowTextTests {
  @Test func theNameAndTheEndAreShown() throws {
    let start = ContinuousClock.now
    var countdown = try Countdown<ContinuousClock.Instant>(duration: .seconds(300))
    countdown.start(at: start)
    let wall = Date(timeIntervalSince1970: 1_800_000_000)
    let control = TimerControl(
      countdown: countdown, at: Moment(instant: start, wall: wall), persistence: nil, pulse: true,
      backdrop: true, fps: 15,
      wait: false, alert: TimerAlert(name: "pasta", exec: nil), ringStyle: .init(),
      alertsTerminal: false)
    let window = TimerWindow(control: control, fps: nil, stays: false) {}
    let frame = window.frame(
      at: Moment(instant: start.advanced(by: .seconds(8)), wall: wall.addingTimeInterval(8)),
      on: Window.Canvas(width: 480, height: 480))
    func texts(_ layer: Layer) -> [String] {
      ((layer as? TextLayer).map { [$0.string] } ?? []) + layer.sublayers.flatMap(texts)
    }
    let shown = texts(frame.frame.tree)
    let end = ClockText.when(
      wall.addingTimeInterval(300), seenAt: wall.addingTimeInterval(8), in: .local)
    #expect(shown.contains("pasta") && shown.contains("ends \(end)"), "\(shown)")
  }
}

/// The digital face in a terminal and a window shows each zone's time, once a second.
@Suite struct DigitalFaceTests {
  let start = ContinuousClock.now
  let wall = Date(timeIntervalSince1970: 1_795_618_325.25)  // 2026-11-25 14:52:05.25 UTC

  @Test func theTerminalDrawsEachZonesDigitsAndTheirDate() throws {
    let zones = [Zone.utc, Zone(identifier: "Pacific/Auckland")!]
    let screen = DigitalClockScreen(zones: zones, look: .init(), graphics: .sextant, color: .black)
    let size = TerminalSize(columns: 120, rows: 30)
    let planned = try screen.frame(at: Moment(instant: start, wall: wall), on: size)
    let text = (0..<size.rows).map { row in
      String((0..<size.columns).map { Character(planned.frame[$0, row].glyph) })
    }
    #expect(
      text.contains { $0.contains("Wed 2026-11-25") }
        && text.contains { $0.contains("Thu 2026-11-26") }, "\(text)")
    #expect(planned.frame.title == "14:52:05")
    // The digits are those BigText draws for each zone's time, at whatever size the layout
    // chose (one above the other at 120×30).
    func contains(_ text: String) throws -> Bool {
      try (1..<size.rows).contains { rows in
        let block = try BigText(graphics: .sextant, color: .white).cells(
          text, columns: size.columns, rows: rows, cell: size.cell)
        let inked = (0..<block.rows).flatMap { row in
          (0..<block.columns).map { (column: $0, row: row) }
        }.filter { block[$0.column, $0.row].glyph != " " }
        guard let first = inked.first else { return false }
        return (0..<size.rows).contains { top in
          (0..<size.columns).contains { left in
            inked.allSatisfy { cell in
              let (x, y) = (left + cell.column - first.column, top + cell.row - first.row)
              return x >= 0 && y >= 0 && x < size.columns && y < size.rows
                && planned.frame[x, y].glyph == block[cell.column, cell.row].glyph
            }
          }
        }
      }
    }
    #expect(try contains("14:52:05") && contains("03:52:05"))
    #expect(try !contains("14:52:06"), "the check can fail")
    let next = try #require(planned.next)
    #expect(abs(start.duration(to: next) / .seconds(1) - 0.75) < 1e-6)
  }

  @Test func theWindowShowsEachZonesTime() {
    let window = DigitalClockWindow(
      zones: [.utc, Zone(identifier: "America/New_York")!], theme: .classic,
      look: .init(seconds: false))
    let planned = window.frame(
      at: Moment(instant: start, wall: wall), on: Window.Canvas(width: 900, height: 300))
    func texts(_ layer: Layer) -> [String] {
      ((layer as? TextLayer).map { [$0.string] } ?? []) + layer.sublayers.flatMap(texts)
    }
    let shown = texts(planned.frame.tree)
    #expect(shown.contains("14:52") && shown.contains("09:52"), "\(shown)")
    #expect(planned.frame.title == "14:52 - clockwork")
    #expect(planned.next.map { abs(start.duration(to: $0) / .seconds(1) - 54.75) < 1e-6 } == true)
  }
}
